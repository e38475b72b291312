"""docs/architecture.md names only modules, folders and files that exist, so a newcomer's first look lands;
its examples run as written, and its table of layer 3's imports is the code's.

A path is read where the page writes it: a full one from the repository's
root; a short one (``screens/aim.py``, ``clock.py``) inside the packages of
the section it stands in.  A dotted name (``game.match.deal.deal_planets``)
is a module, or a module and a name it defines.
"""

from __future__ import annotations

import ast
import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"

PATH = re.compile(r"^[\w.-]+(/[\w.-]+)*(\.(py|md|toml|txt)|/)$")
DOTTED = re.compile(r"^game(\.\w+)+$")

# The packages a short path is read in, by the heading of the section it stands in.
SECTION_PACKAGES = {
    "Layer 1": ["game/rules"],
    "Layer 2": ["game/physics"],
    "Layer 3": ["game/match", "game/scenario", "game/ai", "game/replay", "game/coach", "stress"],
    "Layer 4": ["game/app"] + sorted(str(p.relative_to(ROOT)) for p in (ROOT / "game" / "app").iterdir()
                                     if p.is_dir() and not p.name.startswith("_")),
}


def named_in_the_doc() -> list[tuple[str, str]]:
    """(section heading, the backticked name) for every path or dotted module name outside code blocks."""
    names, section, fenced = [], "", False
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        if line.startswith("#"):
            section = line.lstrip("#").strip()
        for token in re.findall(r"`([^`]+)`", line):
            token = token.split("(")[0].strip()
            if PATH.match(token) or DOTTED.match(token):
                names.append((section, token))
    return names


def bases_for(section: str) -> list[Path]:
    packages = next((dirs for heading, dirs in SECTION_PACKAGES.items() if section.startswith(heading)), [])
    return [ROOT, ROOT / "game"] + [ROOT / d for d in packages]


def module_exists(dotted: str) -> bool:
    """A module file or package, or a module and a name defined at its top level."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:cut])
        source = base.with_suffix(".py") if base.with_suffix(".py").is_file() else base / "__init__.py"
        if source.is_file() or (cut == len(parts) and base.is_dir()):
            rest = parts[cut:]
            if not rest:
                return True
            text = source.read_text(encoding="utf-8")
            return len(rest) <= 2 and re.search(rf"^\s*(def|class) {rest[0]}\b|^{rest[0]}\b.*=", text, re.M) is not None
    return False


def test_the_page_names_the_three_places_a_newcomer_looks_for_first():
    text = DOC.read_text(encoding="utf-8")
    table = text.split("## Where things are", 1)[1].split("\n## ", 1)[0]
    assert "`game/rules/referee.py`" in table and "`game/physics/impulse_law.py`" in table
    assert "`game/app/screens/aim.py`" in table


def test_the_page_names_enough_to_be_checked():
    names = named_in_the_doc()
    assert len(names) > 60
    assert ("Where things are", "game/physics/impulse_law.py") in names


NAMED = named_in_the_doc()


@pytest.mark.parametrize("section, name", NAMED, ids=[name for _, name in NAMED])
def test_every_module_path_the_page_names_exists(section, name):
    if DOTTED.match(name):
        assert module_exists(name), f"{name} (in '{section}') is no module of the game"
        return
    found = [base / name for base in bases_for(section) if (base / name).exists()]
    assert found, f"{name} (in '{section}') names nothing in the repository"


# -- the examples run ---------------------------------------------------------------------

def run_examples(text: str) -> tuple[int, int, str]:
    """Every ``>>>`` example of ``text`` run by doctest (``...`` matches anything): failed, tried, and the report."""
    test = doctest.DocTestParser().get_doctest(text, {}, DOC.name, str(DOC), 0)
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failed, tried = runner.run(test, out=report.append)
    return failed, tried, "".join(report)


def test_the_pages_examples_run_as_written():
    failed, tried, report = run_examples(DOC.read_text(encoding="utf-8"))
    assert tried >= 20, "the page's examples went missing"
    assert failed == 0, report


def test_an_example_that_no_longer_holds_fails():
    planted = "```pycon\n>>> from game.rules.layout import PLANETS\n>>> len(PLANETS)\n8\n\n```\n"
    failed, tried, report = run_examples(planted)
    assert (failed, tried) == (1, 2) and "Expected:\n    8\nGot:\n    7" in report


# -- layer 3's imports --------------------------------------------------------------------

LAYER_3 = ("game.match", "game.scenario", "game.replay", "game.ai", "game.coach")


def layer_3_imports() -> dict[str, set[str]]:
    """For each layer-3 package, the other layer-3 packages its modules import (at any depth of the module)."""
    found: dict[str, set[str]] = {package: set() for package in LAYER_3}
    for package in LAYER_3:
        for path in ROOT.joinpath(*package.split(".")).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module] if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 else []
                found[package] |= {other for name in names for other in LAYER_3
                                   if other != package and (name == other or name.startswith(other + "."))}
    return found


def layer_3_table(text: str) -> dict[str, set[str]]:
    """The page's table under "## Layer 3": package -> the layer-3 packages it may import."""
    section = text.split("\n## Layer 3\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(game\.\w+)` \| (.*) \|$", section, re.M)
    return {package: set(re.findall(r"`(game\.\w+)`", imports)) for package, imports in rows}


def test_the_layer_3_table_gives_each_package_the_imports_it_has():
    assert layer_3_table(DOC.read_text(encoding="utf-8")) == layer_3_imports()


def test_a_layer_3_table_missing_an_import_is_caught():
    text = DOC.read_text(encoding="utf-8").replace("| `game.ai` | `game.match`, `game.replay` |", "| `game.ai` | `game.match` |")
    table = layer_3_table(text)
    assert table != layer_3_imports() and table["game.ai"] == {"game.match"}
