"""The end's price (``ValueWeights.end_price``): the tempo as what the winner takes against what is left.

A turn that brings the end no nearer costs the end's worth ``E`` by its
share of what is still to be had, ``E / (E + R)`` (``R`` the adversaries'
purses), less the share of one drive the Sun went outward.  Each test also
shows the flat tempo (6 a turn, saved whole by a Sun 5 cm farther out)
giving the other answer: the planted fault the check catches.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from game.ai.rollout import drive_progress, end_price, play, score_outcome, tempo_cost
from game.ai.value import ValueWeights
from game.rules.layout import SUN
from game.rules.state import new_game
from tests.ai.tap_table_kit import HOUSE, LAYOUT, at_sun, ray, tap_table

FLAT = ValueWeights(drive_plan=True, end_price=False)
END = replace(FLAT, end_price=True)
FULL = {"venus": 17, "earth": 17, "jupiter": 40}
DRAINED = {"venus": 17, "earth": 4, "jupiter": 6}
CLEAN = SimpleNamespace(out=(), fouls=())


def test_the_end_price_starts_near_the_flat_tempo_and_grows_as_purses_drain_or_stakes_fatten():
    for players in (["mercury", "venus"], ["mercury", "venus", "earth", "mars"]):
        start = new_game(players, LAYOUT, HOUSE)
        going = -6.0 if len(players) == 4 else 0.0      # four level players: a quarter's chance (value.going_on)
        assert 5.0 < end_price(start, "mercury", going) < 7.0
    full, drained = tap_table(FULL).state, tap_table(DRAINED).state
    assert end_price(drained, "venus") > 2.5 * end_price(full, "venus")
    assert end_price(tap_table(FULL, stakes=20).state, "venus") > 2.0 * end_price(full, "venus")
    assert end_price(full, "venus", going=6.0) < end_price(full, "venus", going=-6.0)   # the leader waits more


def test_a_nudge_saves_only_its_share_of_a_drive():
    sit = tap_table(FULL)
    price = end_price(sit.state, "venus")
    table = dict(sit.positions)
    for gained, share in ((0.055, 0.055 / FLAT.plan_reach), (0.20, 1.0), (0.0, 0.0), (-0.08, 0.0)):
        table[SUN] = ray(0.50 + gained)
        assert drive_progress(sit.positions[SUN], table[SUN], END) == pytest.approx(share)
        assert tempo_cost(sit, CLEAN, table, END) == pytest.approx(price * (1.0 - share))
    assert drive_progress(sit.positions[SUN], None, END) == 1.0           # driven off the ground: rule 9
    table[SUN] = ray(0.555)
    assert tempo_cost(sit, CLEAN, table, END) > 0.6 * price
    assert tempo_cost(sit, CLEAN, table, FLAT) == 0.0    # the flat tempo: a 5.5 cm nudge saves it whole


def test_an_adversary_put_out_saves_the_end_price_and_a_foul_never_does():
    sit = tap_table(FULL)
    price = end_price(sit.state, "venus")
    driven = {**sit.positions, SUN: ray(0.70)}
    assert tempo_cost(sit, SimpleNamespace(out=("earth",), fouls=()), sit.positions, END) == 0.0
    assert tempo_cost(sit, SimpleNamespace(out=("venus",), fouls=()), sit.positions, END) == pytest.approx(price)
    foul = SimpleNamespace(out=(), fouls=(SimpleNamespace(player="venus", rule=15),))
    assert tempo_cost(sit, foul, driven, END) == pytest.approx(price)
    assert tempo_cost(sit, CLEAN, sit.positions, ValueWeights(end_price=True)) == 0.0   # easy: marbles alone


def _tap_minus_drive(purses: dict[str, int], weights: ValueWeights) -> float:
    """The tap's score (Jupiter pays three, the Sun stays) less the full drive's, as the nominal stage scores."""
    sit = tap_table(purses)
    scores = []
    for speed in (1.2, 3.8):
        ruling, table = play(sit, at_sun(sit, speed))
        scores.append(score_outcome(sit, ruling, table, weights).score(1.0))
    return scores[0] - scores[1]


def test_the_tap_is_worth_taking_while_the_purses_are_full_and_the_drive_once_they_drain():
    """Martin's "keep the Sun within the orbits as long as possible": the money first, then the end."""
    assert _tap_minus_drive(FULL, END) > 0.0
    assert _tap_minus_drive(DRAINED, END) < -1.0
    # The flat tempo prices a turn the same whatever is left to be had: draining the purses does not turn
    # it from the tap to the drive (here the tap even gains, by what the standings say of the game going on).
    assert _tap_minus_drive(DRAINED, FLAT) > _tap_minus_drive(FULL, FLAT) - 0.5
