"""The benchmark's floor (``benchmarks/physics_floor.py``): a shot replayed from its planner's recorded answers is
the recorded shot, bit for bit, and a replay of another shot's answers is refused."""

from __future__ import annotations

import pytest

from benchmarks.physics_floor import Did, RecordingPlanner, ReplayError, play, replayed
from game.physics import Simulation

TABLE = {"sun": (0.0, 0.0), "mars": (0.12, 0.05), "mars.1": (0.16, -0.02), "mars.taw": (-0.3, 0.1)}


def _make() -> Simulation:
    return Simulation.from_positions(TABLE)


def _recorded(velocity: tuple[float, float]) -> tuple[RecordingPlanner, Did]:
    recorder = RecordingPlanner()
    _spent, did = play(_make, recorder, "mars.taw", velocity)
    return recorder, did


def test_a_shot_given_its_planners_recorded_answers_back_is_the_recorded_shot():
    recorder, did = _recorded((2.0, -0.238))
    assert len(recorder.tape) > 3 and len(did[0]) > 2   # it looked, and it hit
    assert replayed(_make, recorder.tape, "mars.taw", (2.0, -0.238), did) > 0.0


def test_a_replay_of_another_shots_answers_is_refused():
    recorder, _did = _recorded((2.0, -0.238))
    _other, other_did = _recorded((1.0, 0.3))
    with pytest.raises(ReplayError):   # the planted fault: the answers of one shot given to another
        replayed(_make, recorder.tape, "mars.taw", (1.0, 0.3), other_did)
