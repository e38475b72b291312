"""The preview's warning of exposure is the coach's own reckoning (issue 45, item 2)."""

from __future__ import annotations

import math
from dataclasses import replace

from game.ai.reply_guard import OutKind, ReplyGuard
from game.ai.workers import PlannerPool
from game.coach.advice import advise
from game.coach.preview_reply import start_exposure
from game.match.players import Shot
from game.rules.house import HouseRules
from game.rules.state import new_game

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()


def _state(venus_taw: tuple[float, float]):
    """Venus to shoot, the Sun released at the centre, Mercury's taw 35 cm out on Venus's side."""
    state = new_game(["mercury", "venus"], LAYOUT, HOUSE)
    positions = dict(state.positions)
    positions["venus.taw"] = venus_taw
    positions["mercury.taw"] = (0.35, 0.02)
    return replace(state, positions=positions, turn=state.players.index("venus"), sun_released=True)


def test_a_soft_shot_that_leaves_the_taw_by_the_ring_is_warned_of_as_the_coach_would():
    state = _state((0.095, 0.0))
    with PlannerPool(0) as pool:
        exposure = start_exposure(state, HOUSE, LAYOUT, Shot(direction=90.0, speed=0.2), (0.095, 0.0), pool,
                                  ReplyGuard()).result()
    assert exposure.by == "mercury" and exposure.likely and exposure.kind is OutKind.RING


def test_the_coachs_shot_aimed_by_hand_gets_the_coachs_own_chance():
    state = _state((0.095, 0.0))
    with PlannerPool(0) as pool:
        advice = advise(state, HOUSE, LAYOUT, level="medium", seed=2, pool=pool)
        by_hand = start_exposure(state, HOUSE, LAYOUT, advice.shot, advice.preview.start, pool,
                                 ReplyGuard()).result()
    assert advice.exposure.by == "mercury"
    assert math.isclose(by_hand.chance, advice.exposure.chance) and by_hand.by == advice.exposure.by
