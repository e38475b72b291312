"""Many headless matches with seats rotated, summarised per AI level.

Game ``g`` seats the levels rotated by ``g`` places (so every level shoots
first equally often) and is seeded from the tournament seed and ``g`` alone:
a game's result does not depend on which process played it or when.  With
``workers`` > 1, games run side by side in spawn processes, each planning
inline (one core per game is the best use of the cores).
"""

from __future__ import annotations

import multiprocessing
import statistics
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Callable

from game.ai.noise import seed_for


@dataclass(frozen=True)
class GameSummary:
    seats: tuple[str, ...]
    net: tuple[int, ...]
    winner: int | None  # seat index; None for a draw
    decisions: tuple[tuple[str, float], ...]
    shots: int
    rounds: int
    end: str


@dataclass
class TournamentSummary:
    levels: tuple[str, ...]
    games: list[GameSummary] = field(default_factory=list)

    def wins(self) -> dict[str, int]:
        table = {name: 0 for name in self.levels}
        for game in self.games:
            if game.winner is not None:
                table[game.seats[game.winner]] += 1
        return table

    def draws(self) -> int:
        return sum(1 for game in self.games if game.winner is None)

    def mean_marbles(self) -> dict[str, float]:
        totals: dict[str, list[int]] = {name: [] for name in self.levels}
        for game in self.games:
            for seat, net in zip(game.seats, game.net):
                totals[seat].append(net)
        return {name: (round(statistics.fmean(v), 3) if v else 0.0) for name, v in totals.items()}

    def decision_seconds(self) -> dict[str, dict[str, float]]:
        times: dict[str, list[float]] = {name: [] for name in self.levels}
        for game in self.games:
            for level, seconds in game.decisions:
                times.setdefault(level, []).append(seconds)
        out = {}
        for name, values in times.items():
            if not values:
                out[name] = {"median": 0.0, "p90": 0.0}
                continue
            ordered = sorted(values)
            p90 = ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]
            out[name] = {"median": round(statistics.median(ordered), 4), "p90": round(p90, 4)}
        return out

    def to_json(self) -> dict:
        return {
            "games": len(self.games),
            "wins": self.wins(),
            "draws": self.draws(),
            "mean_marbles": self.mean_marbles(),
            "decision_s": self.decision_seconds(),
        }


def seats_for_game(levels: list[str], game: int) -> list[str]:
    shift = game % len(levels)
    return levels[shift:] + levels[:shift]


def play_one(levels: list[str], game: int, seed: int, round_limit: int | None) -> GameSummary:
    """One tournament game, planning inline; a top-level function so spawn workers can run it."""
    from game.ai.headless import play_game
    from game.ai.workers import PlannerPool

    seats = seats_for_game(levels, game)
    with PlannerPool(0) as pool:
        result = play_game(seats, seed=seed_for("tournament", seed, game), pool=pool, round_limit=round_limit)
    return GameSummary(tuple(seats), tuple(result.net), result.winner, tuple(result.decisions),
                       result.shots, result.rounds, result.end)


def run_tournament(levels: list[str], *, games: int, seed: int, workers: int = 1,
                   round_limit: int | None = None,
                   on_game: Callable[[int, str], None] | None = None) -> TournamentSummary:
    unique = tuple(dict.fromkeys(levels))
    results: dict[int, GameSummary] = {}

    def report(index: int, game: GameSummary) -> None:
        results[index] = game
        if on_game is not None:
            won = "draw" if game.winner is None else f"{game.seats[game.winner]} won"
            on_game(len(results), f"game {index + 1}: {won} ({game.rounds} rounds)")

    if workers <= 1:
        for g in range(games):
            report(g, play_one(levels, g, seed, round_limit))
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as executor:
            futures = {executor.submit(play_one, levels, g, seed, round_limit): g for g in range(games)}
            for future in as_completed(futures):
                report(futures[future], future.result())
    summary = TournamentSummary(unique)
    summary.games = [results[g] for g in range(games)]
    return summary


def format_table(summary: TournamentSummary) -> str:
    wins = summary.wins()
    marbles = summary.mean_marbles()
    decisions = summary.decision_seconds()
    n = len(summary.games)
    lines = [f"{n} games, {summary.draws()} drawn", "",
             f"{'level':<8} {'wins':>5} {'win %':>6} {'mean marbles':>13} {'decision median':>16} {'p90':>7}"]
    for name in summary.levels:
        share = 100.0 * wins[name] / n if n else 0.0
        d = decisions.get(name, {"median": 0.0, "p90": 0.0})
        lines.append(f"{name:<8} {wins[name]:>5} {share:>5.0f}% {marbles[name]:>13.2f} "
                     f"{d['median']:>15.3f}s {d['p90']:>6.3f}s")
    return "\n".join(lines)
