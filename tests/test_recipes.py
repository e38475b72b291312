"""The recipes in docs/recipes/ name files, modules and commands that exist: a recipe that points at a file since
moved fails here, not in a newcomer's hands."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECIPES = sorted((ROOT / "docs" / "recipes").glob("*.md"))
PATH = re.compile(r"^(?:game|tests|docs|tools|benchmarks|stress)/[\w./-]*$")
PLACEHOLDER = re.compile(r"NAME|NN-")   # a file the recipe has you create


def named_paths(text: str) -> list[str]:
    """Every repository path the text names in backticks, less the ones it has you create."""
    tokens = re.findall(r"`([^`\s]+)`", text) + re.findall(r"(?<![\w/])((?:game|tests)/[\w./-]+\.py)", text)
    return sorted({t for t in tokens if PATH.match(t) and not PLACEHOLDER.search(t)})


def missing(text: str, root: Path = ROOT) -> list[str]:
    """The paths and ``python -m`` modules the text names that do not exist under ``root``."""
    gone = [p for p in named_paths(text) if not (root / p).exists()]
    for module in sorted(set(re.findall(r"python -m (\w+(?:\.\w+)*)", text)) - {"pytest", "ruff", "mypy"}):
        if importlib.util.find_spec(module) is None:
            gone.append(f"-m {module}")
    return gone


def test_there_are_three_recipes_and_an_index():
    assert {p.name for p in RECIPES} == {"README.md", "house-rule.md", "screen.md", "lesson.md"}
    index = (ROOT / "docs" / "recipes" / "README.md").read_text(encoding="utf-8")
    assert all(f"({p.name})" in index for p in RECIPES if p.name != "README.md")


@pytest.mark.parametrize("recipe", RECIPES, ids=lambda p: p.name)
def test_every_file_and_module_a_recipe_names_exists(recipe):
    assert missing(recipe.read_text(encoding="utf-8")) == []


def test_a_recipe_naming_a_moved_file_or_module_is_caught():
    text = "Edit `game/rules/house.py`, then `game/rules/housse.py`; run `python -m tools.no_such_tool`."
    assert missing(text) == ["game/rules/housse.py", "-m tools.no_such_tool"]
    assert missing("Create `game/app/screens/NAME.py`.") == []
