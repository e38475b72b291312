"""The stand-off (medium and hard): a Sun left where it lay, turn after turn, is a game nobody moves.

Every win is priced against the game going on, so a player can find every
Sun shot worse than a soft one that keeps his taw behind the Sun: his own
road is then counted every turn and never begun.  After the Sun has lain
still through ``standoff_turns`` of his turns, a shot that leaves it where
it lies earns no credit for that road and costs ``standoff_cost`` a turn.
"""

from __future__ import annotations

import math
import threading
from dataclasses import replace

import pytest

from game.ai.candidates import Candidate, aim_angle
from game.ai.levels import LEVELS
from game.ai.planner import plan
from game.ai.player import AIPlayer, StandStill
from game.ai.rollout import SUN_STILL, play, score_outcome, stands_off
from game.ai.situation import Situation
from game.ai.value import ValueWeights
from game.ai.workers import PlanContext, PlannerPool
from game.rules.house import HouseRules
from game.rules.layout import SUN, body_planet, taw_id
from game.rules.state import new_game

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()
PLAN = ValueWeights(drive_plan=True)
PLAYERS = ["venus", "earth", "mars"]


def ray(radius: float, angle_deg: float = 100.0) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return (radius * math.cos(a), radius * math.sin(a))


def _standoff(turns: int) -> Situation:
    """Venus, far behind on marbles, lies 17 cm straight behind the Sun in Jupiter's orbit (held by nobody).

    Earth and Mars are comets (rule 14: every satellite taken), far off: any
    shot that strikes the Sun lets each of them lay his taw behind it.  So a
    drive hands them the road, and a soft shot that leaves the Sun where it
    lies keeps Venus's own road, counted and never begun: the stand-off.
    """
    home = {b: p for b, p in LAYOUT.home_positions().items() if b == SUN or body_planet(b) == "venus"}
    positions = {**home, SUN: ray(0.5), taw_id("venus"): ray(0.33),
                 taw_id("earth"): ray(1.3, 300.0), taw_id("mars"): ray(1.07, 80.0)}
    state = new_game(PLAYERS, LAYOUT, HOUSE, positions=positions, sun_released=True, first_shot_done=True,
                     purses={"venus": 17, "earth": 17, "mars": 60}, comets=("earth", "mars"))
    return Situation(LAYOUT, HOUSE, replace(state, turn=0), "venus", positions, (), 3.8, standoff=turns)


def _drive(sit: Situation) -> Candidate:
    origin = sit.positions[sit.taw]
    return Candidate(origin, aim_angle(origin, sit.positions[SUN], 0.0, LAYOUT.marble_radius + LAYOUT.sun_radius),
                     3.8, None, SUN)


def _nudge(sit: Situation) -> Candidate:
    """A soft flick straight at the Sun that stops short of it (10 cm): nothing moves but the taw."""
    drive = _drive(sit)
    return replace(drive, speed=0.45)


def _scored(sit: Situation, shot: Candidate, weights: ValueWeights = PLAN):
    ruling, table = play(sit, shot)
    return ruling, table, score_outcome(sit, ruling, table, weights)


def test_a_shot_that_leaves_the_sun_where_it_lay_in_a_standoff_earns_no_road_and_pays_for_every_turn():
    calm, stuck = _standoff(0), _standoff(4)
    _, table, before = _scored(calm, _nudge(calm))
    ruling, _, after = _scored(stuck, _nudge(stuck))
    assert table[SUN] == calm.positions[SUN] and not ruling.transfers        # the nudge moves nothing
    assert stands_off(stuck, ruling, table, PLAN) == 4 - PLAN.standoff_turns + 1
    assert before.threat < -1.0                                                # its own road, counted ...
    assert after.threat == pytest.approx(0.0, abs=1e-9)                        # ... and in a stand-off, not
    assert after.gain == pytest.approx(before.gain - PLAN.standoff_cost * (4 - PLAN.standoff_turns + 1))
    # Without easy's stand-off (the switch off) a level with no drive plan is not touched: the same nudge
    # scores the same.
    easy = ValueWeights(standoff_everyone=False)
    assert _scored(stuck, _nudge(stuck), easy)[2] == _scored(calm, _nudge(calm), easy)[2]


def test_a_shot_that_drives_the_sun_scores_the_same_in_a_standoff_or_not():
    calm, stuck = _standoff(0), _standoff(4)
    _, table, before = _scored(calm, _drive(calm))
    ruling, _, after = _scored(stuck, _drive(stuck))
    assert math.dist(table[SUN], calm.positions[SUN]) > SUN_STILL
    assert stands_off(stuck, ruling, table, PLAN) == 0
    assert after == before


def test_the_standoff_starts_after_standoff_turns_of_our_turns():
    sit = _standoff(PLAN.standoff_turns - 1)
    ruling, table = play(sit, _nudge(sit))
    assert stands_off(sit, ruling, table, PLAN) == 0
    assert stands_off(_standoff(PLAN.standoff_turns), ruling, table, PLAN) == 1


@pytest.mark.parametrize("level", ["medium"])
def test_in_a_standoff_medium_drives_the_sun_it_kept_still_before(level):
    chosen = {}
    with PlannerPool(0) as pool:
        for turns in (0, 3):
            sit = _standoff(turns)
            decision = plan(PlanContext(pool, 0, threading.Event()), sit, LEVELS[level], 7)
            _, table = play(sit, decision.candidate)
            chosen[turns] = math.dist(table[SUN], sit.positions[SUN])
    assert chosen[0] < SUN_STILL          # the road counted, never begun
    assert chosen[3] > 0.05               # the stand-off broken: the Sun driven on its way out (a 3 m/s drive: 9.8 cm)


def _still(sun, mercury: int = 20, venus: int = 20, stakes: int = 0, bodies: int = 9) -> StandStill:
    return StandStill(sun, (("mercury", mercury), ("venus", venus)), stakes, bodies)


def test_the_ai_player_counts_its_turns_with_the_game_standing_still():
    player = AIPlayer(LEVELS["medium"], seed=1, pool=None)  # type: ignore[arg-type]
    sun = ray(0.5)
    assert player.standoff_turns((3, 0), _still(sun)) == 0
    assert player.standoff_turns((3, 0), _still(sun)) == 0                          # the same turn planned again
    assert player.standoff_turns((4, 0), _still((sun[0] + 0.01, sun[1]))) == 1      # nudged less than SUN_STILL
    # A planet knocked out (rule 10: a marble off the board into a purse) gains no ground on the Sun.
    assert player.standoff_turns((5, 0), _still(sun, mercury=21, bodies=8)) == 2
    assert player.standoff_turns((6, 0), _still(ray(0.65), mercury=21, bodies=8)) == 0   # driven on
    assert player.standoff_turns((7, 0), _still(ray(0.65), mercury=21, bodies=8)) == 1
    # Sun money (rule 8: the Sun tapped 2 cm, purse to purse) is the game going on, not a stand-off.
    assert player.standoff_turns((8, 0), _still(ray(0.67), mercury=25, venus=16, bodies=8)) == 0
    assert player.standoff_turns((1, 0), _still(ray(0.67), mercury=25, venus=16, bodies=8)) == 0   # a new game


def test_a_planet_knocked_out_and_replaced_with_the_sun_untouched_keeps_the_standoff_count():
    player = AIPlayer(LEVELS["medium"], seed=1, pool=None)  # type: ignore[arg-type]
    sun = ray(0.5)
    assert player.standoff_turns((3, 0), _still(sun)) == 0
    assert player.standoff_turns((4, 0), _still(sun)) == 1
    # Rule 10: Venus's planet knocked beyond Herschel's line goes to Mercury, and Venus puts a new one down
    # from his purse: marbles changed hands, the board has as many bodies, and the Sun never moved.
    assert player.standoff_turns((5, 0), _still(sun, mercury=21, venus=18)) == 2
    # The same purses with the Sun tapped 2 cm are Sun money: the count starts again.
    assert player.standoff_turns((6, 0), _still(ray(0.52), mercury=24, venus=15)) == 0


def _dead_orbit(turns: int) -> Situation:
    """Two easy players left (Earth is out, his taw in the inner ring): the Sun in Earth's orbit, where rule 8
    pays nobody, 65 cm from a win by rule 9, and Mercury's taw touching it from the inside.  The planets of
    the players out lie at home for rule 10's marble from the stakes: nothing that ends a game."""
    positions = {**LAYOUT.home_positions(), SUN: ray(0.30), taw_id("mercury"): ray(0.28),
                 taw_id("venus"): ray(0.6, 250.0), taw_id("earth"): ray(0.03, 10.0)}
    state = new_game(["mercury", "venus", "earth"], LAYOUT, HOUSE, positions=positions, sun_released=True,
                     first_shot_done=True, purses={"mercury": 40, "venus": 20, "earth": 20})
    state = replace(state, out=("earth",), turn=0, stakes_taws=frozenset({taw_id("earth")}))
    return Situation(LAYOUT, HOUSE, state, "mercury", positions, (), 3.8, standoff=turns)


def test_with_the_standoff_for_everyone_easy_moves_a_sun_left_in_a_dead_orbit():
    """The 195-round game of the end price's probe: two easy players tapped such a Sun in place, round after
    round.  Without the stand-off easy keeps knocking planets for rule 10's marble and leaves the Sun still."""
    moved = {}
    with PlannerPool(0) as pool:
        for everyone in (False, True):
            sit = _dead_orbit(3)
            weights = ValueWeights(standoff_everyone=everyone)
            decision = plan(PlanContext(pool, 0, threading.Event()), sit, LEVELS["easy"], 7, weights)
            ruling, table = play(sit, decision.candidate)
            moved[everyone] = math.dist(table[SUN], sit.positions[SUN])
            assert stands_off(sit, ruling, table, weights) == 0      # it moved the Sun, or easy has no stand-off
            assert stands_off(sit, ruling, {**table, SUN: sit.positions[SUN]}, weights) == (3 if everyone else 0)
    assert moved[False] < SUN_STILL            # the stall
    assert moved[True] >= SUN_STILL            # broken
