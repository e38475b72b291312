"""Easy's and medium's guard against rule 13: a Sun by the inner ring is struck with a stop shot, not a plain flick.

A glass taw that meets the lead Sun keeps about 4 % of its speed, so a plain
flick rests where it touched; with the Sun in the ring that is the ring, and
easy's hands (3 degrees) turn any cut into that full hit.  Medium's 1.2
degrees do so less often, about 1 drive in 10 by the ring: too seldom for
its five noisy draws to see, often enough that its own drives rang its taw
in 5 of 40 games against easy (``docs/ai.md``, "Strength and endings").
"""

from __future__ import annotations

import math
from dataclasses import replace

from game.ai.candidates import Candidate, aim_angle, contact_point, stops_by_the_ring
from game.ai.levels import LEVELS
from game.ai.planner import candidates_for
from game.ai.player import AIPlayer, situation_from_view
from game.ai.rollout import play
from game.ai.workers import PlannerPool
from game.match.match import new_match
from game.match.players import ScriptedPlayer, Shot
from game.rules.house import HouseRules
from game.rules.layout import SUN, taw_id
from game.rules.state import new_game

HOUSE = replace(HouseRules(), round_limit=10)
LAYOUT = HOUSE.layout()
EASY = LEVELS["easy"]
MEDIUM = LEVELS["medium"]
TAW = (-0.16, 0.0)
CONTACT = LAYOUT.marble_radius + LAYOUT.sun_radius


def sun_in_the_ring_view():
    """Earth to shoot from 16 cm out, straight at a Sun lying in the inner ring; Mercury's taw well away."""
    home = LAYOUT.home_positions()
    positions = {b: p for b, p in home.items() if b != SUN and b.split(".")[0] in ("earth", "mercury")}
    positions[SUN] = (0.02, 0.0)
    positions[taw_id("earth")] = TAW
    positions[taw_id("mercury")] = LAYOUT.home_on_line("mercury", 250.0)
    state = new_game(["mercury", "earth"], LAYOUT, HOUSE, positions=positions, sun_released=True,
                     first_shot_done=True)
    state = replace(state, turn=state.players.index("earth"))
    return new_match(["mercury", "earth"], [ScriptedPlayer([Shot(0.0, 0.5)])] * 2, house=HOUSE, state=state).view()


def taw_in_ring(sit, shot: Candidate) -> bool:
    ruling, table = play(sit, shot)
    own = table.get(sit.taw)
    return "earth" in ruling.out or (own is not None and math.hypot(*own) <= LAYOUT.inner_ring_radius)


def test_contact_point_is_one_contact_short_of_the_target_on_a_straight_line():
    angle = aim_angle((0.0, 0.0), (0.3, 0.0), 0.0, CONTACT)
    x, y = contact_point((0.0, 0.0), (0.3, 0.0), angle, CONTACT)
    assert math.isclose(x, 0.3 - CONTACT, abs_tol=1e-12) and abs(y) < 1e-12
    assert contact_point((0.0, 0.0), (0.3, 0.0), math.pi, CONTACT) is None  # shooting away never touches


def test_a_firm_stop_shot_draws_the_taw_out_of_the_ring_where_the_plain_flick_stays_in_it():
    """The trap is real at every speed that reaches the Sun; from about 2.5 m/s the stop shot escapes it."""
    sit = situation_from_view(sun_in_the_ring_view())
    angle = aim_angle(TAW, sit.positions[SUN], 0.0, CONTACT)
    for speed in (1.0, 1.9, 3.8):
        assert taw_in_ring(sit, Candidate(TAW, angle, speed, None, SUN)), speed
    for speed in (2.5, 3.8):
        assert not taw_in_ring(sit, Candidate(TAW, angle, speed, None, SUN, spin=-1.0)), speed
    assert stops_by_the_ring(LAYOUT, contact_point(TAW, sit.positions[SUN], angle, CONTACT))


def test_easys_sun_shots_by_the_ring_are_stop_shots():
    sit = situation_from_view(sun_in_the_ring_view())
    cands = candidates_for(sit, EASY.max_candidates, EASY.origins, stop_by_ring=EASY.stop_by_ring)
    at_sun = [c for c in cands if c.target == SUN]
    assert len(at_sun) >= 10
    assert all(c.spin == -1.0 for c in at_sun)
    # Away from the ring the guard leaves the plain flick alone.
    far = replace(sit, positions={**sit.positions, SUN: (0.0, 0.5), sit.taw: (0.0, 0.3)})
    assert all(c.spin == 0.0 for c in candidates_for(far, EASY.max_candidates, EASY.origins,
                                                      stop_by_ring=True) if c.target == SUN)


def test_mediums_sun_shots_by_the_ring_are_stop_or_follow_shots_never_plain_flicks():
    sit = situation_from_view(sun_in_the_ring_view())
    cands = candidates_for(sit, MEDIUM.max_candidates, MEDIUM.origins, MEDIUM.ring_candidates, MEDIUM.spin_shots,
                           MEDIUM.stop_by_ring, MEDIUM.position_shots)
    at_sun = [c for c in cands if c.target == SUN]
    assert len(at_sun) >= 10
    assert all(c.spin != 0.0 for c in at_sun), sorted({c.spin for c in at_sun})


def test_easys_chosen_shot_strikes_the_sun_and_keeps_its_taw_out_of_the_ring():
    view = sun_in_the_ring_view()
    sit = situation_from_view(view)
    with PlannerPool(0) as pool:
        decision = AIPlayer(EASY, seed=1, pool=pool).plan_async(view).result()
    assert decision.candidate.target == SUN and decision.candidate.spin == -1.0, decision
    assert not taw_in_ring(sit, decision.candidate), decision
