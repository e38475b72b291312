"""Rules 10 to 17, running out, and the endings besides rule 9."""

import math
from dataclasses import replace

import pytest

from game.rules.house import HouseRules
from game.rules.layout import satellite_ids
from game.rules.ruling import NoPayment
from game.rules.state import STAKES, start_options
from game.rules.termination import Termination
from tests.rules.rules_kit import LAYOUT, beyond, game, place, play, region_spot

AWAY = {"venus.taw": region_spot("earth", 10)}  # the shooter's taw clear of its own orbit (rule 12)


# -- rule 10 --------------------------------------------------------------------

def test_rule10_a_planet_beyond_herschel_belongs_to_the_striker_and_is_replaced_at_home():
    state = game()
    ruling = play(state, "venus", contacts=[("venus.taw", "mars")], rest={"mars": beyond(), **AWAY})
    [won] = [t for t in ruling.transfers if t.rule == 10]
    assert (won.payer, won.payee, won.marbles, won.bodies) == ("mars", "venus", 1, ("mars",))
    assert [(c.body, c.into) for c in ruling.take_off] == [("mars", "venus")]
    [down] = ruling.put_down
    assert (down.body, down.position, down.from_purse) == ("mars", state.homes["mars"], "mars")
    after = ruling.state
    assert after.purses["venus"] == state.purses["venus"] + 1
    assert after.purses["mars"] == state.purses["mars"] - 1
    assert after.board["mars"] == "mars" and after.positions["mars"] == state.homes["mars"]


def test_rule10_a_planet_that_leaves_the_play_area_counts_the_same():
    ruling = play(game(), "venus", contacts=[("venus.taw", "mars")], out=["mars"], rest=AWAY)
    assert ruling.paid("mars", "venus", 10) == 1 and ruling.put_down[0].body == "mars"


def test_rule10_a_loser_with_an_empty_purse_cannot_replace_and_runs_out():
    state = game(purses={p: (0 if p == "mars" else 20) for p in game().players})
    state = replace(state, marbles_in_game=state.ledger_total())
    ruling = play(state, "venus", contacts=[("venus.taw", "mars")], rest={"mars": beyond(), **AWAY})
    assert ruling.put_down == ()
    assert "mars" not in ruling.state.board
    assert "Mars has no marble to put down where his planet lay, so the place stays empty (rule 10)." in ruling.notes
    assert [(u.rule, u.why) for u in ruling.unpaid] == [(10, NoPayment.EMPTY_PURSE)]
    assert ruling.out == ("mars",)


@pytest.mark.parametrize("mode, replaced, taken", [("taken", False, True), ("replaced", True, True),
                                                    ("returned", True, False)])
def test_rule10_a_satellite_beyond_herschel_is_taken_replaced_or_returned_as_the_house_says(mode, replaced, taken):
    ruling = play(game(), "venus", HouseRules(rule10_satellites=mode), contacts=[("venus.taw", "saturn.2")],
                  rest={"saturn.2": beyond(), **AWAY})
    assert (ruling.paid("saturn", "venus", 10) == 1) == taken
    assert ("saturn.2" in ruling.state.board) == replaced


def test_rule10_a_planet_past_herschels_line_but_still_touching_it_is_not_out():
    # The one reading of rules 10 and 11: a body still touching the line has not crossed it.
    nudged = LAYOUT.point_beyond("herschel", 20, 0.007)  # centre 7 mm past the line, outline on the stripe
    assert LAYOUT.region_at_radius(math.hypot(*nudged)) == "beyond" and LAYOUT.zone(nudged).on_line == "herschel"
    assert LAYOUT.zone(nudged).region == "herschel"  # on his line, in his orbit (one place, one answer)
    ruling = play(game(), "venus", contacts=[("venus.taw", "herschel")], rest={"herschel": nudged, **AWAY})
    assert ruling.transfers == () and ruling.take_off == () and ruling.put_down == ()
    assert ruling.state.positions["herschel"] == nudged
    assert "Herschel lies across Herschel's line, still touching it: not knocked out (rule 10)." in ruling.notes
    clear = LAYOUT.point_beyond("herschel", 20, 0.02)
    assert play(game(), "venus", contacts=[("venus.taw", "herschel")],
                rest={"herschel": clear, **AWAY}).paid("herschel", "venus", 10) == 1


def test_rule10_an_unheld_planet_knocked_out_is_the_strikers_and_the_pot_does_not_replace_it():
    state = game(["venus", "earth"], stakes=3)
    state = replace(state, marbles_in_game=state.ledger_total())
    ruling = play(state, "venus", contacts=[("venus.taw", "mars")], rest={"mars": beyond(), **AWAY})
    assert ruling.paid(STAKES, "venus", 10) == 1 and ruling.state.stakes == 3
    assert ruling.put_down == () and "mars" not in ruling.state.board
    (unpaid,) = ruling.unpaid
    assert unpaid.text == "Nobody holds Mars, so nobody replaces it (rule 10); the stakes are kept for the winner."
    replaced = play(state, "venus", HouseRules(stakes_pay_unheld_orbits=True), contacts=[("venus.taw", "mars")],
                    rest={"mars": beyond(), **AWAY})
    assert replaced.state.stakes == 2 and replaced.state.board["mars"] == STAKES


def test_rule10_own_planet_beyond_herschel_just_goes_back():
    ruling = play(game(), "venus", contacts=[("venus.taw", "earth"), ("earth", "venus")],
                  rest={"venus": beyond(), **AWAY})
    assert ruling.paid("venus", "venus") == 0 and ruling.put_down[0].body == "venus"


# -- rule 11 ------------------------------------------------------------------------

def sun_in_ring() -> tuple[float, float]:
    """The Sun lying within Saturn's ring, 25 mm sunward of Saturn: clear of him and of the ring's line."""
    x, y = LAYOUT.saturn_home()
    k = 1 - 0.025 / LAYOUT.line_radius("saturn")
    return (x * k, y * k)


def test_rule11_struck_into_another_orbit_pays_its_holder_one_per_satellite():
    ruling = play(game(), "venus", contacts=[("venus.taw", "saturn")],
                  rest={"saturn": region_spot("jupiter", 280), **AWAY})
    # Saturn lies within his own ring, so striking him also forfeits three (rule 16).
    assert [(t.payer, t.payee, t.marbles, t.rule) for t in ruling.transfers] == [
        ("venus", "jupiter", 7, 11), ("venus", STAKES, 3, 16)]
    assert ruling.transfers[0].reason == "Venus struck Saturn into Jupiter's orbit: Venus pays Jupiter 7 (rule 11)"


def test_rule11_counts_remaining_all_or_in_orbit_satellites_as_the_house_says():
    state = game()
    state = replace(state, board={b: o for b, o in state.board.items() if b not in ("saturn.1", "saturn.2")})
    state = replace(state, positions={b: p for b, p in state.positions.items() if b in state.board or b == "sun"},
                    marbles_in_game=state.ledger_total())
    kw = dict(contacts=[("venus.taw", "saturn")], rest={"saturn": region_spot("jupiter", 280), **AWAY})
    assert play(state, "venus", **kw).paid("venus", "jupiter", 11) == 5
    assert play(state, "venus", HouseRules(rule11_counts="struck_planet_all"), **kw).paid("venus", "jupiter", 11) == 7
    in_orbit = sum(1 for b in state.board if "." in b and not b.endswith("taw")
                   and LAYOUT.zone(state.positions[b]).region == "jupiter")
    assert in_orbit == 8  # Mars's four moons lie in Jupiter's orbit, beside Jupiter's own four
    assert play(state, "venus", HouseRules(rule11_counts="in_orbit"), **kw).paid("venus", "jupiter", 11) == in_orbit


def test_rule11_a_planet_still_on_its_own_line_has_not_left_its_orbit():
    nudged = LAYOUT.point_beyond("saturn", 280, LAYOUT.marble_radius)  # centre past the line, still touching
    assert LAYOUT.region_at_radius(math.hypot(*nudged)) == "herschel"  # the centre in Herschel's region
    assert LAYOUT.zone(nudged).region == "saturn"  # on Saturn's line, so in Saturn's orbit
    ruling = play(game(), "venus", contacts=[("venus.taw", "saturn")], rest={"saturn": nudged, **AWAY})
    assert [t.rule for t in ruling.transfers] == [16]


def test_rule11_nothing_for_a_planet_without_satellites_or_into_my_own_orbit():
    ruling = play(game(), "earth", contacts=[("earth.taw", "mercury")],
                  rest={"mercury": region_spot("venus"), "earth.taw": region_spot("mars")})
    assert ruling.transfers == ()
    ruling = play(game(), "jupiter", contacts=[("jupiter.taw", "saturn")],
                  rest={"saturn": region_spot("jupiter", 280), "jupiter.taw": region_spot("mars")})
    assert [t.rule for t in ruling.transfers] == [16]
    assert "Jupiter struck Saturn into Jupiter's orbit; the orbit is Jupiter's own, so nobody pays (rule 11)." \
        in ruling.notes


# -- rule 12 --------------------------------------------------------------------------

def test_rule12_a_taw_that_struck_and_fell_into_its_own_orbit_stakes_one():
    ruling = play(game(), "earth", contacts=[("earth.taw", "venus")], rest={"earth.taw": region_spot("earth")})
    assert [(t.payer, t.payee, t.marbles, t.rule) for t in ruling.transfers] == [("earth", STAKES, 1, 12)]
    assert ruling.state.stakes == 1


def test_rule12_needs_a_strike_on_a_taw_planet_or_satellite():
    assert play(game(), "earth", rest={"earth.taw": region_spot("earth")}).transfers == ()
    ruling = play(game(), "earth", contacts=[("earth.taw", "sun")], rest={"earth.taw": region_spot("earth"),
                                                                        "sun": region_spot("earth")})
    assert ruling.rules_applied() == set()
    ruling = play(game(), "earth", contacts=[("earth.taw", "mars.taw")], rest={"earth.taw": region_spot("earth")})
    assert ruling.rules_applied() == {12}
    ruling = play(game(), "earth", contacts=[("earth.taw", "venus")], rest={"earth.taw": region_spot("mars")})
    assert ruling.rules_applied() == set()


# -- rule 13 ---------------------------------------------------------------------------

def test_rule13_a_taw_in_the_inner_ring_stays_there_and_its_player_is_out():
    state = game(["mercury", "venus", "earth"])
    ruling = play(state, "venus", rest={"venus.taw": (0.03, 0.0)})
    assert ruling.out == ("venus",) and ruling.left_as_stakes == ("venus.taw",)
    after = ruling.state
    assert after.stakes == 1 and "venus.taw" not in after.board
    assert after.positions["venus.taw"] == (0.03, 0.0)
    assert after.board["venus"] == STAKES  # his planet is now held by the stakes
    assert after.next_shooter() == "earth"
    assert play(after, "earth").state.next_shooter() == "mercury"


def test_rule13_a_stakes_taw_knocked_out_of_the_play_area_goes_back_into_the_inner_ring():
    state = play(game(["mercury", "venus", "earth"]), "venus", rest={"venus.taw": (0.03, 0.0)}).state
    pot = state.stakes
    ruling = play(state, "earth", contacts=[("earth.taw", "venus.taw")], out=["venus.taw"],
                  rest={"earth.taw": region_spot("mars")})
    back = [p for p in ruling.put_down if p.body == "venus.taw"]
    assert len(back) == 1 and back[0].rule == 13 and back[0].position == (0.03, 0.0)
    assert any("Venus's taw" in note and "inner ring" in note for note in ruling.notes)
    after = ruling.state
    assert after.positions["venus.taw"] == (0.03, 0.0) and "venus.taw" in after.stakes_taws
    assert after.stakes == pot and "venus.taw" not in after.board  # still the winner's, counted once


def test_rule13_a_stakes_taw_knocked_about_inside_the_play_area_lies_where_it_stops():
    state = play(game(["mercury", "venus", "earth"]), "venus", rest={"venus.taw": (0.03, 0.0)}).state
    spot = region_spot("jupiter")
    ruling = play(state, "earth", contacts=[("earth.taw", "venus.taw")],
                  rest={"venus.taw": spot, "earth.taw": region_spot("mars")})
    assert not [p for p in ruling.put_down if p.body == "venus.taw"]
    assert ruling.state.positions["venus.taw"] == spot
    # Knocked out from there, it goes back to the centre of the ring, not to where it last lay.
    ruling = play(ruling.state, "mercury", contacts=[("mercury.taw", "venus.taw")], out=["venus.taw"])
    assert [p.position for p in ruling.put_down if p.body == "venus.taw"] == [(0.0, 0.0)]


def test_rule13_knocking_an_adversarys_taw_into_the_ring_puts_him_out():
    ruling = play(game(["mercury", "venus", "earth"]), "earth", contacts=[("earth.taw", "venus.taw")],
                  rest={"venus.taw": (0.0, 0.05), "earth.taw": region_spot("mars")})
    assert ruling.out == ("venus",)


# -- rule 14 ---------------------------------------------------------------------------

def test_rule14_losing_every_satellite_makes_a_comet_who_may_start_anywhere_after_the_sun_is_struck():
    state = game(["mercury", "venus", "earth"])
    r1 = play(state, "venus", contacts=[("venus.taw", "earth.1")], rest={"earth.1": beyond(), **AWAY})
    assert r1.comets == ("earth",) and "earth" in r1.state.comets
    assert start_options(r1.state, "earth") is None  # the Sun has not been struck since
    r2 = play(r1.state, "earth", contacts=[("earth.taw", "sun")], rest={"sun": region_spot("earth"),
                                                                       "earth.taw": region_spot("mars")})
    r3 = play(r2.state, "mercury", rest={"mercury.taw": region_spot("venus")})
    options = start_options(r3.state, "earth")
    assert options is not None and options.reason == "comet" and len(options.orbits) == 7
    # The comet starts on Herschel's line, far from where the taw lay: no foul.
    r4 = play(r3.state, "venus", rest=AWAY)
    r5 = play(r4.state, "earth", start=LAYOUT.home_on_line("herschel", 77), rest={"earth.taw": region_spot("mars")})
    assert r5.fouls == ()
    assert start_options(r5.state, "earth") is None  # used


def test_rule14_mercury_and_venus_never_become_comets_by_default():
    ruling = play(game(), "earth", rest={"earth.taw": region_spot("mars")})
    assert ruling.comets == ()
    ruling = play(game(), "earth", HouseRules(comets_need_satellites=False), rest={"earth.taw": region_spot("mars")})
    assert set(ruling.comets) == {"mercury", "venus"}


# -- rule 15 ----------------------------------------------------------------------------

def test_rule15_shooting_at_your_own_planet_is_a_foul_that_forfeits_and_earns_nothing():
    ruling = play(game(), "earth", contacts=[("earth.taw", "earth"), ("earth", "sun")],
                  rest={"sun": region_spot("venus"), "earth.taw": region_spot("mars")})
    assert [(f.rule, f.player) for f in ruling.fouls] == [(15, "earth")]
    assert [(t.payer, t.payee, t.marbles, t.rule) for t in ruling.transfers] == [("earth", STAKES, 1, 15)]


def test_rule15_a_foul_that_drives_the_sun_beyond_herschel_leaves_it_where_it_lay():
    state = place(game(), sun=region_spot("saturn", 100))
    ruling = play(state, "earth", contacts=[("earth.taw", "earth.1"), ("earth.1", "sun")],
                  rest={"sun": beyond(), "earth.taw": region_spot("mars")})
    assert ruling.winner is None and not ruling.finished
    assert [(p.body, p.position) for p in ruling.put_down] == [("sun", region_spot("saturn", 100))]
    assert ruling.state.positions["sun"] == region_spot("saturn", 100)
    assert [(u.rule, u.why) for u in ruling.unpaid] == [(9, NoPayment.FOUL)]


def test_rule15_only_the_first_thing_the_taw_strikes_counts():
    ruling = play(game(), "earth", contacts=[("earth.taw", "venus"), ("earth.taw", "earth.1")],
                  rest={"earth.taw": region_spot("mars")})
    assert ruling.fouls == ()


def test_rule15_gains_kept_when_the_house_says_so():
    ruling = play(game(), "earth", HouseRules(foul_voids_gains=False), contacts=[("earth.taw", "earth.1"),
                                                                                 ("earth.1", "sun")],
                  rest={"sun": region_spot("venus"), "earth.taw": region_spot("mars")})
    assert ruling.rules_applied() == {8, 15}


# -- rule 16 -----------------------------------------------------------------------------

def test_rule16_striking_within_saturns_ring_forfeits_three():
    saturn = LAYOUT.saturn_home()
    ruling = play(game(), "venus", contacts=[("venus.taw", "saturn", saturn)], rest=AWAY)
    assert ruling.paid("venus", STAKES, 16) == 3
    outside = LAYOUT.point_in_region("saturn", 100, 0.5)
    ruling = play(game(), "venus", contacts=[("venus.taw", "saturn.1", outside)], rest=AWAY)
    assert ruling.paid("venus", STAKES, 16) == 0


def test_rule16_striking_the_sun_within_the_ring_takes_up_saturn_and_the_satellites_in_his_orbit():
    # All seven start in his orbit; two have been knocked out into Herschel's, and stay there.
    state = place(game(), saturn_2=region_spot("herschel", 270), saturn_6=region_spot("herschel", 290),
                  sun=sun_in_ring())
    saturn = LAYOUT.saturn_home()
    ruling = play(state, "venus", contacts=[("venus.taw", "sun", saturn)],
                  rest={"sun": (saturn[0] * 0.97, saturn[1] * 0.97), **AWAY})
    inside = ["saturn"] + [s for s in satellite_ids("saturn", 7) if s not in ("saturn.2", "saturn.6")]
    [taken] = [t for t in ruling.transfers if t.rule == 16]
    assert (taken.payer, taken.payee, set(taken.bodies)) == ("saturn", "venus", set(inside))
    assert {c.body for c in ruling.take_off} == set(inside)
    assert not set(inside) & set(ruling.state.board)
    assert {"saturn.2", "saturn.6"} <= set(ruling.state.board)


def test_rule16_saturn_himself_takes_nothing_up():
    saturn = LAYOUT.saturn_home()
    ruling = play(place(game(), sun=sun_in_ring()), "saturn", contacts=[("saturn.taw", "sun", saturn)],
                  rest={"sun": (saturn[0] * 0.97, saturn[1] * 0.97), "saturn.taw": region_spot("mars")})
    assert ruling.take_off == ()


# -- rule 17 -----------------------------------------------------------------------------

def test_rule17_after_the_first_shot_the_taw_starts_where_it_rests():
    state = game()
    ruling = play(state, "venus", start=region_spot("earth", 3), rest=AWAY)
    assert [(f.rule, f.player) for f in ruling.fouls] == [(17, "venus")]
    assert ruling.paid("venus", STAKES, 17) == 1


def test_rule17_the_first_shot_starts_on_the_own_line():
    state = game(released=False)
    assert start_options(state, "venus").reason == "first shot"
    assert play(state, "venus", start=LAYOUT.home_on_line("venus", 5), rest=AWAY).fouls == ()
    assert play(state, "venus", start=LAYOUT.home_on_line("earth", 5), rest=AWAY).fouls[0].rule == 17
    ok = play(state, "venus", HouseRules(first_taw_on="region"), start=region_spot("venus", 5), rest=AWAY)
    assert ok.fouls == ()


def test_a_taw_out_of_the_play_area_goes_back_on_its_line_for_a_fresh_first_shot():
    ruling = play(game(), "venus", out=["venus.taw"])
    [down] = ruling.put_down
    assert down.body == "venus.taw" and down.may_move_along_line
    assert LAYOUT.zone(down.position).on_line == "venus"
    assert "venus" in ruling.state.first_shot_pending


# -- running out and the endings ---------------------------------------------------------

def test_running_out_a_player_pays_what_he_has_and_is_out():
    state = game(["mercury", "venus", "earth"], purses={"mercury": 20, "venus": 1, "earth": 20})
    state = replace(state, marbles_in_game=state.ledger_total())
    ruling = play(state, "venus", contacts=[("venus.taw", "sun"), ("sun", "earth"), ("sun", "mercury")],
                  rest={"sun": region_spot("venus"), **AWAY})
    paid = [t for t in ruling.transfers if t.rule == 7]
    assert [(t.payee, t.marbles, t.owed) for t in paid] == [("earth", 1, 2)]
    assert ruling.out == ("venus",)
    after = ruling.state
    assert after.board["venus"] == STAKES and "venus.taw" not in after.board
    assert after.purses["venus"] == 1  # he picked up his taw
    assert [c.body for c in ruling.take_off] == ["venus.taw"]


def test_a_shot_is_settled_as_a_whole_so_a_player_owed_more_than_he_owes_stays_in():
    # Venus has 1, owes the Earth 2 (rule 7) and is owed 4 by Mars (rule 8): he ends with 3, and is not out.
    state = game(["venus", "earth", "mars"], purses={"venus": 1, "earth": 20, "mars": 20})
    state = replace(state, marbles_in_game=state.ledger_total())
    ruling = play(state, "venus", contacts=[("venus.taw", "sun"), ("sun", "earth")],
                  rest={"sun": region_spot("mars"), **AWAY})
    assert ruling.paid("venus", "earth", 7) == 2 and ruling.paid("mars", "venus", 8) == 4
    assert ruling.out == () and ruling.state.purses["venus"] == 3


def test_a_player_short_even_after_the_shots_receipts_pays_all_he_has_and_is_out():
    # Venus has 0, owes the Earth and Mars 2 each (rule 7) and is owed 3 by Jupiter (rule 8): 3 of 4 is paid.
    state = game(["venus", "earth", "mars", "jupiter"], purses={"venus": 0, "earth": 20, "mars": 20, "jupiter": 20})
    state = replace(state, marbles_in_game=state.ledger_total())
    ruling = play(state, "venus", contacts=[("venus.taw", "sun"), ("sun", "earth"), ("sun", "mars")],
                  rest={"sun": region_spot("jupiter"), **AWAY})
    assert ruling.paid("jupiter", "venus", 8) == 3
    assert ruling.paid("venus", "earth", 7) == 2 and ruling.paid("venus", "mars", 7) == 1
    assert ruling.out == ("venus",)
    assert ruling.state.purses["venus"] == 1  # nothing left but the taw he picked up


def test_the_last_player_in_wins_and_takes_the_stakes():
    state = game(["venus", "earth"], purses={"venus": 0, "earth": 20}, stakes=4)
    state = replace(state, marbles_in_game=state.ledger_total())
    ruling = play(state, "venus", contacts=[("venus.taw", "sun"), ("sun", "earth")],
                  rest={"sun": region_spot("venus"), **AWAY})
    assert ruling.out == ("venus",) and ruling.winner == "earth" and ruling.finished
    assert ruling.termination is Termination.LAST_PLAYER_IN == ruling.state.termination
    assert ruling.paid(STAKES, "earth") == 4
    (pot,) = [t for t in ruling.transfers if t.payer == STAKES]
    assert pot.rule == 0, "the last player in is our reading, not rule 9"
    assert ruling.ending == "The Earth is the last player in and wins the game."


def test_the_round_limit_ends_the_game_with_the_richest_player_winning():
    house = HouseRules(round_limit=1)
    state = game(["venus", "earth"], purses={"venus": 20, "earth": 21})
    state = replace(state, marbles_in_game=state.ledger_total())
    r1 = play(state, "venus", house, rest=AWAY)
    assert not r1.finished
    r2 = play(r1.state, "earth", house, rest={"earth.taw": region_spot("mars")})
    assert r2.finished and r2.winner == "earth"
    assert r2.termination is Termination.ROUND_LIMIT
    assert r2.ending.startswith("The round limit of 1 round is reached: the Earth has the most marbles")


def test_the_round_limit_sentence_names_the_count_at_the_limit_and_the_worth_after_the_stakes():
    house = HouseRules(round_limit=1)
    state = game(["venus", "earth"], purses={"venus": 20, "earth": 21}, stakes=3)
    state = replace(state, marbles_in_game=state.ledger_total())
    r1 = play(state, "venus", house, rest=AWAY)
    r2 = play(r1.state, "earth", house, rest={"earth.taw": region_spot("mars")})
    assert r2.termination is Termination.ROUND_LIMIT and r2.winner == "earth"
    pot = r2.paid(STAKES, "earth")
    assert pot == 3
    final = r2.state.worth("earth")  # what the game-over table shows as his worth
    assert f"the Earth has the most marbles at the limit ({final - pot})" in r2.ending
    assert r2.ending.endswith(f"with the stakes' {pot} the Earth ends with {final}.")
    pot_taken = next(t for t in r2.transfers if t.rule == 0)
    assert (pot_taken.cause, pot_taken.phrase.told(you="earth")) == ("the Earth wins at the round limit",
                                                                     "you win at the round limit")
    told = r2.ending_phrase.told(you="earth")
    assert f"you have the most marbles at the limit ({final - pot}) and win the game" in told
    assert told.endswith(f"with the stakes' {pot} you end with {final}.")


def test_a_round_limit_tie_on_level_purses_is_broken_by_the_orbit_even_when_the_winner_takes_stakes():
    house = HouseRules(round_limit=1)
    state = game(["venus", "mercury"], stakes=2)
    state = replace(state, marbles_in_game=state.ledger_total())
    r = play(play(state, "mercury", house, rest={"mercury.taw": region_spot("venus")}).state, "venus", house,
             rest=AWAY)
    assert r.termination is Termination.ROUND_LIMIT_TIE and r.winner == "mercury"
    assert "Mercury wins the game on the orbit nearer the Sun; with the stakes' 2" in r.ending
    assert r.ending_phrase.told(you="mercury").startswith(
        "The round limit of 1 round is reached: you and Venus have 22 marbles each; you win the game on the orbit")


def test_round_limit_tie_goes_to_the_planet_nearer_the_sun():
    house = HouseRules(round_limit=1)
    state = game(["venus", "mercury"])
    r = play(play(state, "mercury", house, rest={"mercury.taw": region_spot("venus")}).state, "venus", house,
             rest=AWAY)
    assert r.finished and r.winner == "mercury"
    assert r.termination is Termination.ROUND_LIMIT_TIE
    assert r.ending.endswith("Mercury wins the game on the orbit nearer the Sun.")


def test_both_taws_knocked_into_the_inner_ring_end_the_game_without_a_winner():
    state = game(["venus", "earth"])
    inner = (0.03, 0.0), (-0.03, 0.0)
    ruling = play(state, "venus", contacts=[("venus.taw", "earth.taw")],
                  rest={"venus.taw": inner[0], "earth.taw": inner[1]})
    assert ruling.out == ("venus", "earth") and ruling.finished and ruling.winner is None
    assert ruling.termination is Termination.NO_PLAYER_LEFT
    assert ruling.ending == "No player is left in: the game ends without a winner."


def test_rule16_saturn_is_taken_up_wherever_he_lies_his_satellites_only_within_his_orbit():
    state = game()
    saturn = LAYOUT.saturn_home()
    state = place(state, saturn=region_spot("jupiter", 10), saturn_3=region_spot("jupiter", 20), sun=sun_in_ring())
    ruling = play(state, "venus", contacts=[("venus.taw", "sun", saturn)], rest=AWAY)
    taken = {c.body for c in ruling.take_off}
    assert "saturn" in taken and "saturn.3" not in taken


def test_rule16_house_rules_the_sun_resting_in_the_ring_saturn_replaced_and_chains_counted():
    saturn = LAYOUT.saturn_home()
    rests_in_ring = (saturn[0] * 0.99, saturn[1] * 0.99)
    # The Sun must come to rest in the ring under rests_in_ring.
    house = HouseRules(rule16_sun="rests_in_ring")
    assert play(game(), "venus", house, contacts=[("venus.taw", "sun", saturn)],
                rest={"sun": region_spot("mars"), **AWAY}).take_off == ()
    assert play(game(), "venus", house, contacts=[("venus.taw", "sun")],
                rest={"sun": rests_in_ring, **AWAY}).take_off != ()
    # Saturn put down again from his holder's purse.
    ruling = play(place(game(), sun=sun_in_ring()), "venus", HouseRules(rule16_replace_saturn=True),
                  contacts=[("venus.taw", "sun", saturn)],
                  rest={"sun": rests_in_ring, **AWAY})
    assert [(p.body, p.from_purse) for p in ruling.put_down] == [("saturn", "saturn")]
    # A chain inside the ring counts only when the house says so.
    chain = dict(contacts=[("venus.taw", "jupiter"), ("jupiter", "saturn", saturn)], rest=AWAY)
    assert play(game(), "venus", **chain).paid("venus", STAKES, 16) == 0
    assert play(game(), "venus", HouseRules(rule16_direct_only=False), **chain).paid("venus", STAKES, 16) == 3


def test_rule3_taking_gate_lets_payments_through_but_not_taking():
    state = game(released=False, first_shot_pending=frozenset())
    house = HouseRules(rule3_gate="taking")
    ruling = play(state, "venus", house, contacts=[("venus.taw", "sun"), ("sun", "earth"), ("venus.taw", "mars")],
                  rest={"mars": beyond(), "sun": region_spot("mercury"), **AWAY})
    assert ruling.paid("venus", "earth", 7) == 2
    assert ruling.paid("mars", "venus", 10) == 0 and ruling.put_down[0].body == "mars"


def test_rule14_a_comet_starting_off_the_orbits_is_a_foul():
    state = game(["mercury", "earth"], comets=frozenset({"earth"}), comet_free_start=frozenset({"earth"}))
    ruling = play(state, "earth", start=region_spot("jupiter", 5), rest={"earth.taw": region_spot("mars")})
    assert [f.rule for f in ruling.fouls] == [14]
    lying_off_the_lines = place(state, earth_taw=region_spot("jupiter", 5))
    assert play(lying_off_the_lines, "earth", rest={"earth.taw": region_spot("mars")}).fouls == ()
    ok = play(state, "earth", HouseRules(comet_start_on="region"), start=region_spot("jupiter", 5),
              rest={"earth.taw": region_spot("mars")})
    assert ok.fouls == ()


def test_a_foul_keeps_the_sun_off_the_shooters_line_and_the_sun_unreleased():
    state = game(released=False, first_shot_pending=frozenset())
    ruling = play(state, "earth", contacts=[("earth.taw", "earth.1"), ("earth.1", "sun")],
                  rest={"sun": LAYOUT.home_on_line("earth", 100), "earth.taw": region_spot("mars")})
    assert not ruling.state.sun_released and ruling.state.sun_line_holder is None
    assert play(state, "earth", contacts=[("earth.taw", "earth.1"), ("earth.1", "sun")],
                rest={"sun": beyond(), "earth.taw": region_spot("mars")}).winner is None
