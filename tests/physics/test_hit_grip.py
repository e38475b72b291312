"""Bullet's friction at a hit is the law's (``hit_grip``): a spun hit at the cap no longer throws a ball up."""

from __future__ import annotations

import pytest
from panda3d.bullet import BulletRigidBodyNode
from panda3d.core import Vec3

from game.physics import PhysicsConfig, Simulation, hit_grip
from game.physics.materials import BodySpec
from game.rules.layout import Layout

R = Layout().marble_radius


def _highest_rise_mm(target: BodySpec, spin: float, watch: str) -> float:
    """A taw at the cap with ``spin``, 0.1 m from ``target`` full on: how high ``watch`` rises above its rest (mm)."""
    taw = BodySpec.taw("mercury.taw", (0.0, 0.0))
    sim = Simulation([taw, target], PhysicsConfig.for_layout(Layout()))
    rest = {}
    top = 0.0

    def on_frame(_t, ids, poses):
        nonlocal top
        for i, bid in enumerate(ids):
            rest.setdefault(bid, poses[i, 2])
            if bid == watch:
                top = max(top, poses[i, 2] - rest[bid])
    with sim:
        sim.shoot("mercury.taw", (3.8, 0.0), spin=spin)
        sim.run_to_rest(on_frame=on_frame, frame_hz=240.0)
    return top * 1000


SHOTS = [
    pytest.param(lambda: BodySpec.marble("mars.1", (0.1, 0.0)), -1.0, "mars.1", id="backspin lifts the struck marble"),
    pytest.param(lambda: BodySpec.sun((0.1, 0.0)), 1.0, "mercury.taw", id="topspin lifts the taw off the Sun"),
]


@pytest.mark.parametrize("target, spin, watch", SHOTS)
def test_a_spun_hit_at_the_cap_lifts_no_ball_a_millimetre(target, spin, watch):
    assert _highest_rise_mm(target(), spin, watch) < 1.0


@pytest.mark.parametrize("target, spin, watch", SHOTS)
def test_with_bullet_s_constant_grip_the_same_hit_throws_a_ball_millimetres_up(monkeypatch, target, spin, watch):
    monkeypatch.setattr(hit_grip.HitGrip, "arm", lambda self, *nodes: None)   # the planted fault: the hook never asked
    assert _highest_rise_mm(target(), spin, watch) > 3.0


def test_the_slide_at_a_full_hit_of_a_rolling_ball_on_a_still_one_is_its_speed():
    a, b = BulletRigidBodyNode("a"), BulletRigidBodyNode("b")
    a.setLinearVelocity(Vec3(1000.0, 0.0, 0.0))    # rolling along +x: spin about +y at v / R
    a.setAngularVelocity(Vec3(0.0, 1000.0 / 8.0, 0.0))
    slip = hit_grip.surface_slip(a, b, Vec3(-1.0, 0.0, 0.0), 8.0, 8.0)   # b ahead of a: the normal on b points to a
    assert slip == pytest.approx(1000.0)   # its front slides down at v against b's still surface
    a.setAngularVelocity(Vec3(0.0, 0.0, 0.0))
    assert hit_grip.surface_slip(a, b, Vec3(-1.0, 0.0, 0.0), 8.0, 8.0) == pytest.approx(0.0)   # unspun, full on


def test_the_hook_is_set_through_a_world_of_its_own_so_no_game_world_s_solver_changes():
    sim = Simulation([BodySpec.taw("mercury.taw", (0.0, 0.0))], PhysicsConfig.for_layout(Layout()))
    with sim:
        assert hit_grip._hook_world is not None and hit_grip._hook_world is not sim._world
