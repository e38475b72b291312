"""The pure parts of the player's spin and of the crosshair: no window needed."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.app.hud.spin_dot import DOT_TRAVEL, dot_height
from game.app.input.aiming import SPIN_TAP, ThumbSpin, spin_words
from game.app.scene.aim_line import CROSS_GAP, crosshair_arms


def test_ten_taps_up_and_ten_down_come_back_to_exactly_no_spin():
    spin = ThumbSpin()
    for _ in range(10):
        spin.add(SPIN_TAP)
    assert spin.value == 1.0
    for _ in range(10):
        spin.add(-SPIN_TAP)
    assert spin.value == 0.0 and spin_words(spin.value) == "No spin"


def test_the_spin_stays_within_a_thumbs_range():
    spin = ThumbSpin()
    spin.add(-3.0)
    assert spin.value == -1.0
    spin.set(7.0)
    assert spin.value == 1.0


@pytest.mark.parametrize("spin, words", [(0.4, "Follow: topspin 40%"), (-1.0, "Stop: backspin 100%"),
                                         (0.001, "No spin"), (-0.25, "Stop: backspin 25%")])
def test_the_words_say_follow_for_topspin_and_stop_for_backspin(spin, words):
    assert spin_words(spin) == words


def test_the_dot_rises_with_topspin_and_sinks_with_backspin_inside_the_taw():
    assert dot_height(0.0) == 0.0
    assert dot_height(1.0) == DOT_TRAVEL and dot_height(-1.0) == -DOT_TRAVEL
    assert 0.0 < dot_height(0.3) < dot_height(0.6)


def test_the_crosshair_arms_lie_along_and_across_the_aim_with_a_gap_at_the_centre():
    centre, size = (0.1, -0.2), 0.025
    arms = crosshair_arms(centre, 30.0, size)
    assert len(arms) == 4
    a = math.radians(30.0)
    along = np.array([math.cos(a), math.sin(a)])
    directions = []
    for arm in arms:
        inner, outer = arm - np.asarray(centre)
        assert np.linalg.norm(inner) == pytest.approx(size * CROSS_GAP)
        assert np.linalg.norm(outer) == pytest.approx(size)
        directions.append(round(float(np.dot(outer / size, along)), 9))
    assert sorted(directions) == pytest.approx([-1.0, 0.0, 0.0, 1.0])
