"""No two balls rest sunk into each other, and none sinks deeper in flight than a substep's travel.

Bullet sees a hit up to one substep late, the balls already overlapping by
up to a substep's travel (7.9 mm at the cap); its split impulse pushes them
apart in position over the next substeps.  So a sampled frame (60 Hz, what
replays and the app draw) may show an overlap up to that bound in flight,
and the resting table shows none deeper than 0.1 mm (issue 24).
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from game.physics import shot_velocity
from game.rules.layout import taw_id
from stress.physics_fuzz import build_case
from tests.physics.physics_kit import CAP, LAYOUT, world

TOLERANCE = 1e-4   # m: 0.1 mm, at rest
IN_FLIGHT = CAP / 480 + 5e-4   # m: a substep's travel at the cap, plus the placement tolerance


def _deepest_overlap(spots: dict[str, tuple[float, float]], taw: str, velocity: tuple[float, float]) -> float:
    """The deepest overlap of any two bodies at rest (m); a frame deeper than ``IN_FLIGHT`` fails at once."""
    sim, _rec = world(spots)
    deepest = 0.0

    def overlap(ids: list[str], xy: np.ndarray) -> float:
        radius = np.array([sim.spec(b).radius for b in ids])
        d = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1])
        depth = radius[:, None] + radius[None, :] - d
        np.fill_diagonal(depth, -math.inf)
        return float(depth.max()) if len(ids) > 1 else 0.0

    def on_frame(_t: float, ids: list[str], poses: np.ndarray) -> None:
        nonlocal deepest
        deepest = max(deepest, overlap(ids, poses[:, :2]))

    with sim:
        sim.shoot(taw, velocity)
        sim.run_to_rest(on_frame=on_frame)
        assert deepest <= IN_FLIGHT
        at_rest = sim.positions()
        ids = sorted(at_rest)
        return overlap(ids, np.array([at_rest[b] for b in ids]))


@pytest.mark.parametrize("speed", [1.0, 2.5, CAP])
@pytest.mark.parametrize("gap", [0.0, 2e-4])
def test_a_rack_struck_down_its_line_shows_no_overlap(speed: float, gap: float) -> None:
    # Mars's taw into four balls in a line, touching (the blow passes down
    # the line within a substep) or 0.2 mm apart.
    r = LAYOUT.marble_radius
    y = -0.3
    spots = {"sun": (0.0, 0.6), "mars": (0.6, 0.6), "mars.taw": (-0.35, y)}
    for k, bid in enumerate(("earth", "earth.1", "venus", "venus.1")):
        spots[bid] = (k * (2 * r + gap), y)
    assert _deepest_overlap(spots, "mars.taw", (speed, 0.0)) <= TOLERANCE


@pytest.mark.parametrize("depth_mm", [0.3, 3.0, 12.0])
def test_a_glancing_hit_or_graze_at_the_cap_shows_no_overlap(depth_mm: float) -> None:
    # The path cuts ``depth_mm`` into Earth's reach: a graze, a thin cut, a
    # half-ball hit; Earth rests touching Venus behind it.
    r = LAYOUT.marble_radius
    miss_by = 2 * r - depth_mm / 1000
    spots = {"sun": (0.0, 0.6), "mars": (0.6, 0.6), "mars.taw": (-0.3, -0.2 + miss_by),
             "earth": (0.0, -0.2), "venus": (2 * r, -0.2)}
    assert _deepest_overlap(spots, "mars.taw", (CAP, 0.0)) <= TOLERANCE


def test_random_shots_into_crowded_tables_show_no_overlap() -> None:
    # The stress fuzz's own tables (clusters, knots, racks), at speeds up to the cap.
    master = random.Random(20261130)
    for _ in range(60):
        case = build_case(master.getrandbits(32), CAP)
        taw = taw_id(case.shooter)
        deepest = _deepest_overlap(dict(case.table), taw, shot_velocity(case.speed, case.direction))
        assert deepest <= TOLERANCE, f"seed {case.seed}: {deepest * 1000:.3f} mm"
