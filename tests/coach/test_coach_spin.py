"""The coach's shot is the planner's candidate as it was scored: with its spin (a stop or a follow shot)."""

from __future__ import annotations

import math

import pytest

from game.ai.candidates import Candidate
from game.ai.planner import Decision
from game.coach.advice import intended_shot


@pytest.mark.parametrize("spin", [-1.0, 0.0, 1.0])
def test_the_intended_shot_keeps_the_candidates_spin(spin):
    chosen = Candidate(origin=(0.14, 0.0), angle=math.pi, speed=2.0, placement=None, target="sun", spin=spin)
    decision = Decision(candidate=chosen, score=1.0, summary="", rollouts=1, seconds=0.0, considered=1)
    shot = intended_shot(decision, max_speed=3.8)
    assert shot.spin == spin and shot.direction == pytest.approx(180.0) and shot.speed == 2.0
