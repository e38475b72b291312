"""The planner: deterministic, cancellable, isolated from the live game, and sensible."""

from __future__ import annotations

import math
import multiprocessing
import time
from dataclasses import replace

import pytest

from game.ai.candidates import generate
from game.ai.levels import LEVELS, Level
from game.ai.planner import candidates_for
from game.ai.player import AIPlayer, situation_from_view
from game.ai.rollout import play
from game.ai.workers import Cancelled, PlannerPool
from game.match.match import new_match
from game.match.players import ScriptedPlayer, Shot
from game.physics import Simulation
from game.rules.house import HouseRules
from game.rules.layout import SUN, body_planet, is_taw, taw_id
from game.rules.state import new_game

HOUSE = replace(HouseRules(), round_limit=10)
LAYOUT = HOUSE.layout()
IDLE = ScriptedPlayer([Shot(0.0, 0.5)])


def opening_view():
    match = new_match(["mercury", "earth"], [IDLE, IDLE], house=HOUSE)
    return match.view()


def custom_view(positions, shooter="earth", others=("mercury",)):
    """A table laid by hand: every taw already shot once (rule 17 binds them), the Sun released."""
    planets = sorted((shooter, *others), key=["mercury", "venus", "earth", "mars", "jupiter", "saturn",
                                               "herschel"].index)
    state = new_game(planets, LAYOUT, HOUSE, positions=positions, sun_released=True, first_shot_done=True)
    state = replace(state, turn=state.players.index(shooter))
    match = new_match(list(planets), [IDLE] * len(planets), house=HOUSE, state=state)
    return match.view()


@pytest.mark.slow
def test_same_seed_same_shot_inline_and_with_one_or_two_workers(tiny_level: Level):
    view = opening_view()
    shots = []
    for workers in (0, 1, 2):
        with PlannerPool(workers) as pool:
            for _ in range(2 if workers == 0 else 1):
                shots.append(AIPlayer(tiny_level, seed=11, pool=pool).choose_shot(view))
    assert all(s == shots[0] for s in shots), shots
    with PlannerPool(0) as pool:
        other = AIPlayer(tiny_level, seed=12, pool=pool).choose_shot(view)
    assert other != shots[0]  # the seed matters (the hands' noise at least)


def test_cancel_returns_promptly_and_leaves_no_process():
    view = opening_view()
    # Thousands of rollouts: minutes of work, so only a working cancel returns in seconds.
    huge = replace(LEVELS["hard"], max_candidates=20000, origins=2)
    pool = PlannerPool(2)
    try:
        handle = AIPlayer(huge, seed=3, pool=pool).plan_async(view)
        # Wait until the rollouts reach the workers (making 20000 candidates takes a while on a busy machine).
        deadline = time.monotonic() + 30.0
        while not pool.processes() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.2)
        assert not handle.done()
        handle.cancel()
        assert handle.wait(timeout=20.0)
        with pytest.raises(Cancelled):
            handle.result()
        workers = pool.processes()
    finally:
        pool.close()
    assert workers and not any(p.is_alive() for p in workers)
    assert multiprocessing.active_children() == []


@pytest.mark.slow
@pytest.mark.parametrize("workers", [0, 1])
def test_planning_never_reaches_the_live_bus(tiny_level: Level, workers: int):
    view = opening_view()
    live = Simulation.from_positions(dict(view.positions), LAYOUT)
    heard = []
    live.bus.subscribe(heard.append)
    try:
        with PlannerPool(workers) as pool:
            handle = AIPlayer(tiny_level, seed=5, pool=pool).plan_async(view)
            decision = handle.result(timeout=120)
        assert decision.rollouts > 0
        assert heard == []
        # The live world still works and still talks to its own listeners.
        live.shoot(taw_id("mercury"), (0.0, 0.3))
        live.run_to_rest()
        assert heard and heard[-1].kind == "all_at_rest"
    finally:
        live.close()


@pytest.mark.slow
def test_drives_a_sun_near_herschel_out_to_win_rule_9():
    home = LAYOUT.home_positions()
    sun_r = LAYOUT.line_radii["herschel"] - 0.05  # inside Herschel's line, near it
    angle = math.radians(100.0)  # clear of every planet's home
    positions = {b: p for b, p in home.items() if b != SUN}
    positions[SUN] = (sun_r * math.cos(angle), sun_r * math.sin(angle))
    behind = sun_r - 0.12
    positions[taw_id("earth")] = (behind * math.cos(angle), behind * math.sin(angle))
    positions[taw_id("mercury")] = LAYOUT.home_on_line("mercury", 250.0)
    view = custom_view(positions)
    sit = situation_from_view(view)
    with PlannerPool(0) as pool:
        ai = AIPlayer(LEVELS["medium"], seed=1, pool=pool)
        decision = ai.plan_async(view).result()
    ruling, _ = play(sit, decision.candidate)
    assert ruling.winner == "earth", decision
    assert any(t.rule == 9 and t.payee == "earth" for t in ruling.transfers)
    # ... and it is worth far more to it than a gentle tap that wins nothing.
    assert decision.score > 10


def test_never_aims_at_its_own_planet_or_satellites_rule_15():
    for shooter in ("mercury", "earth"):
        home = LAYOUT.home_positions()
        positions = {**home, taw_id("earth"): LAYOUT.home_on_line("earth", 0.0),
                     taw_id("mercury"): LAYOUT.home_on_line("mercury", 250.0)}
        sit = situation_from_view(custom_view(positions, shooter=shooter,
                                              others=("earth" if shooter == "mercury" else "mercury",)))
        cands = candidates_for(sit, 200, 6)
        targets = {c.target for c in cands}
        assert targets & {b for b in positions if body_planet(b) not in (shooter, None)}  # it does aim at bodies
        for target in targets:
            assert target in (SUN, "spread") or is_taw(target) or body_planet(target) != shooter


def test_avoids_a_shot_through_its_own_planet(tiny_level: Level):
    """Earth's own planet lies between its taw and the Sun: the straight shot would foul (rule 15)."""
    home = LAYOUT.home_positions()
    positions = {b: p for b, p in home.items() if b not in (SUN, "earth")}
    positions[SUN] = (0.30, 0.0)
    positions["earth"] = (0.24, 0.0)
    positions[taw_id("earth")] = (0.18, 0.0)
    positions[taw_id("mercury")] = LAYOUT.home_on_line("mercury", 250.0)
    view = custom_view(positions)
    sit = situation_from_view(view)
    straight = [c for c in generate(layout=LAYOUT, bodies=sit.positions, shooter="earth",
                                    origins=[(positions[taw_id('earth')], None, 0.0)],
                                    speed_range=(0.35, 3.8), budget=60) if c.target == SUN and c.cut == 0.0]
    foul, _ = play(sit, straight[-1])
    assert any(f.rule == 15 for f in foul.fouls)  # the trap is real
    with PlannerPool(0) as pool:
        decision = AIPlayer(LEVELS["medium"], seed=2, pool=pool).plan_async(view).result()
    ruling, _ = play(sit, decision.candidate)
    assert not any(f.rule == 15 for f in ruling.fouls), decision
