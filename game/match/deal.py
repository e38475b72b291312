"""Planets for a seating: the hat (rule 1) for every seat that leaves it to chance, a person's pick for the rest.

A person may pick a planet instead of putting a marble in the hat.  The
picked planets are taken first; the other seats' marbles go into the hat
together (in seating order) and, nearest the Sun first, take the free
planets from Mercury outward.  With no picks this is exactly
``Match.from_hat``'s drop, so a game dealt either way is the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from game.match.hat import HatDrop, HatFrame, HatResult, drop_hat
from game.match.match import Match
from game.match.players import Player
from game.match.seating import HAT, Seating
from game.physics.terrain import Terrain
from game.rules.house import HouseRules
from game.rules.layout import PLANETS, Layout


@dataclass(frozen=True)
class Deal:
    """Each seat's planet; the hat's drop (None if everyone picked) with each drop's planet as dealt."""

    planets: Mapping[str, str]
    hat: HatResult | None
    drops: tuple[HatDrop, ...]


def deal_planets(seating: Seating, seed: int, layout: Layout | None = None,
                 on_frame: HatFrame | None = None, ground: Terrain | None = None) -> Deal:
    """Who holds which planet (rule 1, with picks); ``on_frame`` sees the hat's fall onto ``ground``."""
    picked = {s.name: s.planet for s in seating.seats if s.planet != HAT}
    in_hat = [s.name for s in seating.seats if s.planet == HAT]
    if not in_hat:
        return Deal(dict(picked), None, ())
    hat = drop_hat(in_hat, seed, layout, on_frame=on_frame, ground=ground)
    free = [p for p in PLANETS if p not in picked.values()]
    dealt = {d.player: free[i] for i, d in enumerate(hat.drops)}
    drops = tuple(replace(d, planet=dealt[d.player]) for d in hat.drops)
    return Deal({**picked, **dealt}, hat, drops)


def seated_match(seating: Seating, player_of_seat: Mapping[str, Player], seed: int, *,
                 house: HouseRules | None = None, layout: Layout | None = None, on_hat_frame: HatFrame | None = None,
                 **match_options: Any) -> tuple[Match, Deal]:
    """A match for ``seating`` with each seat's player (keyed by the seat's name), planets dealt by
    ``deal_planets``."""
    if set(player_of_seat) != set(seating.names):
        raise ValueError("every seat needs a player, and no other")
    house = house or HouseRules()
    layout = layout or house.layout()
    deal = deal_planets(seating, seed, layout, on_frame=on_hat_frame, ground=Terrain.from_house(house))
    by_planet = {deal.planets[name]: player for name, player in player_of_seat.items()}
    ordered = {p: by_planet[p] for p in PLANETS if p in by_planet}
    names = {planet: name for name, planet in deal.planets.items()}
    match = Match(ordered, house=house, layout=layout, names=names,
                  hat=deal.hat if len(deal.drops) == len(seating.seats) else None, **match_options)
    return match, deal
