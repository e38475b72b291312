"""The hat drop (rule 1) runs on a shot's engine: the same world, ground, bodies and control tick; bounded; at rest."""

from __future__ import annotations

import pytest

from game.physics import BodySpec, PhysicsConfig, Simulation
from game.physics import hat_world
from game.physics.ground import GROUND_NAME, Plane
from game.physics.hat_world import HatWorld
from game.physics.materials import Material
from game.physics.terrain import Terrain
from game.rules.layout import Layout

LAYOUT = Layout()
GROUNDS = [Terrain(), Terrain.rough(3.0, 2)]


def _traits(world) -> tuple[set[tuple], tuple[float, float, float]]:
    """What Bullet is told of every body of ``world``: ground or not, mass, restitution, friction, continuous
    collision detection, contact threshold, sleep thresholds, collide mask; and gravity."""
    out = set()
    for node in world.getRigidBodies():
        out.add((node.getName() == GROUND_NAME, round(node.getMass(), 9), node.getRestitution(), node.getFriction(),
                 node.getCcdMotionThreshold(), node.getCcdSweptSphereRadius(), node.getContactProcessingThreshold(),
                 node.getLinearSleepThreshold(), node.getAngularSleepThreshold(),
                 node.getIntoCollideMask().getWord()))
    return out, tuple(world.getGravity())


def _hat(ground: Terrain) -> HatWorld:
    hat = HatWorld(LAYOUT.play_radius, ground)
    hat.add(BodySpec.sun((0.0, 0.0), LAYOUT))
    hat.add(BodySpec.marble("hat:ann", (0.03, 0.0), LAYOUT), 0.05, (0.2, 0.1))
    return hat


def _shot_world_traits(ground: Terrain):
    config = PhysicsConfig.for_layout(LAYOUT, ground=ground)
    with Simulation.from_positions({"sun": (0.0, 0.0), "mars.taw": (0.3, 0.0)}, LAYOUT, config) as sim:
        return _traits(sim._world)


@pytest.mark.parametrize("ground", GROUNDS)
def test_the_hat_world_is_a_shot_s_world_on_the_same_ground(ground):
    hat = _hat(ground)
    try:
        got = _traits(hat._world)
    finally:
        hat.close()
    want = _shot_world_traits(ground)
    assert got == want
    earth = [t for t in got[0] if t[0]]
    assert earth and all(t[2] == 0.0 and t[3] == pytest.approx(4.0 / 3.0) for t in earth)   # earth: no bounce
    assert all(t[4] == 0.0 for t in got[0])   # no continuous collision detection: the game world has none


def test_a_hat_world_with_its_own_numbers_is_told_apart(monkeypatch):
    # Planted faults: the old hat's bouncy earth, and continuous collision detection on its marbles.
    bouncy = Material("packed earth", restitution=0.45, friction=0.8, rolling_resistance=1.0)
    monkeypatch.setattr(hat_world, "new_ground", lambda config: Plane(config.ground, bouncy))
    hat = _hat(Terrain())
    try:
        assert _traits(hat._world) != _shot_world_traits(Terrain())
    finally:
        hat.close()
    monkeypatch.undo()
    real = hat_world.make_body

    def with_ccd(*args):
        body = real(*args)
        body.node.setCcdMotionThreshold(body.radius * 0.5)
        return body

    monkeypatch.setattr(hat_world, "make_body", with_ccd)
    hat = _hat(Terrain())
    try:
        assert _traits(hat._world) != _shot_world_traits(Terrain())
    finally:
        hat.close()


@pytest.mark.parametrize("ground", GROUNDS)
def test_the_drop_ends_with_every_body_at_rest(ground):
    hat = _hat(ground)
    try:
        t = hat.run_to_rest(None, 60.0)
        assert 0.1 < t < hat_world.MAX_TIME
        assert not any(body.node.isActive() for body in hat._bodies.values())
    finally:
        hat.close()


def test_a_drop_still_moving_at_the_bound_is_put_to_rest_there(monkeypatch):
    monkeypatch.setattr(hat_world, "MAX_TIME", 0.1)   # the marble is still in the air then
    hat = _hat(Terrain())
    try:
        assert hat.run_to_rest(None, 60.0) == pytest.approx(0.1, abs=1.0 / 60.0)
        assert not any(body.node.isActive() for body in hat._bodies.values())
    finally:
        hat.close()


def test_a_marble_leaving_the_circle_leaves_the_world_where_it_crossed():
    hat = HatWorld(0.1, Terrain())
    try:
        hat.add(BodySpec.sun((0.0, 0.0), LAYOUT))
        hat.add(BodySpec.marble("hat:ann", (0.05, 0.0), LAYOUT), 0.01, (1.0, 0.0))
        hat.run_to_rest(None, 60.0)
        x, y = hat.positions()["hat:ann"]
        assert 0.1 < x < 0.13 and abs(y) < 1e-3   # the call it crossed in: at most 1.0 m/s x 1/60 s beyond
        assert "hat:ann" not in hat._bodies and hat.poses()[1][1, 0] == x
    finally:
        hat.close()
