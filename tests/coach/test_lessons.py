"""The course: every lesson loads, its solution passes and its opening aim and power fail, by the referee's
ruling; a broken lesson is listed with a one-line reason and never stops the others."""

import math
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from game.cli import main
from game.coach.goals import GoalKind
from game.coach.lessons import (as_spec, check_lesson, course_dir, judge, load_course, opening_shot, play_spec,
                                start_state)
from game.physics import PhysicsConfig

FAMILIES = {  # the rule families; each needs at least one lesson
    "setup and hat": {1, 2}, "first shot and rule 13": {13}, "releasing the Sun": {3, 4}, "orbits": {5},
    "rules 6 to 8": {6, 7, 8}, "the win": {9}, "planets": {10, 11}, "your taw": {12, 13, 17},
    "the comet": {14}, "fouls": {15, 16},
}


def _copy_course(tmp_path: Path) -> Path:
    target = tmp_path / "course"
    shutil.copytree(course_dir(), target)
    return target


def test_every_rule_family_has_a_lesson():
    lessons = [e.lesson for e in load_course()]
    assert all(lessons), [e.error for e in load_course() if e.lesson is None]
    for family, rules in FAMILIES.items():
        assert any(rules & set(lesson.rules) for lesson in lessons), family


NUDGE_DEG = 0.5                                 # one tap of the aim keys
NUDGE_SPEED = 0.02 * PhysicsConfig().max_shot_speed   # one notch of the power wheel


@pytest.mark.parametrize("entry", load_course(), ids=lambda e: e.id)
def test_each_lessons_solution_passes_and_its_opening_aim_and_power_fail(entry):
    check = check_lesson(entry.lesson)
    assert check.solution.passed, check.solution.reason
    assert not check.opening.passed, f"the lesson passes with its opening aim and power: {check.opening.reason}"


@pytest.mark.parametrize("entry", load_course(), ids=lambda e: e.id)
def test_each_lessons_opening_fails_by_more_than_a_nudge_so_passing_takes_aiming(entry):
    # An opening on the edge of passing would teach nothing, and a small change to the physics could tip it over.
    lesson = entry.lesson
    opening = opening_shot(lesson)
    cap = PhysicsConfig().max_shot_speed
    for turn, faster in ((-NUDGE_DEG, 0.0), (NUDGE_DEG, 0.0), (0.0, -NUDGE_SPEED), (0.0, NUDGE_SPEED)):
        nudged = replace(opening, direction=opening.direction + turn,
                         speed=min(cap, max(0.05, opening.speed + faster)))
        outcome = judge(lesson, play_spec(lesson, as_spec(nudged)))
        assert not outcome.passed, f"one nudge ({turn:+} deg, {faster:+.3f} m/s) from the opening passes"


def test_the_opening_is_resolved_on_the_table_the_setup_shots_left():
    comet = next(e.lesson for e in load_course() if 14 in e.lesson.rules)
    shot = opening_shot(comet)
    state = start_state(comet)
    assert shot.placement is not None and shot.placement.orbit == "mercury"
    origin = comet.scenario.layout.home_on_line("mercury", shot.placement.angle)
    sun = state.positions["sun"]
    towards_sun = math.degrees(math.atan2(sun[1] - origin[1], sun[0] - origin[0])) % 360.0
    assert shot.direction == pytest.approx(towards_sun, abs=1e-6)


def test_the_comet_lesson_starts_after_its_setup_shots_with_mars_free_to_lay_his_taw():
    comet = next(e.lesson for e in load_course() if 14 in e.lesson.rules)
    state = start_state(comet)
    assert state.next_shooter() == "mars" and "mars" in state.comets and "mars" in state.comet_free_start


def test_learn_check_passes_on_the_shipped_course(capsys):
    assert main(["learn", "--check"]) == 0
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1] == f"{len(load_course())} of {len(load_course())} lessons check out."


def test_learn_check_fails_when_a_lesson_passes_with_its_opening_aim_and_power(tmp_path, capsys):
    course = _copy_course(tmp_path)
    lesson = next(p for p in sorted(course.iterdir()) if "releasing" in p.name)
    text = (lesson / "lesson.toml").read_text().replace("speed = 0.4", "speed = 2.2")
    (lesson / "lesson.toml").write_text(text)
    assert main(["learn", "--check", "--dir", str(course)]) == 1
    assert "FAIL: the opening aim and power pass untouched" in capsys.readouterr().out


@pytest.mark.parametrize("damage, reason", [
    (lambda d: (d / "lesson.toml").write_text("title = [unclosed"), "not valid TOML"),
    (lambda d: (d / "scenario.toml").unlink(), "scenario.toml: no such file"),
    (lambda d: ((d / "lesson.toml").unlink(), os.mkfifo(d / "lesson.toml")), "FIFO"),
    (lambda d: ((d / "lesson.toml").unlink(), (d / "lesson.toml").symlink_to("/etc/passwd")), "not valid TOML"),
    (lambda d: ((d / "lesson.toml").unlink(), (d / "lesson.toml").symlink_to(d / "lesson.toml")), "symbolic link loop"),
    (lambda d: (d / "lesson.toml").write_text("x" * 70_000), "larger than"),
    (lambda d: (d / "lesson.toml").write_text((d / "lesson.toml").read_text().replace('"stay_in"', '"fly"')),
     "goal.kind: must be one of"),
    (lambda d: (d / "scenario.toml").write_text((d / "scenario.toml").read_text().replace("speed = 3.0", "speed = 9.0")),
     "above the cap"),
])
def test_a_broken_lesson_is_listed_with_a_one_line_reason_and_the_rest_still_load(tmp_path, damage, reason):
    course = _copy_course(tmp_path)
    broken = next(p for p in sorted(course.iterdir()) if "first-shot" in p.name)
    damage(broken)
    entries = load_course(course)
    bad = [e for e in entries if e.lesson is None]
    assert [e.id for e in bad] == [broken.name]
    assert reason in bad[0].error and "\n" not in bad[0].error
    assert len(entries) == len(load_course())


@pytest.mark.parametrize("check", [["--check"], []])
def test_learn_exits_2_with_one_line_naming_a_lesson_that_cannot_load(tmp_path, capsys, check):
    course = _copy_course(tmp_path)
    broken = sorted(course.iterdir())[0]
    (broken / "scenario.toml").unlink()
    assert main(["learn", *check, "--dir", str(course)]) == 2
    captured = capsys.readouterr()
    assert f"{broken.name}: cannot load" in captured.out
    assert captured.err.count("\n") == 1 and f"cannot load lesson {broken.name}: " in captured.err
    assert "Traceback" not in captured.err


def test_learn_lists_the_lessons_and_a_missing_folder_is_exit_2(tmp_path, capsys):
    assert main(["learn"]) == 0
    assert "The first shot, and the inner ring" in capsys.readouterr().out
    assert main(["learn", "--dir", str(tmp_path / "none")]) == 2
    assert "not a folder of lessons" in capsys.readouterr().err


def test_goal_kinds_are_all_used_by_the_course():
    used = {e.lesson.goal.kind for e in load_course()}
    assert used == set(GoalKind)


@pytest.mark.parametrize("entry", load_course(), ids=lambda e: e.id)
def test_no_lessons_ruling_says_a_player_lost_satellites_the_table_never_had(entry):
    # A lesson that clears the ground of satellites must not have its ruling say a player "lost every satellite
    # and became a Comet": the sentence has to match the table the player sees (lesson 11 said so of both).
    from game.rules.layout import satellite_ids

    lesson = entry.lesson
    state = start_state(lesson)
    satellites = lesson.scenario.layout.satellites
    for spec in (lesson.solution, as_spec(opening_shot(lesson, state))):
        result = play_spec(lesson, spec)
        for planet in result.ruling.comets:
            had = [s for s in satellite_ids(planet, satellites.get(planet, 0)) if s in state.positions]
            assert had, f"{planet} becomes a Comet (rule 14) with no satellite on the table"
