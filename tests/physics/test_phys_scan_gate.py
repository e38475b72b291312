"""The contact scan runs only in ticks where some pair comes near touching, and misses nothing.

The scan (a Python callback after every Bullet substep) is installed for a
control tick only if the straight paths of that tick bring some moving body
within ``NEAR_SLACK`` of another (``grazes.Paths.book``).  These tests pin
that it is off when nothing comes near, on when something does, and that a
shot sees the very events it would see with the scan always on.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.physics import Simulation, shot_velocity
from game.physics.grazes import Paths
from game.physics.world import NEAR_SLACK, Mirror
from game.rules.layout import taw_id
from stress.glide_check import GlideCheckedSimulation
from stress.physics_fuzz import build_case
from tests.physics.physics_kit import CONFIG, LAYOUT, when_flick_covers, world


# Metres: how far Bullet's single-precision sums, sixteen a tick, may carry a
# body off its float64 path over a shot (a quiet tick adds none: glide.py).
_DRIFT_M = 2e-5


class AlwaysScanning(Simulation):
    """The reference: the per-substep scan installed for the whole shot."""

    def _scan_while(self, first: float) -> None:
        super()._scan_while(self.clock.substep if not self.is_at_rest() else first)


def _scanned_ticks(sim: Simulation) -> list[bool]:
    """Step a shot tick by tick; whether the scan was installed for each."""
    ticks = []
    while not sim.is_at_rest():
        ticks.append(sim.scan_installed)   # noqa: SLF001 - the gate is the subject
        sim._step_tick()              # noqa: SLF001
    return ticks


def _pass_by(miss_mm: float) -> tuple[list[bool], int]:
    """Roll Mars's taw past Earth, its path's nearest gap to touching ``miss_mm``."""
    r = LAYOUT.marble_radius
    centre = (0.31, -0.52)
    offset = 2 * r + miss_mm / 1000.0
    spots = {"sun": (0.0, 0.0), "earth": centre, "mars.taw": (centre[0] - 0.3, centre[1] + offset)}
    sim, rec = world(spots)
    with sim:
        sim.shoot("mars.taw", (1.0, 0.0))
        ticks = _scanned_ticks(sim)
    return ticks, len(rec.of("contact"))


def test_a_taw_passing_clear_of_a_marble_never_installs_the_scan() -> None:
    ticks, contacts = _pass_by(miss_mm=NEAR_SLACK * 2)
    assert contacts == 0 and len(ticks) > 10 and not any(ticks)


def test_a_taw_passing_within_the_slack_scans_only_the_ticks_it_is_near() -> None:
    ticks, contacts = _pass_by(miss_mm=NEAR_SLACK / 2)
    assert contacts == 0
    # 0.3 m at 1 m/s: the pass comes in the tenth tick, and only there.
    assert 1 <= sum(ticks) <= 2 and not any(ticks[:5]) and not any(ticks[15:])


def test_a_hit_is_scanned_in_the_tick_it_comes_and_the_scan_goes_off_after() -> None:
    spots = {"sun": (0.0, 0.0), "earth": (0.31, -0.52), "mars.taw": (0.01, -0.52)}
    sim, rec = world(spots)
    with sim:
        sim.shoot("mars.taw", (1.0, 0.0))
        ticks = _scanned_ticks(sim)
    (hit,) = rec.of("contact")
    touch_tick = math.floor(hit.t / CONFIG.tick)   # 0.284 m, sliding then rolling from 1 m/s
    assert touch_tick == math.floor(when_flick_covers(1.0, 0.284)[0] / CONFIG.tick) and ticks[touch_tick]
    assert sum(ticks) <= 2 and ticks.index(True) >= touch_tick - 1


@pytest.mark.parametrize("direction", [95.0, 135.0, 180.0])
def test_a_taw_leaving_a_marble_it_presses_against_is_scanned_as_they_part(direction: float) -> None:
    # Resting bodies may overlap by up to 0.5 mm.  Shot sideways or away,
    # the taw is behind nothing on its path, yet it starts within reach of
    # Earth: the first tick must be scanned (Bullet steps it), and the push
    # Bullet may give as they part must move neither more than the reference
    # that scans every tick (which differs only by Bullet's float drift).
    r = LAYOUT.marble_radius
    spots = {"sun": (0.0, 0.0), "earth": (0.31, -0.52), "mars.taw": (0.31 - 2 * r + 0.0003, -0.52)}
    finals, scanned = [], []
    for kind in (Simulation, AlwaysScanning):
        with kind.from_positions(spots, LAYOUT, CONFIG) as sim:
            sim.shoot("mars.taw", shot_velocity(1.0, direction))
            scanned.append(_scanned_ticks(sim))
            finals.append(sim.positions())
    assert scanned[0][0] and not any(scanned[0][1:])
    gated, always = finals
    assert gated["earth"] == spots["earth"]
    assert math.dist(gated["mars.taw"], always["mars.taw"]) < _DRIFT_M


def test_a_body_that_stops_on_a_movers_path_is_asked_again() -> None:
    # A (moving +x, 1 mm a substep) looked when B was still moving, far off
    # its path; B then stops right on it.  The gate must see them meet.
    mirror = Mirror.from_arrays(["a", "b"], np.array([0j, 100 + 40j]), np.array([8.0, 8.0]))
    paths = Paths()
    paths.set("a", 0.0, 0.0, 0.0, 1.0, 0.0)
    paths.set("b", 0.0, 100.0, 40.0, 0.0, 0.5)
    assert paths.book(["a", "b"], mirror, 0.0, 17.0, fresh=True) == math.inf
    paths.set("b", 16.0, 60.0, 0.0, 0.0, 0.0)   # stopped: 60 mm ahead of A's start, on its path
    assert paths.book(["a"], mirror, 16.0, 33.0, fresh=False) == math.inf   # A at 16 mm: 28 mm short
    # A touches B at 44 mm (substep 44), so comes near the slack before
    assert paths.book(["a"], mirror, 32.0, 49.0, fresh=False) == pytest.approx(60.0 - 16.0 - NEAR_SLACK)
    assert paths.candidates("a") == ["b"]


@pytest.mark.parametrize("first_seed", [0, 70])
def test_a_gated_shot_meets_first_what_an_always_scanning_one_meets(first_seed: int) -> None:
    # Fuzz tables: homes, the Sun pressed against a planet, Saturn's cluster,
    # a knot round the Sun; speeds up to the cap.  The reference steps Bullet
    # through every tick, so it carries Bullet's single-precision drift
    # (quiet ticks do not, glide.py); after the first hit the two may part
    # as any two nearly equal shots do, so only the first hit is compared.
    compared = 0
    for seed in range(first_seed, first_seed + 70):
        case = build_case(seed, CONFIG.max_shot_speed)
        firsts = []
        for kind in (Simulation, AlwaysScanning):
            events: list = []
            with kind.from_positions(case.table, LAYOUT, CONFIG) as sim:
                sim.bus.subscribe(events.append)
                sim.shoot(taw_id(case.shooter), shot_velocity(case.speed, case.direction))
                sim.run_to_rest()
            firsts.append(next((e for e in events if e.kind == "contact"), None))
        gated, always = firsts
        assert (gated is None) == (always is None), f"seed {seed}"
        if always is None:
            continue
        assert (gated.a, gated.b) == (always.a, always.b), f"seed {seed}"
        assert gated.t == pytest.approx(always.t, abs=1e-5), f"seed {seed}"
        assert gated.impulse == pytest.approx(always.impulse, rel=0.02), f"seed {seed}"
        compared += 1
    assert compared > 20


def test_no_moving_body_touches_another_while_it_glides() -> None:
    # What lets a quiet stretch go unstepped (glide.py): the gate's promise,
    # checked on the straight paths against every body, over fuzz shots.
    glided = contacts = 0
    for seed in range(0, 60):
        case = build_case(seed, CONFIG.max_shot_speed)
        events: list = []
        with GlideCheckedSimulation.from_positions(case.table, LAYOUT, CONFIG) as sim:
            sim.bus.subscribe(events.append)
            sim.shoot(taw_id(case.shooter), shot_velocity(case.speed, case.direction))
            sim.run_to_rest()
            assert sim.problems == [], f"seed {seed}"
            glided += sim.glided
        contacts += len([e for e in events if e.kind == "contact"])
    assert glided > 10_000 and contacts > 25


def test_the_glide_check_sees_a_touch_the_gate_did_not_foresee() -> None:
    # A gate that never installs the scan glides the taw through Earth.
    class Blind(GlideCheckedSimulation):
        def _scan_while(self, first: float) -> None:
            super()._scan_while(math.inf)

    spots = {"sun": (0.0, 0.0), "earth": (0.31, -0.52), "mars.taw": (0.01, -0.52)}
    with Blind.from_positions(spots, LAYOUT, CONFIG) as sim:
        sim.shoot("mars.taw", (1.0, 0.0))
        sim.run_to_rest()
        assert any("mars.taw touches earth" in p for p in sim.problems)


def test_a_body_bullet_set_moving_unseen_is_found_before_the_rest_and_glides_on_its_own_path() -> None:
    # The rest check finds a body moving that no scan saw set moving (Bullet
    # may wake and push a resting one): it gets Bullet's path, and the gate
    # asks about it before it glides.
    spots = {"sun": (0.0, 0.0), "earth": (0.31, -0.52), "mars.taw": (-0.5, 0.3)}
    with GlideCheckedSimulation.from_positions(spots, LAYOUT, CONFIG) as sim:
        sim.shoot("mars.taw", (0.2, 0.0))
        sim.advance(0.2)
        earth = sim._bodies["earth"].node   # noqa: SLF001 - Bullet's unseen push, by hand
        earth.setLinearVelocity((-30.0, 0.0, 0.0))   # 3 cm/s toward the Sun, in Bullet's mm
        earth.setActive(True, True)
        rest = sim.run_to_rest()
        assert sim.problems == [] and sim.glided > 0
    moved = rest.positions["earth"][0] - spots["earth"][0]
    assert -0.05 < moved < -0.001   # it slid and rolled a little way, then stopped
