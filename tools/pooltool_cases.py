"""The standard set both engines play, our bodies as pooltool is given them, and the figures each shot yields.

Pure Python over ``game.physics``'s pure modules (no Panda3D): the shots
are plain data, the bodies are read from ``game/physics`` (``BodySpec``,
``materials.py``) every time, never copied, and the figures of a shot
(``figures``) are computed the same way from any engine's ``Outcome``.
``tools/pooltool_compare.py`` plays the set; ``docs/physics.md``
("A second oracle: pooltool") keeps its table.

Every shot starts the taw at the origin, flicked along +x with ``spin`` in
[-1, 1] of the rolling spin (``Simulation.shoot``'s meaning).  A struck ball
lies so that the taw touches it after ``run_up`` metres, the line of centres
then ``asin(offset)`` off the taw's line (``offset`` 0: full on; 0.5: a
half-ball cut; fullness is 1 - offset).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from typing import Mapping

from game.physics.hit_friction import curve_terms
from game.physics.impulse_law import Ball
from game.physics.materials import BodySpec, Material
from game.physics.motion import Ground, flick

from game.rules.layout import Point

TAW = "taw"
STRUCK = "ball"   # a glass ball struck by the taw
SUN = "sun"       # the lead Sun struck by the taw
GRAVITY = 9.81    # m/s², ``PhysicsConfig.gravity``'s default (read by the caller from the config)


class Group(enum.Enum):
    """What a shot tests, and so which figures it yields."""

    FLICK = "flick"     # a lone taw: how far it goes
    CUT = "cut"         # glass on glass, off centre
    SUN = "sun"         # glass on the lead Sun
    SPIN = "spin"       # glass on glass, full on: follow, stop, draw


@dataclass(frozen=True)
class Shot:
    """One shot of the standard set."""

    name: str
    group: Group
    speed: float                 # m/s, along +x
    spin: float = 0.0            # of the rolling spin, as ``Simulation.shoot``
    struck: str | None = None    # STRUCK (glass) or SUN (lead); None for a lone flick
    offset: float = 0.0          # sin of the line of centres' angle off the taw's line at the touch
    run_up: float = 0.0          # m the taw goes before it touches

    def struck_at(self, bodies: Mapping[str, BodySpec]) -> Point:
        """Where the struck ball lies (the taw touches it at (run_up, 0))."""
        assert self.struck is not None
        reach = bodies[TAW].radius + bodies[self.struck].radius
        return (self.run_up + reach * math.sqrt(1.0 - self.offset ** 2), reach * self.offset)

    def specs(self, bodies: Mapping[str, BodySpec]) -> list[BodySpec]:
        """The bodies on the ground for this shot, the taw first."""
        out = [_placed(bodies[TAW], (0.0, 0.0))]
        if self.struck is not None:
            out.append(_placed(bodies[self.struck], self.struck_at(bodies)))
        return out


def _placed(spec: BodySpec, where: Point) -> BodySpec:
    return BodySpec(spec.id, spec.radius, spec.mass, spec.material, where)


# A taw that touches after this run-up arrives sliding, all but unspun:
# what the cut law (``impulse_law.cut_angle_deg``) assumes.
SHORT_RUN_UP = 0.001
# A full hit's struck ball lies this far (of the sum of radii: 0.16 µm) off
# the taw's line.  pooltool 0.6.0 resolves a dead-straight hit again at the
# same instant, for ever (its ``make_kiss`` drops the root at t = 0 as 0/0);
# both engines play the same 0.16 µm.
FULL_ON = 1e-5
FLICK_SPEEDS = (0.2, 0.5, 1.0, 2.0, 3.8)
SPINS = (-1.0, 0.0, 1.0)
CUT_FULLNESS = (1.0, 0.75, 0.5, 0.25, 0.125)
CUT_SPEEDS = (1.0, 3.8)


def standard_set() -> list[Shot]:
    """Flicks at five speeds and three spins; cuts at five fullnesses and two speeds; glass on the Sun;
    a follow, a stop and a draw."""
    shots = [Shot(f"flick {v:.1f} m/s spin {s:+.0f}", Group.FLICK, v, s) for v in FLICK_SPEEDS for s in SPINS]
    shots += [Shot(f"cut {f:g} full {v:.1f} m/s", Group.CUT, v, 0.0, STRUCK, 1.0 - f or FULL_ON, SHORT_RUN_UP)
              for v in CUT_SPEEDS for f in CUT_FULLNESS]
    shots += [Shot(f"sun {kind} {v:.1f} m/s", Group.SUN, v, 0.0, SUN, offset, SHORT_RUN_UP)
              for kind, offset in (("head-on", FULL_ON), ("half-ball", 0.5)) for v in (1.0, 3.8)]
    shots += [Shot("follow 2.0 m/s", Group.SPIN, 2.0, 1.0, STRUCK, FULL_ON, 0.1),
              Shot("stop 2.0 m/s", Group.SPIN, 2.0, 0.0, STRUCK, FULL_ON, SHORT_RUN_UP),
              Shot("draw 2.0 m/s", Group.SPIN, 2.0, -1.0, STRUCK, FULL_ON, 0.1)]
    return shots


def our_bodies() -> dict[str, BodySpec]:
    """The taw, a glass ball and the Sun as the game makes them (``BodySpec``): radii, masses, materials."""
    return {TAW: BodySpec.taw(TAW, (0.0, 0.0)), STRUCK: BodySpec.marble(STRUCK, (0.0, 0.0)),
            SUN: BodySpec.sun((0.0, 0.0))}


def spinning_friction(material: Material) -> float:
    """Our coefficient of friction for spin about the ground's normal: the rolling resistance.

    On rough earth ``resting.py`` wears that spin down at 5/2 mu_r g / R,
    which is pooltool's spinning law, 5/2 u_sp g / R, with u_sp = mu_r (on
    the level plane nothing wears it: docs/physics.md, "A second oracle").
    """
    return material.rolling_resistance


def ground_of(spec: BodySpec, gravity: float) -> Ground:
    """How ``spec`` slides and rolls on the earth (``motion.Ground``)."""
    return Ground(spec.radius, spec.material.sliding_friction, spec.material.rolling_resistance, gravity)


def ball_of(spec: BodySpec) -> Ball:
    """What a hit knows of ``spec`` (``impulse_law.Ball``)."""
    return Ball(spec.mass, spec.material.restitution, spec.material.friction)


def pooltool_bodies(bodies: Mapping[str, BodySpec]) -> dict[str, dict[str, float]]:
    """Our bodies as pooltool's ball parameters take them (by material: glass, lead)."""
    out = {}
    for spec in bodies.values():
        m = spec.material
        out[m.name] = {"radius": spec.radius, "mass": spec.mass, "sliding": m.sliding_friction,
                       "rolling": m.rolling_resistance, "spinning": spinning_friction(m),
                       "restitution": m.restitution, "friction": m.friction}
    return out


def glass_pair(bodies: Mapping[str, BodySpec]) -> dict[str, object]:
    """Glass on glass as Bullet combines it (a product): pooltool's ``e_b`` and ``u_b`` for the pair, and the curve
    its Alciatore friction falls along with the slide (``hit_friction.curve_terms``, as ``hit_grip`` hands Bullet)."""
    a, b = bodies[TAW].material, bodies[STRUCK].material
    still = a.friction * b.friction
    return {"restitution": a.restitution * b.restitution, "friction": still, "curve": list(curve_terms(still))}


@dataclass(frozen=True)
class Launch:
    """A ball's place and first state: velocity (x, y) and spin (x, y, z)."""

    xy: Point
    v: Point
    w: tuple[float, float, float]

    def as_json(self, ball_id: str, body: str) -> dict[str, object]:
        return {"id": ball_id, "body": body, "xy": list(self.xy), "v": list(self.v), "w": list(self.w)}


def taw_launch(shot: Shot, bodies: Mapping[str, BodySpec]) -> Launch:
    """The taw as ``Simulation.shoot`` sets it off: along +x, spin times the rolling spin."""
    state = flick(shot.speed, 0.0, shot.spin, bodies[TAW].radius)
    return Launch((0.0, 0.0), (state.vx_mps, state.vy_mps), (state.wx_radps, state.wy_radps, 0.0))


def pooltool_cases(shots: list[Shot], bodies: Mapping[str, BodySpec], gravity: float,
                   sun_launches: Mapping[str, Launch]) -> dict[str, object]:
    """The cases pooltool plays (``tools/pooltool_side.py``'s input).

    pooltool's hits assume two balls of one mass and one radius, so the
    lead Sun is never struck there: for a ``Group.SUN`` shot pooltool plays
    the Sun alone from ``sun_launches[name]``, the state Bullet's hit left it
    in, and says how far its own laws carry it from there.
    """
    material = {bid: spec.material.name for bid, spec in bodies.items()}
    cases = []
    for shot in shots:
        if shot.group is Group.SUN:
            balls = [sun_launches[shot.name].as_json(SUN, material[SUN])]
        else:
            balls = [taw_launch(shot, bodies).as_json(TAW, material[TAW])]
            if shot.struck is not None:
                balls.append(Launch(shot.struck_at(bodies), (0.0, 0.0), (0.0, 0.0, 0.0))
                             .as_json(shot.struck, material[shot.struck]))
        cases.append({"name": shot.name, "balls": balls})
    return {"bodies": pooltool_bodies(bodies), "ball_ball": glass_pair(bodies), "gravity": gravity,
            "cases": cases}


@dataclass
class Outcome:
    """What an engine made of a shot: where each ball rests, and each ball's velocity just after the first hit."""

    rest: dict[str, Point]
    after: dict[str, Point] = field(default_factory=dict)


def _deg(x: float, y: float) -> float:
    return math.degrees(math.atan2(y, x))


def figures(shot: Shot, outcome: Outcome, bodies: Mapping[str, BodySpec]) -> dict[str, float]:
    """The figures the table compares, by name.

    ``travel``: how far the taw went (a flick), or the struck ball from
    where it lay; ``taw travel``: the taw from where it touched, negative
    when it rests behind that point (a draw).  ``angle``: the direction a
    ball leaves the hit in, degrees from the taw's line; ``speed``: its
    speed then.  For the Sun pooltool plays only its roll after the hit
    (``pooltool_cases``), so its figures are the Sun's travel alone.
    """
    if shot.group is Group.FLICK:
        return {"travel": outcome.rest[TAW][0]}
    struck = shot.struck
    assert struck is not None
    sx, sy = shot.struck_at(bodies)
    rx, ry = outcome.rest[struck]
    out = {"travel": math.hypot(rx - sx, ry - sy)}
    if shot.group is Group.SUN:
        return out
    bx, by = outcome.after[struck]
    tx, ty = outcome.after[TAW]
    wx, wy = outcome.rest[TAW]
    gone = math.hypot(wx - shot.run_up, wy)
    out.update({"angle": _deg(bx, by), "speed": math.hypot(bx, by),
                "taw angle": _deg(tx, ty) if math.hypot(tx, ty) > 1e-3 else 0.0,
                "taw speed": math.hypot(tx, ty),
                "taw travel": gone if wx >= shot.run_up else -gone})
    return out
