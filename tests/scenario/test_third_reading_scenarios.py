"""The referee's third reading (issue 25), each situation played through Bullet from a file in tests/scenarios/.

Each test first asserts the physical fact the situation is about (the Sun
resting on a line, a taw knocked off its line), so a change in the physics
shows up as a clear failure here and not as a silent change of ruling.
"""

import math

import pytest

from game.errors import UserError
from game.rules.events import Contact
from game.rules.layout import SUN
from game.rules.ruling import NoPayment
from game.rules.ruling_text import ruling_to_text
from game.rules.state import STAKES
from game.rules.termination import Termination
from tests.scenario.scenario_kit import FOLDER, LAYOUT, contacts, play, play_file, rest, transfers


def _r(point) -> float:
    return math.hypot(*point)


def test_a_taw_laid_at_the_setup_and_knocked_off_its_line_is_shot_from_where_it_rests():
    result = play("setup_laid_taw_knocked_shoots_from_rest")
    first, second = result.shots
    laid = result.start.positions["venus.taw"]
    assert LAYOUT.line_touched(_r(laid), LAYOUT.marble_radius) == "venus"
    # The physics: Mercury's first shot strikes Venus's laid taw and leaves it clear of Venus's line.
    assert frozenset(("mercury.taw", "venus.taw")) in contacts(first)
    knocked = rest(first, "venus.taw")
    assert LAYOUT.clear_beyond(_r(knocked), LAYOUT.marble_radius, LAYOUT.line_radius("venus"))
    assert first.ruling.state.first_shot_pending == frozenset()
    # The ruling: Venus shoots from there, fairly.
    assert second.start == knocked and second.placement is None and second.ruling.fouls == ()


def test_a_placement_after_the_games_first_shot_is_refused_under_the_setup_reading(tmp_path):
    text = (FOLDER / "setup_house_rule_own_first_shot.toml").read_text()
    default = tmp_path / "laid_afresh.toml"
    default.write_text(text.replace('taws_laid = "own_first_shot"', 'taws_laid = "setup"'))
    with pytest.raises(UserError, match="shoot from where the taw rests"):
        play_file(default)


def test_under_own_first_shot_a_player_lays_his_taw_afresh_at_his_own_first_turn():
    result = play("setup_house_rule_own_first_shot")
    first, second = result.shots
    assert frozenset(("mercury.taw", "venus.taw")) in contacts(first)
    assert LAYOUT.region_at_radius(_r(rest(first, "venus.taw"))) != "venus"
    assert second.placement is not None and second.placement.orbit == "venus"
    assert LAYOUT.line_touched(_r(second.start), LAYOUT.marble_radius) == "venus"
    assert second.ruling.fouls == ()


def test_a_sun_resting_on_mercurys_line_is_not_released():
    result = play("rule03_sun_on_mercurys_line_is_not_beyond")
    (shot,) = result.shots
    sun = rest(shot, SUN)
    # The physics: the Sun's centre past Mercury's line, its outline still on it.
    assert _r(sun) > LAYOUT.line_radius("mercury")
    assert LAYOUT.on_line(_r(sun), LAYOUT.sun_radius, LAYOUT.line_radius("mercury"))
    # The ruling: not released, nothing paid under rule 4.
    assert not shot.ruling.state.sun_released and transfers(shot, 4) == []


def test_a_sun_on_herschels_line_has_not_gone_beyond_and_earns_its_holder_the_toll():
    result = play("rule09_sun_on_herschels_line_is_not_beyond")
    first, second = result.shots
    sun = rest(first, SUN)
    assert _r(sun) > LAYOUT.line_radius("herschel")
    assert LAYOUT.on_line(_r(sun), LAYOUT.sun_radius, LAYOUT.line_radius("herschel"))
    assert first.ruling.winner is None and first.ruling.state.sun_line_holder == "herschel"
    assert [(t.payer, t.payee, t.marbles) for t in transfers(second, 6)] == [("venus", "herschel", 1)]


def test_a_voided_foul_puts_the_sun_back_on_the_line_and_the_toll_goes_on():
    result = play("rule06_voided_foul_keeps_the_toll")
    first, foul, after = result.shots
    on_line = first.positions[SUN]
    assert first.ruling.state.sun_line_holder == "herschel"
    # The physics: the Moon, struck first, drives the Sun wholly beyond Herschel's line.
    assert foul.ruling.fouls[0].rule == 15
    assert LAYOUT.clear_beyond(_r(rest(foul, SUN)), LAYOUT.sun_radius, LAYOUT.line_radius("herschel"))
    # The ruling: the Sun goes back where it lay, still on the line, and the toll goes on.
    assert foul.positions[SUN] == on_line and foul.ruling.state.sun_line_holder == "herschel"
    assert [(t.payer, t.payee) for t in transfers(after, 6)] == [("earth", "herschel")]


def test_a_taw_across_the_inner_rings_line_is_not_within_it():
    result = play("rule13_taw_on_the_inner_rings_line_is_not_within")
    (shot,) = result.shots
    taw = rest(shot, "mercury.taw")
    assert _r(taw) < LAYOUT.inner_ring_radius  # its centre inside the ring, as in the audit
    assert LAYOUT.on_line(_r(taw), LAYOUT.marble_radius, LAYOUT.inner_ring_radius)
    assert shot.ruling.out == () and transfers(shot, 13) == []


def test_rule8_pays_by_where_the_sun_rests_or_by_house_rule_where_it_was_struck():
    rests = play("rule08_struck_within_or_rests_in").shots[0]
    struck = play("rule08_house_rule_struck_within").shots[0]
    for shot in (rests, struck):
        # The physics: struck lying in Venus's orbit, the Sun comes to rest wholly past Venus's line.
        assert LAYOUT.clear_beyond(_r(rest(shot, SUN)), LAYOUT.sun_radius, LAYOUT.line_radius("venus"))
        assert LAYOUT.region_at_radius(_r(rest(shot, SUN))) == "earth"
    assert [(t.payer, t.marbles) for t in transfers(rests, 8)] == [("earth", 5)]
    assert transfers(rests, 8)[0].cause == "Mars struck the Sun to rest in the Earth's orbit"
    assert [(t.payer, t.marbles) for t in transfers(struck, 8)] == [("venus", 6)]
    assert transfers(struck, 8)[0].cause == "Mars struck the Sun within Venus's orbit"


def test_a_satellite_across_saturns_ring_line_is_not_within_the_ring_though_struck_inside_it():
    result = play("rule16_satellite_on_the_rings_line_is_not_within")
    (shot,) = result.shots
    (contact,) = [e for e in shot.events if getattr(e, "a", None) and {e.a, e.b} == {"venus.taw", "saturn.1"}][:1]
    # The physics: the contact point lies inside the ring's circle; the satellite's centre lay outside, on the line.
    assert LAYOUT.in_saturn_ring(contact.position)
    lay = result.start.positions["saturn.1"]
    sx, sy = LAYOUT.saturn_home()
    assert math.hypot(lay[0] - sx, lay[1] - sy) > LAYOUT.saturn_ring_radius
    assert not LAYOUT.within_saturn_ring(lay, LAYOUT.marble_radius)
    assert transfers(shot, 16) == []


# -- rule 4's payer; two planets struck at once --------------------------------------------

def test_rule4_pays_from_the_orbit_where_the_sun_stops_or_by_house_rule_from_mercurys():
    default = play("rule04_payer_where_the_sun_stops").shots[0]
    by_mercury = play("rule04_house_rule_payer_mercury").shots[0]
    for shot in (default, by_mercury):
        # The physics: struck lying in Mercury's orbit, the Sun goes through Venus's to rest clear inside the Earth's.
        assert frozenset(("venus.taw", SUN)) in contacts(shot)
        assert _r(shot.events[0].position) < LAYOUT.line_radius("mercury")
        assert LAYOUT.body_region(_r(rest(shot, SUN)), LAYOUT.sun_radius) == "earth"
        assert LAYOUT.line_touched(_r(rest(shot, SUN)), LAYOUT.sun_radius) is None
    lying = sum(1 for body, p in default.rest.positions.items()
                if body != SUN and "taw" not in body and LAYOUT.region_at_radius(_r(p)) == "earth")
    assert [(t.payer, t.payee, t.marbles) for t in transfers(default, 4)] == [("earth", "venus", lying)]
    assert [(t.payer, t.payee, t.marbles) for t in transfers(by_mercury, 4)] == [("mercury", "venus", lying)]


def _sun_against(shot, planet):
    return [e for e in shot.events if isinstance(e, Contact) and {e.a, e.b} == {SUN, planet}]


def test_two_planets_struck_at_once_are_paid_in_seat_order_on_a_table_and_its_mirror_image():
    for name in ("rule07_two_planets_at_once_short_purse", "rule07_two_planets_at_once_mirror"):
        result = play(name)
        shot = result.shots[0]
        # The physics: the Sun strikes Mercury and Venus within the house rules' tolerance of each other.
        (mercury, *_), (venus, *_) = _sun_against(shot, "mercury"), _sun_against(shot, "venus")
        assert abs(mercury.t - venus.t) < result.scenario.house.simultaneous_s
        # The ruling: the Earth has 3, owes each 2; Mercury (the first seat) is paid in full, Venus the rest.
        assert shot.ruling.paid("earth", "mercury", 7) == 2 and shot.ruling.paid("earth", "venus", 7) == 1
        assert "the Earth owes Venus 2, has only 1: pays 1 (rule 7)" in ruling_to_text(shot.ruling)
        assert shot.ruling.out == ("earth",)
    # The two tables mirror each other.
    a, b = (play(n).start.positions for n in ("rule07_two_planets_at_once_short_purse",
                                             "rule07_two_planets_at_once_mirror"))
    assert a["mercury"] == pytest.approx(b["venus"]) and a["venus"] == pytest.approx(b["mercury"])


# -- both players out; an out player's planet ------------------------------------------------

def test_both_players_out_on_one_shot_ends_the_game_with_no_winner_and_the_pot_stays():
    result = play("rule13_both_players_out_on_one_shot")
    (shot,) = result.shots
    # The physics: the Earth's taw began across the ring's line (not within); both taws end clear within it.
    earth = result.start.positions["earth.taw"]
    assert LAYOUT.on_line(_r(earth), LAYOUT.marble_radius, LAYOUT.inner_ring_radius)
    assert frozenset(("venus.taw", "earth.taw")) in contacts(shot)
    for taw in ("venus.taw", "earth.taw"):
        assert LAYOUT.clear_within(_r(rest(shot, taw)), LAYOUT.marble_radius, LAYOUT.inner_ring_radius)
    assert set(shot.ruling.out) == {"venus", "earth"}
    assert shot.ruling.finished and shot.ruling.winner is None
    assert shot.ruling.termination is Termination.NO_PLAYER_LEFT
    assert result.end.stakes == result.start.stakes + 2  # both taws left in the ring; nobody takes the pot
    assert result.end.purses == result.start.purses


def test_an_out_players_planet_knocked_out_is_taken_by_the_striker_and_not_replaced():
    result = play("rule10_out_players_planet_knocked_out")
    ringed, knocked = result.shots
    assert ringed.ruling.out == ("mars",)
    # The physics: Venus's taw drives the planet Mars wholly past Herschel's line.
    assert frozenset(("venus.taw", "mars")) in contacts(knocked)
    assert LAYOUT.clear_beyond(_r(rest(knocked, "mars")), LAYOUT.marble_radius, LAYOUT.line_radius("herschel"))
    (taken,) = transfers(knocked, 10)
    assert (taken.payer, taken.payee, taken.bodies) == (STAKES, "venus", ("mars",))
    assert knocked.ruling.put_down == () and "mars" not in knocked.positions
    assert [u.why for u in knocked.ruling.unpaid] == [NoPayment.UNHELD_ORBIT]
    assert knocked.purses["mars"] == 20  # an out player's purse is frozen
