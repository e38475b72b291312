"""Every ``type: ignore`` in the game names the error it silences and says why, so each one can be judged.

mypy (run by ``.ci/run``, configured in pyproject.toml) refuses an ignore
without an error code; the reason is this test's: a comment after it, on the
same line (``# type: ignore[arg-type]  # the random level plans nothing``).
"""

from __future__ import annotations

import re
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"

IGNORE = re.compile(r"#\s*type:\s*ignore\b(?P<rest>.*)$")
WITH_CODE_AND_REASON = re.compile(r"^\[[a-z-]+(,\s*[a-z-]+)*\]\s+#\s*\w.*")


def unexplained_ignores(text: str, name: str) -> list[str]:
    """``name:line`` for each ``type: ignore`` without an error code or without a reason after it."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        match = IGNORE.search(line)
        if match and not WITH_CODE_AND_REASON.match(match.group("rest")):
            found.append(f"{name}:{number}: {line.strip()}")
    return found


def test_every_type_ignore_in_the_game_has_a_code_and_a_reason():
    found = [problem for path in sorted(GAME.rglob("*.py"))
             for problem in unexplained_ignores(path.read_text(encoding="utf-8"), str(path.relative_to(GAME.parent)))]
    assert found == []


def test_an_ignore_without_a_code_or_without_a_reason_is_caught():
    planted = ("x = f()  # type: ignore\n"
               "y = g()  # type: ignore[arg-type]\n"
               "z = h()  # type: ignore[arg-type]  # h takes any mapping here\n")
    assert unexplained_ignores(planted, "planted.py") == ["planted.py:1: x = f()  # type: ignore",
                                                          "planted.py:2: y = g()  # type: ignore[arg-type]"]
