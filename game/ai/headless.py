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
from game.ai.novice import NovicePlayer
from game.ai.player import make_player
from game.ai.workers import PlannerPool
from game.rules.termination import Termination

# Headless matches have no round limit unless asked: AI games end by Martin's
# rules (rule 9, or the last player in).  ``MAX_SHOTS`` is only a safety stop.
DEFAULT_ROUND_LIMIT = 0
MAX_SHOTS = 400
UNFINISHED = "unfinished"  # how reports word a game stopped at ``max_shots`` (its termination is None)


def ending_words(termination: Termination | None) -> str:
    """How a report words a game's ending: the ``Termination``'s value spaced out, or "unfinished"."""
    return (UNFINISHED if termination is None else termination.value).replace("_", " ")


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
    termination: Termination | None = None  # how the game ended; None: stopped at the shot cap, unfinished

    def summary(self) -> str:
        lines = []
        for i, (level, planet, net) in enumerate(zip(self.seats, self.planets, self.net)):
            mark = "  winner" if self.winner == i else ""
            lines.append(f"seat {i + 1}: {level:<6} as {planet:<8} {net:+d} marbles{mark}")
        head = f"{self.shots} shots, {self.rounds} rounds; {self.end} ({ending_words(self.termination)})"
        return head + "\n" + "\n".join(lines)


@dataclass
class _Table:
    """A seated match and what the result needs to know about its seats."""

    match: Any
    planets: list[str]               # per seat
    level_of: dict[str, str]         # planet -> level
    start_worth: dict[str, int]


def _seat(levels: Sequence[str], seed: int, pool: PlannerPool, round_limit: int | None,
          max_shots: int) -> _Table:
    """Rule 1's hat from ``seed``; one AI per seat, seeded from ``seed`` and its seat."""
    from game.match.match import Match
    from game.match.seating import ai_names
    from game.rules.house import HouseRules

    house = replace(HouseRules(), round_limit=DEFAULT_ROUND_LIMIT if round_limit is None else round_limit)
    seats = ai_names(levels)   # "Easy AI", "Easy AI 2": what a replay's captions and tables call them
    player_of_seat = {name: make_player(levels[i], seed_for(seed, "player", i), pool) for i, name in enumerate(seats)}
    match = Match.from_hat(player_of_seat, seed=seed_for(seed, "hat"), house=house, max_shots=max_shots)
    planet_of = {seat: planet for planet, seat in match.names.items()}
    planets = [planet_of[name] for name in seats]
    level_of = {planet_of[name]: levels[i] for i, name in enumerate(seats)}
    for planet, player in match.players.items():
        if isinstance(player, NovicePlayer):  # the coach it trusts weighs the others' replies at their levels
            player.seat_adversaries({p: lv for p, lv in level_of.items() if p != planet})
    return _Table(match, planets, level_of, {p: match.state.worth(p) for p in planets})


def _recorder(table: _Table, seed: int, out: str | None) -> Any:
    from game.replay import GameRecorder, meta_from

    match = table.match
    players = [{"planet": p, "level": table.level_of[p], "seat": match.names[p]} for p in match.state.players]
    laid: dict[str, Any] = {"laid_taws": {p: list(spot) for p, spot in match.laid.items()}} if match.laid else {}
    return GameRecorder(out, meta_from(seed, players, match.house.to_dict(), match.layout, source="taw simulate",
                                       **laid))


def _shot_recorder(match: Any, shot: Any, shooter: str) -> Any:
    from game.replay import ShotInputs, ShotRecorder

    a = math.radians(shot.direction)
    start, used = match.start_of(shot, shooter)
    inputs = ShotInputs.from_velocity(shooter, f"{shooter}.taw", (shot.speed * math.cos(a), shot.speed * math.sin(a)),
                                      start if used is not None else None, used.orbit if used is not None else None)
    return ShotRecorder(inputs, rate=match.frame_hz)


def _record(recorder: Any, shot_rec: Any, result: Any) -> None:
    from game.replay.recorder import ruling_record

    for event in result.events:
        shot_rec.on_event(event)
    rulings, ledger = ruling_record(result.ruling)
    recorder.add_shot(shot_rec.finish(rulings, ledger))


def _shot_info(match: Any, level: str, shooter: str, shot: Any, result: Any, thought: float) -> dict[str, Any]:
    """What the caller is told about a shot, and (with the ledger) what the game's log keeps."""
    ruling = result.ruling
    summary = "; ".join(f"{t.payer}->{t.payee} {t.marbles} (rule {t.rule})" for t in ruling.transfers)
    sun = result.positions.get("sun")
    sun_region = match.layout.body_region(math.hypot(*sun), match.layout.sun_radius) if sun is not None else "off"
    return {"shot": result.number, "round": result.round + 1, "level": level, "planet": shooter,
            "decision_s": thought, "summary": (summary or "no payments") + f" [Sun in {sun_region}]",
            "direction": shot.direction, "speed": shot.speed,
            "placement": None if shot.placement is None else [shot.placement.orbit, shot.placement.angle]}


def _log_entry(info: dict[str, Any], result: Any, shooter: str) -> dict[str, Any]:
    ruling = result.ruling
    sun = result.positions.get("sun")
    return {**info, "transfers": [[t.payer, t.payee, t.marbles, t.rule] for t in ruling.transfers],
            "sun_r": None if sun is None else math.hypot(*sun), "finished": bool(ruling.finished),
            "sun_driven_out": ruling.winner == shooter and any(
                t.rule == 9 and "beyond Herschel" in t.reason for t in ruling.transfers),
            "fouls": [[f.rule, f.reason] for f in ruling.fouls], "notes": list(ruling.notes),
            "out": list(ruling.out)}


def _result(table: _Table, levels: Sequence[str], decisions: list[tuple[str, float]], log: list[dict[str, Any]],
            seed: int, recorder: Any) -> GameResult:
    match, planets = table.match, table.planets
    state = match.state
    net = [state.worth(p) - table.start_worth[p] for p in planets]
    winner = planets.index(state.winner) if state.winner in planets else None
    end = f"{state.winner} ({table.level_of[state.winner]}) wins" if state.winner is not None else "no winner"
    termination = state.termination if state.finished else None
    return GameResult(list(levels), planets, net, winner, decisions, len(match.history), state.round, end, log,
                      seed, recorder.replay if recorder is not None else None, termination)


def play_game(levels: Sequence[str], *, seed: int, pool: PlannerPool,
              on_shot: Callable[[dict[str, Any]], None] | None = None,
              round_limit: int | None = None, record: bool = False, max_shots: int = MAX_SHOTS,
              out: str | None = None) -> GameResult:
    """One match between AI levels (one per seat), through the match layer's turn loop.

    Rule 1's hat is dropped in Bullet from ``seed``; each seat's AI is seeded
    from ``seed`` and its seat.  ``round_limit`` None or 0: none (the game
    ends by the rules, or stops unfinished at ``max_shots``).  With
    ``record`` every shot is recorded for a replay file
    (``GameResult.replay``); with ``out`` as well, the replay is written
    there as the game goes (the header at once, then after every shot,
    atomically), so a game killed part-way leaves every shot played.
    """
    table = _seat(levels, seed, pool, round_limit, max_shots)
    match = table.match
    match.lay_taws()  # the setup: every AI lays its taw before the first shot (the replay's header keeps where)
    recorder = _recorder(table, seed, out) if record else None
    decisions: list[tuple[str, float]] = []
    log: list[dict[str, Any]] = []
    while not match.is_over():
        view = match.view()
        level = table.level_of[view.shooter]
        started = time.perf_counter()
        shot = match.players[view.shooter].choose_shot(view)
        thought = time.perf_counter() - started
        decisions.append((level, thought))
        shot_rec = _shot_recorder(match, shot, view.shooter) if recorder is not None else None
        result = match.play_shot(shot, on_frame=shot_rec.on_frame if shot_rec is not None else None)
        if recorder is not None:
            _record(recorder, shot_rec, result)
        info = _shot_info(match, level, view.shooter, shot, result, thought)
        log.append(_log_entry(info, result, view.shooter))
        if on_shot is not None:
            on_shot(info)
    return _result(table, levels, decisions, log, seed, recorder)
