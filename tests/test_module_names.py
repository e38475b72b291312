"""The installed package holds only the game, and its file names say what they hold, once."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"


def test_no_two_game_modules_share_a_file_name():
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in GAME.rglob("*.py"):
        if path.name not in {"__init__.py", "__main__.py"}:
            by_name[path.name].append(str(path.relative_to(GAME.parent)))
    repeated = {name: paths for name, paths in by_name.items() if len(paths) > 1}
    assert repeated == {}


def test_game_never_imports_the_stress_tools_or_tests():
    offenders = []
    for path in GAME.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in {"stress", "tests", "tools", "benchmarks"}:
                    offenders.append(f"{path.relative_to(GAME.parent)}: {name}")
    assert offenders == []
