"""Dealing planets to a seating: the hat for those who leave it to chance, picks for those who choose."""

from __future__ import annotations

from game.match.deal import deal_planets, seated_match
from game.match.match import Match
from game.match.players import RandomPlayer
from game.match.seating import Seat, Seating, parse_seats
from game.rules.layout import PLANETS


def test_with_no_picks_the_deal_is_the_match_hat_drop():
    seating = parse_seats("Ann,Bob,hard,easy")
    deal = deal_planets(seating, 11)
    players = {name: RandomPlayer(i) for i, name in enumerate(seating.names)}
    match = Match.from_hat(players, 11)
    assert dict(deal.planets) == {name: planet for planet, name in match.names.items()}
    assert sorted(deal.planets.values()) == sorted(PLANETS[:4])
    assert deal.hat is not None and [d.planet for d in deal.drops] == [d.planet for d in match.hat.drops]


def test_picked_planets_are_kept_and_the_hat_deals_the_free_ones_from_mercury_out():
    seating = Seating((Seat.person("Ann", "mercury"), Seat.ai("easy", "Easy AI"), Seat.person("Bob", "herschel"),
                       Seat.ai("hard", "Hard AI")))
    deal = deal_planets(seating, 5)
    assert deal.planets["Ann"] == "mercury" and deal.planets["Bob"] == "herschel"
    assert {deal.planets["Easy AI"], deal.planets["Hard AI"]} == {"venus", "earth"}
    nearest = deal.drops[0]
    assert nearest.distance <= deal.drops[1].distance and nearest.planet == "venus"
    assert {d.player for d in deal.drops} == {"Easy AI", "Hard AI"}


def test_everyone_picking_drops_no_hat():
    seating = Seating((Seat.person("Ann", "mars"), Seat.person("Bob", "venus")))
    deal = deal_planets(seating, 3)
    assert deal.hat is None and deal.drops == () and dict(deal.planets) == {"Ann": "mars", "Bob": "venus"}


def test_the_deal_is_the_same_for_the_same_seed():
    seating = parse_seats("Ann,Bob,Cy,medium,hard")
    assert deal_planets(seating, 99).planets == deal_planets(seating, 99).planets


def test_a_seated_match_names_each_planet_by_its_seat_and_keeps_rule_2s_order():
    seating = Seating((Seat.person("Ann", "jupiter"), Seat.person("Bob"), Seat.ai("random", "Random AI")))
    players = {name: RandomPlayer(i) for i, name in enumerate(seating.names)}
    match, deal = seated_match(seating, players, 8)
    assert match.names[deal.planets["Ann"]] == "Ann" and deal.planets["Ann"] == "jupiter"
    assert list(match.players) == [p for p in PLANETS if p in match.players]
    assert match.hat is None  # one seat picked: no hat result covers everyone
    assert match.next_shooter() == list(match.players)[0]
