"""Whole AI matches without a window: the engine behind ``taw simulate`` and ``taw tournament``.

Until the match layer's turn loop is available this module runs its own
minimal loop with the same pieces (the hat's planet assignment, a fresh
physics world per shot built from the resting table, the referee's ruling),
so AI games can be played, timed and compared.
"""

from __future__ import annotations

import json
import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from game.ai.noise import seed_for
from game.ai.rollout import settle_table
from game.ai.player import AIPlayer, RandomAI, make_player
from game.ai.situation import Situation
from game.ai.workers import PlannerPool

# Matches between AIs need an end: rule 9 may take long between weak players.
DEFAULT_ROUND_LIMIT = 12


@dataclass
class GameResult:
    seats: list[str]                 # level of each seat
    planets: list[str]               # planet each seat drew from the hat
    net: list[int]                   # marbles won (worth at the end minus at the start) per seat
    winner: int | None               # seat index of the winner; None: no winner
    decisions: list[tuple[str, float]]
    shots: int
    rounds: int
    end: str
    log: list[dict[str, Any]] = field(default_factory=list)
    seed: int = 0
    replay: Any = None

    def summary(self) -> str:
        lines = []
        for i, (level, planet, net) in enumerate(zip(self.seats, self.planets, self.net)):
            mark = "  winner" if self.winner == i else ""
            lines.append(f"seat {i + 1}: {level:<6} as {planet:<8} {net:+d} marbles{mark}")
        head = f"{self.shots} shots, {self.rounds} rounds; {self.end}"
        return head + "\n" + "\n".join(lines)


def _view(state: Any, shooter: str, layout: Any, house: Any, max_speed: float) -> Any:
    from game.match.players import MatchView, PlacementOptions
    from game.rules.state import start_options

    options = start_options(state, shooter, house)
    placements = PlacementOptions(tuple(options.orbits), options.reason) if options is not None else None
    return MatchView(shooter=shooter, players=tuple(state.players), active=tuple(state.active),
                     positions=dict(state.positions), purses=dict(state.purses), stakes=state.stakes,
                     sun_released=state.sun_released, comets=tuple(sorted(state.comets)),
                     placements=placements, max_speed=max_speed, layout=layout, turn=state.shots,
                     round=state.round, house_rules=house.to_dict())


def play_game(levels: Sequence[str], *, seed: int, pool: PlannerPool,
              on_shot: Callable[[dict[str, Any]], None] | None = None,
              round_limit: int | None = None, record: bool = False, max_shots: int = 400) -> GameResult:
    from game.match.table import free_spot_on_line
    from game.physics import PhysicsConfig, Simulation
    from game.rules.hat import assign_planets
    from game.rules.house import HouseRules
    from game.rules.referee import judge
    from game.rules.state import new_game, start_options

    house = replace(HouseRules(), round_limit=round_limit or DEFAULT_ROUND_LIMIT)
    layout = house.layout()
    config = PhysicsConfig.for_layout(layout)
    seats = [f"seat{i + 1}" for i in range(len(levels))]
    # Rule 1's hat, with the marbles' distances drawn from the seed.
    hat = random.Random(seed_for(seed, "hat"))
    planet_of = assign_planets({s: hat.uniform(0.0, 0.5) for s in seats}, seed_for(seed, "hat-ties"))
    planets = [planet_of[s] for s in seats]
    seat_of = {p: i for i, p in enumerate(planets)}
    players: dict[str, AIPlayer | RandomAI] = {
        planet: make_player(levels[i], seed_for(seed, "player", i), pool) for i, planet in enumerate(planets)}
    state = new_game(planets, layout, house)
    start_worth = {p: state.worth(p) for p in planets}
    decisions: list[tuple[str, float]] = []
    log: list[dict[str, Any]] = []
    shots = 0
    while not state.finished and shots < max_shots:
        shooter = state.next_shooter()
        if shooter is None:
            break
        player = players[shooter]
        key = (state.round, state.shots)
        started = time.perf_counter()
        if isinstance(player, AIPlayer):
            options = start_options(state, shooter, house)
            sit = Situation(layout, house, state, shooter, dict(state.positions),
                            tuple(options.orbits) if options is not None else (), config.max_shot_speed)
            shot = player.choose_for(sit, key)
        else:
            shot = player.choose_shot(_view(state, shooter, layout, house, config.max_shot_speed))
        thought = time.perf_counter() - started
        decisions.append((player.name, thought))
        positions = dict(state.positions)
        taw = f"{shooter}.taw"
        if shot.placement is not None and start_options(state, shooter, house) is not None:
            _, spot = free_spot_on_line(layout, positions, taw, shot.placement.orbit, shot.placement.angle)
            positions[taw] = spot
        events: list[Any] = []
        sim = Simulation.from_positions(positions, layout, config)
        try:
            sim.bus.subscribe(events.append)
            a = math.radians(shot.direction)
            sim.shoot(taw, (shot.speed * math.cos(a), shot.speed * math.sin(a)))
            sim.run_to_rest()
        finally:
            sim.close()
        ruling = judge(state, shooter, events, layout, house)
        shots += 1
        summary = "; ".join(f"{t.payer}->{t.payee} {t.marbles} (rule {t.rule})" for t in ruling.transfers)
        sun = ruling.state.positions.get("sun")
        sun_region = layout.region_at_radius(math.hypot(*sun)) if sun is not None else "off"
        info = {"shot": shots, "round": state.round + 1, "level": player.name, "planet": shooter,
                "decision_s": thought, "summary": (summary or "no payments") + f" [Sun in {sun_region}]",
                "direction": shot.direction, "speed": shot.speed,
                "placement": None if shot.placement is None else [shot.placement.orbit, shot.placement.angle]}
        log.append({**info, "transfers": [[t.payer, t.payee, t.marbles, t.rule] for t in ruling.transfers],
                    "fouls": [[f.rule, f.reason] for f in ruling.fouls], "notes": list(ruling.notes)})
        if on_shot is not None:
            on_shot(info)
        state = replace(ruling.state, positions=settle_table(ruling, layout))
    net = [state.worth(p) - start_worth[p] for p in planets]
    winner = seat_of.get(state.winner) if state.winner is not None else None
    if state.winner is not None:
        end = f"{state.winner} ({levels[seat_of[state.winner]]}) wins"
    else:
        end = "no winner"
    return GameResult(list(levels), planets, net, winner, decisions, shots, state.round, end, log, seed)


def write_record(result: GameResult, path: str) -> str:
    """Write the match: a replay if one was recorded, otherwise a JSON match log."""
    from game.fileio import write_atomic

    if result.replay is not None:
        from game.replay import save_replay

        save_replay(result.replay, path)
        return "replay"
    data = {"format": "taw-match-log", "version": 1, "seed": result.seed, "seats": result.seats,
            "planets": result.planets, "net": result.net, "winner": result.winner, "end": result.end,
            "rounds": result.rounds, "shots": result.log}
    write_atomic(path, json.dumps(data, indent=1) + "\n")
    return "match log (JSON)"
