"""The game names the painted ground in one vocabulary (issue 27): line, orbit, inner ring, play area.

``game.rules.vocabulary`` defines the words once; this reads every sentence
the game can print (each string in the game's code that is not a
docstring, every lesson and scenario text) and the player-facing docs, and
fails on any other word for the same ground ("Mars's circle", "the orbit
of Mars", "orbit line", "inner circle", "play circle").  Martin's own text
(game/app/hud/rules_text.py, quoted in docs/rules.md) keeps his words.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

from game.rules import vocabulary
from game.rules.layout import PLANETS
from game.rules.readings import readings

ROOT = Path(__file__).resolve().parents[1]
MARTINS_OWN = {ROOT / "game" / "app" / "hud" / "rules_text.py", ROOT / "game" / "rules" / "vocabulary.py"}
PLAYER_DOCS = ("README.md", "docs/controls.md", "docs/lessons.md", "docs/vocabulary.md", "docs/rendering.md",
               "docs/settings.md")


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def printed_strings() -> list[tuple[str, str]]:
    """(where, text) for every string the game's code holds that is not a docstring."""
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        if path in MARTINS_OWN:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.value))
    return found


def _toml_strings(value, where: str):
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _toml_strings(item, f"{where}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _toml_strings(item, f"{where}[{i}]")


def lesson_and_scenario_strings() -> list[tuple[str, str]]:
    found = []
    for path in sorted((ROOT / "game").rglob("*.toml")):
        found.extend(_toml_strings(tomllib.loads(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT))))
    return found


def doc_lines() -> list[tuple[str, str]]:
    """The player-facing docs, line by line, outside quotations of Martin (``>`` lines) and the
    vocabulary page's list of the words not used."""
    found = []
    for name in PLAYER_DOCS:
        listing_strays = False
        for number, line in enumerate((ROOT / name).read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("## "):
                listing_strays = line.strip() == "## Not used"
            if not listing_strays and not line.lstrip().startswith(">"):
                found.append((f"{name}:{number}", line))
    return found


def test_the_check_catches_each_kind_of_stray_word():
    for stray in ("Mars's circle", "the ring of Saturn", "the orbit of Mercury", "the Mars line", "an orbit line",
                  "the inner circle", "the stakes ring", "outside the play circle", "the outer ring"):
        assert vocabulary.stray_words(f"The Sun lies in {stray} now"), stray
    for term in ("Mars's line", "Venus's orbit", "the inner ring", "the play area", "Saturn's ring",
                 "beyond Herschel's orbit", "the edge of the play area"):
        assert not vocabulary.stray_words(f"The Sun lies in {term} now"), term


def test_the_terms_are_defined_once_and_the_labels_use_them():
    assert set(vocabulary.TERMS) == {"line", "orbit", "inner ring", "play area", "Saturn's ring"}
    for planet in PLANETS:
        assert vocabulary.line_label(planet).endswith("'s line")
        assert vocabulary.orbit_label(planet).endswith("'s orbit")
    assert vocabulary.line_label("earth") == "the Earth's line"


@pytest.mark.parametrize("source", [printed_strings, lesson_and_scenario_strings, doc_lines],
                         ids=["game code", "lessons and scenarios", "player docs"])
def test_every_word_the_game_prints_is_the_vocabularys(source):
    strays = [(where, word) for where, text in source() for word in vocabulary.stray_words(text)]
    assert strays == []


def test_our_reading_of_every_rule_uses_the_vocabulary():
    strays = {n: vocabulary.stray_words(text) for n, text in readings(None).items()}
    assert {n: s for n, s in strays.items() if s} == {}


def test_docs_vocabulary_defines_every_term_word_for_word():
    text = (ROOT / "docs" / "vocabulary.md").read_text(encoding="utf-8")
    for term, definition in vocabulary.TERMS.items():
        assert f"**{term}**" in text and definition in text, term
