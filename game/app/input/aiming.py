"""Aiming as a marble player does it: a direction, a power gesture, a place to shoot from.

Pure geometry and state, no Panda3D: the trajectory preview, the power meter
and taw placement along an orbit line are all testable on their own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping

from game.match.players import TawPlacement

from game.rules.layout import Point, body_planet, is_planet, is_satellite


@dataclass(frozen=True)
class FirstContact:
    """Where the moving disc first touches another body's disc."""

    body: str
    distance: float
    taw_at: Point
    target_at: Point


def first_contact(
    origin: Point,
    direction_deg: float,
    taw_radius: float,
    bodies: Mapping[str, tuple[Point, float]],
    max_distance: float,
    ignore: Iterable[str] = (),
) -> FirstContact | None:
    """Sweep a disc of ``taw_radius`` from ``origin``; the nearest body disc it meets.

    ``bodies`` maps an id to (centre, radius).  A body already overlapping the
    start is skipped (it cannot be the first thing hit going forward), as are
    ids in ``ignore`` (the taw itself).
    """
    skip = set(ignore)
    dx, dy = math.cos(math.radians(direction_deg)), math.sin(math.radians(direction_deg))
    best: FirstContact | None = None
    for body, ((cx, cy), radius) in bodies.items():
        if body in skip:
            continue
        reach = taw_radius + radius
        fx, fy = origin[0] - cx, origin[1] - cy
        c = fx * fx + fy * fy - reach * reach
        if c <= 0.0:
            continue
        b = fx * dx + fy * dy
        disc = b * b - c
        if b >= 0.0 or disc < 0.0:
            continue
        t = -b - math.sqrt(disc)
        if t <= max_distance and (best is None or t < best.distance):
            best = FirstContact(body, t, (origin[0] + t * dx, origin[1] + t * dy), (cx, cy))
    return best


def preview_length(aid_strength: float, contact: FirstContact | None, max_distance: float) -> float:
    """How much of the path to draw: the full way to first contact at strength 1, none at 0."""
    strength = min(1.0, max(0.0, aid_strength))
    full = contact.distance if contact else max_distance
    return strength * full


RISE_SECONDS = 2.0  # empty to full: at 10 frames a second the bar moves 5% a frame, slow enough to stop on


@dataclass
class PowerMeter:
    """Hold to charge, release to shoot; the charge rises and falls so timing is a skill.

    The level is a function of the time since the press, read from the clock
    at each moment that matters (drawing a frame, the release), so a slow
    frame rate moves the bar in bigger steps but never changes the level a
    release at a given moment gives.  Or drag back: while held,
    ``drag(level)`` sets the level from how far the pointer was pulled, and
    the rise and fall stop.  ``level`` runs 0..1 and maps to a speed up to
    the physics cap.
    """

    rise_seconds: float = RISE_SECONDS
    level: float = 0.0
    charging: bool = False
    dragging: bool = False
    _pressed_at: float = 0.0

    def press(self, now: float) -> None:
        self.charging = True
        self.dragging = False
        self._pressed_at = now
        self.level = 0.0

    def drag(self, level: float) -> None:
        if self.charging:
            self.dragging = True
            self.level = min(1.0, max(0.0, level))

    def level_at(self, now: float) -> float:
        """The level the bar shows at ``now``: up in ``rise_seconds``, down in as long again."""
        if not self.charging:
            return 0.0
        if self.dragging:
            return self.level
        phase = (max(0.0, now - self._pressed_at) / (2.0 * self.rise_seconds)) % 1.0
        return 1.0 - abs(1.0 - 2.0 * phase)

    def update(self, now: float) -> None:
        self.level = self.level_at(now)

    def release(self, now: float) -> float:
        """The level at the moment of release; the meter resets."""
        level = self.level_at(now)
        self.cancel()
        return level

    def let_go(self) -> float:
        """The level the bar showed last (``update``'s, or the drag's): what the player let go at. The meter resets.

        The game shoots this, not the level at the moment the release is read (up to a frame
        later), so the shot is the power the player saw."""
        level = self.level if self.charging else 0.0
        self.cancel()
        return level

    def cancel(self) -> None:
        self.charging = False
        self.dragging = False
        self.level = 0.0
        self._pressed_at = 0.0


SPIN_TAP = 0.1       # one tap of W / S: a tenth of the thumb's range, so ten taps give the most
SPIN_PER_S = 1.0     # held: from no spin to the most in a second,
SPIN_HOLD_DELAY = 0.3  # once the key has been down this long (so a tap is a tenth, however slow the frame)
SPIN_WORDS_BELOW = 0.005  # nearer 0 than this is "no spin"


@dataclass
class ThumbSpin:
    """The spin the player puts on the flick, -1 (the most backspin a thumb gives) .. 1 (the most topspin).

    The units are ``game.match.players.Shot.spin``'s: 1 launches the taw
    already rolling.  Steps are rounded so that ten taps up and ten down
    come back to exactly 0.
    """

    value: float = 0.0

    def add(self, amount: float) -> None:
        self.value = round(min(1.0, max(-1.0, self.value + amount)), 6)

    def set(self, value: float) -> None:
        self.value = round(min(1.0, max(-1.0, float(value))), 6)

    def reset(self) -> None:
        self.value = 0.0


def spin_words(spin: float) -> str:
    """What the spin does, as a pool player says it: follow (topspin), stop (backspin), or no spin."""
    if abs(spin) < SPIN_WORDS_BELOW:
        return "No spin"
    share = f"{round(abs(spin) * 100)}%"
    return f"Follow: topspin {share}" if spin > 0 else f"Stop: backspin {share}"


MIN_POWER = 0.03  # the gentlest shot, as a share of the top speed: a tap still rolls


def launch_speed(level: float, speed_cap: float) -> float:
    """The taw's speed for a power ``level`` 0..1: the one function the power meter shows and the shot uses.

    Linear in the level, with a gentle floor so a tap still rolls, never at the cap itself."""
    return speed_cap * max(MIN_POWER, min(1.0, level)) * 0.999


def shot_velocity(direction_deg: float, level: float, speed_cap: float) -> Point:
    """The taw's launch velocity at ``launch_speed``."""
    speed = launch_speed(level, speed_cap)
    a = math.radians(direction_deg)
    return (speed * math.cos(a), speed * math.sin(a))


def level_for_speed(speed: float, speed_cap: float) -> float:
    """The power level (0..1) at which ``shot_velocity`` launches the taw at ``speed``."""
    return min(1.0, speed / (speed_cap * 0.999))


AIM_STEP_MARBLES = 0.25  # one tap of Q / E moves the aim point at the target by a quarter of a marble's width


def tap_degrees(target_distance: float, marble_radius: float, most: float) -> float:
    """How far one tap turns the aim: a quarter of a marble across at ``target_distance``, never more than
    ``most`` degrees (near targets), so a far Sun is not jumped over."""
    if target_distance <= 0.0:
        return most
    return min(most, math.degrees(AIM_STEP_MARBLES * 2.0 * marble_radius / target_distance))


def point_on_circle(radius: float, angle_deg: float) -> Point:
    a = math.radians(angle_deg)
    return (radius * math.cos(a), radius * math.sin(a))


def clear_angle(
    radius: float,
    angle_deg: float,
    taw_radius: float,
    bodies: Mapping[str, tuple[Point, float]],
    step_deg: float = 1.0,
) -> float:
    """The nearest angle on the circle (trying both ways) where a taw overlaps no body."""
    for k in range(0, int(360 / step_deg)):
        for sign in (1, -1):
            a = (angle_deg + sign * k * step_deg) % 360.0
            x, y = point_on_circle(radius, a)
            if all(math.hypot(x - c[0], y - c[1]) > taw_radius + r + 1e-4 for c, r in bodies.values()):
                return a
    return angle_deg % 360.0


def aim_towards(origin: Point, target: Point) -> float:
    return math.degrees(math.atan2(target[1] - origin[1], target[0] - origin[0])) % 360.0


OPENING_STEP_DEG = 0.25  # how finely a turn's opening line is turned off a blocked line to the Sun
OWN_CLEARANCE = 0.25  # of a marble's radius: how wide the opening line passes the shooter's own marbles


def turn_start(view) -> tuple[Point, float, "TawPlacement | None"]:
    """Where a turn begins: the taw's spot (laid on the first line offered when it must be laid),
    the opening direction from there (``opening_direction``), and that placement (None: it shoots from
    where it lies)."""
    from game.match.players import TawPlacement
    from game.match.table import body_radius

    placement = None
    origin = view.taw_position()
    if origin is None and view.placements is not None:
        orbit = view.placements.orbits[0]
        placement = TawPlacement(orbit, view.layout.default_taw_angle(orbit))
        origin = view.layout.home_on_line(orbit, placement.angle)
    assert origin is not None, "a shooter with no taw on the ground must be offered a placement"
    bodies = {b: (p, body_radius(view.layout, b)) for b, p in view.positions.items() if b != view.taw}
    own = {b for b in bodies if is_own_marble(b, view.shooter)}
    return origin, opening_direction(origin, view.layout.marble_radius, bodies, own), placement


def is_own_marble(body: str, shooter: str) -> bool:
    """Rule 15's marbles: the shooter's own planet and satellites (not his taw, which he shoots)."""
    return body_planet(body) == shooter and (is_planet(body) or is_satellite(body))


def opening_direction(origin: Point, taw_radius: float, bodies: Mapping[str, tuple[Point, float]],
                      own: set[str]) -> float:
    """The line a turn opens on: straight at the Sun, unless the taw would strike one of ``own`` first.

    Rule 15 forbids that shot, so a turn that opened on it would greet the player with a foul.  Then the
    nearest line (turning either way) on which the Sun is still the first body struck, a cut; when his own
    marble hides the whole Sun, the nearest line whose first body is not his own.  His own marbles are
    passed ``OWN_CLEARANCE`` wide, so the line does not graze one the shot would still touch."""
    sun = bodies["sun"][0] if "sun" in bodies else (0.0, 0.0)
    wide = OWN_CLEARANCE * taw_radius
    bodies = {b: (centre, radius + wide if b in own else radius) for b, (centre, radius) in bodies.items()}
    straight = aim_towards(origin, sun)
    steps = int(180.0 / OPENING_STEP_DEG)
    offsets = [0.0] + [sign * k * OPENING_STEP_DEG for k in range(1, steps + 1) for sign in (1.0, -1.0)]

    def first_struck(direction: float) -> str | None:
        contact = first_contact(origin, direction, taw_radius, bodies, math.inf)
        return contact.body if contact is not None else None

    for wanted in (lambda body: body == "sun", lambda body: body not in own):
        for offset in offsets:
            direction = (straight + offset) % 360.0
            if wanted(first_struck(direction)):
                return direction
    return straight
