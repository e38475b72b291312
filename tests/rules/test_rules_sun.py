"""Rules 2 to 9: turn order, the gate, and what striking the Sun pays."""

from dataclasses import replace

import pytest

from game.rules.house import HouseRules
from game.rules.layout import PLANETS
from game.rules.referee import RULE8_SCHEDULE
from game.rules.ruling import NoPayment
from game.rules.state import STAKES, RuleStateError, new_game
from game.rules.termination import Termination
from tests.rules.rules_kit import LAYOUT, beyond, game, place, play, region_spot


# -- rule 2 ---------------------------------------------------------------------

def test_rule2_mercury_shoots_first_then_outward_whatever_order_they_sat_in():
    state = new_game(["saturn", "earth", "mercury"], LAYOUT)
    assert state.players == ("mercury", "earth", "saturn")
    assert state.next_shooter() == "mercury"
    after = play(game(["saturn", "earth", "mercury"]), "mercury").state
    assert after.next_shooter() == "earth"


def test_rule2_without_mercury_the_innermost_player_starts():
    assert new_game(["jupiter", "venus"], LAYOUT).next_shooter() == "venus"


def test_rule2_players_out_are_skipped_and_rounds_are_counted():
    state = game(["mercury", "venus", "earth"], out=("venus",))
    ruling = play(state, "mercury")
    assert ruling.state.next_shooter() == "earth" and ruling.state.round == 0
    ruling = play(ruling.state, "earth")
    assert ruling.state.next_shooter() == "mercury" and ruling.state.round == 1


def test_a_player_out_cannot_be_judged_as_shooter():
    with pytest.raises(RuleStateError):
        play(game(["mercury", "venus", "earth"], out=("venus",)), "venus")


# -- rule 3 -----------------------------------------------------------------------

def test_rule3_before_the_release_the_sun_against_a_planet_still_costs_two():
    # The text holds back only taking: a shooter's penalty (rule 7) is live before the release.
    state = game(released=False, first_shot_pending=frozenset())
    ruling = play(state, "earth", contacts=[("earth.taw", "sun"), ("sun", "mercury")],
                  rest={"sun": region_spot("mercury", 90, 0.6)})
    assert ruling.paid("earth", "mercury", 7) == 2
    assert not ruling.state.sun_released
    assert any("rule 3" in n for n in ruling.notes)


def test_rule3_the_scoring_gate_holds_back_rule7_before_the_release():
    state = game(released=False, first_shot_pending=frozenset())
    ruling = play(state, "earth", HouseRules(rule3_gate="scoring"),
                  contacts=[("earth.taw", "sun"), ("sun", "mercury")], rest={"sun": region_spot("mercury", 90, 0.6)})
    assert ruling.transfers == ()


def test_rule3_off_makes_rule7_live_before_the_release():
    state = game(released=False, first_shot_pending=frozenset())
    ruling = play(state, "earth", HouseRules(rule3_gate="off"),
                  contacts=[("earth.taw", "sun"), ("sun", "mercury")], rest={"sun": region_spot("mercury", 90, 0.6)})
    assert ruling.paid("earth", "mercury", 7) == 2


def test_rule3_a_planet_beyond_herschel_before_the_release_goes_back_home():
    state = game(released=False, first_shot_pending=frozenset())
    ruling = play(state, "earth", contacts=[("earth.taw", "venus")],
                  rest={"venus": beyond(), "earth.taw": region_spot("venus")})
    assert ruling.transfers == ()
    assert [(p.body, p.position) for p in ruling.put_down] == [("venus", state.homes["venus"])]
    assert "venus" in ruling.state.board and ruling.state.positions["venus"] == state.homes["venus"]


def test_rule3_the_release_needs_the_sun_at_rest_beyond_mercurys_line():
    state = game(released=False, first_shot_pending=frozenset())
    on_line = LAYOUT.home_on_line("mercury", 10)  # on the line is still Mercury's orbit
    ruling = play(state, "venus", contacts=[("venus.taw", "sun")], rest={"sun": on_line})
    assert not ruling.state.sun_released and ruling.transfers == ()


# -- rule 4 -----------------------------------------------------------------------

def test_rule4_the_release_pays_one_per_planet_and_satellite_lying_in_that_orbit():
    state = game(released=False, first_shot_pending=frozenset())
    # The Earth and the Moon lie in the Earth's orbit; put one of Mars's moons there too.
    state = place(state, mars_1=region_spot("earth", 200, 0.5))
    ruling = play(state, "venus", contacts=[("venus.taw", "sun")], rest={"sun": region_spot("earth", 45)})
    assert ruling.state.sun_released
    assert [(t.payer, t.payee, t.marbles, t.rule) for t in ruling.transfers] == [("earth", "venus", 3, 4)]


def test_rule4_counts_the_bodies_where_they_stop_not_where_they_started():
    state = game(released=False, first_shot_pending=frozenset())
    ruling = play(state, "venus", contacts=[("venus.taw", "sun"), ("sun", "earth.1")],
                  rest={"sun": region_spot("earth", 45), "earth.1": region_spot("mars", 45)})
    assert ruling.paid("earth", "venus", 4) == 1


def test_rule4_an_unheld_orbit_pays_nothing_and_the_ruling_says_why():
    state = game(["mercury", "venus"], released=False, first_shot_pending=frozenset(), stakes=1)
    state = replace(state, marbles_in_game=state.marbles_in_game + 1)
    ruling = play(state, "mercury", contacts=[("mercury.taw", "sun")], rest={"sun": region_spot("saturn", 0)})
    assert ruling.transfers == () and ruling.state.stakes == 1  # the stakes are kept for the winner
    (unpaid,) = ruling.unpaid
    assert (unpaid.rule, unpaid.why) == (4, NoPayment.UNHELD_ORBIT)
    assert unpaid.text == ("Mercury struck the Sun beyond Mercury's orbit to rest in Saturn's orbit; nobody holds "
                           "Saturn's orbit, so nobody pays (rule 4); the stakes are kept for the winner.")
    assert unpaid.text in ruling.notes


def test_rule4_house_rule_the_stakes_pay_an_unheld_orbit_as_far_as_they_go():
    state = game(["mercury", "venus"], released=False, first_shot_pending=frozenset(), stakes=1)
    state = replace(state, marbles_in_game=state.marbles_in_game + 1)
    ruling = play(state, "mercury", HouseRules(stakes_pay_unheld_orbits=True), contacts=[("mercury.taw", "sun")],
                  rest={"sun": region_spot("saturn", 0)})
    expected = sum(1 for b, p in state.positions.items()
                   if b != "sun" and not b.endswith(".taw") and LAYOUT.zone(p).region == "saturn")
    assert expected > 1
    [transfer] = ruling.transfers
    assert (transfer.payer, transfer.payee, transfer.marbles, transfer.owed) == (STAKES, "mercury", 1, expected)
    assert ruling.out == ()  # the stakes never go out


def test_rule4_is_only_for_the_release_and_rule8_pays_afterwards():
    ruling = play(game(), "venus", contacts=[("venus.taw", "sun")], rest={"sun": region_spot("mars")})
    assert ruling.rules_applied() == {8}
    assert ruling.paid("mars", "venus") == RULE8_SCHEDULE["mars"]


@pytest.mark.parametrize("mode, rules", [("both", {4, 8}), ("rule4_always", {4}), ("rule8_always", {8})])
def test_rule4_against_rule8_the_house_rule_chooses_which_pays_the_striker(mode, rules):
    ruling = play(game(), "venus", HouseRules(sun_payment=mode), contacts=[("venus.taw", "sun")],
                  rest={"sun": region_spot("mars")})
    assert ruling.rules_applied() == rules


# -- rules 5 and 8 ------------------------------------------------------------------

@pytest.mark.parametrize("region", PLANETS)
def test_rule8_pays_the_schedule_from_the_holder_of_the_orbit_where_the_sun_stops(region):
    shooter = "herschel" if region != "herschel" else "mercury"
    ruling = play(game(), shooter, contacts=[(f"{shooter}.taw", "sun")], rest={"sun": region_spot(region, 123)})
    assert [(t.payer, t.payee, t.marbles, t.rule) for t in ruling.transfers] == \
        [(region, shooter, RULE8_SCHEDULE[region], 8)]


def test_rule5_a_sun_exactly_on_a_line_is_in_that_lines_orbit():
    ruling = play(game(), "herschel", contacts=[("herschel.taw", "sun")],
                  rest={"sun": LAYOUT.home_on_line("earth", 10)})
    assert ruling.paid("earth", "herschel", 8) == RULE8_SCHEDULE["earth"]


def test_rule8_nothing_when_the_shooter_holds_the_orbit_or_the_sun_was_not_struck():
    ruling = play(game(), "mars", contacts=[("mars.taw", "sun")], rest={"sun": region_spot("mars")})
    assert ruling.transfers == ()
    ruling = play(game(), "mars", contacts=[("mars.taw", "venus")], rest={"mars.taw": region_spot("venus")})
    assert ruling.transfers == ()


def test_rule8_a_sun_moved_by_a_struck_planet_counts_unless_the_house_says_direct_only():
    kw = dict(contacts=[("mars.taw", "earth"), ("earth", "sun")], rest={"sun": region_spot("venus")})
    assert play(game(), "mars", **kw).paid("venus", "mars", 8) == 6
    assert play(game(), "mars", HouseRules(indirect_sun_strikes=False), **kw).paid("venus", "mars", 8) == 0


# -- rule 6 ---------------------------------------------------------------------------

def test_rule6_the_sun_on_my_own_line_earns_one_from_every_other_shooter_while_it_stays():
    state = game(["mercury", "venus", "earth"])
    on_earth_line = LAYOUT.home_on_line("earth", 100)
    r1 = play(state, "earth", contacts=[("earth.taw", "sun")], rest={"sun": on_earth_line})
    assert r1.state.sun_line_holder == "earth"
    r2 = play(r1.state, "mercury", contacts=[("mercury.taw", "venus")])
    assert r2.paid("mercury", "earth", 6) == 1
    r3 = play(r2.state, "venus")
    assert r3.paid("venus", "earth", 6) == 1
    r4 = play(r3.state, "earth")
    assert r4.paid("earth", "earth") == 0 and r4.state.sun_line_holder == "earth"
    # Mercury knocks the Sun off the line: he still pays for the shot, then the toll ends.
    r5 = play(r4.state, "mercury", contacts=[("mercury.taw", "sun")], rest={"sun": region_spot("venus")})
    assert r5.paid("mercury", "earth", 6) == 1 and r5.state.sun_line_holder is None
    r6 = play(r5.state, "venus")
    assert r6.paid("venus", "earth", 6) == 0


def test_rule6_only_the_players_own_line_counts():
    on_venus_line = LAYOUT.home_on_line("venus", 100)
    r1 = play(game(), "earth", contacts=[("earth.taw", "sun")], rest={"sun": on_venus_line})
    assert r1.state.sun_line_holder is None


def test_rule6_the_once_toll_takes_one_from_each_other_player_then_no_more():
    house = HouseRules(rule6_toll="once")
    state = game(["mercury", "venus", "earth"])
    r1 = play(state, "earth", house, contacts=[("earth.taw", "sun")], rest={"sun": LAYOUT.home_on_line("earth", 100)})
    r2 = play(r1.state, "mercury", house)
    r3 = play(r2.state, "venus", house)
    r4 = play(r3.state, "earth", house)
    r5 = play(r4.state, "mercury", house)
    assert [r.paid(p, "earth", 6) for r, p in [(r2, "mercury"), (r3, "venus"), (r5, "mercury")]] == [1, 1, 0]


# -- rule 7 -----------------------------------------------------------------------------

def test_rule7_two_to_each_planet_the_sun_touches_once_per_shot():
    ruling = play(game(), "venus", contacts=[("venus.taw", "sun"), ("sun", "earth"), ("sun", "mars"),
                                             ("sun", "earth")], rest={"sun": region_spot("mars")})
    assert ruling.paid("venus", "earth", 7) == 2
    assert ruling.paid("venus", "mars", 7) == 2
    text = [t.reason for t in ruling.transfers if t.rule == 7][0]
    assert text == "Venus knocked the Sun against the Earth: Venus pays the Earth 2 (rule 7)"


def test_rule7_each_contact_pays_per_touch_own_planet_nothing_unheld_planet_the_stakes():
    kw = dict(contacts=[("venus.taw", "sun"), ("sun", "earth"), ("sun", "earth")])
    assert play(game(), "venus", HouseRules(rule7_each_contact=True), **kw).paid("venus", "earth", 7) == 4
    assert play(game(), "venus", contacts=[("venus.taw", "sun"), ("sun", "venus")],
                rest={"sun": region_spot("venus")}).transfers == ()
    state = game(["venus", "mercury"])
    assert play(state, "venus", **kw).paid("venus", STAKES, 7) == 2


def test_rule7_satellites_are_not_planets():
    assert play(game(), "venus", contacts=[("venus.taw", "sun"), ("sun", "earth.1")]).paid("venus", "earth") == 0


# -- rule 9 --------------------------------------------------------------------------------

def test_rule9_the_sun_beyond_herschel_wins_one_from_each_player_and_the_stakes():
    state = game(["mercury", "venus", "earth"], stakes=5)
    state = replace(state, marbles_in_game=state.marbles_in_game + 5)
    ruling = play(state, "venus", contacts=[("venus.taw", "sun")], rest={"sun": beyond()})
    assert ruling.winner == "venus" and ruling.finished and ruling.state.finished
    assert ruling.paid("mercury", "venus", 9) == 1 and ruling.paid("earth", "venus", 9) == 1
    assert ruling.paid(STAKES, "venus", 9) == 5 and ruling.state.stakes == 0
    assert ruling.state.purses["venus"] == state.purses["venus"] + 7
    assert ruling.state.next_shooter() is None
    assert ruling.termination is Termination.SUN_BEYOND_HERSCHEL == ruling.state.termination
    assert ruling.ending == "Venus knocked the Sun beyond Herschel's orbit and wins the game (rule 9)."


def test_rule9_a_sun_out_of_the_play_area_also_wins_unless_the_house_says_not():
    won = play(game(), "mars", contacts=[("mars.taw", "sun")], out=["sun"])
    assert won.winner == "mars" and won.rules_applied() == {9}
    assert all(won.paid(p, "mars", 9) == 1 for p in PLANETS if p != "mars")
    ruling = play(game(), "mars", HouseRules(sun_out_of_play_wins=False), contacts=[("mars.taw", "sun")], out=["sun"])
    assert ruling.winner is None
    assert [(p.body, p.position) for p in ruling.put_down] == [("sun", (0.0, 0.0))]
    assert ruling.state.positions["sun"] == (0.0, 0.0)


def test_rule9_a_release_shot_that_goes_all_the_way_wins():
    state = game(released=False, first_shot_pending=frozenset())
    won = play(state, "mercury", contacts=[("mercury.taw", "sun")], rest={"sun": beyond()})
    assert won.winner == "mercury" and won.rules_applied() == {9}  # no rule 4: beyond Herschel is no orbit
    assert all(won.paid(p, "mercury", 9) == 1 for p in PLANETS if p != "mercury")


def test_judging_after_the_end_is_refused():
    ruling = play(game(), "mars", contacts=[("mars.taw", "sun")], rest={"sun": beyond()})
    with pytest.raises(RuleStateError):
        play(ruling.state, "jupiter")


def test_live_rules_name_what_the_gate_holds_back():
    from game.rules.referee import live_rules
    assert live_rules(True) == frozenset(range(1, 18))
    before = live_rules(False)
    assert {4, 6, 7, 8, 9, 11, 12, 13, 15, 16, 17} <= before and not {10, 14} & before
    scoring = live_rules(False, HouseRules(rule3_gate="scoring"))
    assert {4, 9, 12, 13, 15, 16, 17} <= scoring and not {6, 7, 8, 10, 11, 14} & scoring
    assert live_rules(False, HouseRules(rule3_gate="off")) == frozenset(range(1, 18))


def test_odd_but_possible_positions_are_judged_without_fuss():
    state = game(["mercury", "venus", "earth"])
    # The Sun in the inner ring after a strike: rule 8 pays seven from Mercury's holder.
    ruling = play(state, "earth", contacts=[("earth.taw", "sun")],
                  rest={"sun": (0.01, 0.0), "earth.taw": region_spot("mars")})
    assert ruling.paid("mercury", "earth", 8) == 7
    # Every taw out of the play area at once: all go back on their lines.
    ruling = play(state, "earth", contacts=[("earth.taw", "venus.taw"), ("venus.taw", "mercury.taw")],
                  out=["earth.taw", "venus.taw", "mercury.taw"])
    assert {p.body for p in ruling.put_down} == {"earth.taw", "venus.taw", "mercury.taw"}
    assert ruling.state.first_shot_pending == {"mercury", "venus", "earth"} and ruling.out == ()
    # A body exactly on a line, and no AllAtRest at all: nothing moved that the log does not say moved.
    from game.rules.events import ShotStarted
    from game.rules.referee import judge
    ruling = judge(state, "mercury", [ShotStarted(0.0, "mercury.taw", state.positions["mercury.taw"], (1, 0))],
                   LAYOUT, HouseRules())
    assert ruling.state.positions == state.positions and ruling.transfers == ()
