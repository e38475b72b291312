"""Every lesson's words fit its panel, whole, at 1280x720 and 1024x600, in no more than a third of the window, with and without the coach's advice
above it (lesson 4's rule 5 was cut at "for Jupit..." and its last lines ran out of the panel)."""

from __future__ import annotations

import pytest

from game.app.hud.lesson_panel import lesson_lines
from game.app.hud.rules_text import RULES
from game.coach.lessons import load_course
from tests.app.helpers_app import built_app, leave_to_menu, press, step
from tests.app.layout_kit import WINDOW, frame_box, inside, overlap, undrawn, words_box
from tests.app.test_learn_app import open_lesson

pytestmark = [pytest.mark.gui, pytest.mark.gui]

ADVICE = ("Coach: Strike the Sun beyond Mercury's orbit to rest in Venus's orbit: Venus pays you 1, one for "
          "each body in it (rule 4).\nIf you take it: Warning: Your taw would stop in the inner ring: you would be "
          "out (rule 13).\nH again: take this aim, power and spin (Follow: topspin 100%); G shoots at it.")


def test_the_panel_prints_every_rule_whole():
    for entry in load_course():
        text = "\n".join(lesson_lines(entry.lesson))
        assert "..." not in text and "\u2026" not in text
        for n in entry.lesson.rules:
            assert f"Rule {n}: {RULES[n]}" in text, (entry.id, n)


def _assert_fits(app, lesson_id: str, when: str) -> None:
    panel = app.game.lesson_panel
    frame, words, title = frame_box(panel.frame, app), words_box(panel.text, app), words_box(panel.title, app)
    assert inside(words, frame), f"{lesson_id} {when}: the words run out of the panel"
    assert inside(title, frame), f"{lesson_id} {when}: the title runs out of the panel"
    assert inside(frame, WINDOW), f"{lesson_id} {when}: the panel runs out of the window"
    assert not overlap(frame, frame_box(app.game.hud.feed_panel, app)), f"{lesson_id} {when}: over the feed"


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_every_lessons_words_fit_their_panel(offscreen_pipe, tmp_path, size):
    with built_app(tmp_path, size=size) as app:
        step(app, 2)
        for entry in load_course():
            with undrawn(app):   # the way into the lesson: what is measured is its aim screen, drawn below
                aim = open_lesson(app, entry.id)
            step(app)
            _assert_fits(app, entry.id, "alone")
            left, right, bottom, top = frame_box(app.game.lesson_panel.frame, app)
            share = (right - left) * (top - bottom) / 4.0   # of the window's area (render2d is 2 by 2)
            assert share <= 1.0 / 3.0, f"{entry.id}: its words fill {share:.0%} of the window"
            aim.coach.panel.say(ADVICE)
            step(app)
            assert not overlap(frame_box(aim.coach.panel.panel, app), frame_box(app.game.lesson_panel.frame, app))
            _assert_fits(app, entry.id, "under the coach's advice")
            with undrawn(app):
                press(app, "pause")
                leave_to_menu(app)
