"""Play that ends games: every win priced against the game going on (medium and hard), and taking position behind the Sun."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.ai.candidates import Candidate, aim_angle, generate
from game.ai.rollout import WIN_BONUS, play, score_outcome, win_values
from game.ai.situation import Situation
from game.ai.value import ValueWeights, drive_prospect, going_on, win_shares
from game.rules.house import HouseRules
from game.rules.layout import SUN, taw_id
from game.rules.state import new_game

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()
PLAN = ValueWeights(drive_plan=True)
FOUR = ["mercury", "venus", "earth", "mars"]


def ray(radius: float, angle_deg: float = 100.0) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return (radius * math.cos(a), radius * math.sin(a))


def situation(players: list[str], positions: dict, shooter: str, **kw) -> Situation:
    state = new_game(players, LAYOUT, HOUSE, positions=positions, sun_released=True, first_shot_done=True, **kw)
    state = replace(state, turn=state.players.index(shooter))
    return Situation(LAYOUT, HOUSE, state, shooter, positions, (), 3.8)


def test_the_game_going_on_is_worth_nothing_to_two_level_players_and_a_loss_to_each_of_four():
    assert going_on({"mercury": 20, "venus": 20}, "mercury", 8) == pytest.approx(0.0)
    # Four level: a quarter's chance each, so a game that goes on is, to each, a likely loss.
    level = {p: 20 for p in FOUR}
    assert going_on(level, "earth", 8) == pytest.approx(-PLAN.win_stake / 2)
    standings = {"mercury": 40, "venus": 25, "earth": 10, "mars": 5}
    shares = win_shares(standings, 8)
    assert sum(shares.values()) == pytest.approx(1.0)
    assert shares["mercury"] > shares["venus"] > shares["earth"] > shares["mars"]
    assert going_on(standings, "mercury", 8) > 0.0 > going_on(standings, "earth", 8)
    # Late in a game the standings say more: the leader's long game is surer.
    assert going_on(standings, "mercury", 1) > going_on(standings, "mercury", 8)


def test_a_win_ends_the_game_going_on_ours_gaining_less_of_it_theirs_costing_more():
    positions = {**LAYOUT.home_positions(), **{taw_id(p): LAYOUT.home_on_line(p, 250.0) for p in FOUR}}
    after = situation(FOUR, positions, "earth", stakes=9).state
    plain = win_values(after, "earth")
    trailing = win_values(after, "earth", going=-6.0)
    leading = win_values(after, "earth", going=4.0)
    assert trailing[0] == pytest.approx(plain[0] + 6.0) and trailing[1] == pytest.approx(plain[1] - 6.0)
    assert leading[0] == pytest.approx(plain[0] - 4.0) and leading[1] == pytest.approx(plain[1] + 4.0)
    assert plain[0] == pytest.approx(WIN_BONUS + 9 + 3 + 1)


LEADING = {"mercury": 10, "venus": 10, "earth": 40, "mars": 10}
LOSING = {"mercury": 30, "venus": 30, "earth": 5, "mars": 30}


def _drive_scores(sun_r: float, purses: dict, weights: ValueWeights = PLAN):
    """Earth's full drive straight out from 12 cm behind the Sun; Mars, next to shoot, lies by its way out."""
    positions = {**LAYOUT.home_positions(), SUN: ray(sun_r), taw_id("earth"): ray(sun_r - 0.12),
                 taw_id("mercury"): ray(0.3, 250.0), taw_id("venus"): ray(0.35, 330.0),
                 taw_id("mars"): ray(sun_r - 0.05, 104.0)}
    sit = situation(FOUR, positions, "earth", purses=purses)
    origin = positions[taw_id("earth")]
    drive = Candidate(origin, aim_angle(origin, positions[SUN], 0.0, LAYOUT.marble_radius + LAYOUT.sun_radius),
                      3.8, None, SUN)
    ruling, table = play(sit, drive)
    standings = {p: sit.state.worth(p) for p in FOUR}
    return ruling, score_outcome(sit, ruling, table, weights), going_on(standings, "earth", weights.rounds_ahead)


def test_the_player_losing_a_long_four_player_game_values_driving_the_sun_out_more_than_the_leader():
    ruling, leader, leader_going = _drive_scores(0.88, LEADING)
    _, losing, losing_going = _drive_scores(0.88, LOSING)
    assert ruling.winner == "earth"                       # rule 9: driven beyond Herschel's line
    assert leader_going > 0.0 > losing_going
    assert 0.0 < leader.gain < losing.gain                # the leader would likely win a long game anyway
    # The same marbles change hands: the scores differ by what the game going on was worth to each.
    assert losing.gain - leader.gain == pytest.approx(leader_going - losing_going, abs=1e-6)
    # Easy does not price the game going on: the same win is worth the same to it either way.
    _, easy_leader, _ = _drive_scores(0.88, LEADING, ValueWeights())
    _, easy_losing, _ = _drive_scores(0.88, LOSING, ValueWeights())
    assert easy_leader.gain == pytest.approx(easy_losing.gain)


def test_a_drive_that_hands_the_next_player_the_road_costs_the_leader_more_than_the_player_losing():
    ruling, leader, _ = _drive_scores(0.62, LEADING)
    _, losing, _ = _drive_scores(0.62, LOSING)
    assert ruling.winner is None and leader.threat > 0.0   # Mars lies behind the Sun now, and shoots next
    assert leader.threat > losing.threat + 1.0


def _beside_the_sun() -> dict:
    """The Sun in Jupiter's orbit; Mercury's taw beside it (no drive), Venus's beyond it."""
    return {**LAYOUT.home_positions(), SUN: ray(0.5), taw_id("mercury"): ray(0.5, 112.0),
            taw_id("venus"): ray(0.53, 88.0)}


def _position_shots(positions: dict) -> list[Candidate]:
    taw = positions[taw_id("mercury")]
    return [c for c in generate(layout=LAYOUT, bodies=positions, shooter="mercury", origins=[(taw, None, 0.0)],
                                speed_range=(0.45, 3.8), budget=30, positional=True) if c.target == "position"]


def test_position_shots_move_the_taw_behind_the_sun_touching_nothing():
    positions = _beside_the_sun()
    sit = situation(["mercury", "venus"], positions, "mercury")
    taw = positions[taw_id("mercury")]
    shots = _position_shots(positions)
    assert len(shots) >= 3
    for shot in shots:
        ruling, table = play(sit, shot)
        assert not ruling.transfers and table[SUN] == positions[SUN]          # nothing touched, nothing paid
        assert drive_prospect(LAYOUT, table[SUN], table[taw_id("mercury")], PLAN) > 0.2 > \
            drive_prospect(LAYOUT, positions[SUN], taw, PLAN)                  # in line for the next drive
    without = generate(layout=LAYOUT, bodies=positions, shooter="mercury", origins=[(taw, None, 0.0)],
                       speed_range=(0.45, 3.8), budget=30)
    assert all(c.target != "position" for c in without)


def test_no_position_shot_passes_through_the_sun():
    # The taw beyond the Sun on its ray: straight behind it lies through the Sun.
    positions = {**_beside_the_sun(), taw_id("mercury"): ray(0.62)}
    sit = situation(["mercury", "venus"], positions, "mercury")
    for shot in _position_shots(positions):
        _, table = play(sit, shot)
        assert table[SUN] == positions[SUN]


def test_a_leader_with_every_marble_still_fears_the_last_drive():
    # Half the long games end by rule 9, which any player in may make: no share passes 0.5 + 0.5 / n.
    standings = {"mercury": 80, "venus": 1}
    assert win_shares(standings, 1)["mercury"] > 0.99                        # by the marbles alone
    assert win_shares(standings, 1, race=PLAN.race_share)["mercury"] == pytest.approx(0.75, abs=0.01)
    assert going_on(standings, "mercury", 1) == pytest.approx(PLAN.win_stake * 0.5, abs=0.2)
    assert going_on(standings, "venus", 1) == pytest.approx(-PLAN.win_stake * 0.5, abs=0.2)
