"""The referee's second reading (issue 13), each fix played through Bullet from a file in tests/scenarios/."""

import math

from game.rules.ruling import NoPayment
from tests.scenario.scenario_kit import FOLDER, LAYOUT, contacts, play, region, rest, transfers


def test_a_shot_is_settled_as_a_whole_so_a_player_ahead_on_it_stays_in():
    result = play("settle_a_shot_as_a_whole")
    shot = result.shots[0]
    # The physics: the Sun strikes Venus and comes to rest clear inside the Earth's orbit.
    assert {frozenset(("mars.taw", "sun")), frozenset(("sun", "venus"))} <= contacts(shot)
    assert LAYOUT.body_region(math.hypot(*rest(shot, "sun")), LAYOUT.sun_radius) == "earth"
    (penalty,) = transfers(shot, 7)
    (reward,) = transfers(shot, 8)
    assert (penalty.payer, penalty.payee, penalty.marbles, penalty.owed) == ("mars", "venus", 2, 2)
    assert (reward.payer, reward.payee) == ("earth", "mars") and reward.marbles > 2
    assert shot.ruling.out == ()
    assert result.end.purses["mars"] == 1 - 2 + reward.marbles


def test_every_scenario_ruling_reads_as_good_sentences():
    from tests.rules.sentence_check import check_ruling

    for path in sorted(FOLDER.glob("*.toml")):
        result = play(path.stem)
        for shot in result.shots:
            bad = check_ruling(shot.ruling)
            assert not bad, f"{path.name}: " + "\n".join(bad)


def test_the_report_names_the_striker_first():
    from game.scenario.scenario_report import result_to_text

    # The physics lists this contact as (the Moon, the Earth's taw), though the taw struck the resting Moon.
    text = result_to_text(play("rule15_own_satellite"))
    assert "The Earth's taw strikes the Moon (" in text and "The Moon strikes the Earth (" in text
    assert "strikes the Earth's taw" not in text


def test_an_unheld_orbit_pays_nothing_and_the_stakes_stay_for_the_winner():
    result = play("stakes_kept_for_the_winner")
    shot = result.shots[0]
    assert frozenset(("earth.taw", "sun")) in contacts(shot)
    assert LAYOUT.body_region(math.hypot(*rest(shot, "sun")), LAYOUT.sun_radius) == "mars"  # nobody holds Mars
    assert shot.ruling.transfers == () and result.end.stakes == result.start.stakes == 5
    assert [(u.rule, u.why) for u in shot.ruling.unpaid] == [(8, NoPayment.UNHELD_ORBIT)]


def test_before_the_release_a_shooters_penalty_still_counts():
    shot = play("rule03_penalties_before_the_release").shots[0]
    assert {frozenset(("earth.taw", "sun")), frozenset(("sun", "mercury"))} <= contacts(shot)
    assert not LAYOUT.clear_beyond(math.hypot(*rest(shot, "sun")), LAYOUT.sun_radius, LAYOUT.line_radius("mercury"))
    assert not shot.ruling.state.sun_released
    (penalty,) = transfers(shot, 7)
    assert (penalty.payer, penalty.payee, penalty.marbles) == ("earth", "mercury", 2)


def test_a_planet_past_the_line_but_still_touching_it_is_not_out_and_one_clear_of_it_is():
    touching = play("rule10_still_on_the_line_is_not_out").shots[0]
    point = rest(touching, "herschel")
    assert region(point) == "beyond" and LAYOUT.zone(point).on_line == "herschel"  # Bullet put it there
    assert touching.ruling.transfers == () and touching.ruling.state.board["herschel"] == "herschel"
    clear = play("rule10_wholly_beyond_the_line_is_out").shots[0]
    assert LAYOUT.zone(rest(clear, "herschel")).on_line is None
    (won,) = transfers(clear, 10)
    assert (won.payer, won.payee, won.bodies) == ("herschel", "earth", ("herschel",))


def test_a_voided_foul_leaves_the_sun_where_it_lay():
    result = play("rule15_voided_foul_leaves_the_sun")
    shot = result.shots[0]
    sun = rest(shot, "sun")
    assert LAYOUT.body_region(math.hypot(*sun), LAYOUT.sun_radius) == "beyond"  # the Moon drove it clear out
    assert [f.rule for f in shot.ruling.fouls] == [15] and shot.ruling.winner is None
    assert shot.positions["sun"] == result.start.positions["sun"]
