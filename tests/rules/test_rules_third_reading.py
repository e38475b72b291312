"""The referee's third reading (issue 25), each pinned on plain event logs: the setup, one test of
"on the line" for every rule, the named house rules, and sentences that say what moved."""

from dataclasses import replace

import pytest

from game.rules.events import AllAtRest, Contact, ShotStarted
from game.rules.house import HouseRules
from game.rules.layout import SUN, taw_id
from game.rules.referee import judge
from game.rules.ruling_text import ruling_to_text
from game.rules.state import STAKES, RuleStateError, lay_taw, new_game
from game.rules.termination import Termination
from tests.rules.rules_kit import LAYOUT, game, place, play, region_spot

AWAY = {"venus.taw": region_spot("mars", 100), "earth.taw": region_spot("jupiter", 100)}
REACH_SUN = LAYOUT.sun_radius + LAYOUT.line_width / 2
REACH = LAYOUT.marble_radius + LAYOUT.line_width / 2


def radial(r: float, angle: float = 45.0):
    import math
    a = math.radians(angle)
    return (r * math.cos(a), r * math.sin(a))


# -- the one test of "on the line" ------------------------------------------------------

@pytest.mark.parametrize("gap, on", [(0.0, True), (REACH_SUN - 1e-6, True), (REACH_SUN + 1e-6, False)])
def test_on_the_line_is_the_outline_over_the_stripe_either_side(gap, on):
    R = LAYOUT.line_radius("mercury")
    for r in (R + gap, R - gap):
        assert LAYOUT.on_line(r, LAYOUT.sun_radius, R) is on
        assert LAYOUT.clear_beyond(r, LAYOUT.sun_radius, R) is (not on and r > R)
        assert LAYOUT.clear_within(r, LAYOUT.sun_radius, R) is (not on and r < R)


def test_rule3_a_sun_resting_on_mercurys_line_is_not_released_and_pays_no_rule4():
    # The audit's case: centre at r = 0.1414, Mercury's line at 0.14.
    state = game(["mercury", "venus", "earth"], released=False, first_shot_pending=frozenset())
    ruling = play(state, "earth", contacts=[("earth.taw", SUN)], rest={SUN: radial(0.1414), **AWAY})
    assert not ruling.state.sun_released
    assert [t.rule for t in ruling.transfers] == []
    assert any("has not been released" in n for n in ruling.notes)
    # Wholly beyond the line (outline clear of the stripe): released, and rule 4 pays.
    clear = play(state, "earth", contacts=[("earth.taw", SUN)],
                 rest={SUN: radial(0.14 + REACH_SUN + 0.002), **AWAY})
    assert clear.state.sun_released and [t.rule for t in clear.transfers] == [4]


def test_rule9_a_sun_on_herschels_line_has_not_gone_beyond_and_rule6_applies():
    # The audit's case: Herschel knocks the Sun to r = 0.9515, touching his own line.
    state = game(["venus", "herschel"])
    on_line = radial(0.9515)
    ruling = play(state, "herschel", contacts=[("herschel.taw", SUN)], rest={SUN: on_line})
    assert ruling.winner is None and not ruling.finished
    assert ruling.state.sun_line_holder == "herschel"
    assert ruling.state.positions[SUN] == on_line
    # Venus shoots next while it lies there: he pays Herschel one (rule 6).
    toll = play(ruling.state, "venus", rest={"venus.taw": region_spot("mars", 200)})
    assert toll.paid("venus", "herschel", 6) == 1
    # Wholly beyond: the win.
    beyond = play(state, "herschel", contacts=[("herschel.taw", SUN)], rest={SUN: radial(0.95 + REACH_SUN + 0.002)})
    assert beyond.winner == "herschel" and beyond.termination is Termination.SUN_BEYOND_HERSCHEL


def test_rule13_a_taw_straddling_the_inner_ring_is_not_within_it():
    # The audit's case: the taw's centre 0.8 mm inside the ring's line put Venus out.
    state = game(["mercury", "venus"])
    straddling = radial(LAYOUT.inner_ring_radius - 0.0008, 200)
    ruling = play(state, "mercury", contacts=[("mercury.taw", "venus.taw")], rest={"venus.taw": straddling})
    assert ruling.out == () and "venus" in ruling.state.active
    wholly = radial(LAYOUT.inner_ring_radius - REACH - 0.001, 200)
    inside = play(state, "mercury", contacts=[("mercury.taw", "venus.taw")], rest={"venus.taw": wholly})
    assert inside.out == ("venus",) and inside.left_as_stakes == ("venus.taw",)


def test_rule16_a_satellite_laid_outside_saturns_ring_is_not_within_it_wherever_the_taw_touches_it():
    # The satellite lies outside the ring; the contact point sits inside the ring's circle.
    sx, sy = LAYOUT.saturn_home()
    satellite = LAYOUT.home_positions()["saturn.1"]
    towards_saturn = ((satellite[0] + sx) / 2, (satellite[1] + sy) / 2)
    assert LAYOUT.in_saturn_ring(towards_saturn) and not LAYOUT.within_saturn_ring(satellite, LAYOUT.marble_radius)
    ruling = play(game(), "venus", contacts=[("venus.taw", "saturn.1", towards_saturn)], rest=AWAY)
    assert ruling.paid("venus", STAKES, 16) == 0
    # A satellite lying within the ring, clear of its line, costs the forfeit wherever it is touched.
    inside = (sx + 0.02, sy)
    state = place(game(), saturn_1=inside)
    outside_point = (sx + 0.05, sy)
    ruling = play(state, "venus", contacts=[("venus.taw", "saturn.1", outside_point)], rest=AWAY)
    assert ruling.paid("venus", STAKES, 16) == 3
    assert ruling.transfers[0].cause == "Venus struck Saturn's first satellite within Saturn's ring"


# -- a voided foul's Sun put back on the line keeps rule 6's toll ---------------------------

def test_a_voided_foul_that_puts_the_sun_back_on_the_line_keeps_rule6s_toll():
    on_line = radial(0.95, 30)
    state = place(game(["venus", "herschel"]), sun=on_line)
    state = replace(state, sun_line_holder="herschel")
    # Venus shoots at his own planet first (a foul); the planet drives the Sun beyond: it goes back.
    ruling = play(state, "venus", contacts=[("venus.taw", "venus"), ("venus", SUN)],
                  rest={SUN: radial(1.2, 30), "venus": region_spot("earth", 200)})
    assert [f.rule for f in ruling.fouls] == [15]
    assert ruling.state.positions[SUN] == on_line and ruling.state.sun_line_holder == "herschel"
    assert ruling.paid("venus", "herschel", 6) == 1  # this shot paid the toll as it began
    after = play(ruling.state, "venus", rest={"venus.taw": region_spot("mars", 100)})
    assert after.paid("venus", "herschel", 6) == 1  # and the next one still does


# -- the setup ----------------------------------------------------------------------------

def test_every_taw_is_laid_at_the_setup_and_after_the_games_first_shot_each_shoots_from_where_it_rests():
    state = new_game(["mercury", "venus"], LAYOUT)
    spot = LAYOUT.home_on_line("venus", 300)
    state = lay_taw(state, "venus", spot, LAYOUT)
    assert state.positions["venus.taw"] == spot
    # Mercury's first shot knocks Venus's laid taw into Mars's orbit.
    knocked = region_spot("mars", 300)
    ruling = play(state, "mercury", contacts=[("mercury.taw", "venus.taw")], rest={"venus.taw": knocked})
    assert ruling.state.first_shot_pending == frozenset()
    with pytest.raises(RuleStateError):
        lay_taw(ruling.state, "venus", LAYOUT.home_on_line("venus", 100), LAYOUT)
    # Venus shoots from where it rests: no foul.
    fair = play(ruling.state, "venus", rest={"venus.taw": region_spot("mars", 310)})
    assert fair.fouls == ()
    # Laying it afresh on his line is a foul now (rule 17).
    afresh = play(ruling.state, "venus", start=LAYOUT.home_on_line("venus", 100),
                  rest={"venus.taw": region_spot("mars", 310)})
    assert [f.rule for f in afresh.fouls] == [17]


def test_under_own_first_shot_each_player_lays_his_taw_afresh_at_his_own_first_turn():
    house = HouseRules(taws_laid="own_first_shot")
    state = new_game(["mercury", "venus"], LAYOUT, house)
    ruling = play(state, "mercury", house, contacts=[("mercury.taw", "venus.taw")],
                  rest={"venus.taw": region_spot("mars", 300)})
    assert ruling.state.first_shot_pending == frozenset({"venus"})
    afresh = play(ruling.state, "venus", house, start=LAYOUT.home_on_line("venus", 100),
                  rest={"venus.taw": region_spot("mars", 310)})
    assert afresh.fouls == ()


def test_a_taw_is_laid_on_its_own_line_only():
    state = new_game(["mercury", "venus"], LAYOUT)
    with pytest.raises(RuleStateError):
        lay_taw(state, "venus", LAYOUT.home_on_line("earth", 100), LAYOUT)
    assert lay_taw(state, "venus", region_spot("venus", 100, 0.5), LAYOUT,
                   HouseRules(first_taw_on="region")).positions["venus.taw"] == region_spot("venus", 100, 0.5)


# -- rule 4's payer, rule 8's orbit --------------------------------------------------------

def test_rule4_payer_is_the_holder_where_the_sun_stops_or_by_house_rule_mercurys():
    state = game(["mercury", "venus", "earth"], released=False, first_shot_pending=frozenset())
    kw = dict(contacts=[("venus.taw", SUN)], rest={SUN: region_spot("earth", 45, 0.5), **AWAY})
    default = play(state, "venus", **kw)
    assert [(t.payer, t.rule) for t in default.transfers] == [("earth", 4)]
    assert default.transfers[0].cause.startswith("Venus struck the Sun beyond Mercury's orbit to rest in the "
                                                  "Earth's orbit")
    by_mercury = play(state, "venus", HouseRules(rule4_payer="mercury"), **kw)
    assert [(t.payer, t.rule) for t in by_mercury.transfers] == [("mercury", 4)]
    assert by_mercury.transfers[0].marbles == default.transfers[0].marbles


def test_rule8_struck_within_is_where_it_rests_or_by_house_rule_where_it_lay_when_struck():
    # The audit's case: a Sun struck inside Mercury's orbit that came to rest in the Earth's.
    state = place(game(["mercury", "mars", "earth"]), sun=region_spot("mercury", 45, 0.5))
    kw = dict(contacts=[("mars.taw", SUN)], rest={SUN: region_spot("earth", 45, 0.5), "mars.taw": region_spot("mars")})
    rests = play(state, "mars", **kw)
    assert [(t.payer, t.marbles) for t in rests.transfers if t.rule == 8] == [("earth", 5)]
    assert rests.transfers[0].cause == "Mars struck the Sun to rest in the Earth's orbit"
    struck = play(state, "mars", HouseRules(rule8_orbit="struck"), **kw)
    assert [(t.payer, t.marbles) for t in struck.transfers if t.rule == 8] == [("mercury", 7)]
    assert struck.transfers[0].cause == "Mars struck the Sun within Mercury's orbit"


# -- two planets struck at once, purse short ----------------------------------------------

def _two_planets(first: str, second: str, dt: float, house: HouseRules = HouseRules()):
    # Before the release, with the Sun resting in Mercury's orbit: no reward comes back to the Earth.
    state = place(game(["mercury", "venus", "earth"], released=False, first_shot_pending=frozenset(),
                       purses={"mercury": 20, "venus": 20, "earth": 2}), sun=region_spot("mercury", 250, 0.5))
    state = replace(state, marbles_in_game=state.ledger_total())
    taw = taw_id("earth")
    events = [ShotStarted(0.0, taw, state.positions[taw], (1.0, 0.0)),
              Contact(0.01, taw, SUN, 0.01, state.positions[SUN]),
              Contact(0.02, SUN, first, 0.01, state.positions[first]),
              Contact(0.02 + dt, SUN, second, 0.01, state.positions[second]),
              AllAtRest(1.0, {**state.positions, SUN: state.positions[SUN]})]
    return judge(state, "earth", events, LAYOUT, house)


def test_two_planets_struck_within_the_tolerance_are_paid_in_seat_order_whichever_came_first():
    # Earth has 2 and owes 2 to each: contacts 0.2 ns apart are simultaneous, Mercury (first seat) is paid.
    for first, second in (("mercury", "venus"), ("venus", "mercury")):
        ruling = _two_planets(first, second, 2e-10)
        assert ruling.paid("earth", "mercury", 7) == 2 and ruling.paid("earth", "venus", 7) == 0
    # With no tolerance the physics' order of the two decides (the mirror table would pay the other player).
    exact = _two_planets("venus", "mercury", 2e-10, HouseRules(simultaneous_s=0.0))
    assert exact.paid("earth", "venus", 7) == 2 and exact.paid("earth", "mercury", 7) == 0
    # Contacts clearly apart are paid in the order they happened.
    later = _two_planets("venus", "mercury", 0.05)
    assert later.paid("earth", "venus", 7) == 2 and later.paid("earth", "mercury", 7) == 0


# -- sentences that say what moved ---------------------------------------------------------

def test_a_short_payment_says_what_was_owed_what_he_had_and_what_he_paid():
    state = game(["venus", "earth"], purses={"venus": 1, "earth": 20})
    state = replace(state, marbles_in_game=state.ledger_total())
    ruling = play(state, "venus", contacts=[("venus.taw", SUN), (SUN, "earth")],
                  rest={SUN: region_spot("venus", 200, 0.4), "venus.taw": region_spot("mars", 100)})
    (t,) = [t for t in ruling.transfers if t.rule == 7]
    assert (t.owed, t.marbles) == (2, 1)
    assert t.reason.endswith("Venus owes the Earth 2, has only 1: pays 1 (rule 7)")
    out_note = next(n for n in ruling.notes if n.startswith("Venus is out"))
    assert out_note.endswith("he picks up his taw, so he ends with 1 marble in hand.")
    assert ruling.state.purses["venus"] == 1


def test_the_pot_given_to_the_last_player_in_is_told_after_who_went_out():
    state = game(["venus", "earth"], stakes=3)
    state = replace(state, marbles_in_game=state.ledger_total())
    ruling = play(state, "venus", contacts=[("venus.taw", "earth.taw")],
                  rest={"earth.taw": radial(0.02, 10), "venus.taw": region_spot("mars", 100)})
    lines = ruling_to_text(ruling).splitlines()
    out = next(i for i, line in enumerate(lines) if line.startswith("The Earth is out"))
    pot = next(i for i, line in enumerate(lines) if "takes all the stakes" in line)
    assert out < pot


def test_marbles_taken_up_under_rule16_are_taken_not_paid_and_saturn_is_named_where_he_lies():
    sx, sy = LAYOUT.saturn_home()
    state = place(game(), sun=(sx * 0.97, sy * 0.97), saturn=region_spot("herschel", 280, 0.7))
    ruling = play(state, "venus", contacts=[("venus.taw", SUN, (sx, sy))], rest=AWAY)
    (taken,) = [t for t in ruling.transfers if t.rule == 16]
    assert taken.reason == ("Venus struck the Sun within Saturn's ring and takes up Saturn (lying in Herschel's "
                            "orbit) and his 7 satellites within Saturn's orbit: Venus takes 8 of Saturn's marbles "
                            "off the ground (rule 16)")


def test_a_planet_struck_into_the_shooters_own_orbit_names_the_orbit_by_its_planet():
    ruling = play(game(), "mars", contacts=[("mars.taw", "venus")],
                  rest={"venus": region_spot("mars", 200), "mars.taw": region_spot("jupiter", 100)})
    assert "Mars struck Venus into Mars's orbit; the orbit is Mars's own, so nobody pays (rule 11)." in ruling.notes
    already = place(game(), venus=region_spot("earth", 200))
    ruling = play(already, "mars", contacts=[("mars.taw", "venus")],
                  rest={"venus": region_spot("earth", 205), "mars.taw": region_spot("jupiter", 100)})
    assert any(n.startswith("Mars struck Venus, which stays in the Earth's orbit") for n in ruling.notes)


def test_a_taw_off_the_table_names_its_house_rule_and_is_not_told_after_the_game_ended():
    state = game(["venus", "earth"])
    ruling = play(state, "venus", out=["venus.taw"])
    (put,) = ruling.put_down
    assert put.rule == 0 and "(a house rule: the text is silent on a taw off the play area)" in put.reason and "taw_off_table" not in put.reason
    assert "(rule 17)" not in ruling_to_text(ruling)
    won = play(state, "venus", contacts=[("venus.taw", SUN)], out=["venus.taw"], rest={SUN: radial(1.3)})
    assert won.finished and "left the play area" not in ruling_to_text(won)
    edge = play(state, "venus", HouseRules(taw_off_table="where_it_left"), out=["venus.taw"])
    assert not edge.put_down[0].may_move_along_line
