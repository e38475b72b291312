"""The course: every lesson loads, its solution passes and its failing shot fails, by the referee's ruling;
a broken lesson is listed with a one-line reason and never stops the others."""

import os
import shutil
from pathlib import Path

import pytest

from game.cli import main
from game.coach.goals import GoalKind
from game.coach.lessons import check_lesson, course_dir, load_course, start_state

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


@pytest.mark.parametrize("entry", load_course(), ids=lambda e: e.id)
def test_each_lessons_solution_passes_and_its_failing_shot_fails(entry):
    check = check_lesson(entry.lesson)
    assert check.solution.passed, check.solution.reason
    assert not check.failing.passed, check.failing.reason


def test_the_comet_lesson_starts_after_its_setup_shots_with_mars_free_to_lay_his_taw():
    comet = next(e.lesson for e in load_course() if 14 in e.lesson.rules)
    state = start_state(comet)
    assert state.next_shooter() == "mars" and "mars" in state.comets and "mars" in state.comet_free_start


def test_learn_check_passes_on_the_shipped_course(capsys):
    assert main(["learn", "--check"]) == 0
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1] == f"{len(load_course())} of {len(load_course())} lessons check out."


def test_learn_check_fails_when_a_failing_shot_would_pass(tmp_path, capsys):
    course = _copy_course(tmp_path)
    lesson = next(p for p in sorted(course.iterdir()) if "releasing" in p.name)
    text = (lesson / "lesson.toml").read_text().replace("speed = 0.4", "speed = 1.6")
    (lesson / "lesson.toml").write_text(text)
    assert main(["learn", "--check", "--dir", str(course)]) == 1
    assert "FAIL: the failing shot passes" in capsys.readouterr().out


@pytest.mark.parametrize("damage, reason", [
    (lambda d: (d / "lesson.toml").write_text("title = [unclosed"), "not valid TOML"),
    (lambda d: (d / "scenario.toml").unlink(), "scenario.toml: no such file"),
    (lambda d: ((d / "lesson.toml").unlink(), os.mkfifo(d / "lesson.toml")), "FIFO"),
    (lambda d: ((d / "lesson.toml").unlink(), (d / "lesson.toml").symlink_to("/etc/passwd")), "not valid TOML"),
    (lambda d: ((d / "lesson.toml").unlink(), (d / "lesson.toml").symlink_to(d / "lesson.toml")), "symbolic link loop"),
    (lambda d: (d / "lesson.toml").write_text("x" * 70_000), "larger than"),
    (lambda d: (d / "lesson.toml").write_text((d / "lesson.toml").read_text().replace('"release"', '"fly"')),
     "goal.kind: must be one of"),
    (lambda d: (d / "scenario.toml").write_text((d / "scenario.toml").read_text().replace("3.75", "9.0")),
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


def test_learn_check_exits_1_naming_a_lesson_that_cannot_load(tmp_path, capsys):
    course = _copy_course(tmp_path)
    broken = sorted(course.iterdir())[0]
    (broken / "scenario.toml").unlink()
    assert main(["learn", "--check", "--dir", str(course)]) == 1
    assert f"{broken.name}: cannot load" in capsys.readouterr().out


def test_learn_lists_the_lessons_and_a_missing_folder_is_exit_2(tmp_path, capsys):
    assert main(["learn"]) == 0
    assert "The first shot, and the inner ring" in capsys.readouterr().out
    assert main(["learn", "--dir", str(tmp_path / "none")]) == 2
    assert "not a folder of lessons" in capsys.readouterr().err


def test_goal_kinds_are_all_used_by_the_course():
    used = {e.lesson.goal.kind for e in load_course()}
    assert used == set(GoalKind)
