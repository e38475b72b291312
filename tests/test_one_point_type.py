"""``Point`` (a place on the ground) is defined once, in ``game.rules.layout``, and imported everywhere else.

It was written out about 25 times; a copy drifts (one module's ``Point``
becomes a numpy array or a 3-tuple) while the others still read alike.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOME = Path("game/rules/layout.py")
DEFINITION = re.compile(r"^\s*Point\s*(:\s*[\w.]+\s*)?=\s*", re.MULTILINE)


def point_definitions(text: str, name: str) -> list[str]:
    """``name:line`` for each line that defines a ``Point`` of its own."""
    return [f"{name}:{text.count(chr(10), 0, match.start()) + 1}" for match in DEFINITION.finditer(text)]


def test_point_is_defined_only_in_the_rules_layout():
    found = [where for folder in ("game", "tests", "tools", "stress", "benchmarks")
             for path in sorted((ROOT / folder).rglob("*.py"))
             for where in point_definitions(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert len(found) == 1 and found[0].startswith(f"{HOME}:"), found


def test_a_second_definition_is_caught():
    planted = ("from game.rules.layout import Point\n"
               "Point = tuple[float, float]\n"
               "    Point: TypeAlias = tuple[float, float, float]\n"
               "PointLike = tuple[float, float]\n")
    assert point_definitions(planted, "planted.py") == ["planted.py:2", "planted.py:3"]
