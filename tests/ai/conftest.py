"""Small AI levels and hand-built tables for fast tests."""

from __future__ import annotations

import pytest

from game.ai.levels import Level

TINY = Level("tiny", angle_noise_deg=1.0, speed_noise_frac=0.04, max_candidates=18, origins=2,
             robust_top=2, noise_samples=2, lookahead_top=1, reply_candidates=4, position_weight=1.0)


@pytest.fixture
def tiny_level() -> Level:
    return TINY
