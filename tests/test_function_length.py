"""No function outside the tests is longer than one screen (60 lines): longer ones are split into named steps."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 60


def long_functions(source: str, limit: int = LIMIT) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = node.end_lineno - node.lineno + 1
            if length > limit:
                found.append(f"{node.name} ({length} lines)")
    return found


def test_the_check_catches_a_long_function():
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    assert long_functions(f"def f():\n{body}\n") == [f"f ({LIMIT + 1} lines)"]
    assert long_functions("def g():\n    return 1\n") == []


def test_no_function_outside_the_tests_is_over_sixty_lines():
    offenders = []
    for folder in ("game", "stress", "tools", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            offenders += [f"{path.relative_to(ROOT)}: {f}" for f in long_functions(path.read_text(encoding="utf-8"))]
    assert offenders == []
