"""A marble's motion on the packed earth: sliding, then rolling, then at rest, solved exactly.

Pure Python (no Panda3D), SI units.  A ball of radius R has a horizontal
velocity v and a spin ω about a horizontal axis (spin about the vertical
axis is left out: it wears away without moving the ball, in the world as
on earth, ``resting.py``).  Its contact point
with the ground moves at the *slip* u = v + ω × (−R ẑ) = (vx − R ωy, vy + R ωx).

* **Sliding** (u ≠ 0): kinetic friction μs·m·g acts against û, which stays
  fixed while the ball slides.  So v changes by −μs·g·û per second, ω by
  (5/2)·μs·g/R per second about ẑ × û, and u by −(7/2)·μs·g·û: the slip ends
  exactly at t = 2|u| / (7 μs g), the instant of no slip.  A plain flick
  (ω = 0) slides 12 v² / (49 μs g) and leaves rolling at 5/7 of its speed.
* **Rolling** (u = 0): ω = ẑ × v / R, and rolling resistance takes μr·g
  off the speed each second until it stops.
* **At rest**: v = 0 and ω = 0.

``evolve`` gives the displacement and the state after any time, across the
phase changes, in closed form: the oracle Bullet's shots are held to (the
world itself is Bullet's, ``simulation.py``).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import NamedTuple

_SLIP_EPS = 1e-9    # m/s: a slip below this is rolling (float rounding of an exact roll)


class BallPhase(enum.Enum):
    """Where a ball is in its motion (a world's own phase is ``simulation.Phase``)."""

    SLIDING = "sliding"
    ROLLING = "rolling"
    AT_REST = "at rest"


@dataclass(slots=True, frozen=True)
class Ground:
    """How one ball moves on the earth: its radius and its two friction coefficients there."""

    radius_m: float
    mu_slide: float
    mu_roll: float
    g_mps2: float = 9.81


class BallState(NamedTuple):
    """A ball's horizontal velocity (m/s) and its spin about the horizontal axes (rad/s).

    A named tuple, not a frozen dataclass: the control tick and every hit
    make new states, and a tuple is built three times faster.
    """

    vx_mps: float
    vy_mps: float
    wx_radps: float = 0.0
    wy_radps: float = 0.0

    @property
    def speed_mps(self) -> float:
        return math.hypot(self.vx_mps, self.vy_mps)


REST = BallState(0.0, 0.0, 0.0, 0.0)
_state = tuple.__new__   # BallState's own constructor, without the keyword handling


def rolling_spin(vx_mps: float, vy_mps: float, radius_m: float) -> tuple[float, float]:
    """The spin (wx, wy) of a ball rolling without slipping at (vx, vy): ω = ẑ × v / R."""
    return (-vy_mps / radius_m, vx_mps / radius_m)


def flick(vx_mps: float, vy_mps: float, spin: float, radius_m: float) -> BallState:
    """A thumb's flick at (vx, vy) with ``spin`` in [-1, 1] of the rolling spin (1 topspin, -1 backspin)."""
    wx, wy = rolling_spin(vx_mps, vy_mps, radius_m)
    return BallState(vx_mps, vy_mps, spin * wx, spin * wy)


def slip(state: BallState, radius_m: float) -> tuple[float, float]:
    """The velocity of the ball's contact point over the ground."""
    return (state.vx_mps - radius_m * state.wy_radps, state.vy_mps + radius_m * state.wx_radps)


def phase(state: BallState, ground: Ground) -> BallPhase:
    ux, uy = slip(state, ground.radius_m)
    if math.hypot(ux, uy) > _SLIP_EPS:
        return BallPhase.SLIDING
    return BallPhase.ROLLING if (state.vx_mps or state.vy_mps) else BallPhase.AT_REST


def time_to_roll(state: BallState, ground: Ground) -> float:
    """Seconds until the contact point stops slipping (0 if it does not slip)."""
    ux, uy = slip(state, ground.radius_m)
    u = math.hypot(ux, uy)
    return 0.0 if u <= _SLIP_EPS else 2.0 * u / (7.0 * ground.mu_slide * ground.g_mps2)


def evolve(state: BallState, ground: Ground, dt: float) -> tuple[float, float, BallState]:
    """The displacement (m) over ``dt`` seconds and the state then, across sliding, rolling and rest."""
    r = ground.radius_m
    dx = dy = 0.0
    vx, vy, wx, wy = state
    left = dt
    ux, uy = vx - r * wy, vy + r * wx
    u = math.hypot(ux, uy)
    if u > _SLIP_EPS:
        a = ground.mu_slide * ground.g_mps2
        t_roll = 2.0 * u / (7.0 * a)
        tau = t_roll if t_roll < left else left
        ex, ey = ux / u, uy / u
        dx += vx * tau - 0.5 * a * ex * tau * tau
        dy += vy * tau - 0.5 * a * ey * tau * tau
        vx -= a * ex * tau
        vy -= a * ey * tau
        if tau < t_roll:
            spin = 2.5 * a * tau / r
            return dx, dy, _state(BallState, (vx, vy, wx - spin * ey, wy + spin * ex))
        left -= tau   # the instant of no slip: rolling from here
    s = math.hypot(vx, vy)
    if s == 0.0:
        return dx, dy, REST
    a = ground.mu_roll * ground.g_mps2
    t_stop = s / a
    if left >= t_stop:
        d = 0.5 * s * t_stop
        return dx + vx / s * d, dy + vy / s * d, REST
    d = s * left - 0.5 * a * left * left
    ex, ey = vx / s, vy / s
    s_after = s - a * left
    vx, vy = ex * s_after, ey * s_after
    return dx + ex * d, dy + ey * d, _state(BallState, (vx, vy, -vy / r, vx / r))


def time_to_cover(state: BallState, ground: Ground, distance_m: float) -> tuple[float, BallState]:
    """The time a ball set off in ``state`` has gone ``distance_m`` along its path, and its state then.

    ``evolve`` gives the place from the time; here the time is found from
    the place by bisection (100 halvings of 60 s, to float precision).
    (inf, ``REST``) if the ball rests first.
    """
    lo, hi = 0.0, 60.0
    if math.hypot(*evolve(state, ground, math.inf)[:2]) < distance_m:
        return math.inf, REST
    for _ in range(100):
        mid = 0.5 * (lo + hi)
        if math.hypot(*evolve(state, ground, mid)[:2]) < distance_m:
            lo = mid
        else:
            hi = mid
    return hi, evolve(state, ground, hi)[2]


def energy_j(state: BallState, mass_kg: float, radius_m: float) -> float:
    """Kinetic energy of translation and of the horizontal spin (a solid sphere: I = 2/5 m R²)."""
    v2 = state.vx_mps ** 2 + state.vy_mps ** 2
    w2 = state.wx_radps ** 2 + state.wy_radps ** 2
    return 0.5 * mass_kg * v2 + 0.2 * mass_kg * radius_m * radius_m * w2


def travel_m(speed_mps: float, ground: Ground, spin: float = 0.0) -> float:
    """How far a ball set off at ``speed_mps`` with ``spin`` (as ``flick``'s) goes before it rests."""
    return evolve(flick(speed_mps, 0.0, spin, ground.radius_m), ground, math.inf)[0]


def flick_speed_for(arrive_mps: float, distance_m: float, ground: Ground) -> float:
    """The speed of a plain flick that arrives ``distance_m`` away at ``arrive_mps`` (sliding, then rolling).

    While it slides its speed falls as v² = V² − 2 μs g d, over the first
    12 V² / (49 μs g); then it rolls on from 5/7 V, v² falling by 2 μr g a metre.
    """
    mu_s_g = ground.mu_slide * ground.g_mps2
    mu_r_g = ground.mu_roll * ground.g_mps2
    sliding = math.sqrt(arrive_mps * arrive_mps + 2.0 * mu_s_g * distance_m)
    if distance_m <= 12.0 * sliding * sliding / (49.0 * mu_s_g) and arrive_mps >= 5.0 / 7.0 * sliding:
        return sliding
    k = 25.0 / 49.0 + 24.0 * ground.mu_roll / (49.0 * ground.mu_slide)
    return math.sqrt((arrive_mps * arrive_mps + 2.0 * mu_r_g * distance_m) / k)
