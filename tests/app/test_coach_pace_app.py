"""The coach in the app answers at a player's pace: it shows it is thinking, Esc stops it, a first answer
comes before the full one (issue 45)."""

from __future__ import annotations

import pytest

from tests.app.helpers_app import new_game_against_one, press, step, wait_for

pytestmark = pytest.mark.gui


def test_the_coach_says_it_is_thinking_and_esc_stops_it_without_pausing(fresh_app):
    app = fresh_app
    aim = new_game_against_one(app)
    press(app, "coach")
    step(app, 2)
    assert aim.coach.thinking and aim.coach.panel.saying.startswith("The coach is thinking")
    assert app.planning()  # the frame cap drops to its planning rate meanwhile (game.app.frame_cap)
    assert "Esc" in aim.coach.panel.saying
    press(app, "pause")
    step(app, 2)
    assert not aim.coach.thinking and not app.pause.active and not app.planning()
    assert aim.coach.advice is not None or aim.coach.panel.saying == "The coach stopped."


def _first_answer(app):
    """A new game against one AI, H pressed, and the coach's first answer come (it is still thinking on)."""
    aim = new_game_against_one(app)
    press(app, "coach")
    wait_for(app, lambda: aim.coach.advice is not None, seconds=120.0)
    return aim


def test_a_first_answer_shows_marked_then_the_full_answer_replaces_it(fresh_app):
    app = fresh_app
    aim = _first_answer(app)
    assert aim.coach.thinking and aim.coach.panel.saying.startswith("First answer")
    assert "mercury.taw" in aim.coach.ghost.drawn
    wait_for(app, lambda: not aim.coach.thinking, seconds=120.0)
    assert aim.coach.advice.final and aim.coach.panel.saying.startswith("The next shots")
    assert [final for _, final in aim.coach.answers] == [False, True]


def test_esc_after_the_first_answer_says_the_coach_stopped_at_it_not_still_weighing(fresh_app):
    from game.app.screens.aim_coach import STOPPED_AT_FIRST

    app = fresh_app
    aim = _first_answer(app)
    assert aim.coach.thinking and aim.coach.panel.saying.startswith("First answer: still weighing")
    press(app, "pause")
    step(app, 2)
    assert not aim.coach.thinking and aim.coach.advice is not None and not aim.coach.advice.final
    assert aim.coach.panel.saying.startswith(STOPPED_AT_FIRST) and "still weighing" not in aim.coach.panel.saying
    assert "Coach: " in aim.coach.panel.saying  # the first answer stays, to be taken with H
