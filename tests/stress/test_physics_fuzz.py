"""The physics fuzz's short variant: random shots up to the cap into crowds; and its ray cast."""

from __future__ import annotations

import math

import pytest

from stress.physics_fuzz import (
    DEEP_TOUCH,
    RISE_LIMIT,
    Fault,
    PhysicsFuzzReport,
    build_case,
    fuzz_physics,
    graze_bound,
    graze_sweep,
    in_the_way,
    run_case,
)

pytestmark = pytest.mark.slow




@pytest.fixture(scope="module")
def plane_report() -> PhysicsFuzzReport:
    return fuzz_physics(20260, 90)


def test_random_shots_into_crowds_keep_every_physics_invariant(plane_report):
    report = plane_report
    assert {fault: n for fault, n in report.counts.items()} == {}
    assert report.energy_calls > 5000 and report.worst_energy_gain == 0.0
    assert report.cases == 90
    assert report.contacts > 20 and report.bodies_out > 5  # the shots really hit and really leave
    assert report.aimed_checked > 15
    assert report.max_rest_t < 60.0
    assert report.stats.worst_overlap < 0.0085


def test_every_crowd_and_every_orbit_is_drawn():
    cases = [build_case(seed, 3.8) for seed in range(120)]
    assert {c.crowd for c in cases} == {"home", "sun_on_planet", "saturn_cluster", "sun_knot"}
    assert {c.shooter for c in cases} == {"mercury", "venus", "earth", "mars", "jupiter", "saturn", "herschel"}
    assert max(c.speed for c in cases) == 3.8 and min(c.speed for c in cases) < 0.5
    sun_on = [c for c in cases if c.crowd == "sun_on_planet"]
    assert any(min(math.dist(c.table["sun"], p) for b, p in c.table.items() if b != "sun") < 0.0166
               for c in sun_on)  # the Sun really presses against a planet


def test_the_ray_cast_finds_the_first_body_in_the_way():
    table = {"t": (0.0, 0.0), "near": (0.1, 0.005), "far": (0.3, 0.0), "aside": (0.2, 0.05)}
    ahead = in_the_way(table, "t", 0.0, lambda b: 0.008)
    assert [a[1] for a in ahead] == ["near", "far"]
    assert ahead[0][2] == pytest.approx(0.011) and ahead[1][2] == pytest.approx(0.016)
    assert graze_bound(3.8, 0.016, 480) == pytest.approx((3.8 / 480) ** 2 / 0.032)


def test_a_central_shot_at_a_lone_marble_is_checked_and_hits():
    # Find a case aimed straight at something, and check that the check itself ran.
    report = PhysicsFuzzReport()
    seeds = [s for s in range(400) if build_case(s, 3.8).aimed_at is not None][:12]
    for seed in seeds:
        run_case(build_case(seed, 3.8), report)
    assert report.aimed == 12 and report.aimed_checked >= 6 and report.problems == []


def test_the_graze_sweep_meets_central_and_half_hits_and_misses_a_clear_pass():
    assert graze_sweep(3.8, 17.0, [0.0, 8.0, 12.0, 17.0]) == [17.0]


def test_no_ball_rises_more_than_5_mm_above_the_ground(plane_report):
    assert plane_report.counts[Fault.RISE] == 0 and plane_report.highest_rise <= RISE_LIMIT


def test_no_contact_is_first_solved_deeper_than_0_1_mm(plane_report):
    assert plane_report.counts[Fault.DEEP_TOUCH] == 0 and plane_report.deepest_touch <= DEEP_TOUCH
