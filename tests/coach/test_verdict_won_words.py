"""The verdict's words for marbles the shooter wins off the ground (rules 10 and 16): what, from whom, and why.

Each ruling is the referee's own, judged from scripted events (no physics): only the wording is under test.
"""

from __future__ import annotations

from game.coach.verdict import verdict_of
from game.rules.house import HouseRules, SatelliteOut
from game.rules.state import STAKES
from tests.rules.rules_kit import LAYOUT, beyond, game, place, play, region_spot

AWAY = {"venus.taw": region_spot("earth", 10)}  # the shooter's taw clear of its own orbit (rule 12)


def _said(ruling, shooter: str = "venus") -> str:
    return verdict_of(ruling, shooter, LAYOUT, ruling.state.positions, ruling.state.positions).sentence


def test_a_satellite_of_a_planet_nobody_plays_is_said_won_from_the_stakes_and_why():
    ruling = play(game(["venus", "earth"]), "venus", contacts=[("venus.taw", "jupiter.1")],
                  rest={"jupiter.1": beyond(), **AWAY})
    assert ruling.paid(STAKES, "venus", 10) == 1  # the ruling is the referee's: the stakes lose it to the striker
    assert _said(ruling) == ("You knock Jupiter's first satellite beyond Herschel's orbit and win it from the stakes, "
                             "which keep the marbles of Jupiter, a planet nobody plays (rule 10)")
    assert "the stakes' marbles off the ground" not in _said(ruling)


def test_a_players_planet_knocked_out_is_said_won_from_him():
    ruling = play(game(["venus", "earth"]), "venus", contacts=[("venus.taw", "earth")], rest={"earth": beyond(), **AWAY})
    assert _said(ruling).startswith("You knock the Earth beyond Herschel's orbit and win it from the Earth (rule 10)")


def test_the_marbles_of_a_player_who_is_out_are_said_to_be_the_stakes_because_he_is_out():
    earth_out = play(game(["venus", "earth", "mars"]), "earth", rest={"earth.taw": (0.03, 0.0)}).state  # rule 13
    assert earth_out.board["earth.1"] == STAKES
    ruling = play(earth_out, "venus", HouseRules(rule10_satellites=SatelliteOut.TAKEN),
                  contacts=[("venus.taw", "earth.1")], rest={"earth.1": beyond(), **AWAY})
    assert ruling.paid(STAKES, "venus", 10) == 1
    assert _said(ruling) == ("You knock the Moon beyond Herschel's orbit and win it from the stakes, "
                             "which keep the marbles of the Earth, a player who is out (rule 10)")


def test_saturn_taken_up_is_said_by_name_and_count_from_whom():
    saturn = LAYOUT.saturn_home()
    k = 1 - 0.025 / LAYOUT.line_radius("saturn")  # the Sun within Saturn's ring, sunward of him
    state = place(game(["venus", "saturn"]), sun=(saturn[0] * k, saturn[1] * k))
    ruling = play(state, "venus", contacts=[("venus.taw", "sun", saturn)],
                  rest={"sun": (saturn[0] * 0.97, saturn[1] * 0.97), **AWAY})
    assert ruling.paid("saturn", "venus", 16) == 8  # Saturn and his seven satellites, off the ground
    assert "you take up Saturn and 7 of his satellites from Saturn (rule 16)" in _said(ruling)


def test_the_stakes_saturn_taken_up_says_nobody_plays_him():
    saturn = LAYOUT.saturn_home()
    k = 1 - 0.025 / LAYOUT.line_radius("saturn")
    state = place(game(["venus", "earth"]), sun=(saturn[0] * k, saturn[1] * k))
    ruling = play(state, "venus", contacts=[("venus.taw", "sun", saturn)],
                  rest={"sun": (saturn[0] * 0.97, saturn[1] * 0.97), **AWAY})
    assert ruling.paid(STAKES, "venus", 16) == 8
    assert _said(ruling).lower().endswith("you take up saturn and 7 of his satellites from the stakes, which keep the marbles "
                                  "of saturn, a planet nobody plays (rule 16)")

