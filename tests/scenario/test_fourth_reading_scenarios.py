"""The referee's fourth reading (issue 42), each situation played through Bullet from a file in tests/scenarios/.

Each test asserts its physics first (where a body came to rest, which line
it lies on, which contacts happened and when), then the ruling.  The
bodies are placed with margin, so a physics change of a few per cent
leaves the situation as it is; if it does not, the physics assertion fails
first and says so.
"""

import math

from game.coach.verdict import verdict_of
from game.rules import names
from game.rules.events import BodyOut, Contact
from game.rules.layout import SUN
from game.rules.state import STAKES
from game.rules.termination import Termination
from tests.scenario.scenario_kit import LAYOUT, contacts, play, rest, transfers


def _r(point) -> float:
    return math.hypot(*point)


def _across_the_line(point, radius: float, line: str) -> bool:
    """The outline on the line, the centre past it: the place issue 42's first two disagreements are about."""
    r, R = _r(point), LAYOUT.line_radius(line)
    return r > R and LAYOUT.on_line(r, radius, R)


# -- disagreement 1: one place, one answer (rules 3, 4, 5, 8) ------------------------------------------------

def test_a_sun_across_mercurys_line_is_in_mercurys_orbit_for_rule_3_and_rule_8_alike():
    before = play("rule03_sun_on_mercurys_line_is_not_beyond").shots[0]
    after = play("rule08_coach_and_ruling_word_the_sun_alike").shots[0]
    for shot in (before, after):
        # The physics: the Sun rests with its outline on Mercury's line and its centre past it.
        assert _across_the_line(rest(shot, SUN), LAYOUT.sun_radius, "mercury")
        assert LAYOUT.region_at_radius(_r(rest(shot, SUN))) == "venus"  # the centre alone would say Venus's
    # The ruling: the same place is Mercury's orbit. Before the release, not beyond it (rule 3) ...
    assert not before.ruling.state.sun_released and transfers(before, 4) == []
    # ... and after it, Mercury's orbit for rule 8: Mercury pays 7, Venus nothing.
    assert [(t.payer, t.payee, t.marbles) for t in transfers(after, 8)] == [("mercury", "earth", 7)]
    assert "to rest in Mercury's orbit, on Mercury's line" in transfers(after, 8)[0].reason


def test_the_release_onto_venuss_line_counts_venuss_orbit_for_rule_4():
    shot = play("rule04_sun_on_venuss_line_counts_in_venuss_orbit").shots[0]
    # The physics: struck from Venus's orbit, the Sun rests across Venus's line, its centre past it.
    assert frozenset(("mars.taw", SUN)) in contacts(shot)
    assert _across_the_line(rest(shot, SUN), LAYOUT.sun_radius, "venus")
    # The ruling: released (wholly beyond Mercury's line), and rule 4 counts Venus's orbit: Venus lies there.
    assert shot.ruling.state.sun_released
    assert [(t.payer, t.payee, t.marbles) for t in transfers(shot, 4)] == [("venus", "mars", 1)]


def test_the_coach_and_the_ruling_say_mercurys_orbit_for_a_sun_across_mercurys_line():
    result = play("rule08_coach_and_ruling_word_the_sun_alike")
    (shot,) = result.shots
    sun = rest(shot, SUN)
    assert _across_the_line(sun, LAYOUT.sun_radius, "mercury")
    words = names.resting_place(LAYOUT, sun, LAYOUT.sun_radius)
    assert words == "in Mercury's orbit, on Mercury's line"
    verdict = verdict_of(shot.ruling, "earth", LAYOUT, result.start.positions, shot.rest.positions)
    assert f"The Sun to rest {words}" in verdict.sentence and "Venus's orbit" not in verdict.sentence


# -- disagreement 2: rule 12 on the line, the same for every planet ----------------------------------------

def test_a_taw_across_its_own_line_fell_into_its_own_orbit_on_mercurys_line_and_herschels_alike():
    for name, player in (("rule12_taw_across_mercurys_line_falls_home", "mercury"),
                         ("rule12_taw_across_herschels_line_falls_home", "herschel")):
        shot = play(name).shots[0]
        taw = f"{player}.taw"
        # The physics: the taw struck Venus's taw and rests across its own line, its centre outside it.
        assert frozenset((taw, "venus.taw")) in contacts(shot)
        assert _across_the_line(rest(shot, taw), LAYOUT.marble_radius, player)
        # The ruling: in his own orbit; he stakes 1.
        assert [(t.payer, t.payee, t.marbles) for t in transfers(shot, 12)] == [(player, STAKES, 1)], name


# -- disagreement 3: rule 15 with a tie, and its mirror image ----------------------------------------------

def test_own_and_anothers_satellite_struck_at_once_is_a_foul_on_the_left_and_on_the_right():
    left = play("rule15_own_and_anothers_satellite_at_once_left")
    right = play("rule15_own_and_anothers_satellite_at_once_right")
    # The two tables are mirror images across the line of the shot: the Moon on the left, then on the right.
    assert left.start.positions["earth.1"] == right.start.positions["mars.1"]
    assert left.start.positions["earth.1"][1] > 0 > right.start.positions["earth.1"][1]
    for shot in (left.shots[0], right.shots[0]):
        # The physics: the taw strikes both satellites in the same instant, with equal impulses.
        hits: dict[str, Contact] = {}
        for e in shot.events:
            if isinstance(e, Contact) and e.involves("earth.taw"):
                hits.setdefault(e.other("earth.taw"), e)  # each satellite's first touch
        moon, mars1 = hits["earth.1"], hits["mars.1"]
        assert abs(moon.t - mars1.t) <= 0.001
        assert math.isclose(moon.impulse, mars1.impulse, rel_tol=0.02)
        # The ruling: both were struck first, his own among them: a foul, 1 forfeited.
        assert [f.rule for f in shot.ruling.fouls] == [15]
        assert [(t.payer, t.payee, t.marbles) for t in transfers(shot, 15)] == [("earth", STAKES, 1)]


# -- disagreement 4: taw_off_table's right survives a turn in between ---------------------------------------

def test_the_right_to_lay_a_taw_that_left_the_table_survives_another_players_shot():
    result = play("taw_off_the_table_right_survives_a_turn")
    off, between, back = result.shots
    # The physics: Venus's taw left the play area on his shot; the Earth shoots before Venus's next turn.
    assert any(isinstance(e, BodyOut) and e.body == "venus.taw" for e in off.events)
    assert between.shooter == "earth"
    # The ruling: the right to lay it on his line is his until he uses it.
    assert "venus" in off.ruling.state.first_shot_pending
    assert "venus" in between.ruling.state.first_shot_pending
    assert back.placement is not None and back.placement.orbit == "venus" and back.placement.angle == 100
    assert LAYOUT.line_touched(_r(back.start), LAYOUT.marble_radius) == "venus"
    assert back.ruling.fouls == ()
    assert "venus" not in back.ruling.state.first_shot_pending  # used up by his shot


# -- the silent readings ----------------------------------------------------------------------------------

def test_a_debt_owed_to_an_unheld_planet_goes_into_the_pot_and_the_pot_pays_only_the_winner():
    result = play("rule07_unheld_planet_pays_into_the_pot")
    (shot,) = result.shots
    # The physics: the Sun strikes the planet Mercury (nobody holds him) and rests in Mercury's orbit.
    assert frozenset((SUN, "mercury")) in contacts(shot)
    assert LAYOUT.body_region(_r(rest(shot, SUN)), LAYOUT.sun_radius) == "mercury"
    # The ruling: rule 7's two go into the pot; rule 8's seven, owed by nobody, nobody pays.
    assert [(t.payer, t.payee, t.marbles) for t in shot.ruling.transfers] == [("earth", STAKES, 2)]
    assert [u.rule for u in shot.ruling.unpaid if u.rule == 8] == [8]
    assert result.end.stakes == result.start.stakes + 2


def test_a_player_who_is_out_pays_nothing_when_another_wins():
    result = play("rule09_a_player_who_is_out_pays_nothing")
    ringed, win = result.shots
    # The physics: Mars's taw rests wholly within the inner ring; Venus's shot puts the Sun wholly beyond Herschel.
    assert LAYOUT.within_inner_ring(rest(ringed, "mars.taw"), LAYOUT.marble_radius)
    assert LAYOUT.clear_beyond(_r(rest(win, SUN)), LAYOUT.sun_radius, LAYOUT.line_radius("herschel"))
    # The ruling: Mars is out, his marbles on the ground the stakes'; his purse frozen, he pays nothing.
    assert ringed.ruling.out == ("mars",)
    assert all(owner == STAKES for body, owner in ringed.ruling.state.board.items() if body.startswith("mars"))
    assert [(t.payer, t.marbles) for t in transfers(win, 9) if t.payer != STAKES] == [("earth", 1)]
    assert win.ruling.state.purses["mars"] == ringed.ruling.state.purses["mars"]
    assert win.ruling.termination is Termination.SUN_BEYOND_HERSCHEL


def test_a_comets_free_start_survives_a_shot_that_misses_the_sun():
    result = play("rule14_free_start_survives_a_shot_that_misses_the_sun")
    struck, missed, comet = result.shots
    # The physics: the Earth's shot strikes the Sun; Venus's touches nothing.
    assert frozenset(("earth.taw", SUN)) in contacts(struck)
    assert not any(isinstance(e, Contact) for e in missed.events)
    # The ruling: Mars may lay his taw on any line until he shoots, a missed Sun between or not.
    assert "mars" in missed.ruling.state.comet_free_start
    assert comet.placement is not None and comet.placement.orbit == "mercury"
    assert comet.ruling.fouls == ()


def test_rule11_counts_a_carom_and_rule16s_forfeit_does_not():
    result = play("strikes_rule11_counts_a_carom_rule16_does_not")
    shot, start = result.shots[0], result.start.positions
    # The physics: the taw strikes Saturn's fourth satellite (outside the ring), which strikes Saturn (within it);
    # the taw never touches Saturn, and Saturn rests in Herschel's orbit, clear of every line.
    assert frozenset(("jupiter.taw", "saturn.4")) in contacts(shot)
    assert frozenset(("saturn", "saturn.4")) in contacts(shot)
    assert frozenset(("jupiter.taw", "saturn")) not in contacts(shot)
    assert not LAYOUT.within_saturn_ring(start["saturn.4"], LAYOUT.marble_radius)
    assert LAYOUT.within_saturn_ring(start["saturn"], LAYOUT.marble_radius)
    saturn = _r(rest(shot, "saturn"))
    assert LAYOUT.region_at_radius(saturn) == "herschel" and LAYOUT.line_touched(saturn, LAYOUT.marble_radius) is None
    # The ruling: rule 11 for the carom (Saturn's seven satellites), no rule 16 forfeit.
    assert [(t.payer, t.payee, t.marbles) for t in transfers(shot, 11)] == [("jupiter", "herschel", 7)]
    assert transfers(shot, 16) == []
