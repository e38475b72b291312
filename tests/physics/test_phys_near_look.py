"""The near look (``near_look.py``) answers every look as the full look does, to the bit (plain data, seeded).

Random tables of marbles, planets and a Sun; a few movers go straight on,
stop, start, and pass through crowds, looked at again and again as a shot
does.  Two planners see the same table: one looks at every pair in numpy
(``StepPlanner.near = None``), the other reads each mover's bodies nearest
first.  Every answer (the touch, ``free_s``, ``quiet_until``,
``clear_until``) must be the same floats.  Planted faults: a near look
that forgets how far its mover has gone, or the bodies written since its
list was made, is caught.
"""

from __future__ import annotations

import math
import struct

import numpy as np

from game.physics import near_look
from game.physics.near_look import NearList, NearLook
from game.physics.step_planner import Mover, StepPlanner

TABLES = 120
LOOKS = 40


def _planner(places: np.ndarray, radii: np.ndarray, near: NearLook | None) -> StepPlanner:
    p = StepPlanner()
    p.near = near
    p.rows = {f"b{i}": i for i in range(len(radii))}
    p.state = np.zeros((6, len(radii)))
    p.state[:3] = places
    p.reach = radii[:, None] + radii[None, :]
    np.fill_diagonal(p.reach, -1e9)
    p.reach2 = p.reach * p.reach
    if near is not None:
        near.reset(p.reach)
    return p


def _bits(x: object) -> object:
    """Floats as their bytes (so -0.0 and 0.0 differ), the rest as it is."""
    if isinstance(x, float):
        return struct.pack("<d", x)
    if isinstance(x, tuple):
        return tuple(_bits(v) for v in x)
    return x


def _answers(p: StepPlanner, seed: int) -> list[object]:
    """A seeded table's looks: places in a 400-unit square (a crowd in one corner), movers that go straight on,
    stop and start; every look's answer and what it leaves set."""
    rng = np.random.default_rng(seed)
    n = len(p.rows)
    places = p.state[:3].copy()
    velocity = np.zeros((3, n))
    out: list[object] = []
    t = 0.0
    for look in range(LOOKS):
        if look % 7 == 0 or not velocity.any():   # someone starts, perhaps a second one
            for i in rng.choice(n, size=rng.integers(1, 3), replace=False):
                target = places[:, rng.integers(n)] - places[:, i]
                target[2] = 0.0
                speed = rng.choice([30.0, 400.0, 3800.0]) * rng.uniform(0.3, 1.0)
                velocity[:, i] = target / (np.linalg.norm(target) + 1e-9) * speed + rng.normal(scale=30.0, size=3)
        if rng.random() < 0.1:   # someone stops (goes to sleep)
            velocity[:, rng.choice(np.flatnonzero(velocity.any(axis=0)))] = 0.0
        moving = [Mover(f"b{i}", complex(places[0, i], places[1, i]), complex(velocity[0, i], velocity[1, i]),
                        float(places[2, i]), float(velocity[2, i])) for i in np.flatnonzero(velocity.any(axis=0))]
        span = float(rng.choice([1.0 / 60.0, 0.004, 0.0005]))
        touch = p.next_touch(moving, 1.0 / 480.0, t, span)
        out.append(_bits((touch, p.free_s, p.quiet_until, p.clear_until, p.awake)))
        step = float(min(span, p.free_s if math.isfinite(p.free_s) else span)) * rng.uniform(0.2, 1.5)
        places += velocity * step
        t += step
    return out


def _table(seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 41))
    radii = np.where(rng.random(n) < 0.8, 8.0, rng.choice([10.0, 12.5, 20.0], size=n))
    places = np.zeros((3, n))
    places[:2] = rng.uniform(-200.0, 200.0, size=(2, n))
    crowd = rng.random(n) < 0.4
    places[:2, crowd] = rng.uniform(-200.0, -130.0, size=(2, int(crowd.sum())))
    places[2] = radii + rng.normal(scale=0.5, size=n)
    return places, radii


def _differing(make_near: type[NearLook], remake: float = near_look.REMAKE, tables: int = TABLES,
               first: bool = False) -> int:
    """How many of the tables' looks the near look answers otherwise than the full look (``first``: stop at
    the first table that differs)."""
    differ = 0
    for seed in range(tables):
        places, radii = _table(seed)
        full = _answers(_planner(places, radii, None), seed)
        near = _answers(_planner(places, radii, make_near(remake=remake)), seed)
        differ += sum(a != b for a, b in zip(full, near))
        if first and differ:
            break
    return differ


def test_the_near_look_answers_every_look_as_the_full_look_to_the_bit():
    assert _differing(NearLook) == 0


def test_the_near_look_answers_as_the_full_look_whenever_its_lists_are_made():
    assert _differing(NearLook, remake=5.0, tables=TABLES // 2) == 0
    assert _differing(NearLook, remake=1e9, tables=TABLES // 2) == 0


class _ForgetsHowFar(NearLook):
    """Planted fault: a list read as if its mover were still where the list was made."""

    def _near(self, i: int, columns: list) -> tuple[NearList, float, list[int]]:
        got, _moved, written = super()._near(i, columns)
        return got, 0.0, written


class _ForgetsTheWritten(NearLook):
    """Planted fault: the bodies that moved since a list was made read where they were then."""

    def _near(self, i: int, columns: list) -> tuple[NearList, float, list[int]]:
        got, moved, _written = super()._near(i, columns)
        return got, moved, []


def test_a_near_look_that_forgets_how_far_its_mover_has_gone_is_caught():
    assert _differing(_ForgetsHowFar, remake=1e9, first=True) > 0


def test_a_near_look_that_forgets_the_bodies_moved_since_its_list_is_caught():
    assert _differing(_ForgetsTheWritten, remake=1e9, first=True) > 0


def test_a_near_look_whose_meetings_horizon_is_too_short_is_caught(monkeypatch):
    within = near_look._within

    def half_the_span(near, moved, written, rows, mover, span_s):   # planted: bodies read only half as far
        return within(near, moved, written, rows, mover, span_s / 2.0)

    monkeypatch.setattr(near_look, "_within", half_the_span)
    assert _differing(NearLook, first=True) > 0
