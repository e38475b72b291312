"""The coach's staged search: a cheap first answer, then the full plan, each a function of the position and the
seed alone, and the full answer exactly the plan's without a first answer (issue 45: a coach at a player's pace)."""

from __future__ import annotations

from dataclasses import replace

from game.ai.levels import Level
from game.ai.planner import FIRST_DRAWS, Decision, plan
from game.ai.reply_guard import OWN_DRAWS, ReplyGuard
from game.ai.situation import Situation
from game.ai.workers import PlanHandle, PlannerPool
from game.rules.house import HouseRules
from game.rules.state import new_game

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()
# A small coach: it screens (so the first answer screens half), has a robust stage, a lookahead and a guard.
SMALL_COACH = Level("small-coach", angle_noise_deg=3.0, speed_noise_frac=0.1, max_candidates=26, origins=1,
                    robust_top=4, noise_samples=4, lookahead_top=2, reply_candidates=3, position_weight=1.0,
                    ring_candidates=2, screen_keep=10)


def _situation() -> Situation:
    """Venus to shoot from where her taw lies, at the inner ring's edge, the Sun released at the centre."""
    state = new_game(["mercury", "venus"], LAYOUT, HOUSE)
    positions = dict(state.positions)
    positions["venus.taw"] = (0.095, 0.0)
    positions["mercury.taw"] = (0.33, 0.05)
    state = replace(state, positions=positions, turn=state.players.index("venus"), sun_released=True)
    return Situation(LAYOUT, HOUSE, state, "venus", positions, (), 3.8)


class _Enough(Exception):
    """Raised from ``on_first`` to stop a plan once its first answer is known."""


def _plan(staged: bool, first_only: bool = False) -> tuple[list[Decision], Decision | None]:
    firsts: list[Decision] = []

    def on_first(decision: Decision) -> None:
        firsts.append(decision)
        if first_only:
            raise _Enough()

    with PlannerPool(0) as pool:
        handle = PlanHandle(pool, lambda ctx: plan(ctx, _situation(), SMALL_COACH, 7, safe_only=True,
                                                   guard=ReplyGuard(), on_first=on_first if staged else None))
        try:
            return firsts, handle.result()
        except _Enough:
            return firsts, None


def _choice(decision: Decision | None) -> tuple:
    assert decision is not None
    return decision.candidate, decision.score, decision.exposure, decision.exposed_all, decision.safe


def test_the_full_answer_is_the_plans_own_and_the_first_repeats_exactly():
    firsts, full = _plan(staged=True)
    again, _ = _plan(staged=True, first_only=True)
    _, unstaged = _plan(staged=False)
    assert full is not None and unstaged is not None and len(firsts) == len(again) == 1
    assert _choice(full) == _choice(unstaged)
    assert _choice(firsts[0]) == _choice(again[0])
    # The first answer screened every other candidate, played fewer rollouts, and weighed its shot's reply.
    first = firsts[0]
    assert first.stages["screen"] == (full.considered + 1) // 2 and full.stages["screen"] == full.considered
    assert first.rollouts < unstaged.rollouts and first.exposure.by == "mercury"
    # It drew the player's hands on its shot once; the full answer draws them as many times as the guard does.
    assert first.exposure.draws == FIRST_DRAWS and full.exposure.draws == unstaged.exposure.draws == OWN_DRAWS
