"""Who sits at the game and which planet each holds: the seats from the New Game setup, then the hat (rule 1).

The person is the seat ``YOU``; the AIs are ``Opponent 1``, ``Opponent 2``,
… each of its level.  With no planet chosen every marble goes into the hat
(``Match.from_hat``); a person who chose a planet takes it, and the others'
marbles go into the hat for the rest, nearest the Sun first.  The hat's fall
is kept as frames for the Hat Drop screen.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable

from game.ai.player import make_player
from game.ai.workers import PlannerPool
from game.app.session.game_setup import HAT, YOU, GameSetup
from game.match.hat import drop_hat
from game.match.match import Match
from game.match.players import MatchView, Player, Shot
from game.rules.house import HouseRules
from game.rules.layout import PLANETS, Layout


class HumanSeat:
    """The person at the app: the app plays their shots through ``Match.play_shot`` itself."""

    def choose_shot(self, view: MatchView) -> Shot:
        raise RuntimeError("the app plays the human's shots; nothing should ask this seat")


def make_ai(level: str, seed: int, pool_for: Callable[[], PlannerPool]) -> Player:
    """The AI layer's player for a level; 'random' plays without planning, so it never starts the pool."""
    if level == "random":
        return make_player(level, seed, None)  # type: ignore[arg-type]
    return make_player(level, seed, pool_for())


@dataclass(frozen=True)
class HatRow:
    seat: str
    human: bool
    distance: float
    planet: str


@dataclass
class Seats:
    """The match with its players seated, each seat's planet, the AIs' levels, and the hat's fall."""

    match: Match
    planet_of: dict[str, str]  # seat -> planet
    levels: dict[str, str]  # planet -> level, for the AIs
    chosen_hat: list[HatRow]  # the others' drops when the person chose a planet (else the match's hat says)
    frames: list = field(default_factory=list)  # (t, ids, poses) of the marbles falling from the hat

    @property
    def human(self) -> str | None:
        return self.planet_of.get(YOU)

    def hat_result(self) -> list[HatRow]:
        if self.match.hat is not None:
            rows = [HatRow(d.player, d.player == YOU, d.distance, d.planet) for d in self.match.hat.drops]
        else:
            rows = [HatRow(YOU, True, math.nan, self.planet_of[YOU]), *self.chosen_hat]
        return sorted(rows, key=lambda r: PLANETS.index(r.planet))

    def hat_frames(self) -> list:
        """The hat's fall as (t, ids, poses), each marble named as its holder's taw so it shows their colour."""
        rename = {f"hat:{seat}": f"{planet}.taw" for seat, planet in self.planet_of.items()}
        return [(t, [rename.get(b, b) for b in ids], poses) for t, ids, poses in self.frames]


def seat_players(setup: GameSetup, house: HouseRules, layout: Layout, rng: random.Random,
                 pool_for: Callable[[], PlannerPool]) -> Seats:
    """Seat the setup's players and deal their planets; every draw comes from ``rng``, in seat order."""
    seats = ([YOU] if setup.human else []) + [f"Opponent {i + 1}" for i in range(setup.opponents)]
    if not setup.human:
        seats.append(f"Opponent {setup.opponents + 1}")
    levels = list(setup.opponent_levels()) + ["medium"]
    people: dict[str, Player] = {}
    seat_level: dict[str, str] = {}
    for seat in seats:
        if seat == YOU:
            people[seat] = HumanSeat()
        else:
            level = levels[int(seat.split()[-1]) - 1]
            seat_level[seat] = level
            people[seat] = make_ai(level, rng.randrange(2**31), pool_for)
    chosen = setup.planet if setup.human and setup.planet != HAT else None
    frames: list = []
    match, chosen_hat = _deal(people, chosen, rng.randrange(2**31), house, layout, frames)
    planet_of = {seat: next(p for p, name in match.names.items() if name == seat) for seat in seats}
    return Seats(match, planet_of, {planet_of[s]: lv for s, lv in seat_level.items()}, chosen_hat, frames)


def _deal(people: dict[str, Player], chosen: str | None, seed: int, house: HouseRules, layout: Layout,
          frames: list) -> tuple[Match, list[HatRow]]:
    record = lambda t, ids, poses: frames.append((t, list(ids), poses.copy()))  # noqa: E731
    if chosen is None:
        return Match.from_hat(people, seed, house=house, layout=layout, on_hat_frame=record), []
    # The person chose a planet: the others' marbles go into the hat for the rest, nearest first.
    others = [s for s in people if s != YOU]
    hat = drop_hat(others, seed, layout, on_frame=record)
    free = [p for p in PLANETS if p != chosen]
    planets = {YOU: chosen, **{d.player: free[i] for i, d in enumerate(hat.drops)}}
    chosen_hat = [HatRow(d.player, False, d.distance, planets[d.player]) for d in hat.drops]
    players = {planets[s]: pl for s, pl in people.items()}
    ordered = {p: players[p] for p in PLANETS if p in players}
    names = {planets[s]: s for s in people}
    return Match(ordered, house=house, layout=layout, names=names), chosen_hat
