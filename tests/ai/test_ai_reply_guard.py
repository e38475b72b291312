"""The reply guard: the next adversary's replies, at his level and with his hands, weigh the coach's shot.

Issue 45: the coach advised a shot that left the player's taw beside the Sun
at the inner ring's edge, and the Medium AI knocked it in at once (rule 13).
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.ai import reply_guard
from game.ai.candidates import Candidate
from game.ai.levels import get_level
from game.ai.planner import Decision, guarded_score, plan
from game.ai.reply_guard import LIKELY, OutKind, ReplyGuard, exposures
from game.ai.situation import Situation
from game.ai.workers import PlanHandle, PlannerPool
from game.rules.house import HouseRules
from game.rules.state import new_game

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()


def _table(venus_taw: tuple[float, float]) -> Situation:
    """Venus to shoot, the Sun released at the centre, Mercury's taw 35 cm out on Venus's side."""
    state = new_game(["mercury", "venus"], LAYOUT, HOUSE)
    positions = dict(state.positions)
    positions["venus.taw"] = venus_taw
    positions["mercury.taw"] = (0.35, 0.02)
    state = replace(state, positions=positions, turn=state.players.index("venus"), sun_released=True)
    return Situation(LAYOUT, HOUSE, state, "venus", positions, (), 3.8)


def _still(sit: Situation) -> Candidate:
    """A soft flick sideways: the taw stays about where it lies, touching nothing."""
    taw = sit.positions["venus.taw"]
    return Candidate(origin=taw, angle=math.pi / 2, speed=0.2, placement=None, target="spread")


def _exposure(sit: Situation, guard: ReplyGuard = ReplyGuard()):
    with PlannerPool(0) as pool:
        return PlanHandle(pool, lambda ctx: exposures(ctx, sit, [_still(sit)], guard)).result()[0]


def test_a_taw_left_at_the_ring_edge_in_line_with_a_medium_adversary_is_likely_put_out_by_rule_13():
    sit = _table((0.095, 0.0))
    exposure = _exposure(sit)
    assert exposure.by == "mercury" and exposure.level == "medium"
    assert exposure.likely and exposure.chance >= 2 / 3
    assert exposure.kind is OutKind.RING
    assert exposure.gap == pytest.approx(0.027, abs=0.01)
    assert exposure.draws == reply_guard.OWN_DRAWS and exposure.hands == reply_guard.PERSON
    assert exposure.samples == reply_guard.GUARD_SAMPLES  # his replies counted, over the draws


def test_with_steady_hands_the_shot_is_reckoned_once_as_intended():
    exposure = _exposure(_table((0.095, 0.0)), ReplyGuard(hands=reply_guard.AS_INTENDED))
    assert exposure.likely and exposure.kind is OutKind.RING
    assert exposure.draws == 1 and exposure.samples == reply_guard.GUARD_SAMPLES


def test_a_taw_left_far_from_the_ring_is_not_put_out():
    exposure = _exposure(_table((0.0, 0.6)))
    assert exposure.by == "mercury" and exposure.chance == 0.0 and exposure.kind is None


def test_the_guard_fails_a_planted_fault_that_counts_the_adversarys_own_outs(monkeypatch):
    # The check above, with a guard that asks whether the replier, not we, is put out: it finds no danger.
    sit = _table((0.095, 0.0))
    honest = reply_guard._exposure
    monkeypatch.setattr(reply_guard, "_exposure", lambda nxt, me, level, chosen: honest(nxt, nxt.shooter, level, chosen))
    assert not _exposure(sit).likely


def test_an_adversary_is_reckoned_at_his_own_level():
    sit = _table((0.095, 0.0))
    easy = _exposure(sit, ReplyGuard(levels={"mercury": get_level("easy")}))
    assert easy.level == "easy"
    assert easy.chance < _exposure(sit).chance  # easy aims no rule 13 shots, and has rougher hands


def test_a_safer_shot_of_near_worth_beats_a_likely_knock_out_and_a_far_better_one_does_not():
    risky = reply_guard.Exposure(2 / 3, "mercury", "medium", OutKind.RING, 0.03, 6)
    safe = reply_guard.Exposure(0.0, "mercury", "medium", None, 0.2, 6)
    assert guarded_score(5.0, risky) < guarded_score(3.0, safe)
    assert guarded_score(14.0, risky) > guarded_score(3.0, safe)
    assert LIKELY == pytest.approx(1 / 3)


def _guarded_plan(monkeypatch, screen_all: bool = False) -> tuple[Decision, list[list[bool]]]:
    """The guarded plan at the ring-edge table, and per guard call which shots it drew with the player's hands
    (``screen_all``: the planted fault, every shot only screened as aimed)."""
    from game.ai import planner

    told: list[list[bool]] = []

    def spy(ctx, sit, shots, guard, counts=None, drawn=None, times=reply_guard.OWN_DRAWS):
        told.append(list(drawn))
        return exposures(ctx, sit, shots, guard, counts, [False] * len(shots) if screen_all else drawn, times)

    monkeypatch.setattr(planner, "exposures", spy)
    sit = _table((0.095, 0.0))
    with PlannerPool(0) as pool:
        decision = PlanHandle(pool, lambda ctx: plan(ctx, sit, get_level("medium"), 3, safe_only=True,
                                                     guard=ReplyGuard())).result()
    return decision, told


def _weighed_with_hands(decision: Decision) -> bool:
    return decision.exposure.draws == reply_guard.OWN_DRAWS and decision.exposure.hands == reply_guard.PERSON


def test_the_guarded_coach_plan_weighs_its_shot_with_the_players_hands_and_screens_the_rest_as_aimed(monkeypatch):
    decision, told = _guarded_plan(monkeypatch)
    assert decision.exposure.by == "mercury" and decision.stages["guard"] > 0
    assert decision.exposure.chance < LIKELY  # a shot that leaves the taw safe exists, and is of near worth
    assert _weighed_with_hands(decision)
    drawn = [d for call in told for d in call]
    assert drawn.count(False) >= 2 and drawn.count(True) < len(drawn)  # the other finalists: the screen only


def test_the_hands_check_fails_a_planted_fault_that_screens_the_advised_shot_as_aimed(monkeypatch):
    decision, _ = _guarded_plan(monkeypatch, screen_all=True)
    assert not _weighed_with_hands(decision)


def _three(venus_taw: tuple[float, float]) -> Situation:
    """Venus to shoot, then the Earth (his taw behind the Sun from ours), then Mercury (lined up behind ours)."""
    state = new_game(["mercury", "venus", "earth"], LAYOUT, HOUSE)
    positions = dict(state.positions)
    positions["venus.taw"] = venus_taw
    positions["mercury.taw"] = (0.35, 0.02)
    positions["earth.taw"] = (-0.6, 0.0)
    state = replace(state, positions=positions, turn=state.players.index("venus"), sun_released=True)
    return Situation(LAYOUT, HOUSE, state, "venus", positions, (), 3.8)


def test_every_adversary_before_our_next_turn_is_reckoned_not_only_the_next():
    sit = _three((0.095, 0.0))
    exposure = _exposure(sit)
    assert exposure.by == "mercury" and exposure.likely and exposure.kind is OutKind.RING


def test_the_guard_fails_a_planted_fault_that_reckons_only_the_next_shooter(monkeypatch):
    sit = _three((0.095, 0.0))
    honest = reply_guard.shooters_before
    monkeypatch.setattr(reply_guard, "shooters_before", lambda after, me: honest(after, me)[:1])
    assert not _exposure(sit).likely


def _rolled_in(sit: Situation) -> Candidate:
    """Venus's taw rolled from 20 cm out past the Sun's side: with a person's 10 % of power it stops inside the
    inner ring in one of the guard's two draws (its seeded hands), short of it in the other."""
    return Candidate(origin=(0.2, 0.035), angle=math.pi, speed=0.68, placement=None, target="spread")


def _own_risk() -> reply_guard.Exposure:
    sit = _table((0.2, 0.035))
    with PlannerPool(0) as pool:
        return PlanHandle(pool, lambda ctx: exposures(ctx, sit, [_rolled_in(sit)], ReplyGuard())).result()[0]


def test_a_draw_that_rings_the_players_own_taw_counts_as_out_not_as_nobodys_reply():
    exposure = _own_risk()
    assert exposure.own == pytest.approx(0.5) and exposure.chance >= 0.5
    assert exposure.kind is OutKind.RING and exposure.by_own_shot and exposure.likely


def test_the_own_out_check_fails_a_planted_fault_that_counts_our_own_ringing_as_nobodys_reply(monkeypatch):
    # The guard as it was: a draw that put us out by our own hand left no table, so it counted as no risk.
    monkeypatch.setattr(reply_guard, "_own_out", lambda ringed, gap: [])
    exposure = _own_risk()
    assert exposure.own == 0.0 and exposure.chance < 0.5
