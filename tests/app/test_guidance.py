"""Guidance that fits the moment: the first-shot tip, the round limit, the ruling panel; and the power
meter and the shot agreeing."""

from __future__ import annotations

import textwrap

import pytest

from game.app.hud.first_tip import TIP, first_shot_of, tip_text
from game.app.hud.game_hud import feed_shown, power_words, round_words
from game.app.input.aiming import PowerMeter, launch_speed
from tests.app.helpers_app import capture_shots, frames_until, new_game_at_aim, press, start_game, step


def test_the_round_counter_says_of_how_many_and_warns_a_round_before_the_limit():
    assert round_words(3, 0) == ("Round 3", "")
    assert round_words(8, 10) == ("Round 8 of 10", "")
    assert round_words(9, 10) == ("Round 9 of 10", "the next is the last")
    assert round_words(10, 10) == ("Round 10 of 10", "the last round")
    assert round_words(0, 10) == ("", "")


def _rows(width: int):
    return lambda line: max(1, len(textwrap.wrap(line, width)))


def test_the_ruling_panel_keeps_every_line_that_fits_counting_wrapped_rows():
    lines = ("Rule 8: Mars pays you 4", "Rule 7: you knocked the Sun against Venus: you pay Venus 2")
    assert feed_shown(lines, _rows(40)) == list(lines)  # three rows: all shown


def test_the_ruling_panel_says_how_many_more_lines_the_history_holds():
    long = "Rule 4: the Sun stopped in Venus's orbit, and Venus pays you 1 for every body lying there"
    lines = ("Rule 3: first", long, long, "Rule 13: you are out")
    shown = feed_shown(lines, _rows(50), rows=5)  # the long line takes two rows
    assert shown[0] == "(2 earlier lines: History (L) lists them)"
    assert shown[1:] == [long, "Rule 13: you are out"]
    assert sum(_rows(50)(line) for line in shown) <= 5
    assert feed_shown(("a", "b", "c", long, long), _rows(50), rows=5) == ["(3 earlier lines: History (L) lists them)", long, long]


def test_the_tip_speaks_of_the_cut_shot_only_while_the_sun_is_in_the_inner_ring():
    assert tip_text(True, False, "in Mercury's orbit") == TIP and "cut shot" in TIP
    held = tip_text(False, False, "in Mercury's orbit")  # out of the ring, not yet beyond Mercury's line
    assert "in Mercury's orbit" in held and "not yet released" in held and "rule 3" in held
    free = tip_text(False, True, "in Venus's orbit")
    assert "in Venus's orbit" in free and "rule 3" not in free
    assert all("cut shot" not in t and "rule 13" in t for t in (held, free))


def test_a_first_shot_is_the_players_first_of_the_game_only():
    assert first_shot_of("mars", ["mercury", "venus"])
    assert not first_shot_of("mars", ["mercury", "mars", "venus"])  # a taw put back on its line: not again


def test_the_meter_label_and_the_shot_speed_come_from_one_function():
    cap = 3.8
    meter = PowerMeter()
    meter.press(0.0)
    for k in range(1, 103):  # 1.7 s at 60 frames a second
        meter.update(k / 60)
    shown = meter.level
    assert shown == pytest.approx(0.85)
    assert power_words(launch_speed(shown, cap)) == f"Power {launch_speed(0.85, cap):.2f} m/s"
    assert meter.let_go() == shown and not meter.charging
    assert launch_speed(0.0, cap) > 0 and launch_speed(1.0, cap) < cap


@pytest.mark.gui
def test_holding_the_button_1_7_s_shoots_the_speed_the_meter_showed(app):
    aim = new_game_at_aim(app, seed=51)
    aim.aiming.direction = (aim.aiming.direction + 100.0) % 360.0  # into open ground: no question first
    shots = capture_shots(app)
    press(app, "shoot-press")
    step(app, 102)  # 1.7 s at the tests' 60 frames a second
    label = app.game.hud.power_label["text"]
    shown = app.game.hud.status.speed
    press(app, "shoot-release")
    for _ in range(120):
        if shots:
            break
        step(app)
    assert len(shots) == 1
    cap = app.game.session.view().max_speed
    assert shots[0].speed == pytest.approx(shown)
    assert shots[0].speed == pytest.approx(launch_speed(0.85, cap), rel=0.02)
    assert label == f"Power {shots[0].speed:.2f} m/s"


@pytest.mark.gui
def test_the_hud_counts_rounds_of_the_limit_and_warns_before_the_last(app):
    start_game(app, rounds=2, seed=52)
    frames_until(app, lambda: app.flow.state == "Aim", 400, pressing="fast-forward")
    hud = app.game.hud
    assert hud.round_text["text"] == "Round 1 of 2: the next is the last"


@pytest.mark.gui
def test_the_tip_shows_on_the_first_shot_and_not_on_the_next(app):
    from tests.app.helpers_app import close_tip, play_until

    start_game(app, rounds=3, seed=53)
    frames_until(app, lambda: app.flow.state == "Aim", 400, pressing="fast-forward")
    aim = app.flow.current
    assert aim.tip is not None and aim.tip.shown
    close_tip(app)
    aim.aiming.direction = (aim.aiming.direction + 100.0) % 360.0
    press(app, "shoot-planned")
    for _ in range(200):
        if app.flow.state != "Aim":
            break
        step(app)
    assert play_until(app, ("Aim", "GameOver")) == "Aim"
    assert app.flow.current.tip is None
