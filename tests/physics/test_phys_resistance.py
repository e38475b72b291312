"""Rolling resistance and spin about the vertical: the laws on plain data, and Bullet's shots held to them.

The resistance is a force mu_r m g at the centre and a torque 2/5 mu_r m g R,
which slow a rolling ball at mu_r g and keep it rolling with no help from the
ground's friction; spin about the vertical wears away at 5/2 mu_r g / R and
never moves a ball.  Bullet decides every shot; these are the oracles.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest
from panda3d.core import Vec3

from game.physics import PhysicsConfig, Simulation
from game.physics.materials import GLASS, spec_for
from game.physics.motion import Ground, travel_m
from game.physics.resting import _drill, _resistance
from game.physics.units import BULLET_UNIT
from game.rules.layout import Layout

LAYOUT = Layout()
WIDE = PhysicsConfig(play_radius=30.0)   # room for the longest roll (12 m at the cap with topspin)
GROUND = Ground(LAYOUT.marble_radius, GLASS.sliding_friction, GLASS.rolling_resistance, 9.81)
G = 9.81 * BULLET_UNIT


def _marble() -> SimpleNamespace:
    """A marble as the control tick sees one: its spec and radius (Bullet units)."""
    spec = spec_for("mars", (0.0, 0.0), LAYOUT)
    return SimpleNamespace(spec=spec, radius=spec.radius * BULLET_UNIT)


def test_the_resistance_slows_a_rolling_ball_at_mu_r_g_and_keeps_it_rolling():
    ball = _marble()
    m, r = ball.spec.mass, ball.radius
    speed = 1000.0   # mm/s along +x
    fx, fy, tx, ty = _resistance(ball, speed, 0.0, speed, GLASS.rolling_resistance * G, 0.0, None, G, 1 / 60)
    # the force slows it at mu_r g, along its way
    assert -fx / m == pytest.approx(GLASS.rolling_resistance * G) and fy == pytest.approx(0.0)
    # the torque slows its spin (-y for a roll along +x... spin wy = v / r) at the same rate over r
    assert ty / (0.4 * m * r * r) == pytest.approx(fx / m / r)
    assert tx == pytest.approx(0.0)


def test_the_resistance_stops_a_slow_ball_at_the_call_s_end_not_past_it():
    ball = _marble()
    tick = 1 / 60
    speed = 0.3 * GLASS.rolling_resistance * G * tick   # it would stop in a third of the call
    fx, *_ = _resistance(ball, speed, 0.0, speed, GLASS.rolling_resistance * G, 0.0, None, G, tick)
    assert -fx / ball.spec.mass * tick == pytest.approx(speed)


@pytest.mark.parametrize("spin", [45.0, -90.0, 1e-3])
def test_spin_about_the_vertical_wears_away_at_five_halves_mu_r_g_over_r(spin: float):
    ball = _marble()
    tick = 1 / 60
    tx, ty, tz = _drill(ball, spin, 0.0, 0.0, 1.0, G, tick)
    rate = -tz / (0.4 * ball.spec.mass * ball.radius ** 2)
    assert tx == ty == 0.0
    assert rate * tick == pytest.approx(math.copysign(min(abs(spin), 2.5 * GLASS.rolling_resistance * G
                                                          / ball.radius * tick), spin))
    assert _drill(ball, 0.0, 0.0, 0.0, 1.0, G, tick) is None


def _flick(speed: float, spin: float, vertical_spin: float = 0.0) -> tuple[float, float]:
    """Where a lone taw flicked along +x from (0, -0.3) rests: (distance along, distance off the line), metres."""
    with Simulation.from_positions({"sun": (0.0, 0.0), "mars.taw": (0.0, -0.3)}, LAYOUT, WIDE) as sim:
        sim.shoot("mars.taw", (speed, 0.0), spin=spin)
        if vertical_spin:
            node = sim._bodies["mars.taw"].node
            w = node.getAngularVelocity()
            node.setAngularVelocity(Vec3(w[0], w[1], vertical_spin))
        x, y = sim.run_to_rest().positions["mars.taw"]
    return x, y + 0.3


@pytest.mark.parametrize("spin", [-1.0, 0.0, 1.0])
@pytest.mark.parametrize("speed", [0.2, 0.5, 1.0, 2.0, 3.8])
def test_every_lone_flick_lands_within_three_percent_of_the_law(speed: float, spin: float):
    along, across = _flick(speed, spin)
    law = travel_m(speed, GROUND, spin)
    assert along == pytest.approx(law, rel=0.03, abs=0.001)
    assert abs(across) < 1e-6


@pytest.mark.parametrize("vertical_spin", [45.0, 90.0, -90.0])
@pytest.mark.parametrize("speed", [0.2, 0.42, 1.0])
def test_a_rolling_marble_spun_about_the_vertical_travels_the_law_on_its_line(speed: float, vertical_spin: float):
    # The audit: 45 rad/s on a 0.42 m/s roll went 1.44 times the law, 90 rad/s 2.01 times.
    along, across = _flick(speed, 1.0, vertical_spin)
    assert along == pytest.approx(travel_m(speed, GROUND, 1.0), rel=0.03)
    assert abs(across) < 0.001


def test_a_slow_topspin_flick_is_resisted_from_the_first_call():
    # Unresisted in the first call, a 0.2 m/s roll went 10% past the law.
    along, _ = _flick(0.2, 1.0)
    assert along == pytest.approx(travel_m(0.2, GROUND, 1.0), rel=0.01)
