"""The trick-shot scenario file: TOML in, a validated ``Scenario`` out.

The format is documented in ``docs/scenario-format.md``.  Everything here is
pure (tomllib and the layout): no physics is built until the scenario runs,
so a bad file is refused in milliseconds with one line naming the file, the
key and the problem.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from game.errors import UserError
from game.rules.house import HouseRules
from game.rules.state import MAX_PURSE, MAX_STAKES
from game.rules.layout import (
    PLANETS,
    SUN,
    Layout,
    LayoutError,
    Point,
    body_planet,
    is_planet,
    is_satellite,
    is_taw,
    satellite_ids,
    taw_id,
)

TOP_KEYS = frozenset(
    {"description", "players", "shooter", "bodies", "shot", "shots", "sun_released", "purses", "stakes",
     "comets", "house_rules", "first_shot", "hat"}
)
SHOT_KEYS = frozenset({"aim", "direction", "speed", "offset", "offset_m", "spin"})
PLACEMENT_FORMS = ("at", "on", "in", "beyond")
PLACEMENT_KEYS = frozenset({"at", "on", "in", "beyond", "angle", "frac", "by"})

# Gap kept between bodies that a scenario places: two marbles closer than
# this would start the simulation pressed into each other.
OVERLAP_TOLERANCE = 1e-6
MAX_SCENARIO_SHOTS = 1000   # a trick shot is a few; the match itself stops at 2,000 (game.match.match)
MAX_HAT_NAME = 40
# Every number a scenario holds has a range (an integer of 310 digits is refused, never turned into a float).
ANGLE_DEGREES = 720.0       # angles and directions, either way round
MAX_COORDINATE = 50.0       # metres from the Sun (the play area is 2.5 m across; the ground check follows)
MAX_BEYOND = 10.0           # metres beyond an orbit
MAX_OFFSET_M = 1.0          # metres to one side of the target
MAX_HAT_SEED = 2**63 - 1


@dataclass(frozen=True)
class ShotSpec:
    """One shot a scenario plays.

    ``direction`` (degrees counter-clockwise from +x) is given, or resolved
    from ``aim`` and ``offset_m`` on the table as it lies when the shot is
    played.  ``place`` lays the taw on a line first (orbit, angle), where the
    rules allow it.  ``key`` names the shot in error messages.
    """

    shooter: str | None  # None: whoever's turn it is (rule 2)
    speed: float
    key: str = "shot"
    direction: float | None = None
    aim: str | None = None
    offset_m: float = 0.0
    place: tuple[str, float] | None = None
    spin: float = 0.0    # -1 (most backspin) .. 1 (most topspin); 0 a plain flick


@dataclass(frozen=True)
class HatSpec:
    """A rule 1 scenario: these people's marbles go into the hat over the Sun."""

    people: tuple[str, ...]
    seed: int


@dataclass(frozen=True)
class RuleStateSpec:
    """The rule state a scenario starts from (issue 3): plain data, read by the referee."""

    sun_released: bool = False
    purses: Mapping[str, int] = field(default_factory=dict)
    stakes: int | None = None  # None: the house rules' starting stakes
    comets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scenario:
    """A validated scenario: who plays, where every body lies, and the shot."""

    source: str
    players: tuple[str, ...]
    shooter: str | None  # the first shot's; None: Mercury outward (rule 2)
    positions: Mapping[str, Point]
    shots: tuple[ShotSpec, ...]
    state: RuleStateSpec
    house: HouseRules
    layout: Layout
    description: str = ""
    first_shot: bool = False
    hat: HatSpec | None = None

    @property
    def shot(self) -> ShotSpec:
        return self.shots[0]


class _Reader:
    """Carries the file name so every error names the file and the key."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, problem: str) -> UserError:
        where = f"{self.source}: {key}: " if key else f"{self.source}: "
        return UserError(where + problem)

    def number(self, key: str, value: Any, low: float, high: float, unit: str = "") -> float:
        """A number from ``low`` to ``high`` (an integer of any length is compared, never converted first)."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(key, f"must be a number, not {_describe(value)}")
        if isinstance(value, float) and not math.isfinite(value):
            raise self.fail(key, "must be a finite number")
        if not low <= value <= high:
            raise self.fail(key, f"must lie between {low:g} and {high:g}{unit}, not {_short_number(value)}")
        return float(value)

    def integer(self, key: str, value: Any, maximum: int, minimum: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be a whole number, not {_describe(value)}")
        if not minimum <= value <= maximum:
            raise self.fail(key, f"must lie between {minimum} and {maximum}, not {_short_number(value)}")
        return value

    def string(self, key: str, value: Any) -> str:
        if not isinstance(value, str):
            raise self.fail(key, f"must be a string, not {_describe(value)}")
        return value

    def table(self, key: str, value: Any) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(key, f"must be a table, not {_describe(value)}")
        return value

    def planet(self, key: str, value: Any) -> str:
        name = self.string(key, value)
        if name not in PLANETS:
            raise self.fail(key, f"unknown planet {name!r} (expected one of {', '.join(PLANETS)})")
        return name

    def unknown_keys(self, key: str, table: Mapping[str, Any], allowed: frozenset[str]) -> None:
        extra = sorted(set(table) - allowed)
        if extra:
            prefix = f"{key}." if key else ""
            raise self.fail(f"{prefix}{extra[0]}", f"unknown key (expected one of {', '.join(sorted(allowed))})")


def _short_number(value: int | float) -> str:
    """A number quoted back in a refusal: a 310-digit integer as its first digits and its length."""
    text = f"{value:g}" if isinstance(value, float) else str(value)
    return text if len(text) <= 20 else f"{text[:8]}... ({len(text.lstrip('-'))} digits)"


def _describe(value: Any) -> str:
    kinds = {bool: "a boolean", int: "a whole number", float: "a number", str: "a string",
             list: "an array", dict: "a table"}
    for kind, name in kinds.items():
        if type(value) is kind:
            return f"{name} ({value!r})" if kind in (bool, int, float, str) else name
    return type(value).__name__


def all_body_ids(layout: Layout, players: tuple[str, ...]) -> list[str]:
    """Every body a scenario may name, in the order the table is built."""
    ids = [SUN]
    for planet in PLANETS:
        ids.append(planet)
        ids.extend(satellite_ids(planet, layout.satellites.get(planet, 0)))
    ids.extend(taw_id(p) for p in players)
    return ids


def body_radius(layout: Layout, body_id: str) -> float:
    return layout.sun_radius if body_id == SUN else layout.marble_radius


def default_positions(layout: Layout, players: tuple[str, ...]) -> dict[str, Point]:
    """The text's setup: every planet's marbles down, each player's taw on its own line.

    All seven planets and their satellites are on the ground whether or not
    someone holds them (the text-default; see docs/rules.md): unheld bodies
    are obstacles and can be struck like any other.
    """
    spots = dict(layout.home_positions(PLANETS))
    for player in players:
        spots[taw_id(player)] = layout.home_on_line(player, layout.default_taw_angle(player))
    return spots


def _flatten_bodies(reader: _Reader, bodies: Mapping[str, Any]) -> dict[str, Any]:
    """Accept both ``"earth.1" = ...`` and the dotted-key spelling ``earth.1 = ...``.

    TOML reads an unquoted ``earth.1`` as a table ``earth`` holding key
    ``1``; a table whose keys are all satellite numbers or ``taw`` is unfolded
    back into body ids.  A body placed both ways is placed twice: refused.
    """
    flat: dict[str, Any] = {}
    for key, value in bodies.items():
        if (
            isinstance(value, Mapping)
            and value
            and all(k.isdigit() or k == "taw" for k in value)
        ):
            for sub, placement in value.items():
                if f"{key}.{sub}" in flat:
                    raise reader.fail(f"bodies.{key}.{sub}", "is placed twice (quoted and as a dotted key)")
                flat[f"{key}.{sub}"] = placement
        else:
            if key in flat:
                raise reader.fail(f"bodies.{key}", "is placed twice (quoted and as a dotted key)")
            flat[key] = value
    return flat


def _placement(reader: _Reader, key: str, value: Any, layout: Layout) -> Point:
    """One body's place on the ground from any of the documented spellings."""
    if isinstance(value, list):
        return _pair(reader, key, value)
    table = reader.table(key, value)
    reader.unknown_keys(key, table, PLACEMENT_KEYS)
    forms = [f for f in PLACEMENT_FORMS if f in table]
    if len(forms) != 1:
        raise reader.fail(key, "give exactly one of at = [x, y], on = ORBIT, in = REGION or beyond = ORBIT")
    form = forms[0]
    allowed = {"at": set(), "on": {"angle"}, "in": {"angle", "frac"}, "beyond": {"angle", "by"}}[form]
    extra = sorted(set(table) - allowed - {form})
    if extra:
        raise reader.fail(f"{key}.{extra[0]}", f"not used with '{form}'")
    if form == "at":
        return _pair(reader, f"{key}.at", table["at"])
    angle = reader.number(f"{key}.angle", table.get("angle", 0.0), -ANGLE_DEGREES, ANGLE_DEGREES, " degrees")
    try:
        if form == "on":
            return layout.home_on_line(reader.planet(f"{key}.on", table["on"]), angle)
        if form == "beyond":
            by = reader.number(f"{key}.by", table.get("by", 0.05), 0.0, MAX_BEYOND, " metres")
            return layout.point_beyond(reader.planet(f"{key}.beyond", table["beyond"]), angle, by)
        region = reader.string(f"{key}.in", table["in"])
        frac = reader.number(f"{key}.frac", table.get("frac", 0.5), 0.0, 1.0)
        if region == "inner":
            return _polar((0.0, 0.0), frac * layout.inner_ring_radius, angle)
        if region == "saturn_ring":
            return _polar(layout.saturn_home(), frac * layout.saturn_ring_radius, angle)
        if region not in PLANETS:
            raise reader.fail(f"{key}.in", f"unknown region {region!r} (a planet, 'inner' or 'saturn_ring')")
        return layout.point_in_region(region, angle, frac)
    except LayoutError as err:
        raise reader.fail(key, str(err)) from None


def _polar(centre: Point, r: float, angle_deg: float) -> Point:
    a = math.radians(angle_deg)
    return (centre[0] + r * math.cos(a), centre[1] + r * math.sin(a))


def _pair(reader: _Reader, key: str, value: Any) -> Point:
    if not isinstance(value, list) or len(value) != 2:
        raise reader.fail(key, "must be a pair [x, y] in metres")
    return (reader.number(f"{key}[0]", value[0], -MAX_COORDINATE, MAX_COORDINATE, " metres"),
            reader.number(f"{key}[1]", value[1], -MAX_COORDINATE, MAX_COORDINATE, " metres"))


def _check_ground(reader: _Reader, positions: Mapping[str, Point], layout: Layout, placed: set[str]) -> None:
    """No body off the ground; no two bodies pressed into each other.

    Errors name a body the scenario placed, since that is the one to fix.
    """
    for body, (x, y) in positions.items():
        if math.hypot(x, y) + body_radius(layout, body) > layout.play_radius:
            raise reader.fail(f"bodies.{body}", f"({x:.3f}, {y:.3f}) is off the ground "
                                                f"(the play area is {layout.play_radius} m in radius)")
    ids = list(positions)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            gap = math.dist(positions[a], positions[b]) - body_radius(layout, a) - body_radius(layout, b)
            if gap < -OVERLAP_TOLERANCE:
                named, other = (b, a) if b in placed and a not in placed else (a, b)
                raise reader.fail(f"bodies.{named}", f"overlaps {other} (they would be "
                                                     f"{-gap * 1000:.1f} mm into each other)")


def aim_direction(taw: Point, target: Point, offset_m: float) -> float:
    """Direction that makes the taw's centre pass ``offset_m`` to the left of the target's.

    Positive offset moves the aim point to the shooter's left, so the taw
    strikes the target's left side and the target goes off to the right.
    Raises ValueError when the offset is wider than the distance.
    """
    dx, dy = target[0] - taw[0], target[1] - taw[1]
    distance = math.hypot(dx, dy)
    if distance <= abs(offset_m):
        raise ValueError("the offset is wider than the distance to the target")
    return math.degrees(math.atan2(dy, dx) + math.asin(offset_m / distance)) % 360.0


def _shot(reader: _Reader, key: str, table: Mapping[str, Any], shooter: str | None,
          players: tuple[str, ...], layout: Layout, max_speed: float) -> ShotSpec:
    reader.unknown_keys(key, table, SHOT_KEYS | ({"shooter", "place"} if key != "shot" else frozenset()))
    if "shooter" in table:
        shooter = reader.planet(f"{key}.shooter", table["shooter"])
        if shooter not in players:
            raise reader.fail(f"{key}.shooter", f"{shooter} is not one of the players")
    if "speed" not in table:
        raise reader.fail(f"{key}.speed", "is missing (metres per second)")
    raw = table["speed"]
    if isinstance(raw, (int, float)) and not isinstance(raw, bool) and raw > max_speed:
        raise reader.fail(f"{key}.speed", f"{_short_number(raw)} m/s is above the cap of {max_speed} m/s")
    if isinstance(raw, (int, float)) and not isinstance(raw, bool) and raw <= 0:
        raise reader.fail(f"{key}.speed", f"must be positive, not {_short_number(raw)}")
    speed = reader.number(f"{key}.speed", raw, 0.0, max_speed, " m/s")
    if ("aim" in table) == ("direction" in table):
        raise reader.fail(key, "give exactly one of aim = BODY or direction = DEGREES")
    spin = reader.number(f"{key}.spin", table["spin"], -1.0, 1.0, " (backspin to topspin)") \
        if "spin" in table else 0.0
    place = None
    if "place" in table:
        spot = reader.table(f"{key}.place", table["place"])
        reader.unknown_keys(f"{key}.place", spot, frozenset({"on", "angle"}))
        if "on" not in spot:
            raise reader.fail(f"{key}.place.on", "is missing (the line to lay the taw on)")
        place = (reader.planet(f"{key}.place.on", spot["on"]),
                 reader.number(f"{key}.place.angle", spot.get("angle", 0.0), -ANGLE_DEGREES, ANGLE_DEGREES,
                               " degrees") % 360.0)
    if "direction" in table:
        if "offset" in table or "offset_m" in table:
            raise reader.fail(f"{key}.offset", "only makes sense with aim = BODY")
        return ShotSpec(shooter=shooter, speed=speed, key=key, place=place, spin=spin,
                        direction=reader.number(f"{key}.direction", table["direction"], -ANGLE_DEGREES,
                                                ANGLE_DEGREES, " degrees") % 360.0)
    aim = reader.string(f"{key}.aim", table["aim"])
    if shooter is not None and aim == taw_id(shooter):
        raise reader.fail(f"{key}.aim", "a taw cannot aim at itself")
    if "offset" in table and "offset_m" in table:
        raise reader.fail(f"{key}.offset", "give offset (fraction of a ball) or offset_m (metres), not both")
    offset_m = 0.0
    if "offset" in table:
        frac = reader.number(f"{key}.offset", table["offset"], -1.0, 1.0, " (a bare graze)")
        offset_m = frac * (layout.marble_radius + body_radius(layout, aim))
    elif "offset_m" in table:
        offset_m = reader.number(f"{key}.offset_m", table["offset_m"], -MAX_OFFSET_M, MAX_OFFSET_M, " metres")
    return ShotSpec(shooter=shooter, speed=speed, key=key, place=place, aim=aim, offset_m=offset_m, spin=spin)


def read_shot(source: str, key: str, table: Any, *, shooter: str | None, players: tuple[str, ...],
              layout: Layout, max_speed: float) -> ShotSpec:
    """One shot table read as a ``[[shots]]`` entry is (``shooter`` and ``place`` allowed).

    For files that carry a shot beside a scenario (a lesson's failing shot).
    """
    reader = _Reader(source)
    return _shot(reader, key, reader.table(key, table), shooter, players, layout, max_speed)


def resolve_direction(spec: "ShotSpec", positions: Mapping[str, Point], start: Point, source: str) -> float:
    """The shot's direction on the table as it lies now (an aim is resolved when it is played)."""
    if spec.aim is None:
        assert spec.direction is not None
        return spec.direction
    target = positions.get(spec.aim)
    if target is None:
        raise UserError(f"{source}: {spec.key}.aim: {spec.aim} is not on the ground when the shot is played")
    try:
        return aim_direction(start, target, spec.offset_m)
    except ValueError as err:
        raise UserError(f"{source}: {spec.key}.offset: {err}") from None


def _state(reader: _Reader, data: Mapping[str, Any], players: tuple[str, ...]) -> RuleStateSpec:
    sun_released = data.get("sun_released", False)
    if not isinstance(sun_released, bool):
        raise reader.fail("sun_released", f"must be true or false, not {_describe(sun_released)}")
    purses: dict[str, int] = {}
    for planet, amount in reader.table("purses", data.get("purses", {})).items():
        if planet not in players:
            raise reader.fail(f"purses.{planet}", "is not one of the players")
        purses[planet] = reader.integer(f"purses.{planet}", amount, MAX_PURSE)
    stakes = reader.integer("stakes", data["stakes"], MAX_STAKES) if "stakes" in data else None
    comets_raw = data.get("comets", [])
    if not isinstance(comets_raw, list):
        raise reader.fail("comets", f"must be an array of planets, not {_describe(comets_raw)}")
    comets = tuple(reader.planet(f"comets[{i}]", c) for i, c in enumerate(comets_raw))
    if len(set(comets)) != len(comets):
        raise reader.fail("comets", "names a planet twice")
    for comet in comets:
        if comet not in players:
            raise reader.fail("comets", f"{comet} is not one of the players")
    return RuleStateSpec(sun_released=sun_released, purses=purses, stakes=stakes, comets=comets)


def parse_scenario(text: str | bytes, source: str, *, max_speed: float, layout: Layout | None = None,
                   require_shot: bool = True) -> Scenario:
    """Validate a scenario's TOML text (or its UTF-8 bytes); ``source`` names it in every error.

    ``require_shot=False`` accepts a file with no shot (a position to advise
    on, ``taw hint``); its ``shots`` are then empty.
    """
    from game.fileio import parse_toml

    reader = _Reader(source)
    data = parse_toml(text, source)
    reader.unknown_keys("", data, TOP_KEYS)
    house = HouseRules.from_mapping(reader.table("house_rules", data.get("house_rules", {})),
                                    source=f"{source}: house_rules")
    layout = house.layout(layout)
    description = reader.string("description", data.get("description", ""))
    if "hat" in data:
        return _hat_scenario(reader, data, house, layout, description)
    players, shooter, first_shot = _players(reader, data)
    positions = _table(reader, data, layout, players)
    shots = _shots(reader, data, shooter, players, layout, max_speed, require_shot)
    state = _state(reader, data, players)
    if not shots:
        return Scenario(source=source, players=players, shooter=shooter, positions=positions, shots=(),
                        state=state, house=house, layout=layout, description=description, first_shot=first_shot)
    first = shots[0]
    if first.aim is not None and first.aim not in positions:
        raise reader.fail(f"{first.key}.aim", f"no body {first.aim!r} is on the ground")
    return Scenario(source=source, players=players, shooter=first.shooter, positions=positions, shots=shots,
                    state=state, house=house, layout=layout, description=description, first_shot=first_shot)


def _players(reader: _Reader, data: Mapping[str, Any]) -> tuple[tuple[str, ...], str | None, bool]:
    """The planets held in turn order, the shooter named at the top (if any) and ``first_shot``."""
    if "players" not in data:
        raise reader.fail("players", "is missing (the planets held, in turn order)")
    raw_players = data["players"]
    if not isinstance(raw_players, list) or not raw_players:
        raise reader.fail("players", "must be a non-empty array of planets")
    players = tuple(reader.planet(f"players[{i}]", p) for i, p in enumerate(raw_players))
    if len(set(players)) != len(players):
        raise reader.fail("players", "names a planet twice")
    shooter: str | None = None
    if "shooter" in data:
        shooter = reader.planet("shooter", data["shooter"])
        if shooter not in players:
            raise reader.fail("shooter", f"{shooter} is not one of the players")
    first_shot = data.get("first_shot", False)
    if not isinstance(first_shot, bool):
        raise reader.fail("first_shot", f"must be true or false, not {_describe(first_shot)}")
    return players, shooter, first_shot


def _table(reader: _Reader, data: Mapping[str, Any], layout: Layout,
           players: tuple[str, ...]) -> dict[str, Point]:
    """Where every body lies: the text's setup, with the ``[bodies]`` placed and removed."""
    known = all_body_ids(layout, players)
    positions = default_positions(layout, players)
    bodies = _flatten_bodies(reader, reader.table("bodies", data.get("bodies", {})))
    placed: set[str] = set()
    removed: set[str] = set()
    for key, value in bodies.items():
        if key == "remove":
            removed |= _removed(reader, value, known, players)
            continue
        _check_id(reader, f"bodies.{key}", key, known, players)
        positions[key] = _placement(reader, f"bodies.{key}", value, layout)
        placed.add(key)
    both = sorted(placed & removed)
    if both:
        raise reader.fail(f"bodies.{both[0]}", "is both placed and removed")
    positions = {body: positions[body] for body in known if body in positions and body not in removed}
    _check_ground(reader, positions, layout, placed)
    return positions


def _removed(reader: _Reader, value: Any, known: Any, players: tuple[str, ...]) -> set[str]:
    """``bodies.remove``: planets and satellites off the ground (never the Sun or a taw)."""
    if not isinstance(value, list):
        raise reader.fail("bodies.remove", "must be an array of body ids")
    removed: set[str] = set()
    for i, body in enumerate(value):
        body = reader.string(f"bodies.remove[{i}]", body)
        _check_id(reader, f"bodies.remove[{i}]", body, known, players)
        if body == SUN or is_taw(body):
            raise reader.fail(f"bodies.remove[{i}]", f"{body} must stay on the ground "
                                                    "(the Sun and every player's taw)")
        removed.add(body)
    return removed


def _shots(reader: _Reader, data: Mapping[str, Any], shooter: str | None, players: tuple[str, ...],
           layout: Layout, max_speed: float, require_shot: bool) -> tuple[ShotSpec, ...]:
    """The one ``[shot]`` or the ``[[shots]]`` in order; empty only when no shot is required."""
    if "shot" in data and "shots" in data:
        raise reader.fail("shot", "give one [shot] table or a [[shots]] array, not both")
    if "shot" not in data and "shots" not in data:
        if not require_shot:
            return ()
        raise reader.fail("shot", "is missing: give a [shot] table (with a top-level shooter) or a [[shots]] array")
    if "shot" in data:
        return (_shot(reader, "shot", reader.table("shot", data["shot"]), shooter, players, layout, max_speed),)
    raw = data["shots"]
    if not isinstance(raw, list) or not raw or not all(isinstance(t, Mapping) for t in raw):
        raise reader.fail("shots", "must be an array of tables ([[shots]])")
    if len(raw) > MAX_SCENARIO_SHOTS:
        raise reader.fail("shots", f"{len(raw)} shots are more than a scenario may play ({MAX_SCENARIO_SHOTS})")
    # The top-level shooter takes the first shot; after it the turn passes by rule 2.
    return tuple(_shot(reader, f"shots[{i}]", t, shooter if i == 0 else None, players, layout, max_speed)
                 for i, t in enumerate(raw))


def _hat_scenario(reader: _Reader, data: Mapping[str, Any], house: HouseRules, layout: Layout,
                  description: str) -> Scenario:
    extra = sorted(set(data) - {"hat", "description", "house_rules"})
    if extra:
        raise reader.fail(extra[0], "not used in a hat scenario (only description, hat and house_rules)")
    hat = reader.table("hat", data["hat"])
    reader.unknown_keys("hat", hat, frozenset({"people", "seed"}))
    people_raw = hat.get("people")
    if not isinstance(people_raw, list) or not 1 <= len(people_raw) <= len(PLANETS):
        raise reader.fail("hat.people", f"must be an array of 1 to {len(PLANETS)} names")
    people = tuple(reader.string(f"hat.people[{i}]", p) for i, p in enumerate(people_raw))
    for i, person in enumerate(people):
        if not person.strip() or not person.isprintable() or len(person) > MAX_HAT_NAME:
            raise reader.fail(f"hat.people[{i}]", f"must be a name of 1 to {MAX_HAT_NAME} printable characters "
                                                  "(no newline or control character)")
    if len(set(people)) != len(people):
        raise reader.fail("hat.people", "names someone twice")
    seed = reader.integer("hat.seed", hat.get("seed", 0), MAX_HAT_SEED)
    return Scenario(source=reader.source, players=(), shooter=None, positions={}, shots=(),
                    state=RuleStateSpec(), house=house, layout=layout, description=description,
                    hat=HatSpec(people, seed))


def _check_id(reader: _Reader, key: str, body: str, known: list[str], players: tuple[str, ...]) -> None:
    if body in known:
        return
    if is_taw(body) and body_planet(body) in PLANETS:
        raise reader.fail(key, f"{body} belongs to {body_planet(body)}, who is not playing")
    if is_planet(body_planet(body) or "") and (is_satellite(body) or "." in body):
        raise reader.fail(key, f"unknown body {body!r} ({body_planet(body)} has no such satellite)")
    raise reader.fail(key, f"unknown body {body!r}")


def load_scenario(path: str | Path, *, max_speed: float, layout: Layout | None = None,
                  require_shot: bool = True) -> Scenario:
    """Read and validate a scenario file."""
    from game.fileio import TOML_MAX_BYTES, read_bounded

    target = Path(path)
    data = read_bounded(target, TOML_MAX_BYTES, "scenario file")
    return parse_scenario(data, str(target), max_speed=max_speed, layout=layout, require_shot=require_shot)
