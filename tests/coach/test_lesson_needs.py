"""Every lesson needs both aim and power from its opening, or names the one it needs (and its words say why);
``learn --check`` holds the physics to that claim (issue 40: lessons 3 to 8 needed power alone, unsaid)."""

from __future__ import annotations

import shutil
from dataclasses import replace

import pytest

from game.cli import main
from game.coach.lessons import Needs, check_lesson, course_dir, load_course

COURSE = [e for e in load_course() if e.lesson is not None]


@pytest.mark.parametrize("entry", COURSE, ids=lambda e: e.id)
def test_each_lesson_needs_what_it_says_and_one_alone_is_explained(entry):
    lesson = entry.lesson
    check = check_lesson(lesson)
    assert check.ok, check.reason
    if lesson.needs is not Needs.BOTH:   # its words say which one is the lesson, and why the other is set
        assert f"the {lesson.needs.value}" in lesson.do.lower(), lesson.do


def test_lessons_one_and_two_are_different_exercises():
    first, second = (e.lesson for e in COURSE[:2])
    assert first.goal.kind != second.goal.kind
    assert first.needs is Needs.BOTH and second.needs is Needs.BOTH


def test_a_lesson_that_claims_both_when_power_alone_passes_fails_the_check(tmp_path, capsys):
    # The planted fault: the orbits lesson without its claim, as the course stood before.
    course = tmp_path / "lessons"
    shutil.copytree(course_dir(), course)
    lesson = course / "04-the-orbits" / "lesson.toml"
    lesson.write_text(lesson.read_text().replace('needs = "power"\n', ""))
    assert main(["learn", "--check", "--dir", str(course)]) == 1
    assert "it says it needs aim and power, but passing takes power" in capsys.readouterr().out


def test_a_bad_needs_value_is_a_one_line_reason(tmp_path):
    course = tmp_path / "lessons"
    shutil.copytree(course_dir(), course)
    lesson = course / "04-the-orbits" / "lesson.toml"
    lesson.write_text(lesson.read_text().replace('needs = "power"', 'needs = "luck"'))
    entry = next(e for e in load_course(course) if e.id == "04-the-orbits")
    assert entry.lesson is None and "needs: must be one of" in entry.error


def test_the_check_names_a_wrong_claim_of_aim(tmp_path):
    lesson = next(e.lesson for e in COURSE if e.lesson.needs is Needs.POWER)
    check = check_lesson(replace(lesson, needs=Needs.AIM))
    assert not check.ok and "it says it needs aim, but passing takes power" in check.reason
