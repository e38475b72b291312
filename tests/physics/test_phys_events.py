"""The event stream: what the referee sees of a shot."""

from __future__ import annotations

import math

import pytest

from game.physics import PhysicsConfig, ShotError, Simulation, UnknownBodyError, shot_velocity
from game.rules.events import AllAtRest, Contact, ShotStarted
from tests.physics.physics_kit import CAP, LAYOUT, aim, full_table, world, when_flick_covers


def test_a_shot_starts_with_shot_started_and_ends_with_exactly_one_rest() -> None:
    sim, rec = world({"sun": (0.0, 0.0), "earth.taw": (-0.2, 0.0)})
    started = sim.shoot("earth.taw", (2.0, 0.0))
    rest = sim.run_to_rest()
    assert rec.events[0] == started
    assert started == ShotStarted(0.0, "earth.taw", pytest.approx((-0.2, 0.0), abs=1e-6), (2.0, 0.0))
    assert rec.of("all_at_rest") == [rest]
    assert rec.events[-1] is rest
    # Asking again publishes nothing more.
    assert sim.run_to_rest() is rest
    assert sim.advance(0.5) is True
    assert rec.of("all_at_rest") == [rest]
    # A second shot gets its own, single rest.
    sim.shoot("earth.taw", (0.0, 1.0))
    second = sim.run_to_rest()
    assert rec.of("all_at_rest") == [rest, second]
    assert rec.of("shot_started")[1].t == 0.0


def test_rest_fires_once_through_advance_at_any_frame_rate() -> None:
    sim, rec = world({"mars": (0.0, 0.0), "earth.taw": (0.0, -0.3)})
    sim.shoot("earth.taw", (0.0, 2.5))
    done = [sim.advance(dt) for dt in [0.007, 0.031, 0.0001, 0.016] * 200]
    assert done[-1] is True
    first = done.index(True)
    assert all(done[first:])
    assert len(rec.of("all_at_rest")) == 1


def test_all_at_rest_lists_every_body_still_on_the_ground_where_it_stopped() -> None:
    spots = full_table(LAYOUT)
    sim, rec = world(spots)
    sim.shoot("earth.taw", aim(spots["earth.taw"], spots["sun"], CAP))
    rest = sim.run_to_rest()
    assert set(rest.positions) == set(spots) - {e.body for e in rec.of("body_out")}
    assert rest.positions == sim.positions()
    assert all(v == (0.0, 0.0) for v in sim.velocities().values())
    assert sim.is_at_rest()


def test_contacts_name_the_two_bodies_that_met_with_a_positive_impulse() -> None:
    # The taw strikes Mars, which runs on into Jupiter; the taw never touches Jupiter.
    spots = {"earth.taw": (-0.3, 0.0), "mars": (0.0, 0.0), "jupiter": (0.1, 0.0)}
    sim, rec = world(spots)
    sim.shoot("earth.taw", (2.0, 0.0))
    sim.run_to_rest()
    contacts = rec.of("contact")
    pairs = [frozenset((c.a, c.b)) for c in contacts]
    assert pairs[0] == {"earth.taw", "mars"}
    assert frozenset(("mars", "jupiter")) in pairs
    assert frozenset(("earth.taw", "jupiter")) not in pairs
    assert all(c.impulse > 0 and c.a != c.b for c in contacts)
    assert [c.t for c in contacts] == sorted(c.t for c in contacts)
    first = contacts[0]
    # The taw (r 8 mm) touches Mars's surface on the line of fire, within a
    # substep's travel (Bullet finds a touch up to a substep late) and 3% of
    # the closed-form time.
    assert first.position[0] == pytest.approx(-0.008, abs=2.0 / 480)
    assert first.t == pytest.approx(when_flick_covers(2.0, 0.3 - 0.016)[0], rel=0.03)


def test_a_body_that_leaves_the_circle_is_published_once_and_taken_away() -> None:
    edge = LAYOUT.play_radius - 0.3
    sim, rec = world({"sun": (0.0, 0.0), "earth.taw": (edge, 0.0)})
    sim.shoot("earth.taw", (CAP, 0.0))
    rest = sim.run_to_rest()
    outs = rec.of("body_out")
    assert len(outs) == 1 and outs[0].body == "earth.taw"
    assert math.hypot(*outs[0].position) > LAYOUT.play_radius
    assert "earth.taw" not in sim.positions() and "earth.taw" not in rest.positions
    assert "earth.taw" not in sim
    assert rec.events.index(outs[0]) < rec.events.index(rest)
    with pytest.raises(UnknownBodyError):
        sim.shoot("earth.taw", (1.0, 0.0))


def test_the_shot_time_bound_stops_everything_and_rests() -> None:
    sim, rec = world({"mars": (0.0, 0.0)}, PhysicsConfig(max_shot_time=0.5))
    sim.shoot("mars", (1.0, 0.0))
    rest = sim.run_to_rest()
    assert rest.t == pytest.approx(0.5, abs=sim.config.tick)
    assert sim.velocities()["mars"] == (0.0, 0.0)
    assert 0.3 < rest.positions["mars"][0] < 0.5
    sim.shoot("mars", (1.0, 0.0))
    assert sim.run_to_rest(max_time=0.25).t == pytest.approx(0.25, abs=sim.config.tick)


@pytest.mark.parametrize(
    "velocity",
    [(CAP * 1.01, 0.0), (3.0, 3.0), (float("nan"), 0.0), (0.0, float("inf")), ("fast", 0.0)],
)
def test_shots_above_the_cap_or_not_finite_are_refused(velocity) -> None:
    sim, rec = world({"earth.taw": (0.0, 0.0)})
    with pytest.raises(ShotError):
        sim.shoot("earth.taw", velocity)
    assert rec.events == [] and sim.is_at_rest()


def test_a_shot_at_exactly_the_cap_is_allowed_and_errors_are_value_errors() -> None:
    sim, rec = world({"earth.taw": (0.0, 0.0)})
    sim.shoot("earth.taw", shot_velocity(CAP, 33.0))
    with pytest.raises(ShotError, match="already running"):
        sim.shoot("earth.taw", (1.0, 0.0))
    assert issubclass(ShotError, ValueError)
    for bad in (-1.0, float("nan")):
        with pytest.raises(ShotError):
            shot_velocity(bad, 0.0)


def test_each_world_has_its_own_bus_and_interleaved_worlds_do_not_leak() -> None:
    spots = full_table(LAYOUT)
    shot = ("earth.taw", aim(spots["earth.taw"], spots["sun"], CAP))

    def alone() -> list:
        sim, rec = world(spots)
        sim.shoot(*shot)
        sim.run_to_rest()
        return rec.events

    expected = alone()
    live, live_rec = world(spots)
    plans = [world(spots) for _ in range(3)]
    live.shoot(*shot)
    for plan, _ in plans:
        plan.shoot(*shot)
    while not live.is_at_rest():
        live.advance(1 / 60)
        for plan, _ in plans:
            plan.advance(1 / 37)
    for plan, _ in plans:
        plan.run_to_rest()
    assert live_rec.events == expected
    for _, rec in plans:
        assert rec.events == expected
    assert len(expected) >= 3 and isinstance(expected[-1], AllAtRest)
    assert any(isinstance(e, Contact) for e in expected)


def test_a_closed_world_refuses_work() -> None:
    sim, rec = world({"earth.taw": (0.0, 0.0)})
    sim.close()
    sim.close()
    with pytest.raises(ValueError):
        sim.shoot("earth.taw", (1.0, 0.0))
    with Simulation.from_positions({"mars": (0.0, 0.0)}) as other:
        other.shoot("mars", (0.5, 0.0))
        assert isinstance(other.run_to_rest(), AllAtRest)
