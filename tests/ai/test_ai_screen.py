"""The screen: every candidate first in a coarser Bullet world, the best few in the match's own physics.

Only the candidates replayed in the match's physics can be chosen, so the
chosen shot's predicted outcome is the real one; the coarse world is the same
world stepped more coarsely, an estimate that ranks.
"""

from __future__ import annotations

from dataclasses import replace

from game.ai.levels import get_level
from game.ai.planner import _with_movers, candidates_for, level_weights, plan
from game.ai.player import situation_from_view
from game.ai.rollout import EvalJob, evaluate, physics_for
from game.ai.workers import PlanHandle, PlannerPool
from game.match.match import new_match
from game.match.players import ScriptedPlayer, Shot
from game.physics import PhysicsConfig
from game.rules.house import HouseRules

HOUSE = HouseRules()
IDLE = ScriptedPlayer([Shot(0.0, 0.5)])
# Medium's candidates and robust stage with a tighter screen, and no lookahead: a short plan.
SCREENED = replace(get_level("medium"), screen_keep=6, robust_top=3, noise_samples=2)


def _situation():
    match = new_match(["mercury", "earth"], [IDLE, IDLE], house=HOUSE)
    return situation_from_view(match.view())


def _plan(sit, level):
    with PlannerPool(0) as pool:
        return PlanHandle(pool, lambda ctx: plan(ctx, sit, level, seed=3)).result()


def test_the_real_rollouts_use_the_matchs_own_physics_and_the_screen_a_coarser_step_of_it():
    sit = _situation()
    real, rough = physics_for(sit), physics_for(sit, coarse=True)
    assert real == PhysicsConfig.for_layout(sit.layout)  # what Match plays every shot in
    assert rough.substep_hz < real.substep_hz
    assert replace(rough, substep_hz=real.substep_hz, substeps_per_call=real.substeps_per_call,
                   rest_speed=real.rest_speed) == real  # nothing else differs: same world, ground, cap


def test_the_screen_plays_every_candidate_coarse_and_only_its_best_few_for_real():
    sit = _situation()
    decision = _plan(sit, SCREENED)
    every = len(candidates_for(sit, SCREENED.max_candidates, SCREENED.origins, SCREENED.ring_candidates,
                               SCREENED.spin_shots, SCREENED.stop_by_ring))
    assert decision.stages["screen"] == every > SCREENED.screen_keep
    assert decision.stages["candidates"] == SCREENED.screen_keep


def test_the_chosen_shot_is_among_the_screens_best_and_its_outcome_is_the_real_physics():
    sit = _situation()
    cands = candidates_for(sit, SCREENED.max_candidates, SCREENED.origins, SCREENED.ring_candidates,
                           SCREENED.spin_shots, SCREENED.stop_by_ring)
    shared = ((sit,), level_weights(SCREENED))   # the weights the level plans with
    rough = [evaluate(shared, EvalJob(0, c, coarse=True)).score(1.0) for c in cands]
    kept = sorted(range(len(cands)), key=lambda i: (-rough[i], i))[:SCREENED.screen_keep]
    decision = _plan(sit, replace(SCREENED, robust_top=0))  # no noisy samples: its score is its one rollout's
    assert decision.candidate in [cands[i] for i in kept]
    real = evaluate(shared, EvalJob(0, decision.candidate)).score(1.0)
    assert decision.score == real != evaluate(shared, EvalJob(0, decision.candidate, coarse=True)).score(1.0)


def test_without_a_screen_every_candidate_is_played_in_the_real_physics():
    sit = _situation()
    decision = _plan(sit, replace(SCREENED, screen_keep=0))
    assert "screen" not in decision.stages
    assert decision.stages["candidates"] > SCREENED.screen_keep


def test_a_stage_keeping_its_best_few_keeps_the_best_shots_that_move_the_sun_too():
    ranked = [4, 0, 2, 7, 1, 5, 3, 6]            # best first
    moves = [False, False, False, False, False, True, True, True]   # 5, 6 and 7 move the Sun
    # Of the best four only 7 moves the Sun: the best two movers left out (5, then 6) take the
    # places of the worst passes kept (2, then 0), and the order of the rest is kept.
    assert _with_movers(ranked, 4, moves, 3) == [4, 6, 5, 7]
    assert _with_movers(ranked, 4, moves, 1) == [4, 0, 2, 7]   # one mover is kept already
    assert _with_movers(ranked, 2, [False] * 8, 2) == [4, 0]   # nothing moves the Sun: the best as ranked
