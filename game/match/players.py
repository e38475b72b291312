"""What a player gives the match (a ``Shot``) and what it sees (a ``MatchView``).

Every kind of player — the random baseline, a script, the AI, a person at the
desktop app — implements one method, ``choose_shot(view) -> Shot``.  The
view is a frozen snapshot: a player can keep it, but changing it (or the
match) through it is impossible.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Protocol, Sequence, runtime_checkable

from game.rules.house import HouseRules
from game.rules.layout import SUN, Layout, Point, taw_id
from game.rules.state import RuleState, StartReason


@dataclass(frozen=True)
class TawPlacement:
    """Where a player lays the taw down before shooting: a spot on an orbit line."""

    orbit: str
    angle: float


@dataclass(frozen=True)
class Shot:
    """One shot: an optional placement where the rules allow one, a direction and a speed.

    ``direction`` is in degrees counter-clockwise from +x, ``speed`` in m/s.
    ``placement`` must be None when the taw is shot from where it rests
    (rule 17), and may be given for a first shot (own line) or a comet's
    shot (any line, rule 14); when it is None there, the taw stays where it
    lies.  ``spin`` in [-1, 1] is the thumb's top- (1) or backspin (-1), in
    units of the spin of a ball rolling at the shot's speed; 0 is a plain flick.
    """

    direction: float
    speed: float
    placement: TawPlacement | None = None
    spin: float = 0.0


@dataclass(frozen=True)
class PlacementOptions:
    """The lines a shooter may lay the taw on this turn, and why."""

    orbits: tuple[str, ...]
    reason: StartReason  # a first shot (rules 2, 17) or a comet (rule 14)


@dataclass(frozen=True)
class MatchView:
    """A read-only snapshot of the match for the shooter about to play."""

    shooter: str
    planets: tuple[str, ...]  # the planets in the game, in turn order (``RuleState.players``)
    active: tuple[str, ...]
    positions: Mapping[str, Point]
    purses: Mapping[str, int]
    stakes: int
    sun_released: bool
    comets: tuple[str, ...]
    placements: PlacementOptions | None
    max_speed: float
    layout: Layout
    turn: int
    round: int
    house: HouseRules = field(default_factory=HouseRules)  # the match's own (frozen): the referee judges by it
    # The referee's state behind the view (a private copy: frozen, with its
    # own mappings): what an AI needs to judge its rollouts as the match will.
    rule_state: RuleState | None = None

    @property
    def taw(self) -> str:
        return taw_id(self.shooter)

    def taw_position(self) -> Point | None:
        return self.positions.get(self.taw)


class Player(Protocol):
    def choose_shot(self, view: MatchView) -> Shot: ...


@runtime_checkable
class LaysTaw(Protocol):
    """A player who chooses where to lay his taw at the setup (the AI; a person does it on the app's screen).

    ``view`` is the table at the setup seen as if he were to shoot, with his
    own line as the placement offered.  None leaves the taw where it lies.
    A player without this method leaves his taw at its default spot.
    """

    def lay_taw(self, view: MatchView) -> TawPlacement | None: ...


def direction_to(origin: Point, target: Point) -> float:
    return math.degrees(math.atan2(target[1] - origin[1], target[0] - origin[0])) % 360.0


class RandomPlayer:
    """A baseline: random legal shots from an explicit seed.

    Half its shots go roughly at the Sun (so games move on), the rest in any
    direction; speeds are uniform up to the cap.  Placements, where allowed,
    are a random line among the allowed ones at a random angle.
    """

    def __init__(self, seed: int, min_speed: float = 0.3) -> None:
        self._rng = random.Random(seed)
        self._min_speed = min_speed

    def choose_shot(self, view: MatchView) -> Shot:
        rng = self._rng
        placement = None
        origin = view.taw_position()
        if view.placements is not None and (origin is None or rng.random() < 0.8):
            orbit = rng.choice(view.placements.orbits)
            placement = TawPlacement(orbit, rng.uniform(0.0, 360.0))
            origin = view.layout.home_on_line(orbit, placement.angle)
        sun = view.positions.get(SUN)
        if origin is not None and sun is not None and rng.random() < 0.5:
            direction = (direction_to(origin, sun) + rng.gauss(0.0, 4.0)) % 360.0
        else:
            direction = rng.uniform(0.0, 360.0)
        speed = rng.uniform(min(self._min_speed, view.max_speed), view.max_speed)
        return Shot(direction=direction, speed=speed, placement=placement)


class ScriptedPlayer:
    """Plays a fixed list of shots in order, then repeats the last one.

    For tests and demonstrations: the shots are exactly what a person typed,
    so a match with scripted players is reproducible to the bit.
    """

    def __init__(self, shots: Sequence[Shot] | Iterable[Shot]) -> None:
        self._shots = list(shots)
        if not self._shots:
            raise ValueError("a scripted player needs at least one shot")
        self._next = 0

    def choose_shot(self, view: MatchView) -> Shot:
        shot = self._shots[min(self._next, len(self._shots) - 1)]
        self._next += 1
        return shot


class SunShooter:
    """Always shoots straight at the Sun at one speed: a deterministic sparring partner."""

    def __init__(self, speed: float) -> None:
        self._speed = speed

    def choose_shot(self, view: MatchView) -> Shot:
        origin = view.taw_position()
        placement = None
        if view.placements is not None and origin is None:
            orbit = view.placements.orbits[0]
            placement = TawPlacement(orbit, view.layout.default_taw_angle(orbit))
            origin = view.layout.home_on_line(orbit, placement.angle)
        sun = view.positions.get(SUN, (0.0, 0.0))
        assert origin is not None
        return Shot(direction=direction_to(origin, sun), speed=min(self._speed, view.max_speed),
                    placement=placement)
