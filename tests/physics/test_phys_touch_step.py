"""The touch step's holes, each shown on the fuzz case that found it (``stress.physics_fuzz.build_case``)."""

from __future__ import annotations

import pytest

from game.physics import contacts
from stress.physics_fuzz import DEEP_TOUCH, Fault, PhysicsFuzzReport, build_case, run_case

STALE_FRICTION = 2872051604   # a backspun taw at the cap into Mars's taw, in Saturn's crowd
FAST_AFTER_SLOW = 4044953652  # a hopping taw meets a resting satellite just after two slow satellites touch


def _report(seed: int) -> PhysicsFuzzReport:
    report = PhysicsFuzzReport()
    run_case(build_case(seed, 3.8), report)
    return report


def test_a_pair_pushed_apart_gets_no_friction_again_and_the_energy_never_grows():
    report = _report(STALE_FRICTION)
    assert report.counts[Fault.ENERGY_GAIN] == 0 and report.worst_energy_gain == 0.0
    assert report.highest_rise < 0.5e-3   # the struck taw no longer lifted 1.3 mm by friction it never pressed for


def test_without_clearing_a_parting_pair_s_points_bullet_warm_starts_their_friction_and_the_energy_grows(monkeypatch):
    monkeypatch.setattr(contacts, "_parting", lambda *_args: False)   # the planted fault: stale points kept
    report = _report(STALE_FRICTION)
    assert report.counts[Fault.ENERGY_GAIN] == 1 and report.worst_energy_gain > 3e-5


def test_a_fast_pair_touching_after_a_slow_one_is_stepped_to_first_and_solved_shallow():
    report = _report(FAST_AFTER_SLOW)
    assert report.counts[Fault.DEEP_TOUCH] == 0 and report.deepest_touch == pytest.approx(7.5e-5, abs=1.5e-5)
    assert report.deepest_touch <= DEEP_TOUCH


CARRIED = 3758843584   # a touch due 0.875 ms after the call that steps up to it ends


def _first_piece_of_call(monkeypatch, t_call: float) -> float:
    """The length of the first substep stepped in the call that starts at ``t_call``."""
    from game.physics import simulation

    pieces: list[tuple[float, float]] = []
    stepped = simulation.Simulation._substeps

    def record(self, n: int, h: float, exact: bool = False) -> None:
        pieces.append((self.clock.time_s, h))
        stepped(self, n, h, exact)
    monkeypatch.setattr(simulation.Simulation, "_substeps", record)
    _report(CARRIED)
    return next(h for t, h in pieces if abs(t - t_call) < 1e-9)


def test_a_touch_the_call_ends_on_is_stepped_to_first_in_the_next_call(monkeypatch):
    assert _first_piece_of_call(monkeypatch, 27 / 60) == pytest.approx(0.000875, abs=1e-5)


def test_without_the_carry_the_next_call_starts_with_a_whole_base_substep(monkeypatch):
    from game.physics import simulation

    monkeypatch.setattr(simulation.Simulation, "_take_carried", lambda self: None)   # the planted fault
    assert _first_piece_of_call(monkeypatch, 27 / 60) == pytest.approx(1 / 480)
