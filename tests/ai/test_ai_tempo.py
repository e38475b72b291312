"""The tempo (medium and hard): a turn that gains the Sun no ground toward Herschel's line costs marbles.

Martin's marbles alone say: tap the Sun in the last held orbit for its four
to seven marbles a turn until its holder is drained, then drive.  With four
players that took a median of 14 rounds.  The drive plan's levels play to
finish: every turn that leaves the Sun no farther out costs ``tempo``, so a
tap must pay more than that to beat a drive.
"""

from __future__ import annotations

import math
import threading
from dataclasses import replace
from types import SimpleNamespace

import pytest

from game.ai.levels import LEVELS
from game.ai.planner import plan
from game.ai.rollout import SUN_STILL, play, score_outcome, sun_gained, tempo_cost
from game.ai.value import ValueWeights
from game.ai.workers import PlanContext, PlannerPool
from game.rules.layout import SUN
from tests.ai.tap_table_kit import at_sun, ray, tap_table

PLAN = ValueWeights(drive_plan=True, end_price=False)  # the flat tempo, as the end price replaced it


def test_the_sun_gains_ground_only_by_going_farther_out():
    assert sun_gained((0.30, 0.0), (0.36, 0.0))
    assert not sun_gained((0.30, 0.0), (0.33, 0.0))               # a tap
    assert not sun_gained((0.30, 0.0), (0.24, 0.0))               # knocked back
    assert not sun_gained((0.30, 0.0), (0.0, 0.30))               # knocked round its orbit
    assert sun_gained((0.90, 0.0), None)                          # off the ground: rule 9


def test_a_tap_for_sun_money_costs_the_tempo_and_a_drive_does_not():
    sit = tap_table()
    for speed, pays, costs in ((1.2, True, PLAN.tempo), (3.8, False, 0.0)):
        ruling, table = play(sit, at_sun(sit, speed))
        assert any(t.rule == 8 for t in ruling.transfers) is pays     # the tap: Jupiter pays three
        assert tempo_cost(sit, ruling, table, PLAN) == costs
        priced = score_outcome(sit, ruling, table, PLAN)
        free = score_outcome(sit, ruling, table, replace(PLAN, tempo=0.0))
        assert free.gain - priced.gain == pytest.approx(costs)
        assert tempo_cost(sit, ruling, table, ValueWeights()) == 0.0          # easy plays for marbles alone


def test_with_the_tempo_medium_drives_the_sun_it_keeps_still_for_marbles():
    moved = {}
    with PlannerPool(0) as pool:
        for tempo in (0.0, PLAN.tempo):
            sit = tap_table()
            decision = plan(PlanContext(pool, 0, threading.Event()), sit, LEVELS["medium"], 7,
                            ValueWeights(tempo=tempo, end_price=False))
            _, table = play(sit, decision.candidate)
            moved[tempo] = math.hypot(*table[SUN]) - math.hypot(*sit.positions[SUN])
    assert moved[0.0] < SUN_STILL                 # for marbles alone: the Sun kept where it lies
    assert moved[PLAN.tempo] >= SUN_STILL         # playing to finish: the Sun driven on


def test_an_adversary_put_out_saves_the_tempo_and_a_foul_never_does():
    """The end comes by rule 9 or with the last player in: a shot that puts an adversary out brings it nearer."""
    sit = tap_table()
    still = dict(sit.positions)
    driven = {**still, SUN: ray(0.62)}
    clean = SimpleNamespace(out=(), fouls=())
    assert tempo_cost(sit, clean, still, PLAN) == PLAN.tempo
    assert tempo_cost(sit, SimpleNamespace(out=("earth",), fouls=()), still, PLAN) == 0.0    # rule 13, or drained
    assert tempo_cost(sit, SimpleNamespace(out=("venus",), fouls=()), still, PLAN) == PLAN.tempo   # himself
    assert tempo_cost(sit, clean, driven, PLAN) == 0.0
    foul = SimpleNamespace(out=(), fouls=(SimpleNamespace(player="venus", rule=15),))
    assert tempo_cost(sit, foul, driven, PLAN) == PLAN.tempo                                # rule 15 buys nothing
