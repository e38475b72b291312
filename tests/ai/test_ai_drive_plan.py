"""The drive plan (medium, hard): the Sun's road out priced over the next drives, for every adversary in turn."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.ai.levels import LEVELS
from game.ai.rollout import WIN_BONUS, drive_plan_shots, next_shots, shooters_before, win_values
from game.ai.situation import Situation
from game.ai.value import ValueWeights, drive_chance, drive_prospect
from game.rules.house import HouseRules
from game.rules.layout import SUN, taw_id
from game.rules.state import new_game

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()
PLAN = ValueWeights(drive_plan=True)
HERSCHEL = LAYOUT.line_radii["herschel"]


def on_ray(radius: float, angle_deg: float = 100.0) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return (radius * math.cos(a), radius * math.sin(a))


def _situation(players: list[str], positions: dict, shooter: str, stakes: int | None = None) -> Situation:
    state = new_game(players, LAYOUT, HOUSE, positions=positions, sun_released=True, first_shot_done=True,
                     stakes=stakes)
    state = replace(state, turn=state.players.index(shooter))
    return Situation(LAYOUT, HOUSE, state, shooter, positions, (), 3.8)


def _table(players: list[str]) -> dict:
    """The setup with every player's taw on his own line."""
    return {**LAYOUT.home_positions(), **{taw_id(p): LAYOUT.home_on_line(p, 250.0) for p in players}}


def _after(sit: Situation) -> object:
    """The state after the shooter's shot: the turn passes on."""
    state = sit.state
    return replace(state, turn=(state.turn + 1) % len(state.players))


def test_the_road_out_is_worth_more_the_farther_the_sun_has_come_with_the_taw_behind_it():
    # A taw 10 cm behind the Sun on its ray: the prospect grows at every step out, from a Sun
    # no single drive can carry out (where drive_chance sees nothing) to one at the line.
    radii = [0.3, 0.45, 0.6, 0.75, 0.9]
    prospects = [drive_prospect(LAYOUT, on_ray(r), on_ray(r - 0.1), PLAN) for r in radii]
    assert all(a < b for a, b in zip(prospects, prospects[1:])), prospects
    assert drive_chance(LAYOUT, on_ray(0.45), on_ray(0.35), PLAN) == 0.0 < prospects[1]
    # Within one drive it is at least the chance of winning at once.
    assert prospects[-1] >= drive_chance(LAYOUT, on_ray(0.9), on_ray(0.8), PLAN) > 0.0


def test_a_taw_beside_or_beyond_the_sun_has_no_road_out_and_a_far_one_little():
    sun = on_ray(0.5)
    assert drive_prospect(LAYOUT, sun, on_ray(0.6), PLAN) == 0.0            # beyond it
    behind = drive_prospect(LAYOUT, sun, on_ray(0.4), PLAN)
    assert drive_prospect(LAYOUT, sun, on_ray(0.5, 112.0), PLAN) < 0.01 * behind   # beside it, 10 cm round
    assert drive_prospect(LAYOUT, sun, on_ray(0.05), PLAN) < behind


def test_the_adversaries_shooting_before_our_turn_come_in_turn_order_and_skip_those_out():
    players = ["mercury", "venus", "earth", "mars"]
    sit = _situation(players, _table(players), "venus")
    after = _after(sit)
    assert shooters_before(after, "venus") == ["earth", "mars", "mercury"]
    assert shooters_before(replace(after, out=("mars",)), "venus") == ["earth", "mercury"]


def test_a_win_is_worth_the_same_both_ways_with_two_players_and_far_less_as_a_loss_with_four():
    two = _after(_situation(["mercury", "earth"], _table(["mercury", "earth"]), "earth", stakes=9))
    ours, theirs = win_values(two, "earth")
    assert ours == theirs == WIN_BONUS + 9 + 2
    four = _after(_situation(["mercury", "venus", "earth", "mars"], _table(["mercury", "venus", "earth", "mars"]),
                             "earth", stakes=9))
    ours, theirs = win_values(four, "earth")
    # Ours: the stakes, one from each of three, and the three others' mean loss of one.
    assert ours == pytest.approx(WIN_BONUS + 9 + 3 + 1)
    # Theirs: our one marble, and his 9 + 3 gain less the two others' loss, spread over three seats.
    assert theirs == pytest.approx(WIN_BONUS + 1 + (9 + 3 - 2) / 3)


def test_in_a_four_player_game_an_adversary_two_turns_on_lying_behind_the_sun_is_a_cost():
    home = dict(LAYOUT.home_positions())
    sun = on_ray(HERSCHEL - 0.1)
    positions = {**home, SUN: sun,
                 taw_id("mercury"): on_ray(0.3, 280.0), taw_id("venus"): on_ray(0.3, 200.0),
                 taw_id("earth"): on_ray(0.4, 10.0), taw_id("mars"): on_ray(HERSCHEL - 0.2)}
    sit = _situation(["mercury", "venus", "earth", "mars"], positions, "mercury")
    after = _after(sit)   # Venus next, then the Earth, then Mars (behind the Sun), then us
    first, later = drive_plan_shots(sit, after, positions, sun, PLAN)
    assert first == pytest.approx(0.0, abs=1e-9)   # Venus cannot reach it, nor can we
    assert later > 5.0                             # Mars can, two turns on
    old = next_shots(sit, after, positions, sun, ["venus", "earth", "mars"], ValueWeights())
    assert old == pytest.approx(0.0, abs=1e-9)     # the next-player heuristic did not see him


def test_our_road_out_counts_for_us_only_while_no_adversary_before_us_can_take_it():
    home = dict(LAYOUT.home_positions())
    sun = on_ray(0.6)
    ours = {**home, SUN: sun, taw_id("earth"): on_ray(0.5), taw_id("mercury"): on_ray(0.3, 280.0)}
    sit = _situation(["mercury", "earth"], ours, "earth")
    first, later = drive_plan_shots(sit, _after(sit), ours, sun, PLAN)
    assert first < 0.0 and later == 0.0      # a gain: the road is ours
    both = {**ours, taw_id("mercury"): on_ray(0.55)}   # Mercury lies behind it too, and shoots first
    first_both, _ = drive_plan_shots(sit, _after(sit), both, sun, PLAN)
    assert first_both > 0.0 > first


def test_medium_and_hard_plan_the_drive_and_easy_does_not():
    assert LEVELS["medium"].drive_plan and LEVELS["hard"].drive_plan
    assert not LEVELS["easy"].drive_plan
