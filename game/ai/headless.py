"""Whole AI matches without a window: the engine behind ``taw simulate`` and ``taw tournament``.

The match layer's ``Match`` runs the game (the hat, the turn loop, the
referee); this module seats AI players in it, times their decisions, tells
the caller about each shot and records the replay.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from game.ai.hand_noise import seed_for
from game.ai.player import make_player
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


def play_game(levels: Sequence[str], *, seed: int, pool: PlannerPool,
              on_shot: Callable[[dict[str, Any]], None] | None = None,
              round_limit: int | None = None, record: bool = False, max_shots: int = 400,
              out: str | None = None) -> GameResult:
    """One match between AI levels (one per seat), through the match layer's turn loop.

    Rule 1's hat is dropped in Bullet from ``seed``; each seat's AI is seeded
    from ``seed`` and its seat.  With ``record`` every shot is recorded for a
    replay file (``GameResult.replay``); with ``out`` as well, the replay is
    written there as the game goes (the header at once, then after every
    shot, atomically), so a game killed part-way leaves every shot played.
    """
    from game.match.match import Match
    from game.match.seating import ai_names
    from game.replay import GameRecorder, ShotInputs, ShotRecorder, meta_from
    from game.replay.recorder import ruling_record
    from game.rules.house import HouseRules

    house = replace(HouseRules(), round_limit=round_limit or DEFAULT_ROUND_LIMIT)
    seats = ai_names(levels)   # "Easy AI", "Easy AI 2": what a replay's captions and tables call them
    people = {name: make_player(levels[i], seed_for(seed, "player", i), pool) for i, name in enumerate(seats)}
    match = Match.from_hat(people, seed=seed_for(seed, "hat"), house=house, max_shots=max_shots)
    planet_of = {person: planet for planet, person in match.names.items()}
    planets = [planet_of[name] for name in seats]
    level_of = {planet_of[name]: levels[i] for i, name in enumerate(seats)}
    start_worth = {p: match.state.worth(p) for p in planets}
    recorder = None
    if record:
        recorder = GameRecorder(out, meta_from(seed, [{"planet": p, "level": level_of[p], "seat": match.names[p]}
                                                       for p in match.state.players],
                                                house.to_dict(), match.layout, source="taw simulate"))
    decisions: list[tuple[str, float]] = []
    log: list[dict[str, Any]] = []
    while not match.is_over():
        view = match.view()
        player = match.players[view.shooter]
        started = time.perf_counter()
        shot = player.choose_shot(view)
        thought = time.perf_counter() - started
        decisions.append((level_of[view.shooter], thought))
        shot_rec = None
        if recorder is not None:
            a = math.radians(shot.direction)
            start, used = match.start_of(shot, view.shooter)
            inputs = ShotInputs.from_velocity(view.shooter, f"{view.shooter}.taw",
                                              (shot.speed * math.cos(a), shot.speed * math.sin(a)),
                                              start if used is not None else None,
                                              used.orbit if used is not None else None)
            shot_rec = ShotRecorder(inputs, rate=match.frame_hz)
        result = match.play_shot(shot, on_frame=shot_rec.on_frame if shot_rec is not None else None)
        if recorder is not None and shot_rec is not None:
            for event in result.events:
                shot_rec.on_event(event)
            rulings, ledger = ruling_record(result.ruling)
            recorder.add_shot(shot_rec.finish(rulings, ledger))
        ruling = result.ruling
        summary = "; ".join(f"{t.payer}->{t.payee} {t.marbles} (rule {t.rule})" for t in ruling.transfers)
        sun = result.positions.get("sun")
        sun_region = match.layout.region_at_radius(math.hypot(*sun)) if sun is not None else "off"
        info = {"shot": result.number, "round": result.round + 1, "level": level_of[view.shooter],
                "planet": view.shooter, "decision_s": thought,
                "summary": (summary or "no payments") + f" [Sun in {sun_region}]",
                "direction": shot.direction, "speed": shot.speed,
                "placement": None if shot.placement is None else [shot.placement.orbit, shot.placement.angle]}
        log.append({**info, "transfers": [[t.payer, t.payee, t.marbles, t.rule] for t in ruling.transfers],
                    "sun_r": None if sun is None else math.hypot(*sun), "finished": bool(ruling.finished),
                    "sun_driven_out": ruling.winner == view.shooter and any(
                        t.rule == 9 and "beyond Herschel" in t.reason for t in ruling.transfers),
                    "fouls": [[f.rule, f.reason] for f in ruling.fouls], "notes": list(ruling.notes)})
        if on_shot is not None:
            on_shot(info)
    state = match.state
    net = [state.worth(p) - start_worth[p] for p in planets]
    winner = planets.index(state.winner) if state.winner in planets else None
    end = f"{state.winner} ({level_of[state.winner]}) wins" if state.winner is not None else "no winner"
    return GameResult(list(levels), planets, net, winner, decisions, len(match.history), state.round, end, log,
                      seed, recorder.replay if recorder is not None else None)
