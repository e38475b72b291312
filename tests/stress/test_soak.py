"""The soak's short variant: seeded AI games with every invariant checked, and checks that can fail."""

from __future__ import annotations

import numpy as np
import pytest

from game.rules.events import AllAtRest, BodyOut, ShotStarted
from stress.invariants import FrameChecker, FrameStats, check_shot_accounting, rest_overlaps
from stress.soak import plan_games, run_soak

pytestmark = pytest.mark.slow


def test_ten_seeded_ai_games_keep_every_invariant():
    report = run_soak(10, 11, levels=("random", "random", "random", "random", "easy"), min_players=2,
                      max_players=5, rounds=(1, 2), record_every=4)
    assert report.problems == []
    assert len(report.games) == 10 and report.shots >= 10
    assert report.frames > 100 * report.shots / 10  # every shot's frames reached the checker
    assert any("easy" in g.levels for g in report.games)
    assert all(g.max_rest_t < 60.0 and g.forced_stops == 0 for g in report.games)
    assert 0.0 <= report.worst_overlap_m < 0.0085


def test_the_master_seed_fixes_every_game():
    first = plan_games(5, 20)
    assert first == plan_games(5, 20)
    assert first != plan_games(6, 20)
    assert {len(p.levels) for p in first} <= set(range(2, 8))
    assert len({len(p.levels) for p in first}) > 2  # player counts really vary


class _Ruling:
    """The parts of a Ruling the accounting reads."""

    def __init__(self, state, take_off=(), put_down=(), transfers=()):
        self.state, self.take_off, self.put_down, self.transfers = state, take_off, put_down, transfers


class _State:
    finished = False
    stakes_taws: frozenset = frozenset()
    board: dict = {}


def test_the_accounting_notices_a_vanished_or_unruled_body():
    before = {"sun": (0.0, 0.0), "earth": (0.3, 0.0), "earth.taw": (0.5, 0.0)}
    start = ShotStarted(0.0, "earth.taw", (0.5, 0.0), (-1.0, 0.0))
    vanished = [start, AllAtRest(1.0, {"sun": (0.0, 0.0), "earth.taw": (0.4, 0.0)})]
    problems = check_shot_accounting(before, vanished, _Ruling(_State()), {"sun": (0, 0), "earth.taw": (0.4, 0)})
    assert any("earth vanished" in p for p in problems)
    unruled = [start, BodyOut(0.5, "earth", (3.0, 0.0)), AllAtRest(1.0, {"sun": (0.0, 0.0), "earth.taw": (0.4, 0)})]
    problems = check_shot_accounting(before, unruled, _Ruling(_State()), {"sun": (0, 0), "earth.taw": (0.4, 0)})
    assert problems == ["earth left the play area and no ruling accounts for it"]
    fine = check_shot_accounting(before, [start, AllAtRest(1.0, dict(before))], _Ruling(_State()), dict(before))
    assert fine == []


def test_the_frame_checker_sees_overlaps_nan_and_sinking():
    stats = FrameStats()
    check = FrameChecker({"a": 0.008, "b": 0.008}, stats, tolerance=0.002)
    poses = np.array([[0.0, 0.0, 0.008, 1, 0, 0, 0], [0.0155, 0.0, 0.008, 1, 0, 0, 0]])
    check(0.0, ["a", "b"], poses)
    assert stats.problems == [] and stats.worst_overlap == pytest.approx(0.0005)
    poses[1, 0] = 0.010  # 6 mm deep
    check(0.1, ["a", "b"], poses)
    poses[0, 2] = 0.004
    check(0.2, ["a", "b"], poses)
    poses[0, 0] = np.nan
    check(0.3, ["a", "b"], poses)
    text = " | ".join(stats.problems)
    assert "overlap by 6.00 mm" in text and "under the ground" in text and "non-finite" in text
    assert rest_overlaps({"a": (0.0, 0.0), "b": (0.0150, 0.0)}, {"a": 0.008, "b": 0.008}) != []
    assert rest_overlaps({"a": (0.0, 0.0), "b": (0.0162, 0.0)}, {"a": 0.008, "b": 0.008}) == []
