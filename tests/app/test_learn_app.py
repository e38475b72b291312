"""Learn the game, offscreen: the list with progress, a lesson passed through the app's own input, retry and
skip, and a lesson that cannot be loaded shown greyed with its reason."""

from __future__ import annotations

import json
import math
import shutil

import pytest

from game.app.screens.aim_pointer import DRAG_FULL
from game.coach.lessons import course_dir, load_course, opening_shot
from tests.app.helpers_app import WORKER_PACE_S, click, leave_to_menu, new_game_against_one, press, shoot_anyway_if_asked, step

pytestmark = pytest.mark.gui

RELEASE = "03-releasing-the-sun"


def open_lesson(app, lesson_id: str):
    click(app, app.flow.current.buttons["learn"])
    assert app.flow.state == "Learn"
    click(app, app.flow.current.rows[lesson_id])
    assert app.flow.state == "Aim" and app.game.lesson.id == lesson_id
    return app.flow.current


def shoot_with_the_mouse(app, aim, direction: float, speed: float) -> None:
    """Turn the aim with sideways pointer moves, then press, pull back for the power and let go."""
    aim.pointer.move(0.0, 0.0)
    turn = (direction - aim.aiming.direction + 180.0) % 360.0 - 180.0
    aim.pointer.move(-turn / (0.5 * 120.0 * app.settings.mouse_sensitivity), 0.0)
    assert aim.aiming.direction == pytest.approx(direction % 360.0, abs=1e-6)
    press(app, "shoot-press")
    level = speed / (aim.view.max_speed * 0.999)
    aim.pointer.move(0.0, 0.3)
    aim.pointer.move(0.0, 0.3 - level * DRAG_FULL)
    press(app, "shoot-release")


def play_out(app) -> None:
    for _ in range(600):
        if app.flow.state == "LessonResult":
            return
        if app.flow.state == "Aim" and app.flow.current.check.busy:  # a failing shot the preview warns of
            shoot_anyway_if_asked(app)
        press(app, "fast-forward")
    raise AssertionError(f"stuck in {app.flow.state}")


def sun_direction(aim) -> float:
    ox, oy = aim.aiming.origin()
    sx, sy = aim.view.positions["sun"]
    return math.degrees(math.atan2(sy - oy, sx - ox))


def test_the_menu_lists_every_lesson(fresh_app):
    app = fresh_app
    click(app, app.flow.current.buttons["learn"])
    assert set(app.flow.current.rows) == {e.id for e in load_course()}
    press(app, "pause")
    assert app.flow.state == "Menu"


def test_every_lesson_opens_on_the_opening_shot_that_learn_check_plays(fresh_app):
    # `taw learn --check` proves the opening fails; this proves the player starts from that very shot.
    app = fresh_app
    for entry in load_course():
        aim = open_lesson(app, entry.id)
        opening = opening_shot(entry.lesson)
        shot = aim.aiming.shot(aim.aiming.planned)
        assert shot.direction == pytest.approx(opening.direction, abs=1e-9), entry.id
        assert shot.speed == pytest.approx(opening.speed, rel=1e-9), entry.id
        assert shot.placement == opening.placement, entry.id
        press(app, "pause")
        leave_to_menu(app)


def test_a_lesson_shot_at_its_opening_aim_and_power_untouched_fails(fresh_app):
    app = fresh_app
    open_lesson(app, "04-the-orbits")
    press(app, "shoot-planned")   # G: the power and aim the lesson opened with
    play_out(app)
    assert not app.flow.current.passed and "Jupiter did not pay you" in app.game.session.outcome.reason


def test_a_lesson_is_passed_by_playing_its_solution_through_the_apps_input(fresh_app):
    app = fresh_app
    aim = open_lesson(app, RELEASE)
    assert app.game.lesson_panel is not None and aim.shot_preview.active
    lesson = app.game.lesson
    assert lesson.solution.aim == "sun" and lesson.solution.offset_m == 0.0
    shoot_with_the_mouse(app, aim, sun_direction(aim), lesson.solution.speed)
    play_out(app)
    result = app.flow.current
    assert result.passed and app.game.session.outcome.passed
    assert result.root["frameColor"][3] == 1.0  # opaque over the lesson's own panel
    saved = json.loads(app.app_config.paths.lessons_file.read_text())
    assert saved["passed"] == [RELEASE]
    click(app, result.list_button)
    assert app.flow.current.rows[RELEASE]["text"].endswith("- passed")


def test_a_winning_lesson_shot_computed_before_the_shot_screen_opens_is_watched_to_its_result(fresh_app):
    # Lesson 6's winning shot crashed the game ("the match is over: nobody is to shoot") when the worker
    # finished it before the Shot screen asked the HUD whose turn it was.
    app = fresh_app
    aim = open_lesson(app, "06-the-win")
    session = app.game.session
    start = session.start_shot

    def at_once(shot):
        live = start(shot)
        live.result()   # the worker is done before the screen goes on
        return live

    session.start_shot = at_once
    shoot_with_the_mouse(app, aim, sun_direction(aim), app.game.lesson.solution.speed)
    play_out(app)
    assert app.flow.current.passed and app.game.session.winner() == app.game.session.human


def test_the_coachs_shot_in_a_lesson_meets_the_lessons_goal(fresh_app):
    # In "The orbits" the AI's best game shot does not make Jupiter pay; the coach is asked for the goal.
    import time

    app = fresh_app
    aim = open_lesson(app, "04-the-orbits")
    assert aim.coach.goal == app.game.lesson.goal
    press(app, "coach")
    for _ in range(3000):
        if aim.coach.advice is not None:
            break
        step(app)
        time.sleep(WORKER_PACE_S)   # the coach's worker process answers in real time: leave it the CPU
    assert aim.coach.advice is not None, "the coach never answered"
    press(app, "coach")   # take its aim, power and spin
    press(app, "shoot-planned")
    play_out(app)
    assert app.flow.current.passed and app.game.session.outcome.passed


def test_the_coachs_advice_pushes_the_lesson_panel_down_clear_of_it_and_back_when_it_goes(fresh_app):
    # The coach's four or five lines ran over the lesson's title ("The orbits" hidden under the advice).
    from tests.app.layout_kit import apart, frame_box, overlap, words_box

    app = fresh_app
    aim = open_lesson(app, "04-the-orbits")
    lesson = app.game.lesson_panel
    panel = aim.coach.panel
    before = words_box(lesson.title, app)
    panel.say("Coach: a long piece of advice that runs onto several lines of the panel, as the coach's does "
              "when it names the rule, the payer and the marbles.\nIf you take it: The Sun to rest in Jupiter's orbit: "
              "Jupiter pays you 3 (rule 8).\nH again: take this aim, power and spin (Follow: topspin 100%); "
              "G shoots at it.")
    step(app)
    advice = frame_box(panel.panel, app)
    assert apart(advice, words_box(lesson.title, app), gap=0.0) and apart(advice, frame_box(lesson.frame, app), 0.0)
    assert not overlap(frame_box(lesson.frame, app), frame_box(app.game.hud.feed_panel, app))
    panel.quiet()
    step(app)
    assert words_box(lesson.title, app) == pytest.approx(before)


def test_a_missed_lesson_can_be_tried_again_or_skipped(fresh_app):
    app = fresh_app
    aim = open_lesson(app, RELEASE)
    shoot_with_the_mouse(app, aim, sun_direction(aim), app.game.lesson.start.speed)
    play_out(app)
    result = app.flow.current
    assert not result.passed
    click(app, result.retry_button)
    assert app.flow.state == "Aim" and app.game.lesson.id == RELEASE and app.game.session.outcome is None
    shoot_with_the_mouse(app, app.flow.current, sun_direction(app.flow.current), app.game.lesson.start.speed)
    play_out(app)
    click(app, app.flow.current.next_button)  # Skip: on to the next lesson
    assert app.flow.state == "Aim" and app.game.lesson.id != RELEASE
    saved = json.loads(app.app_config.paths.lessons_file.read_text())
    assert saved["skipped"] == [RELEASE] and saved["passed"] == []


def test_a_lesson_that_cannot_load_is_greyed_with_its_reason(fresh_app, tmp_path, monkeypatch):
    import game.app.screens.learn as learn

    course = tmp_path / "course"
    shutil.copytree(course_dir(), course)
    broken = sorted(course.iterdir())[1]
    (broken / "scenario.toml").write_text("players = [")
    monkeypatch.setattr(learn, "load_course", lambda: load_course(course))
    app = fresh_app
    click(app, app.flow.current.buttons["learn"])
    screen = app.flow.current
    assert broken.name not in screen.rows and len(screen.rows) == len(load_course()) - 1
    step(app, 2)
    assert app.flow.state == "Learn"


def test_progress_that_cannot_be_saved_is_said_and_the_lesson_goes_on(fresh_app):
    app = fresh_app
    data = app.app_config.paths.data_dir
    data.parent.mkdir(parents=True, exist_ok=True)
    data.write_text("a file where the data folder should be")
    aim = open_lesson(app, RELEASE)
    shoot_with_the_mouse(app, aim, sun_direction(aim), app.game.lesson.solution.speed)
    play_out(app)
    assert app.flow.current.passed and app.flow.current.save_note.startswith("lesson progress not saved")


def test_the_first_turn_tip_shows_until_dismissed_for_good(fresh_app):
    from game.app.settings import load_settings

    app = fresh_app
    aim = new_game_against_one(app, keep_tip=True)
    assert aim.tip is not None and aim.tip.shown and "cut shot" in aim.tip.text["text"]
    click(app, aim.tip.never_button)
    assert not aim.tip.shown and app.settings.first_tip is False
    assert load_settings(app.app_config.paths.settings_file).first_tip is False
    press(app, "pause")
    leave_to_menu(app)
    aim = new_game_against_one(app)
    assert aim.tip is None


def test_the_new_game_screen_states_the_goal(fresh_app):
    app = fresh_app
    click(app, app.flow.current.buttons["new"])
    goal = app.flow.current.goal["text"]
    assert "rule 9" in goal and "inner ring" in goal and "rule 13" in goal
