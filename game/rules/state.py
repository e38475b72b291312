"""The rule state between shots: who plays, the ledger, and the rules' memory.

A ``RuleState`` is a frozen value.  The referee never changes one; it returns
the next one inside its ``Ruling``.  Players are named by the planet they
hold (rule 1 hands each person one planet); payers and payees are planet
names or ``"stakes"`` (the pot in the inner ring).

The ledger: every marble in the game is in exactly one place:

* a purse (``purses[planet]``): marbles in a player's hand;
* the stakes (``stakes``): the pot in the inner ring, including taws left
  there under rule 13;
* the board (``board[body_id] -> owner``): planets, satellites and the taws
  of players still in, each owned by a player or by the stakes (the marbles
  of an unheld planet, or of a player who is out).

The Sun is a lead bullet, nobody's marble, and is not counted.
``purses + stakes + len(board)`` equals ``marbles_in_game`` at all times.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Iterable, Mapping

from game.rules.house import HouseRules, StartOn
from game.rules.termination import Termination
from game.rules.layout import (
    PLANETS,
    SUN,
    Layout,
    Point,
    body_planet,
    is_planet,
    is_satellite,
    is_taw,
    satellite_ids,
    taw_id,
)

STAKES = "stakes"

# The most marbles a purse and the stakes may start a game with (a scenario's; the house rules' starting
# purse and stakes stay under 10,000), and so the most one purse or the stakes can ever hold: every marble
# of a game at those maxima, with far more bodies on the ground than a layout has (45).  Files are read
# against these: a scenario's purses and stakes, a replay's recorded ledger.
MAX_PURSE = 100_000
MAX_STAKES = 100_000
MAX_MARBLES_IN_GAME = len(PLANETS) * MAX_PURSE + MAX_STAKES + 1_000


class RuleStateError(ValueError):
    """A rule state that cannot exist (a bug in the caller, not bad user input)."""


class LedgerError(AssertionError):
    """The marbles no longer add up: a referee bug, never a game event."""


@dataclass(frozen=True)
class RuleState:
    """Everything the referee remembers between shots.

    ``players`` are the planets held, Mercury outward (rule 2).  ``turn`` is the
    index in ``players`` of the next shooter; ``round`` counts completed
    rounds.  ``positions`` are the last resting positions of every body on
    the ground (bodies of the board, the Sun, taws left in the inner ring).
    ``homes`` are the spots where rule 10 puts a replacement down, and where a
    taw that left the play area is put back on its line.
    """

    players: tuple[str, ...]
    purses: Mapping[str, int]
    stakes: int
    board: Mapping[str, str]
    positions: Mapping[str, Point]
    homes: Mapping[str, Point]
    marbles_in_game: int
    sun_released: bool = False
    sun_line_holder: str | None = None
    comets: frozenset[str] = frozenset()
    comet_free_start: frozenset[str] = frozenset()
    out: tuple[str, ...] = ()
    first_shot_pending: frozenset[str] = frozenset()
    stakes_taws: frozenset[str] = frozenset()
    turn: int = 0
    round: int = 0
    shots: int = 0
    winner: str | None = None
    finished: bool = False
    termination: Termination | None = None  # why a finished game ended
    toll_paid: frozenset[str] = field(default=frozenset())  # rule 6 "once": who already paid

    # -- questions every rule asks --------------------------------------------

    @property
    def active(self) -> tuple[str, ...]:
        """Players still in, in turn order."""
        return tuple(p for p in self.players if p not in self.out)

    def holder(self, planet: str) -> str:
        """Who holds an orbit: its player while in, else the stakes."""
        if planet in self.players and planet not in self.out:
            return planet
        return STAKES

    def ledger_total(self) -> int:
        return sum(self.purses.values()) + self.stakes + len(self.board)

    def check_ledger(self) -> None:
        """Raise ``LedgerError`` unless every marble is accounted for exactly once."""
        if any(v < 0 for v in self.purses.values()) or self.stakes < 0:
            raise LedgerError(f"a negative purse or stakes: {dict(self.purses)}, stakes {self.stakes}")
        total = self.ledger_total()
        if total != self.marbles_in_game:
            raise LedgerError(f"{total} marbles counted, {self.marbles_in_game} in the game")

    def next_shooter(self) -> str | None:
        """Rule 2: Mercury first, then outward; players who are out are skipped."""
        if self.finished or not self.active:
            return None
        n = len(self.players)
        for step in range(n):
            planet = self.players[(self.turn + step) % n]
            if planet not in self.out:
                return planet
        return None

    def worth(self, planet: str) -> int:
        """Marbles a player has: purse plus his marbles on the board (round-limit score)."""
        return marbles_held(self.purses, self.board, planet)


def marbles_held(purses: Mapping[str, int], board: Mapping[str, str], player: str) -> int:
    """A player's purse plus his marbles on the board."""
    return purses.get(player, 0) + sum(1 for owner in board.values() if owner == player)


def turn_order(players: Iterable[str]) -> tuple[str, ...]:
    """Rule 2: the player who holds Mercury shoots first, then outward."""
    chosen = list(players)
    unknown = [p for p in chosen if p not in PLANETS]
    if unknown:
        raise RuleStateError(f"unknown planet {unknown[0]!r}")
    if len(set(chosen)) != len(chosen):
        raise RuleStateError("a planet is held twice")
    if not chosen:
        raise RuleStateError("a game needs at least one player")
    return tuple(sorted(chosen, key=PLANETS.index))


def home_spots(layout: Layout, players: Iterable[str]) -> dict[str, Point]:
    """All seven planets' and satellites' homes, and each player's first taw spot."""
    spots = dict(layout.home_positions())
    for planet in players:
        spots[taw_id(planet)] = layout.home_on_line(planet, layout.default_taw_angle(planet))
    return spots


def new_game(
    players: Iterable[str],
    layout: Layout | None = None,
    house: HouseRules | None = None,
    *,
    positions: Mapping[str, Point] | None = None,
    purses: Mapping[str, int] | None = None,
    stakes: int | None = None,
    sun_released: bool = False,
    comets: Iterable[str] = (),
    first_shot_done: bool = False,
) -> RuleState:
    """The state before the first shot.

    By default every body of all seven planets lies at home (unheld planets'
    marbles belong to the stakes, so all seven orbits count) and each player's
    taw lies on his own line, where ``lay_taw`` moves it at the setup.  A
    scenario passes ``positions`` (the bodies on the ground: a body left out
    has been taken off), ``purses``, ``stakes``, ``sun_released`` and
    ``comets``; ``first_shot_done`` says rule 17 already binds every taw to
    where it lies.
    """
    house, layout = _house_and_layout(house, layout)
    order = turn_order(players)
    homes = home_spots(layout, order)
    ground = _ground(homes, order, positions)
    board = _board(ground, order, layout)
    purse_map, pot = _purses_and_pot(order, house, purses, stakes)
    comet_set = frozenset(comets)
    if not comet_set <= set(order):
        raise RuleStateError("a comet must be a player")
    return RuleState(
        players=order,
        purses=purse_map,
        stakes=pot,
        board=board,
        positions=ground,
        homes=homes,
        marbles_in_game=sum(purse_map.values()) + pot + len(board),
        sun_released=sun_released,
        comets=comet_set,
        first_shot_pending=frozenset() if first_shot_done else frozenset(order),
    )


def _house_and_layout(house: HouseRules | None, layout: Layout | None) -> tuple[HouseRules, Layout]:
    """The house rules and the layout they play on; a layout that disagrees with them is refused."""
    if house is not None and layout is not None and layout.satellites.get("jupiter") != house.jupiter_moons:
        raise RuleStateError(f"the layout gives Jupiter {layout.satellites.get('jupiter')} moons but the house "
                             f"rules say {house.jupiter_moons}; build the layout with HouseRules.layout()")
    house = house or HouseRules()
    return house, layout or house.layout()


def _ground(homes: Mapping[str, Point], order: tuple[str, ...],
            positions: Mapping[str, Point] | None) -> dict[str, Point]:
    """The bodies on the ground: the homes (and the players' taws), or a scenario's own table."""
    if positions is None:
        return {b: p for b, p in homes.items() if not is_taw(b) or body_planet(b) in order}
    ground = {str(b): (float(p[0]), float(p[1])) for b, p in positions.items()}
    if SUN not in ground:
        raise RuleStateError("the Sun must be on the ground")
    return ground


def _board(ground: Mapping[str, Point], order: tuple[str, ...], layout: Layout) -> dict[str, str]:
    """Who owns each marble on the ground: a player's own, or the stakes' for an unheld planet."""
    board: dict[str, str] = {}
    for body in ground:
        if body == SUN:
            continue
        planet = body_planet(body)
        if planet not in PLANETS:
            raise RuleStateError(f"unknown body {body!r}")
        if is_taw(body):
            if planet not in order:
                raise RuleStateError(f"{body} belongs to no player")
            board[body] = planet
        elif is_planet(body) or (is_satellite(body) and body in satellite_ids(planet, layout.satellites[planet])):
            board[body] = planet if planet in order else STAKES
        else:
            raise RuleStateError(f"unknown body {body!r}")
    for planet in order:
        if taw_id(planet) not in board:
            raise RuleStateError(f"{planet} has no taw on the ground")
    return board


def _purses_and_pot(order: tuple[str, ...], house: HouseRules, purses: Mapping[str, int] | None,
                    stakes: int | None) -> tuple[dict[str, int], int]:
    """Each player's purse after the setup is laid down, and the pot."""
    purse_map = {p: house.starting_purse for p in order}
    for planet, count in (purses or {}).items():
        if planet not in order or count < 0:
            raise RuleStateError(f"bad purse {planet!r}: {count}")
        purse_map[planet] = int(count)
    pot = house.starting_stakes if stakes is None else int(stakes)
    if pot < 0:
        raise RuleStateError("the stakes cannot be negative")
    return purse_map, pot


def may_lay_taw(state: RuleState, player: str) -> bool:
    """The setup is still open: no shot has been played, so every player may lay his taw on his own line."""
    return state.shots == 0 and not state.finished and player in state.first_shot_pending


def lay_taw(state: RuleState, player: str, spot: Point, layout: Layout, house: HouseRules | None = None) -> RuleState:
    """The setup: "each boy ... lays down his taw on any part of the orbit of his planet he pleases".

    Before the game's first shot each player lays his taw where he likes on
    his own line (``first_taw_on``: on the line, or anywhere in his orbit);
    it lies there from then on and can be struck.  Raises ``RuleStateError``
    after the first shot, for a player not in the game, or for a spot off his
    line (the caller finds a free spot: ``game.match.table``).
    """
    house = house or HouseRules()
    if not may_lay_taw(state, player):
        raise RuleStateError(f"{player} cannot lay his taw now: the taws are laid before the game's first shot")
    r = math.hypot(*spot)
    if house.first_taw_on is StartOn.LINE:
        ok = layout.line_touched(r, layout.marble_radius) == player
    else:
        ok = layout.body_region(r, layout.marble_radius) == player
    if not ok:
        where = "line" if house.first_taw_on is StartOn.LINE else "orbit"
        raise RuleStateError(f"{player}'s taw must be laid on his own {where}")
    return replace(state, positions={**state.positions, taw_id(player): (float(spot[0]), float(spot[1]))})


class StartReason(StrEnum):
    """Why a player may lay his taw down before his shot."""

    FIRST_SHOT = "first shot"  # rule 17: a first shot starts on his own line
    COMET = "comet"            # rule 14: a comet starts from any orbit after the Sun was struck


@dataclass(frozen=True)
class StartOptions:
    """Where a player may lay his taw down before this shot, and why."""

    on: StartOn                # on a painted line, or anywhere in the region
    orbits: tuple[str, ...]
    reason: StartReason


def start_options(state: RuleState, player: str, house: HouseRules | None = None) -> StartOptions | None:
    """None: the taw is shot from where it rests (rule 17)."""
    house = house or HouseRules()
    if player in state.first_shot_pending:  # the setup, or (house rule taws_laid) his own first shot
        return StartOptions(house.first_taw_on, (player,), StartReason.FIRST_SHOT)
    if player in state.comets and player in state.comet_free_start:
        return StartOptions(house.comet_start_on, PLANETS, StartReason.COMET)
    return None


# -- saving a state (replays, saved games) ---------------------------------------

_SETS = ("comets", "comet_free_start", "first_shot_pending", "stakes_taws", "toll_paid")


def state_to_dict(state: RuleState) -> dict[str, Any]:
    """JSON-safe: sets become sorted lists, points pairs."""
    data: dict[str, Any] = {
        "players": list(state.players),
        "purses": dict(state.purses),
        "stakes": state.stakes,
        "board": dict(state.board),
        "positions": {b: [p[0], p[1]] for b, p in state.positions.items()},
        "homes": {b: [p[0], p[1]] for b, p in state.homes.items()},
        "marbles_in_game": state.marbles_in_game,
        "sun_released": state.sun_released,
        "sun_line_holder": state.sun_line_holder,
        "out": list(state.out),
        "turn": state.turn,
        "round": state.round,
        "shots": state.shots,
        "winner": state.winner,
        "finished": state.finished,
        "termination": None if state.termination is None else state.termination.value,
    }
    for name in _SETS:
        data[name] = sorted(getattr(state, name))
    return data


def state_from_dict(data: Mapping[str, Any]) -> RuleState:
    """The inverse of ``state_to_dict``; raises ``RuleStateError`` on a malformed or unbalanced state."""
    try:
        points = {key: {str(b): (float(p[0]), float(p[1])) for b, p in data[key].items()}
                  for key in ("positions", "homes")}
        state = RuleState(
            players=turn_order(data["players"]),
            purses={str(k): int(v) for k, v in data["purses"].items()},
            stakes=int(data["stakes"]),
            board={str(k): str(v) for k, v in data["board"].items()},
            positions=points["positions"],
            homes=points["homes"],
            marbles_in_game=int(data["marbles_in_game"]),
            sun_released=bool(data["sun_released"]),
            sun_line_holder=data["sun_line_holder"],
            out=tuple(data["out"]),
            turn=int(data["turn"]),
            round=int(data["round"]),
            shots=int(data["shots"]),
            winner=data["winner"],
            finished=bool(data["finished"]),
            termination=_termination(data.get("termination")),
            **{name: frozenset(data[name]) for name in _SETS},
        )
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        raise RuleStateError(f"not a saved rule state ({type(err).__name__}: {err})") from None
    try:
        state.check_ledger()
    except LedgerError as err:
        raise RuleStateError(f"a saved rule state that does not balance: {err}") from None
    return state


def _termination(value: object) -> Termination | None:
    """A saved termination; a state saved before the field existed has none."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"termination must be a string, not {value!r}")
    return Termination(value)
