"""The coach's word on a winning shot's room: a figure only when the fan resolved one (plain data)."""

from __future__ import annotations

from game.ai.candidates import Candidate
from game.coach.advice import fine_shot_words
from game.coach.win_search import Window

SHOT = Candidate(origin=(0.0, 0.0), angle=0.0, speed=3.8, placement=None, target="sun", spin=0.0)
EXACT = "a fine shot: it needs the aim exactly as advised"


def test_a_window_below_one_fan_step_needs_the_aim_exactly_as_advised():
    # Only the middle shot won: the room is under the 0.05° step, and "0.00°" would say nothing true.
    assert fine_shot_words(Window(SHOT, 0, 0.05)) == EXACT


def test_a_window_of_one_fan_step_or_more_is_told_in_degrees():
    assert fine_shot_words(Window(SHOT, 1, 0.05)) == \
        "a fine shot: it wins with the aim up to 0.05° either way, not more"
    assert "up to 0.30° either way" in fine_shot_words(Window(SHOT, 3, 0.1))


def test_a_room_that_would_print_as_none_needs_the_aim_exactly_too():
    assert fine_shot_words(Window(SHOT, 1, 0.004)) == EXACT
    assert "0.01°" in fine_shot_words(Window(SHOT, 1, 0.006))
