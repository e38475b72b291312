"""The physics fuzz run in parts (``--first``): the parts are the cases of one run, so a long run fits short holds."""

from __future__ import annotations

import pytest

from stress import physics_fuzz
from tools import fuzz_physics


def _seeds(monkeypatch: pytest.MonkeyPatch, first: int, cases: int) -> list[int]:
    """The case seeds a run draws (each case is only built, not fired)."""
    drawn: list[int] = []
    monkeypatch.setattr(physics_fuzz, "build_case", lambda seed, _cap: drawn.append(seed) or seed)
    monkeypatch.setattr(physics_fuzz, "run_case", lambda *_args: None)
    physics_fuzz.fuzz_physics(1, cases, first=first)
    return drawn


def test_two_parts_draw_the_cases_of_one_run(monkeypatch):
    whole = _seeds(monkeypatch, 0, 6)
    assert _seeds(monkeypatch, 0, 3) + _seeds(monkeypatch, 3, 3) == whole and len(set(whole)) == 6


def test_the_second_part_of_a_run_is_not_a_run_of_its_own(monkeypatch):
    # what the part is for: a run started afresh (a new --seed, or --first ignored) draws other cases
    assert _seeds(monkeypatch, 3, 3) != _seeds(monkeypatch, 0, 3)


def test_the_tool_refuses_a_negative_first_case_in_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        fuzz_physics.main(["--first", "-1", "--cases", "1"])
    assert stop.value.code == 2 and "--cases and --first must be >= 0" in capsys.readouterr().err
