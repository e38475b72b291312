"""Editing the ground, reading poses, sampling frames, building worlds fast."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.physics import BodySpec, PhysicsError, PlacementError, Simulation, UnknownBodyError
from tests.physics.physics_kit import CAP, CONFIG, LAYOUT, aim, full_table, world


def test_from_positions_builds_every_body_where_it_was_asked() -> None:
    spots = full_table(LAYOUT)
    sim, rec = world(spots)
    got = sim.positions()
    assert list(got) == list(spots)
    for body_id, (x, y) in spots.items():
        assert got[body_id] == pytest.approx((x, y), abs=1e-6)
    ids, poses = sim.poses()
    assert ids == list(spots) and poses.shape == (len(spots), 7) and poses.dtype == np.float64
    assert np.allclose(poses[:, 3:], [1.0, 0.0, 0.0, 0.0])
    assert poses[ids.index("sun"), 2] == pytest.approx(LAYOUT.sun_radius)
    assert sim.is_at_rest() and rec.events == []


def test_overlapping_or_outside_bodies_are_refused() -> None:
    with pytest.raises(PlacementError, match="overlap"):
        Simulation.from_positions({"mars": (0.0, 0.0), "venus": (0.01, 0.0)})
    with pytest.raises(PlacementError, match="outside"):
        Simulation.from_positions({"mars": (LAYOUT.play_radius + 0.1, 0.0)})
    # Touching is fine.
    Simulation.from_positions({"mars": (0.0, 0.0), "venus": (0.016, 0.0)}).close()


def travel_of_flick(speed: float) -> float:
    from game.physics.motion import evolve, flick

    from tests.physics.physics_kit import ground_of

    return evolve(flick(speed, 0.0, 0.0, LAYOUT.marble_radius), ground_of("mars.taw"), 1e3)[0]


def test_place_remove_and_add_change_the_ground_between_shots() -> None:
    sim, rec = world({"sun": (0.0, 0.0), "mars": (0.2, 0.0)})
    sim.place("mars", (-0.2, 0.1))
    assert sim.positions()["mars"] == pytest.approx((-0.2, 0.1), abs=1e-6)
    with pytest.raises(PlacementError):
        sim.place("mars", (0.005, 0.0))
    sim.add(BodySpec.taw("mars.taw", (0.0, -0.3)))
    with pytest.raises(PlacementError):
        sim.add(BodySpec.taw("mars.taw", (0.0, 0.3)))
    sim.remove("sun")
    assert set(sim.positions()) == {"mars", "mars.taw"}
    with pytest.raises(UnknownBodyError):
        sim.remove("sun")
    # The added taw plays: shot straight up, it must not meet anything and stop on the y axis.
    sim.shoot("mars.taw", (0.0, 1.0))
    with pytest.raises(PhysicsError):
        sim.place("mars", (0.3, 0.3))
    rest = sim.run_to_rest()
    assert rest.positions["mars.taw"][0] == pytest.approx(0.0, abs=1e-6)
    assert rest.positions["mars.taw"][1] == pytest.approx(-0.3 + travel_of_flick(1.0), rel=0.03)
    assert rec.of("contact") == []


def test_frames_come_at_the_asked_rate_from_the_first_to_the_last_instant() -> None:
    sim, rec = world({"earth.taw": (0.0, 0.0)})
    times: list[float] = []
    sim.shoot("earth.taw", (1.2, 0.0))
    rest = sim.run_to_rest(on_frame=lambda t, ids, poses: times.append(t), frame_hz=30)
    assert times[0] == 0.0 and times[-1] == rest.t
    steps = np.diff(times[:-1])
    assert np.allclose(steps, 1 / 30)
    assert rest.t - times[-2] <= 1 / 30 + 1e-9
    assert len(set(times)) == len(times)


@pytest.mark.parametrize("dt, frame_hz", [(0.05, 60.0), (1 / 60, 30.0), (0.007, 20.0)])
def test_frames_through_advance_follow_the_clock(dt: float, frame_hz: float) -> None:
    sim, rec = world({"earth.taw": (0.0, 0.0)})
    times: list[float] = []
    sim.shoot("earth.taw", (1.0, 0.0))
    while not sim.advance(dt, on_frame=lambda t, ids, poses: times.append(t), frame_hz=frame_hz):
        pass
    assert times[0] == 0.0
    assert np.allclose(np.diff(times[:-1]), 1 / frame_hz)
    assert times[-1] == pytest.approx(sim.time)
    assert len(set(times)) == len(times)
    # Nothing more once at rest.
    sim.advance(0.1, on_frame=lambda t, ids, poses: times.append(t), frame_hz=frame_hz)
    assert times[-1] == pytest.approx(sim.time) and len(set(times)) == len(times)


def test_velocities_show_the_shot_and_fall_to_zero() -> None:
    sim, rec = world({"earth.taw": (0.0, 0.0)})
    sim.shoot("earth.taw", (0.6, -0.8))
    sim.advance(CONFIG.tick)
    vx, vy = sim.velocities()["earth.taw"]
    assert math.hypot(vx, vy) < 1.0 and vx / vy == pytest.approx(-0.75)
    sim.run_to_rest()
    assert sim.velocities()["earth.taw"] == (0.0, 0.0)


def test_a_speed_at_the_cap_crosses_at_most_a_radius_per_substep() -> None:
    assert CAP / CONFIG.substep_hz <= LAYOUT.marble_radius


def test_a_dropped_world_is_collected_in_the_middle_of_a_shot() -> None:
    import gc
    import weakref

    spots = full_table(LAYOUT)
    sim, rec = world(spots)
    sim.shoot("earth.taw", aim(spots["earth.taw"], spots["sun"], CAP))
    assert not sim.advance(CONFIG.tick)   # the per-substep callback is installed while the shot runs
    ref = weakref.ref(sim)
    del sim, rec
    gc.collect()
    assert ref() is None


def test_a_world_s_construction_sets_panda_s_bullet_switches_for_itself_alone():
    import threading

    from panda3d.core import ConfigVariableBool, ConfigVariableString

    from game.physics.world import bullet_world

    split = ConfigVariableBool("bullet-split-impulse", False)
    pair_filter = ConfigVariableString("bullet-filter-algorithm", "mask")
    before = (split.getValue(), pair_filter.getValue())
    bullet_world(split_impulse=True, pair_filter="groups-mask")
    assert (split.getValue(), pair_filter.getValue()) == before
    # Worlds built in several threads at once leave the switches as they found them.
    threads = [threading.Thread(target=bullet_world, kwargs={"split_impulse": k % 2 == 0}) for k in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert (split.getValue(), pair_filter.getValue()) == before


def _build_two_worlds_at_once(monkeypatch) -> list[tuple[bool, str]]:
    """Two threads build worlds with opposite switches, the first pausing inside ``BulletWorld()`` until the second
    has set its own (or 0.3 s, if the lock keeps it out); returned: the switches each construction saw, the second's
    first."""
    import threading

    from game.physics import world as world_module

    seen: list[tuple[bool, str]] = []
    inside, second_set, first_read = threading.Event(), threading.Event(), threading.Event()

    def switches() -> tuple[bool, str]:
        return world_module._SPLIT_IMPULSE.getValue(), world_module._FILTER.getValue()

    def fake_world() -> object:
        if not inside.is_set():   # the first construction: give the second thread its chance to set its own
            inside.set()
            second_set.wait(0.3)
            seen.append(switches())
            first_read.set()
        else:                     # the second: it stays inside until the first has read
            second_set.set()
            seen.append(switches())
            first_read.wait(5.0)
        return object()

    monkeypatch.setattr(world_module, "BulletWorld", fake_world)
    first = threading.Thread(target=world_module.bullet_world, kwargs={"split_impulse": True, "pair_filter": "groups-mask"})
    first.start()
    inside.wait(5.0)
    world_module.bullet_world(split_impulse=False, pair_filter="mask")
    first.join()
    return seen


def test_a_world_built_while_another_thread_builds_one_gets_its_own_switches(monkeypatch):
    # Panda reads the two switches inside ``BulletWorld()``: the lock keeps the second thread from setting its own
    # while the first construction reads them.
    seen = _build_two_worlds_at_once(monkeypatch)
    assert sorted(seen) == [(False, "mask"), (True, "groups-mask")]


def test_without_the_lock_a_world_would_be_built_with_another_thread_s_switches(monkeypatch):
    # The planted fault: the lock taken away, the first construction reads the second thread's switches.
    import contextlib

    from game.physics import world as world_module

    monkeypatch.setattr(world_module, "_SWITCHES", contextlib.nullcontext())
    seen = _build_two_worlds_at_once(monkeypatch)
    assert sorted(seen) != [(False, "mask"), (True, "groups-mask")]
    assert seen == [(False, "mask"), (False, "mask")]   # the second's, then the first reading the second's
