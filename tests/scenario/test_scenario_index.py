"""tests/scenarios/README.md, the index of the scenarios and of issues 42's and 25's checklists, stays true."""

import ast
import re
from pathlib import Path

from tests.scenario.scenario_kit import FOLDER

TESTS = Path(__file__).resolve().parents[1]
README = FOLDER / "README.md"


def _test_functions() -> dict[str, str]:
    """Every test function under tests/, by name, with its source (all of them, where two files share a name)."""
    found: dict[str, str] = {}
    for path in TESTS.rglob("test_*.py"):
        text = path.read_text()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found[node.name] = found.get(node.name, "") + (ast.get_source_segment(text, node) or "")
    return found


def _tables(heading: str) -> list[list[list[str]]]:
    """The tables under a '## heading' of the README: each a list of rows past its header, each row its cells."""
    section = README.read_text().split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    tables: list[list[list[str]]] = [[]]
    for line in section.splitlines():
        if line.startswith("|"):
            tables[-1].append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif tables[-1]:
            tables.append([])
    return [table[2:] for table in tables if table]  # past the header and its rule


def _names(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def test_every_scenario_file_is_indexed_with_a_test_that_plays_it():
    functions = _test_functions()
    listed = {}
    (rows,) = _tables("Every file")
    for scenario, test in rows:
        (name,) = _names(scenario)
        (function,) = _names(test)
        listed[name] = function
        assert function in functions, f"{function} (for {name}) is not a test"
        assert name in functions[function], f"{function} does not play {name}"
    assert set(listed) == {p.stem for p in FOLDER.glob("*.toml")}


def test_every_line_of_issue_25s_checklist_names_files_and_tests_that_exist():
    functions = _test_functions()
    files = {p.stem for p in FOLDER.glob("*.toml")}
    in_bullet, on_plain_data = _tables('Issue 25 ("The referee, third reading"), line by line')
    assert len(in_bullet) >= 20
    for row in in_bullet:
        scenarios, tests = _names(row[2]), _names(row[3])
        assert scenarios and tests, row
        assert set(scenarios) <= files, row
        for test in tests:
            assert test in functions, f"{test} is not a test"
    for row in on_plain_data:
        for test in _names(row[1]):
            if test.startswith("test_"):
                assert test in functions, f"{test} is not a test"


def test_every_item_of_issue_42_names_scenarios_and_tests_that_exist():
    functions = _test_functions()
    files = {p.stem for p in FOLDER.glob("*.toml")}
    (rows,) = _tables('Issue 42 ("The referee, fourth reading"), item by item')
    items = {row[0] for row in rows}
    # The four disagreements, the ten silent readings and the two words bugs, each at least once.
    assert items == {"D1", "D2", "D3", "D4", *(f"R{i}" for i in range(1, 11)), "W1", "W2"}
    for row in rows:
        scenarios, tests = _names(row[2]), _names(row[3])
        assert scenarios and tests, row
        assert set(scenarios) <= files, row
        for test in tests:
            assert test in functions, f"{test} is not a test"
