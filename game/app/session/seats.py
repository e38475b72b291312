"""Who sits at the game and which planet each holds: the setup's seating, then the hat (rule 1).

Each seat is a person (``HumanSeat``: the app plays their shots) or an AI of
its level.  A person who picked a planet takes it; every other marble goes
into the hat and the free planets are dealt nearest the Sun first
(``game.match.deal``).  The hat's fall is kept as frames for the Hat Drop
screen.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable

from game.ai.player import make_player
from game.ai.workers import PlannerPool
from game.app.session.game_setup import GameSetup
from game.match.deal import Deal, seated_match
from game.match.match import Match
from game.match.seating import HAT, Seating
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
        return make_player(level, seed, None)  # type: ignore[arg-type]  # the random level plans nothing: no pool
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
    seating: Seating
    planet_of: dict[str, str]  # seat name -> planet
    levels: dict[str, str]  # planet -> level, for the AIs
    deal: Deal
    frames: list = field(default_factory=list)  # (t, ids, poses) of the marbles falling from the hat

    @property
    def people(self) -> frozenset[str]:
        """The planets held by people at the machine."""
        return frozenset(self.planet_of[s.name] for s in self.seating.people())

    @property
    def human(self) -> str | None:
        """The planet of the one person playing, spoken to as "you"; None when several (or none) play."""
        people = self.seating.people()
        return self.planet_of[people[0].name] if len(people) == 1 else None

    def hat_result(self) -> list[HatRow]:
        """Each seat's planet: picked (distance NaN) or how near the Sun its marble fell."""
        picked = [HatRow(s.name, True, math.nan, s.planet) for s in self.seating.seats if s.planet != HAT]
        dropped = [HatRow(d.player, self.seating.seat(d.player).is_person, d.distance, d.planet)
                   for d in self.deal.drops]
        return sorted(picked + dropped, key=lambda r: PLANETS.index(r.planet))

    def hat_frames(self) -> list:
        """The hat's fall as (t, ids, poses), each marble named as its holder's taw so it shows their colour."""
        rename = {f"hat:{seat}": f"{planet}.taw" for seat, planet in self.planet_of.items()}
        return [(t, [rename.get(b, b) for b in ids], poses) for t, ids, poses in self.frames]


def seat_players(setup: GameSetup, house: HouseRules, layout: Layout, rng: random.Random,
                 pool_for: Callable[[], PlannerPool]) -> Seats:
    """Seat the setup's players and deal their planets; every draw comes from ``rng``, in seat order."""
    seating = setup.seats()
    player_of_seat: dict[str, Player] = {}
    for seat in seating.seats:
        if seat.is_person or seat.level is None:  # a Seating gives every AI seat a level
            player_of_seat[seat.name] = HumanSeat()
        else:
            player_of_seat[seat.name] = make_ai(seat.level, rng.randrange(2**31), pool_for)
    frames: list = []
    record = lambda t, ids, poses: frames.append((t, list(ids), poses.copy()))  # noqa: E731
    match, deal = seated_match(seating, player_of_seat, rng.randrange(2**31), house=house, layout=layout,
                               on_hat_frame=record)
    planet_of = dict(deal.planets)
    levels = {planet_of[s.name]: s.level for s in seating.ais() if s.level is not None}
    return Seats(match, seating, planet_of, levels, deal, frames)
