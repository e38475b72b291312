"""The shots an AI considers: pure geometry, no physics.

A candidate is a taw placement (where the rules let the shooter choose one),
a direction, a speed and a spin (full-on Sun shots also come as stop and
follow shots).  They come from three families, in this order of
priority: shots at the Sun along the centre line and with cut offsets (the
game is about moving the Sun), shots at the adversaries' planets, satellites
and taws (never the shooter's own, rule 15), and evenly spread directions
that catch what aiming at single bodies misses.  Speeds span the allowed
range.  A fourth family, asked for by the stronger levels, follows them:
rule 13 shots that leave an adversary's taw at rest in the inner ring, with
the speed worked back from the ground's rolling resistance and a hit's
restitution (the only physics used here: the ground's two friction
coefficients, ``motion.py``, and the restitution).
Everything is deterministic: no randomness is used here at all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from game.physics.materials import GLASS
from game.physics.config import GRAVITY
from game.physics.motion import Ground, flick_speed_for, travel_m
from game.rules.layout import SUN, Layout, Point, body_planet, is_taw


@dataclass(frozen=True)
class Candidate:
    """An intended shot.  ``placement`` is None when the taw shoots from where it lies."""

    origin: Point
    angle: float  # radians, counter-clockwise from +x
    speed: float  # m/s
    placement: Point | None
    target: str  # what it was aimed at ('sun', a body id, or 'spread')
    cut: float = 0.0  # fraction of the contact distance the aim is offset by
    orbit: str | None = None  # the line the taw is laid on, with ``placement``
    orbit_angle: float = 0.0  # degrees: where on that line
    spin: float = 0.0  # the thumb's spin, -1 (backspin) .. 1 (topspin): see ``game.match.players.Shot``

    def velocity(self) -> tuple[float, float]:
        return (self.speed * math.cos(self.angle), self.speed * math.sin(self.angle))


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def path_blockers(origin: Point, target: Point, bodies: Mapping[str, Point], ignore: Iterable[str],
                  clearance: float) -> int:
    """How many bodies lie within ``clearance`` of the segment origin -> target."""
    skip = set(ignore)
    ox, oy = origin
    dx, dy = target[0] - ox, target[1] - oy
    length2 = dx * dx + dy * dy
    if length2 <= 0.0:
        return 0
    count = 0
    for body, (bx, by) in bodies.items():
        if body in skip:
            continue
        t = ((bx - ox) * dx + (by - oy) * dy) / length2
        if t <= 0.0 or t >= 1.0:
            continue
        px, py = ox + t * dx, oy + t * dy
        if math.hypot(bx - px, by - py) < clearance:
            count += 1
    return count


def aim_angle(origin: Point, target: Point, cut: float, contact_distance: float) -> float | None:
    """Direction that makes the shooter meet ``target`` off-centre by ``cut`` of a full contact.

    ``cut`` 0 is a straight hit; +-1 would be a grazing touch.  None when the
    target is closer than the offset allows.
    """
    d = _dist(origin, target)
    offset = cut * contact_distance
    if d <= abs(offset) + 1e-9:
        return None
    base = math.atan2(target[1] - origin[1], target[0] - origin[0])
    return base + math.asin(offset / d)


def placement_points(layout: Layout, lines: Sequence[str], sun: Point, bodies: Mapping[str, Point],
                     shooter_taw: str, count: int) -> list[tuple[str, float, Point]]:
    """Where to try laying the taw: points on the allowed lines, best first.

    The best spots sit on the ray from the Sun through the centre, behind it
    (a straight drive outward), and wherever the straight path to the Sun is
    clear.  A fixed fan of angles keeps the choice deterministic.
    """
    if count <= 0 or not lines:
        return []
    sun_r = math.hypot(*sun)
    sun_angle = math.atan2(sun[1], sun[0]) if sun_r > 1e-6 else 0.0
    clearance = 2 * layout.marble_radius + 0.002
    others = {b: p for b, p in bodies.items() if b != shooter_taw}
    scored: list[tuple[float, int, tuple[str, float, Point]]] = []
    serial = 0
    for line in lines:
        radius = layout.line_radius(line)
        # Fan of angles measured from the side of the centre facing away from the Sun.
        for k in range(24):
            a = sun_angle + math.pi + (k * math.pi / 12.0)
            if sun_r > 1e-6 and radius < sun_r:
                a = sun_angle + (k * math.pi / 12.0)  # inside the Sun's radius: aim outward through it
            point = (radius * math.cos(a), radius * math.sin(a))
            if any(_dist(point, p) < clearance for p in others.values()):
                continue
            blockers = path_blockers(point, sun, others, (SUN,), clearance)
            distance = _dist(point, sun)
            # Prefer an outward drive along the Sun's own radius, short and clear.
            outward = 0.0
            if sun_r > 1e-6:
                ux, uy = sun[0] / sun_r, sun[1] / sun_r
                vx, vy = sun[0] - point[0], sun[1] - point[1]
                vn = math.hypot(vx, vy) or 1.0
                outward = (ux * vx + uy * vy) / vn
            score = blockers * 10.0 + distance * 2.0 - outward
            scored.append((score, serial, (line, math.degrees(a) % 360.0, point)))
            serial += 1
    scored.sort()
    return [p for _, _, p in scored[:count]]


# Rule 13 shots: what a glass-on-glass hit and the ground do to speed.
GLASS_GROUND = Ground(Layout().marble_radius, GLASS.sliding_friction, GLASS.rolling_resistance, GRAVITY)
HIT_SHARE = (1.0 + GLASS.restitution ** 2) / 2.0         # speed a head-on hit passes on (~0.96)
RING_MAX_CUT = math.radians(45.0)                         # beyond this the struck taw's line is unreliable
RING_DEPTHS = (0.35, 0.6)                                 # where along the ring's chord to stop it


def _chord(start: Point, direction: Point, radius: float) -> tuple[float, float] | None:
    """Distances along the ray start + t*direction where it is inside the circle of ``radius`` at the centre."""
    sx, sy = start
    ux, uy = direction
    b = sx * ux + sy * uy
    c = sx * sx + sy * sy - radius * radius
    disc = b * b - c
    if disc <= 0.0:
        return None
    root = math.sqrt(disc)
    t_in, t_out = -b - root, -b + root
    if t_out <= 0.0:
        return None
    return max(0.0, t_in), t_out


def _ring_goals(origin: Point, t: Point, ring: float) -> list[Point]:
    """Points in the ring to send the taw at ``t`` towards: straight on, the centre, either side of it."""
    r_t = math.hypot(*t)
    goals: list[Point] = [(0.0, 0.0)]
    # Straight on: where the shot's own line, continued through the target, passes nearest the centre.
    sx, sy = t[0] - origin[0], t[1] - origin[1]
    sn = math.hypot(sx, sy)
    if sn > 1e-9:
        ux, uy = sx / sn, sy / sn
        along = -(t[0] * ux + t[1] * uy)
        if along > 0:
            goals.insert(0, (t[0] + along * ux, t[1] + along * uy))
    # Either side of the centre, across the line from the target.
    px, py = -t[1] / r_t, t[0] / r_t
    return goals + [(0.5 * ring * px, 0.5 * ring * py), (-0.5 * ring * px, -0.5 * ring * py)]


@dataclass(frozen=True)
class _RingLine:
    """A line for a struck taw into the ring, and the shot that sends it along it."""

    chord: tuple[float, float]  # where along the line the taw is inside the ring
    reach: float                # the shooter's travel to the touch
    cut: float                  # radians between the shot and the line of centres
    side: float                 # as ``Candidate.cut``: offset per contact, signed
    angle: float                # the shot's direction


def _ring_line(layout: Layout, bodies: Mapping[str, Point], origin: Point, shooter_taw: str, target: str,
               u: Point) -> _RingLine | None:
    """The shot that sends ``target`` along the unit direction ``u`` into the ring; None if it is not clean."""
    t = bodies[target]
    contact = 2 * layout.marble_radius
    clearance = contact + 0.002
    chord = _chord(t, u, layout.inner_ring_radius - layout.marble_radius)
    if chord is None:
        return None
    ghost = (t[0] - u[0] * contact, t[1] - u[1] * contact)
    gx2, gy2 = ghost[0] - origin[0], ghost[1] - origin[1]
    reach = math.hypot(gx2, gy2)
    if reach < 1e-6:
        return None
    cut = math.acos(max(-1.0, min(1.0, (gx2 * u[0] + gy2 * u[1]) / reach)))
    if cut > RING_MAX_CUT:
        return None
    # The shooter must reach the ghost spot unhindered, the struck taw the ring.
    if path_blockers(origin, ghost, bodies, (shooter_taw, target), clearance):
        return None
    if path_blockers(t, (t[0] + u[0] * chord[0], t[1] + u[1] * chord[0]), bodies,
                     (shooter_taw, target, SUN), clearance):
        return None
    side = math.copysign(math.sin(cut), gx2 * u[1] - gy2 * u[0])
    return _RingLine(chord, reach, cut, side, math.atan2(gy2, gx2))


def _ring_speed(line: _RingLine, depth: float) -> float:
    """The flick that leaves the struck taw ``depth`` of the way across the ring.

    Struck unspun, it slides then rolls: its travel grows as the square of its
    speed; a hit passes on ``HIT_SHARE`` of the speed along the line of
    centres, times the cosine of the cut; the shooter's flick slides, then
    rolls, to the touch.
    """
    t_in, t_out = line.chord
    travel = t_in + depth * (t_out - t_in)
    struck = math.sqrt(travel / travel_m(1.0, GLASS_GROUND))
    at_hit = struck / (HIT_SHARE * math.cos(line.cut))
    return flick_speed_for(at_hit, line.reach, GLASS_GROUND)


def ring_shots(*, layout: Layout, bodies: Mapping[str, Point], origin: Point, placement: Point | None,
               orbit: str | None, orbit_angle: float, shooter_taw: str, targets: Sequence[str],
               speed_range: tuple[float, float]) -> list[Candidate]:
    """Shots that knock an adversary's taw to rest inside the inner ring (rule 13: he is out).

    For each target taw outside the ring, a few lines for it into the ring are
    tried (``_ring_goals``): straight on along the shot (no cut, the most
    forgiving), towards the centre, and towards points either side of it.  The
    shooter aims at the "ghost" spot touching the target on that line; the
    speed is worked out backwards so the struck taw stops part-way across the
    ring (``_ring_speed``).  Lines the shooter cannot reach cleanly (a cut
    beyond 45 degrees, a body in the way, a speed beyond the cap) are dropped.
    Noise in the planner's robust stage decides whether what remains is worth it.
    """
    low, high = speed_range
    ring = layout.inner_ring_radius
    out: list[tuple[float, int, Candidate]] = []
    serial = 0
    for target in targets:
        t = bodies.get(target)
        if t is None or math.hypot(*t) <= ring + layout.marble_radius:
            continue
        seen: list[float] = []
        for gx, gy in _ring_goals(origin, t, ring):
            dx, dy = gx - t[0], gy - t[1]
            dn = math.hypot(dx, dy)
            if dn < 1e-9:
                continue
            u = (dx / dn, dy / dn)
            heading = math.atan2(u[1], u[0])
            if any(abs(math.remainder(heading - h, 2 * math.pi)) < math.radians(2.0) for h in seen):
                continue
            seen.append(heading)
            line = _ring_line(layout, bodies, origin, shooter_taw, target, u)
            if line is None:
                continue
            for depth in RING_DEPTHS:
                speed = _ring_speed(line, depth)
                if speed > high or speed < 0.5 * low:
                    continue
                rank = line.cut + line.reach + 0.001 * serial
                out.append((rank, serial, Candidate(origin, line.angle, speed, placement, target,
                                                    round(line.side, 4), orbit=orbit, orbit_angle=orbit_angle)))
                serial += 1
    out.sort(key=lambda item: (item[0], item[1]))
    return [c for _, _, c in out]


def speed_ladder(low: float, high: float, steps: int) -> list[float]:
    """Speeds spread geometrically (a gentle nudge is as useful as a hard drive)."""
    if steps <= 1:
        return [high]
    ratio = (high / low) ** (1.0 / (steps - 1))
    return [low * ratio ** i for i in range(steps)]


Origin = tuple[Point, str | None, float]  # (point, orbit laid on or None, angle on that orbit)

# A glass taw that meets the lead Sun (five times its mass, restitution 0.25)
# keeps about 4 % of its speed: a plain flick comes to rest where it touched.
# Where that touch lies this near the inner ring, rule 13 is one slip away.
RING_GUARD = 0.06


def contact_point(origin: Point, target: Point, angle: float, contact_distance: float) -> Point | None:
    """Where the shooter's centre is when, travelling from ``origin`` along ``angle``, it first touches ``target``."""
    ux, uy = math.cos(angle), math.sin(angle)
    tx, ty = target[0] - origin[0], target[1] - origin[1]
    along = tx * ux + ty * uy
    across2 = tx * tx + ty * ty - along * along
    if along <= 0.0 or across2 >= contact_distance ** 2:
        return None
    reach = along - math.sqrt(contact_distance ** 2 - across2)
    return (origin[0] + reach * ux, origin[1] + reach * uy)


def stops_by_the_ring(layout: Layout, touch: Point | None) -> bool:
    """Would a plain flick that stops dead at ``touch`` lie in the inner ring or on its edge?"""
    return touch is not None and math.hypot(*touch) < layout.inner_ring_radius + RING_GUARD


@dataclass(frozen=True)
class _Ask:
    """What ``generate`` was asked for, shared by the families."""

    layout: Layout
    bodies: Mapping[str, Point]
    shooter: str
    speed_range: tuple[float, float]
    stop_by_ring: bool

    @property
    def own_taw(self) -> str:
        return f"{self.shooter}.taw"

    @property
    def contact_sun(self) -> float:
        return self.layout.marble_radius + self.layout.sun_radius


def _sun_shots(ask: _Ask, origin: Origin, share: int) -> list[Candidate]:
    """Family 1: the Sun, straight and cut, at many speeds (stop shots by the ring with ``stop_by_ring``)."""
    point, orbit, orbit_angle = origin
    placement = point if orbit is not None else None
    sun = ask.bodies.get(SUN)
    if sun is None:
        return []
    cuts = (0.0, 0.3, -0.3, 0.6, -0.6)
    n_speeds = max(2, share // len(cuts))
    out = []
    for cut in cuts:
        angle = aim_angle(point, sun, cut, ask.contact_sun)
        if angle is None:
            continue
        guarded = ask.stop_by_ring and stops_by_the_ring(ask.layout, contact_point(point, sun, angle, ask.contact_sun))
        for speed in speed_ladder(*ask.speed_range, n_speeds):
            out.append(Candidate(point, angle, speed, placement, SUN, cut, orbit=orbit, orbit_angle=orbit_angle,
                                 spin=-1.0 if guarded else 0.0))
    return out


def _body_shots(ask: _Ask, origin: Origin, share: int) -> list[Candidate]:
    """Family 2: adversaries' bodies (rule 15 forbids one's own), nearest first, at three speeds."""
    point, orbit, orbit_angle = origin
    placement = point if orbit is not None else None
    others = [(b, p) for b, p in ask.bodies.items()
              if b != SUN and b != ask.own_taw and body_planet(b) != ask.shooter]
    others.sort(key=lambda bp: (_dist(point, bp[1]), bp[0]))
    speeds = speed_ladder(*ask.speed_range, 3)
    out = []
    for body, pos in others[: max(1, share // len(speeds))]:
        angle = aim_angle(point, pos, 0.0, 2 * ask.layout.marble_radius)
        if angle is None:
            continue
        for speed in speeds:
            out.append(Candidate(point, angle, speed, placement, body, orbit=orbit, orbit_angle=orbit_angle))
    return out


def _spread_shots(ask: _Ask, origin: Origin, share: int) -> list[Candidate]:
    """Family 3: evenly spread directions at a soft and a firm speed."""
    point, orbit, orbit_angle = origin
    placement = point if orbit is not None else None
    low, high = ask.speed_range
    n_dirs = max(2, share // 2)
    out = []
    for k in range(n_dirs):
        angle = 2 * math.pi * k / n_dirs
        for speed in (low * 2.0, high * 0.6):
            out.append(Candidate(point, angle, min(speed, high), placement, "spread", orbit=orbit,
                                 orbit_angle=orbit_angle))
    return out


def _spin_shots(ask: _Ask, origins: Sequence[Origin]) -> list[Candidate]:
    """Each origin's full-on Sun shot at the three firmest of five speeds, as a stop and a follow shot."""
    sun = ask.bodies.get(SUN)
    if sun is None:
        return []
    out = []
    for point, orbit, orbit_angle in origins:
        angle = aim_angle(point, sun, 0.0, ask.contact_sun)
        if angle is None:
            continue
        placement = point if orbit is not None else None
        for speed in speed_ladder(*ask.speed_range, 5)[2:]:
            for spin in (-1.0, 1.0):
                out.append(Candidate(point, angle, speed, placement, SUN, 0.0, orbit=orbit,
                                     orbit_angle=orbit_angle, spin=spin))
    return out


# Position shots: where behind the Sun (centre to centre, on its way out) the taw is sent to lie.
# A plain full drive from 5 to 30 cm behind carries the Sun 14 to 19 cm (``game.ai.value``'s plan reach).
POSITION_GAPS = (0.10, 0.18)
POSITION_SIDES = (0.0, 0.5, -0.5)   # radians off the Sun's own ray: straight behind, and either side of it


def _position_shots(ask: _Ask, origins: Sequence[Origin]) -> list[Candidate]:
    """Shots that move the taw, touching nothing, to lie behind the Sun on its way out.

    A player whose taw lies beside or beyond the Sun has no drive: to drive
    it outward he must first lie behind it.  For the taw where it lies
    (rule 17), spots ``POSITION_GAPS`` behind the Sun on its ray from the
    centre and half a radian either side of it; the speed is the plain
    flick that stops there (``motion.flick_speed_for``, sliding then
    rolling).  Spots on another body, or behind a path that is not clear
    (the Sun included), are dropped: the shot must touch nothing.
    """
    sun = ask.bodies.get(SUN)
    if sun is None or math.hypot(*sun) < 1e-6:
        return []
    out_angle = math.atan2(sun[1], sun[0])
    clearance = 2 * ask.layout.marble_radius + 0.004
    low, high = ask.speed_range
    out = []
    for point, orbit, _ in origins:
        if orbit is not None:
            continue   # a laid taw is placed behind the Sun already (``placement_points``)
        for side in POSITION_SIDES:
            for gap in POSITION_GAPS:
                a = out_angle + side
                spot = (sun[0] - gap * math.cos(a), sun[1] - gap * math.sin(a))
                dist = _dist(point, spot)
                if dist < 0.03 or math.hypot(*spot) < ask.layout.inner_ring_radius + RING_GUARD:
                    continue
                if any(_dist(spot, p) < clearance for b, p in ask.bodies.items() if b != ask.own_taw):
                    continue
                if path_blockers(point, spot, ask.bodies, (ask.own_taw,), clearance):
                    continue
                speed = flick_speed_for(0.0, dist, GLASS_GROUND)
                if speed > high:
                    continue
                out.append(Candidate(point, math.atan2(spot[1] - point[1], spot[0] - point[0]), max(speed, 0.5 * low),
                                     None, "position"))
    return out


def _ring_family(ask: _Ask, origins: Sequence[Origin], targets: Sequence[str], budget: int) -> list[Candidate]:
    """Up to ``budget`` rule 13 shots, shared among the origins."""
    per_ring = max(2, budget // len(origins))
    ring: list[Candidate] = []
    for point, orbit, orbit_angle in origins:
        placement = point if orbit is not None else None
        ring += ring_shots(layout=ask.layout, bodies=ask.bodies, origin=point, placement=placement, orbit=orbit,
                           orbit_angle=orbit_angle, shooter_taw=ask.own_taw, targets=targets,
                           speed_range=ask.speed_range)[:per_ring]
    return ring[:budget]


def generate(*, layout: Layout, bodies: Mapping[str, Point], shooter: str, origins: Sequence[Origin],
             speed_range: tuple[float, float], budget: int, ring_targets: Sequence[str] = (),
             ring_budget: int = 0, spin_shots: bool = False, stop_by_ring: bool = False,
             positional: bool = False) -> list[Candidate]:
    """About ``budget`` candidate shots for ``shooter`` (a planet name) from the given origins.

    Per origin: the Sun (``_sun_shots``, 60 % of its share), the adversaries'
    bodies (``_body_shots``, 25 %), spread directions for the rest.
    With ``ring_budget``, up to that many rule 13 shots (``ring_shots``) at the
    taws named in ``ring_targets`` (the adversaries still in) follow the rest:
    they exist only where the geometry allows one, so most positions add none.
    With ``spin_shots``, each origin's full-on Sun shot also comes, at three
    speeds, as a stop shot (backspin: the taw draws back from where it
    struck, out of the inner ring and off its own orbit, rules 12 and 13)
    and a follow shot (topspin: it rolls on after the Sun).  With
    ``stop_by_ring``, a Sun shot whose touch lies within ``RING_GUARD`` of the
    inner ring is a stop shot instead of a plain flick: the plain one would
    rest where it touched, by or in the ring (rule 13), and a hand that strays
    by a few degrees turns a safe cut into that full hit.  With
    ``positional``, shots that move the taw to lie behind the Sun on its way
    out (``_position_shots``) come last.
    """
    if budget <= 0 or not origins:
        return []
    ask = _Ask(layout, bodies, shooter, speed_range, stop_by_ring)
    per_origin = max(6, budget // len(origins))
    out: list[Candidate] = []
    for origin in origins:
        mine = _sun_shots(ask, origin, max(4, int(per_origin * 0.6)))
        mine += _body_shots(ask, origin, max(2, int(per_origin * 0.25)))
        mine += _spread_shots(ask, origin, max(2, per_origin - len(mine)))
        out.extend(mine[:per_origin])
    out = out[:budget] if len(out) > budget else out
    if spin_shots:
        out += _spin_shots(ask, origins)
    if ring_budget > 0 and ring_targets:
        out += _ring_family(ask, origins, ring_targets, ring_budget)
    if positional:
        out += _position_shots(ask, origins)
    return out


def is_own_body(body: str, shooter: str) -> bool:
    """Rule 15: the shooter's own planet and satellites (not his taw, which he shoots)."""
    return body != SUN and not is_taw(body) and body_planet(body) == shooter


__all__ = ["Candidate", "generate", "ring_shots", "placement_points", "speed_ladder", "aim_angle", "path_blockers",
           "is_own_body"]
