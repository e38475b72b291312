"""The hard coach's first answer: its choice before the lookahead, published while the lookahead runs (issue 45)."""

from __future__ import annotations

from game.ai.workers import PlannerPool
from game.coach.advice import start_advice
from game.rules.house import HouseRules
from game.rules.state import new_game

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()


def test_the_hard_coach_publishes_a_first_answer_before_its_full_one():
    state = new_game(["mercury", "venus"], LAYOUT, HOUSE)
    with PlannerPool(0) as pool:
        handle = start_advice(state, HOUSE, LAYOUT, pool, level="hard", seed=1)
        full = handle.result()
        first = handle.first_answer()
    assert first is not None and not first.final and full.final
    assert first.seconds < full.seconds
    assert first.why and first.exposure.by == "venus"


def test_a_level_without_a_lookahead_has_no_first_answer_and_a_cancelled_plan_shows_none():
    state = new_game(["mercury", "venus"], LAYOUT, HOUSE)
    with PlannerPool(0) as pool:
        handle = start_advice(state, HOUSE, LAYOUT, pool, level="medium", seed=1)
        assert handle.result().final and handle.first_answer() is None
        handle.cancel()
        assert handle.first_answer() is None
