"""The referee's third reading (issue 25), each situation played through Bullet from a file in tests/scenarios/.

Each test first asserts the physical fact the situation is about (the Sun
resting on a line, a taw knocked off its line), so a change in the physics
shows up as a clear failure here and not as a silent change of ruling.
"""

import math

import pytest

from game.errors import UserError
from game.rules.layout import SUN
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
