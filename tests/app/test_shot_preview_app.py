"""The live shot preview and the coach in the app, offscreen: what they show is what the shot then does."""

from __future__ import annotations

import math
import time

import pytest

from game.app.hud.verdict_words import WARNING_COLOUR, YOUR_AIM
from game.coach.verdict import Tone
from tests.app.helpers_app import click, new_game_against_one, press, shoot_anyway_if_asked, step, wait_for

pytestmark = pytest.mark.gui


def aim_at_sun(aim, offset_deg: float = 0.0) -> None:
    ox, oy = aim.aiming.origin()
    sun = aim.view.positions["sun"]
    aim.aiming.direction = (math.degrees(math.atan2(sun[1] - oy, sun[0] - ox)) + offset_deg) % 360.0


def test_the_preview_warns_of_rule_13_and_the_shot_then_does_exactly_what_it_showed(fresh_app):
    app = fresh_app
    aim = new_game_against_one(app)
    aim_at_sun(aim)
    aim.aiming.planned = 0.4
    wait_for(app, lambda: aim.shot_preview.current)
    preview = aim.shot_preview.shown
    assert preview.verdict.tone is Tone.OUT
    line = aim.shot_preview.verdict
    assert line.text["text"].startswith(f"{YOUR_AIM}Warning: Your taw would stop in the inner ring")
    assert line.colour == WARNING_COLOUR
    assert tuple(line.text.component("text0").textNode.getTextColor()) == pytest.approx(WARNING_COLOUR)
    assert f"{preview.shooter}.taw" in aim.shot_preview.paths.drawn and "#warning" in aim.shot_preview.paths.drawn
    press(app, "shoot-planned")  # the game asks first, in the preview's own words
    assert app.flow.state == "Aim" and aim.check.confirm is not None
    assert aim.check.confirm.label["text"].startswith("Your taw would stop in the inner ring")
    click(app, aim.check.confirm.yes_button)
    assert app.flow.state == "Shot"
    wait_for(app, lambda: app.flow.state != "Shot" or (press(app, "fast-forward") and False))
    ruling = app.game.session.last_ruling
    assert ruling == preview.ruling and "mercury" in ruling.out


def test_the_strength_chosen_is_in_the_game_over_summary_and_the_replay(fresh_app):
    from tests.app.helpers_app import play_until

    app = fresh_app
    aim = new_game_against_one(app, preview="guide")
    aim_at_sun(aim)
    aim.aiming.planned = 0.4
    press(app, "shoot-planned")  # straight at the Sun: out by rule 13, and with one opponent the game ends
    assert shoot_anyway_if_asked(app)
    assert play_until(app, ("GameOver",)) == "GameOver"
    assert app.flow.current.preview_note["text"] == "Shot preview: Guide"
    app.game.session.wait_for_replay()
    assert app.game.session.replay().meta.extra["setup"]["preview"] == "guide"


def test_a_cut_shot_preview_is_no_warning_and_matches_the_shot(fresh_app):
    app = fresh_app
    aim = new_game_against_one(app)
    aim_at_sun(aim, 5.0)
    aim.aiming.planned = 0.9
    wait_for(app, lambda: aim.shot_preview.current)
    preview = aim.shot_preview.shown
    assert not preview.verdict.warning and "Warning" not in aim.shot_preview.verdict.text["text"]
    press(app, "shoot-planned")  # no warning: nothing is asked, the shot goes at once
    assert app.flow.state == "Shot"
    wait_for(app, lambda: app.flow.state != "Shot" or (press(app, "fast-forward") and False))
    assert app.game.session.last_ruling == preview.ruling


def test_a_stale_preview_is_dropped_and_the_newest_is_drawn(fresh_app):
    app = fresh_app
    aim = new_game_against_one(app)
    previewer = app.shot_previewer()
    wait_for(app, lambda: aim.shot_preview.current)
    dropped = previewer.times.dropped
    for _ in range(6):  # the aim moves every frame: answers for old aims come back stale
        aim.aiming.turn(1.0)
        step(app)
    wait_for(app, lambda: aim.shot_preview.current)
    assert previewer.times.dropped > dropped
    assert abs(aim.shot_preview.shown.shot.direction - aim.aiming.direction) < 1e-6


def test_guide_draws_to_the_first_contact_and_shows_no_verdict(fresh_app):
    app = fresh_app
    aim = new_game_against_one(app, preview="guide")
    aim_at_sun(aim, 3.0)
    wait_for(app, lambda: aim.shot_preview.current)
    drawn = set(aim.shot_preview.paths.drawn)
    assert {"mercury.taw", "sun"} <= drawn and aim.shot_preview.verdict.verdict is None


def test_no_preview_asks_nothing_and_draws_nothing(fresh_app):
    app = fresh_app
    aim = new_game_against_one(app, preview="none")
    step(app, 10)
    assert app.previewer is None and aim.shot_preview.shown is None


def test_the_coach_shows_a_ghost_snaps_on_h_and_is_cancelled_by_the_shot(fresh_app):
    app = fresh_app
    aim = new_game_against_one(app)
    press(app, "coach")
    assert aim.coach.thinking
    frames = 0
    deadline = time.monotonic() + 120
    while aim.coach.advice is None:  # the game keeps running while the coach thinks
        assert time.monotonic() < deadline
        step(app)
        frames += 1
        time.sleep(0.005)
    assert frames > 1
    advice = aim.coach.advice
    assert "mercury.taw" in aim.coach.ghost.drawn
    assert "(rule " in aim.coach.panel.saying
    press(app, "coach")  # H again: the coach's aim and power
    assert aim.aiming.direction == pytest.approx(advice.shot.direction % 360.0)
    assert aim.aiming.placement == advice.shot.placement
    press(app, "shoot-planned")
    shoot_anyway_if_asked(app)
    assert app.flow.state == "Shot" and aim.coach.ghost.drawn == () and aim.coach.advice is None


def test_aim_again_drops_a_shot_the_preview_warns_of_and_nothing_is_played(fresh_app):
    from tests.app.helpers_app import capture_shots

    app = fresh_app
    aim = new_game_against_one(app)
    shots = capture_shots(app)
    aim_at_sun(aim)
    aim.aiming.planned = 0.4
    press(app, "shoot-planned")
    wait_for(app, lambda: aim.check.confirm is not None)
    click(app, aim.check.confirm.no_button)
    step(app, 5)
    assert shots == [] and app.flow.state == "Aim" and not aim.check.busy
    press(app, "shoot-planned")  # asked again: Esc answers Aim again too, and opens no menu
    wait_for(app, lambda: aim.check.confirm is not None)
    press(app, "pause")
    step(app, 3)
    assert shots == [] and not aim.check.busy and not app.pause.active


def test_with_the_preview_off_a_warning_shot_goes_unasked(fresh_app):
    from tests.app.helpers_app import capture_shots

    app = fresh_app
    aim = new_game_against_one(app, preview="none")
    shots = capture_shots(app)
    aim_at_sun(aim)
    aim.aiming.planned = 0.4
    press(app, "shoot-planned")
    assert app.flow.state == "Shot" and len(shots) == 1
