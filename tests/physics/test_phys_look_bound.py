"""The planner's look on plain data: how soon a pair could close its gap."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.physics import step_planner
from game.physics.step_planner import Mover, StepPlanner

R = 8.0           # Bullet units (mm): two marbles
GAP = 1.0         # mm between their surfaces
CALL = 1.0 / 60.0


def _planner() -> StepPlanner:
    """Two marbles on the ground 1 mm apart along x, both still."""
    p = StepPlanner()
    p.rows = {"a": 0, "b": 1}
    p.state = np.zeros((6, 2))
    p.state[0, 1] = 2 * R + GAP
    p.state[2, :] = R
    p.reach = np.array([[-1e9, 2 * R], [2 * R, -1e9]])
    p.reach2 = p.reach * p.reach
    return p


def _look(vx: float, vy: float = 0.0) -> tuple[object, float]:
    p = _planner()
    touch = p.next_touch([Mover("a", 0j, complex(vx, vy), R, 0.0)], 0.0, 0.0, CALL)
    return touch, p.free_s


def test_a_pair_parting_is_looked_at_again_as_soon_as_its_whole_relative_speed_could_close_its_gap():
    # not only its closing speed along the line of centres: on rough earth a new slab turns a velocity at once
    _touch, free = _look(-1000.0)
    a = step_planner._ACCELERATION
    assert free == pytest.approx((math.sqrt(1000.0 ** 2 + 4 * a * (GAP - 0.02)) - 1000.0) / (2 * a), rel=1e-9)


def test_a_pair_closing_head_on_is_stepped_to_as_it_meets():
    touch, free = _look(1000.0)
    assert touch is not None and touch.when_s == pytest.approx(GAP / 1000.0, rel=1e-9)
    assert free < GAP / 1000.0


def _closest_turned(cases: int, looked_with: float) -> float:
    """Brute force on plain data: pairs at random offsets and velocities, looked at with ``looked_with`` as the most
    a body is turned; then each pair turned by the planner's real most in the worst way (``a`` sped toward ``b``
    by both bodies' worth, along the line of centres as it goes) for as long as the look allowed.  The most any
    pair got inside its reach, less the integration's own error (0.2% of its gap: the bound is tight head-on)."""
    rng = np.random.default_rng(41)
    a = step_planner._ACCELERATION
    worst = -math.inf
    for _ in range(cases):
        d = rng.normal(size=3)
        d *= (2 * R + rng.uniform(0.05, 20.0)) / np.linalg.norm(d)
        dv = rng.normal(size=3) * rng.uniform(1.0, 4000.0) / math.sqrt(3)
        p = _planner()
        p.state[:3, 1] = d + (0.0, 0.0, R)   # a is at (0, 0, R)
        step_planner._ACCELERATION = looked_with
        try:
            p.next_touch([Mover("a", 0j, complex(dv[0], dv[1]), R, dv[2])], 0.0, 0.0, 10.0)
        finally:
            step_planner._ACCELERATION = a
        x, v = np.zeros(3), dv.copy()
        gap0 = np.linalg.norm(d) - 2 * R - 0.02
        steps = 1000
        h = min(p.free_s, 1.0) / steps
        for _k in range(steps):
            to_b = d - x
            v = v + 2.0 * a * h * to_b / np.linalg.norm(to_b)
            x = x + v * h
        worst = max(worst, 2 * R + 0.02 - np.linalg.norm(d - x) - 2e-3 * gap0)
    return worst


def test_no_pair_turned_by_the_most_any_body_is_turned_closes_its_gap_before_the_look_allows():
    assert _closest_turned(200, step_planner._ACCELERATION) <= 0.0


def test_a_look_that_allowed_for_less_turning_lets_a_pair_close_its_gap_first():
    assert _closest_turned(200, step_planner._ACCELERATION / 4) > 0.0   # the planted fault
