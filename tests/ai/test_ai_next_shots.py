"""What the next shots are worth: who can drive the Sun out from where his taw lies, and our own turn after a reply."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.ai.planner import own_turn
from game.ai.rollout import WIN_BONUS, next_shots
from game.ai.situation import Situation
from game.ai.value import ValueWeights, drive_chance
from game.rules.house import HouseRules
from game.rules.layout import SUN, taw_id
from game.rules.state import new_game

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()
W = ValueWeights()
NEAR_HERSCHEL = LAYOUT.line_radii["herschel"] - 0.06  # the Sun 6 cm inside Herschel's line


def sun_at(radius: float, angle_deg: float = 100.0) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return (radius * math.cos(a), radius * math.sin(a))


def test_a_taw_straight_behind_the_sun_can_drive_it_out_one_beside_or_beyond_it_cannot():
    sun = sun_at(NEAR_HERSCHEL)
    behind = sun_at(NEAR_HERSCHEL - 0.1)
    beyond = sun_at(NEAR_HERSCHEL + 0.03)
    beside = (sun[0] + 0.1 * math.cos(math.radians(190.0)), sun[1] + 0.1 * math.sin(math.radians(190.0)))
    assert drive_chance(LAYOUT, sun, behind, W) > 0.35   # 6 cm to go, and the Sun clear of the stripe
    assert drive_chance(LAYOUT, sun, None, W) > drive_chance(LAYOUT, sun, behind, W)  # laid close behind it
    assert drive_chance(LAYOUT, sun, beyond, W) == 0.0
    assert drive_chance(LAYOUT, sun, beside, W) == 0.0
    # Farther from the line, less chance; beyond a drive's reach, none.
    assert drive_chance(LAYOUT, sun_at(NEAR_HERSCHEL - 0.1), sun_at(NEAR_HERSCHEL - 0.2), W) < \
        drive_chance(LAYOUT, sun, behind, W)
    assert drive_chance(LAYOUT, sun_at(0.5), sun_at(0.4), W) == 0.0


def _two_player(positions: dict, shooter: str = "earth") -> Situation:
    state = new_game(["mercury", "earth"], LAYOUT, HOUSE, positions=positions, sun_released=True,
                     first_shot_done=True)
    state = replace(state, turn=state.players.index(shooter))
    return Situation(LAYOUT, HOUSE, state, shooter, positions, (), 3.8)


def test_the_next_shots_cost_us_when_the_next_player_lies_behind_the_sun_and_pay_us_when_we_do():
    home = LAYOUT.home_positions()
    sun = sun_at(NEAR_HERSCHEL)
    behind, away = sun_at(NEAR_HERSCHEL - 0.08), sun_at(0.3, 280.0)
    his = {**home, SUN: sun, taw_id("mercury"): behind, taw_id("earth"): away}
    ours = {**home, SUN: sun, taw_id("mercury"): away, taw_id("earth"): behind}
    sit = _two_player(his)
    after = replace(sit.state, turn=sit.state.players.index("mercury"))  # Mercury shoots next
    cost = next_shots(sit, after, his, sun, ["mercury"], W)
    gain = next_shots(_two_player(ours), after, ours, sun, ["mercury"], W)
    assert cost > 0 > gain
    # The next player's chance weighs more than ours: he shoots first.
    assert cost == pytest.approx(W.threat * drive_chance(LAYOUT, sun, behind, W) * (WIN_BONUS + after.stakes + 1))
    assert -gain < cost


def test_our_own_turn_after_a_reply_is_ours_to_play_and_none_once_we_are_out():
    home = LAYOUT.home_positions()
    positions = {**home, taw_id("mercury"): sun_at(0.3, 280.0), taw_id("earth"): sun_at(0.4, 10.0)}
    sit = _two_player(positions)
    reply = _two_player(positions, shooter="mercury")
    mine = own_turn(sit, reply)
    assert mine is not None and mine.shooter == "earth" and mine.state.next_shooter() == "earth"
    assert mine.placement_orbits == () and mine.positions == positions
    gone = replace(reply, state=replace(reply.state, out=("earth",)))
    assert own_turn(sit, gone) is None


def test_a_taw_far_across_the_table_counts_for_little_even_in_line():
    sun = sun_at(NEAR_HERSCHEL)
    assert drive_chance(LAYOUT, sun, sun_at(0.3, 280.0), W) == 0.0  # in line through the centre, 1.2 m away
    assert 0.0 < drive_chance(LAYOUT, sun, sun_at(NEAR_HERSCHEL - 0.4), W) < drive_chance(
        LAYOUT, sun, sun_at(NEAR_HERSCHEL - 0.1), W)
