"""The coach: the planner's best shot played as intended, its predicted outcome, and one sentence why."""

import pytest

from game.ai.workers import Cancelled, PlannerPool
from game.coach.advice import advise, start_advice
from game.coach.preview import PreviewRequest, preview_shot
from game.rules.house import HouseRules
from game.rules.state import new_game

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()


def _first_turn():
    return new_game(["mercury", "venus"], LAYOUT, HOUSE)


def test_the_coachs_first_shot_stays_out_of_the_inner_ring_and_its_preview_is_the_real_outcome():
    state = _first_turn()
    advice = advise(state, HOUSE, LAYOUT, level="easy", seed=1)
    assert advice.shooter == "mercury"
    assert advice.shot.placement is not None and advice.shot.placement.orbit == "mercury"
    assert "mercury" not in advice.preview.ruling.out and not advice.preview.verdict.warning
    again = preview_shot(PreviewRequest(state, HOUSE, LAYOUT, advice.shot))
    assert again.ruling == advice.preview.ruling


def test_the_why_names_a_rule_in_one_sentence():
    advice = advise(_first_turn(), HOUSE, LAYOUT, level="easy", seed=2)
    assert "(rule " in advice.why and advice.why[0].isupper() and "\n" not in advice.why
    assert not advice.why.endswith(".")


def test_the_same_seed_gives_the_same_advice():
    a = advise(_first_turn(), HOUSE, LAYOUT, level="easy", seed=5)
    b = advise(_first_turn(), HOUSE, LAYOUT, level="easy", seed=5)
    assert a.shot == b.shot and a.why == b.why


def test_asking_returns_before_the_advice_is_ready_and_cancelling_stops_it():
    with PlannerPool(0) as pool:
        handle = start_advice(_first_turn(), HOUSE, LAYOUT, pool, level="hard", seed=1)
        assert not handle.done()  # a hard plan takes seconds: the call did not wait for it
        handle.cancel()
        assert handle.wait(5.0)
        with pytest.raises(Cancelled):
            handle.result()


def test_a_finished_game_or_a_random_level_is_refused():
    state = _first_turn()
    with PlannerPool(0) as pool:
        with pytest.raises(ValueError):
            start_advice(state, HOUSE, LAYOUT, pool, level="random")
        from dataclasses import replace
        with pytest.raises(ValueError):
            start_advice(replace(state, finished=True), HOUSE, LAYOUT, pool)
