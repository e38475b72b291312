"""Sentences that say what moved (issue 25), each played through Bullet from a file in tests/scenarios/.

Each test first asserts the physical fact the sentence is about (where the
Sun or a planet came to rest, which body left the ground), then reads the
referee's words against the marbles that moved.
"""

import math

from game.coach.verdict import verdict_of
from game.rules import names
from game.rules.layout import SUN
from game.rules.ruling_text import ruling_to_text, said_put_downs
from game.rules.state import STAKES
from tests.scenario.scenario_kit import LAYOUT, contacts, play, rest, transfers


def _r(point) -> float:
    return math.hypot(*point)


def _saturn_system():
    return ["saturn"] + [f"saturn.{i}" for i in range(1, 8)]


def test_rule16s_take_up_names_saturn_where_he_lies_and_is_taken_off_the_ground_not_paid():
    result = play("rule16_take_up_with_saturn_in_herschels_orbit")
    (shot,) = result.shots
    sun_hit = next(e for e in shot.events if getattr(e, "a", None) and SUN in (e.a, e.b))
    assert LAYOUT.in_saturn_ring(sun_hit.position)
    assert LAYOUT.region_at_radius(_r(result.start.positions["saturn"])) == "herschel"
    (taken,) = transfers(shot, 16)
    assert sorted(taken.bodies) == _saturn_system() and taken.payee == "venus"
    assert "takes up Saturn (lying in Herschel's orbit) and his 7 satellites within Saturn's orbit" in taken.reason
    assert "takes 8 of Saturn's marbles off the ground" in taken.reason and "pays" not in taken.reason
    # What moved: Saturn's purse paid only rule 8's count; the eight marbles came off the ground.
    (rule8,) = transfers(shot, 8)
    assert result.end.purses["saturn"] == 20 - rule8.marbles
    assert result.end.purses["venus"] == 20 + rule8.marbles + len(taken.bodies)
    verdict = verdict_of(shot.ruling, "venus", LAYOUT, result.start.positions, shot.rest.positions)
    assert "you take up Saturn and 7 of his satellites from Saturn (rule 16)" in verdict.sentence
    assert "Saturn pays you" not in verdict.sentence.replace(f"Saturn pays you {rule8.marbles} (rule 8)", "")


def test_a_player_with_no_marble_to_put_down_is_out_and_the_sentence_counts_the_taw_he_picks_up():
    result = play("rule10_no_marble_to_put_down")
    (shot,) = result.shots
    assert LAYOUT.clear_beyond(_r(rest(shot, "herschel")), LAYOUT.marble_radius, LAYOUT.line_radius("herschel"))
    text = ruling_to_text(shot.ruling)
    assert "Herschel has no marble to put down where his planet lay, so the place stays empty (rule 10)." in text
    assert "he picks up his taw, so he ends with 1 marble in hand." in text
    assert result.end.purses["herschel"] == 1
    # The planet is "it" in every sentence of rule 10, the player "he".
    assert "belongs to the Earth" in text and "it belongs" in text
    assert "him" not in text and "his place" not in text


def test_a_short_pot_says_it_owes_and_holds_nothing_and_nothing_moves():
    result = play("rule04_house_rule_empty_stakes_owe")
    (shot,) = result.shots
    assert LAYOUT.body_region(_r(rest(shot, SUN)), LAYOUT.sun_radius) == "earth"
    assert result.start.stakes == 0 and result.end.stakes == 0
    assert shot.ruling.transfers == ()
    text = ruling_to_text(shot.ruling)
    assert "the stakes owe Venus 2, but the pot is empty (rule 4)" in text
    assert "the stakes pay" not in text


def test_a_planet_struck_into_the_shooters_orbit_is_said_by_its_planet_and_one_that_stays_is_said_to_stay():
    into = play("rule11_struck_into_the_shooters_own_orbit").shots[0]
    assert frozenset(("mars.taw", "venus")) in contacts(into)
    assert LAYOUT.region_at_radius(_r(into.start)) == "earth"
    assert LAYOUT.body_region(_r(rest(into, "venus")), LAYOUT.marble_radius) == "mars"
    assert "Mars struck Venus into Mars's orbit; the orbit is Mars's own, so nobody pays (rule 11)." in into.ruling.notes
    assert "his own orbit" not in ruling_to_text(into.ruling)
    stays = play("rule11_struck_and_stays_in_its_orbit").shots[0]
    assert frozenset(("mars.taw", "venus")) in contacts(stays)
    assert LAYOUT.body_region(_r(rest(stays, "venus")), LAYOUT.marble_radius) == "earth"
    text = ruling_to_text(stays.ruling)
    assert "Mars struck Venus, which stays in the Earth's orbit" in text and " into " not in text


def test_the_sun_struck_in_one_orbit_and_stopping_in_another_is_said_to_rest_there():
    shot = play("rule08_struck_in_mercurys_orbit_rests_in_the_earths").shots[0]
    hit = next(e for e in shot.events if getattr(e, "a", None) and SUN in (e.a, e.b))
    assert LAYOUT.region_at_radius(_r(hit.position)) == "mercury"
    assert LAYOUT.body_region(_r(rest(shot, SUN)), LAYOUT.sun_radius) == "earth"
    (paid,) = transfers(shot, 8)
    assert (paid.payer, paid.marbles) == ("earth", 5)
    assert paid.cause == "Mars struck the Sun to rest in the Earth's orbit"
    assert "within the Earth's orbit" not in ruling_to_text(shot.ruling)


def test_a_taw_off_the_table_after_the_game_ended_is_not_told_of():
    result = play("rule09_taw_off_the_table_after_the_game_ended")
    (shot,) = result.shots
    assert LAYOUT.clear_beyond(_r(rest(shot, SUN)), LAYOUT.sun_radius, LAYOUT.line_radius("herschel"))
    assert "venus.taw" not in shot.rest.positions  # it rolled off the ground
    assert shot.ruling.winner == "venus" and shot.ruling.finished
    text = ruling_to_text(shot.ruling)
    assert said_put_downs(shot.ruling) == () and "play area" not in text and "rule 17" not in text


def test_the_pot_for_the_last_player_in_is_told_after_who_went_out():
    result = play("rule13_pot_told_after_who_went_out")
    (shot,) = result.shots
    assert LAYOUT.clear_within(_r(rest(shot, "earth.taw")), LAYOUT.marble_radius, LAYOUT.inner_ring_radius)
    assert not LAYOUT.within_inner_ring(rest(shot, "venus.taw"), LAYOUT.marble_radius)
    lines = ruling_to_text(shot.ruling).splitlines()
    out = next(i for i, line in enumerate(lines) if line.startswith("The Earth is out"))
    pot = next(i for i, line in enumerate(lines) if "takes all the stakes" in line)
    assert out < pot
    assert result.end.purses["venus"] == 20 + result.start.stakes + 1  # the pot and the Earth's ringed taw


def test_the_coach_and_the_ruling_word_where_the_sun_rests_alike():
    result = play("rule08_coach_and_ruling_word_the_sun_alike")
    (shot,) = result.shots
    sun = rest(shot, SUN)
    # The physics: the Sun's centre just past Mercury's line, its outline on it.
    assert LAYOUT.region_at_radius(_r(sun)) == "venus"
    assert LAYOUT.on_line(_r(sun), LAYOUT.sun_radius, LAYOUT.line_radius("mercury"))
    words = names.resting_place(LAYOUT, sun, LAYOUT.sun_radius)
    assert words == "in Mercury's orbit, on Mercury's line"  # on a line, in that line's orbit
    verdict = verdict_of(shot.ruling, "earth", LAYOUT, result.start.positions, shot.rest.positions)
    assert f"The Sun to rest {words}" in verdict.sentence
    assert f"struck the Sun to rest {words}" in ruling_to_text(shot.ruling)
    assert shot.ruling.paid("mercury", "earth", 8) == 7


def test_the_stakes_are_never_said_to_pay_what_they_do_not_hold():
    for name in ("rule04_house_rule_empty_stakes_owe", "rule13_both_players_out_on_one_shot"):
        result = play(name)
        for shot in result.shots:
            moved = sum(t.marbles for t in shot.ruling.transfers if t.payer == STAKES)
            assert moved <= result.start.stakes


def test_a_taw_off_the_table_during_play_goes_back_on_his_line_by_the_named_house_rule():
    result = play("taw_off_the_table_goes_back_on_his_line")
    (shot,) = result.shots
    assert "venus.taw" not in shot.rest.positions and not shot.ruling.finished  # it rolled off the ground
    (put,) = said_put_downs(shot.ruling)
    assert put.body == "venus.taw" and put.may_move_along_line
    assert LAYOUT.line_touched(_r(put.position), LAYOUT.marble_radius) == "venus"
    text = ruling_to_text(shot.ruling)
    assert "(a house rule: the text is silent on a taw off the play area)" in text and "rule 17" not in text
