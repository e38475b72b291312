"""Rule 13 as the text advises: "he may also strive to place his adversaries' taws within the inner ring"."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.ai.candidates import ring_shots
from game.ai.levels import LEVELS
from game.ai.player import AIPlayer, situation_from_view
from game.ai.rollout import play, score_outcome
from game.ai.value import rivals_out_value
from game.ai.workers import PlannerPool
from game.match.match import new_match
from game.match.players import ScriptedPlayer, Shot
from game.rules.house import HouseRules
from game.rules.layout import PLANETS, SUN, taw_id
from game.rules.state import new_game

HOUSE = replace(HouseRules(), round_limit=10)
LAYOUT = HOUSE.layout()
IDLE = ScriptedPlayer([Shot(0.0, 0.5)])
RING = LAYOUT.inner_ring_radius
SHOOTER = "earth"
RIVALS = ("mercury", "venus", "mars")


def polar(radius: float, degrees: float) -> tuple[float, float]:
    return (radius * math.cos(math.radians(degrees)), radius * math.sin(math.radians(degrees)))


def view_of(positions: dict[str, tuple[float, float]], purses: dict[str, int] | None = None, rounds: int = 0):
    """Earth to shoot, Mercury, Venus and Mars in; every taw shot once already, the Sun released."""
    planets = sorted((SHOOTER, *RIVALS), key=PLANETS.index)
    state = new_game(planets, LAYOUT, HOUSE, positions=positions, purses=purses, sun_released=True,
                     first_shot_done=True)
    state = replace(state, turn=state.players.index(SHOOTER), round=rounds)
    return new_match(planets, [IDLE] * len(planets), house=HOUSE, state=state).view()


def table(sun: tuple[float, float], earth_taw: tuple[float, float],
          mercury_at: float = 140.0) -> dict[str, tuple[float, float]]:
    """Mercury's taw lies on the ray from the centre at ``mercury_at`` degrees (140), 20 cm out; Earth's taw is
    placed by the caller."""
    keep = (SHOOTER, *RIVALS)
    positions = {b: p for b, p in LAYOUT.home_positions().items() if b != SUN and b.split(".")[0] in keep}
    positions[SUN] = sun
    positions[taw_id("mercury")] = polar(0.20, mercury_at)
    positions[taw_id("earth")] = earth_taw
    for rival in RIVALS[1:]:
        positions[taw_id(rival)] = LAYOUT.home_on_line(rival, 20.0)
    return positions


def in_ring(point: tuple[float, float] | None) -> bool:
    return point is not None and math.hypot(*point) <= RING


def earths_ring_shots_at_mercury(positions):
    """Earth to shoot: the situation, and its rule 13 shots at Mercury's taw."""
    sit = situation_from_view(view_of(positions))
    shots = ring_shots(layout=LAYOUT, bodies=sit.positions, origin=positions[taw_id("earth")], placement=None,
                       orbit=None, orbit_angle=0.0, shooter_taw=sit.taw, targets=[taw_id("mercury")],
                       speed_range=(0.35, sit.max_speed))
    return sit, shots


def test_ring_shots_leave_the_struck_taw_in_the_inner_ring():
    """The speed model (sliding then rolling, (1+e)/2 passed on, the cut's cosine) matches the physics."""
    positions = table(polar(0.42, 250.0), polar(0.33, 140.0))
    sit, shots = earths_ring_shots_at_mercury(positions)
    assert len(shots) >= 4  # straight on, and cut to either side of the centre
    assert any(s.cut > 0.1 for s in shots) and any(s.cut < -0.1 for s in shots)
    for shot in shots:
        ruling, after = play(sit, shot)
        assert ruling.out == ("mercury",), shot
        assert taw_id("mercury") in ruling.left_as_stakes
        assert not in_ring(after.get(taw_id("earth")))


def test_no_ring_shot_where_the_geometry_forbids_it():
    """Mercury's taw across the ring from Earth's: a hit can only drive it away from the ring."""
    positions = table(polar(0.42, 250.0), polar(0.33, 320.0))
    _sit, shots = earths_ring_shots_at_mercury(positions)
    assert shots == []


def test_a_rival_put_out_is_valued_although_he_is_no_longer_in():
    """The ruling removes him from the players in; the score must still see him gone."""
    positions = table(polar(0.42, 250.0), polar(0.33, 140.0))
    sit = situation_from_view(view_of(positions))
    shot = ring_shots(layout=LAYOUT, bodies=sit.positions, origin=positions[taw_id("earth")], placement=None,
                      orbit=None, orbit_angle=0.0, shooter_taw=sit.taw, targets=[taw_id("mercury")],
                      speed_range=(0.35, sit.max_speed))[0]
    ruling, after = play(sit, shot)
    result = score_outcome(sit, ruling, after)
    standings = {p: sit.state.worth(p) for p in sit.state.active}
    worth = rivals_out_value(["mercury"], standings, "earth", HOUSE.round_limit - ruling.state.round)
    assert worth > rivals_out_value(["mercury"], standings, "earth", 1) > 0  # more of the game left, more gained
    assert result.value >= worth - 1.0  # the rest of the position is worth little either way
    assert result.gain > 0  # Mercury's marbles on the ground passed to the stakes


def test_ringing_the_leader_is_worth_more_than_ringing_the_poorest():
    standings = {"earth": 20, "mercury": 30, "venus": 12, "mars": 12}
    leader = rivals_out_value(["mercury"], standings, "earth", 2)
    poorest = rivals_out_value(["venus"], standings, "earth", 2)
    assert leader > poorest + 3.0
    assert rivals_out_value(["earth"], standings, "earth", 2) == 0.0  # oneself is not an adversary


LEADER = {"mercury": 30, "venus": 10, "earth": 18, "mars": 10}  # purses: Mercury leads, Earth second


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_sends_the_leaders_taw_into_the_inner_ring(level: str):
    """Mercury, the leader, has his taw between Earth's and the empty ring, six rounds in; the Sun pays four."""
    positions = table(polar(0.42, 250.0), polar(0.33, 140.0))
    view = view_of(positions, LEADER, rounds=6)
    sit = situation_from_view(view)
    with PlannerPool(0) as pool:
        decision = AIPlayer(LEVELS[level], seed=1, pool=pool).plan_async(view).result()
    ruling, after = play(sit, decision.candidate)
    assert ruling.out == ("mercury",), decision
    assert any(t.rule == 13 and t.payer == "mercury" for t in ruling.transfers)
    assert in_ring(after.get(taw_id("mercury")))
    assert not in_ring(after.get(taw_id("earth")))


def test_prefers_a_win_to_ringing_an_adversary():
    """A taw to ring, but the Sun lies just inside Herschel's line beyond Earth's taw: winning is worth more.

    Mercury's taw lies off the line of Earth's taw and the Sun (at 120 degrees, not 140), so that the winning
    shot's taw, rolling back from the heavy Sun, cannot ring it as well: the test is of the choice."""
    positions = table(polar(0.90, 140.0), polar(0.78, 140.0), mercury_at=120.0)
    view = view_of(positions, LEADER, rounds=6)
    sit = situation_from_view(view)
    with PlannerPool(0) as pool:
        decision = AIPlayer(LEVELS["hard"], seed=1, pool=pool).plan_async(view).result()
    ruling, _ = play(sit, decision.candidate)
    assert ruling.winner == "earth", decision
    assert "mercury" not in ruling.out
