"""Many headless matches with seats rotated, summarised per AI level.

Game ``g`` seats the levels rotated by ``g`` places (so every level shoots
first equally often) and is seeded from the tournament seed and ``g`` alone:
a game's result does not depend on which process played it or when, nor on
which run played it, so a long tournament can be played as ranges of its
games (``first``) and their tables added up.  With
``workers`` > 1, games run side by side in spawn processes, each planning
inline (one core per game is the best use of the cores).
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Callable

from game.ai.hand_noise import seed_for
from game.ai.headless import UNFINISHED
from game.ai.workers import stop_workers, watch_parent
from game.rules.layout import DEFAULT_LINE_RADII
from game.rules.termination import Termination

HERSCHEL_LINE = DEFAULT_LINE_RADII["herschel"]


@dataclass(frozen=True)
class GameSummary:
    seats: tuple[str, ...]
    net: tuple[int, ...]
    winner: int | None  # seat index; None for a draw
    decisions: tuple[tuple[str, float], ...]
    shots: int
    rounds: int
    end: str
    tallies: tuple[dict[str, int], ...] = ()  # per seat: see ``TALLIES``
    termination: Termination | None = None  # how it ended; None: stopped at the shot cap, unfinished


@dataclass
class TournamentSummary:
    levels: tuple[str, ...]
    games: list[GameSummary] = field(default_factory=list)
    first: int = 0  # the index of its first game in the tournament (a range of a longer one)

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

    def seat_games(self) -> dict[str, int]:
        """Per level, how many seats it held over the games (a game with two easy seats counts two)."""
        seats: dict[str, int] = {name: 0 for name in self.levels}
        for game in self.games:
            for level in game.seats[:len(game.tallies)]:
                seats[level] += 1
        return seats

    def tally_totals(self) -> dict[str, dict[str, int]]:
        """Per level, each ``TALLIES`` count summed over its seats: whole numbers, so ranges add up exactly."""
        sums: dict[str, dict[str, int]] = {name: {k: 0 for k in TALLIES} for name in self.levels}
        for game in self.games:
            for level, counts in zip(game.seats, game.tallies):
                for key, value in counts.items():
                    sums[level][key] += value
        return sums

    def tallies_per_game(self) -> dict[str, dict[str, float]]:
        """Per level, each ``TALLIES`` count averaged over the seats that level held."""
        seats = self.seat_games()
        return {name: {k: round(v / max(1, seats[name]), 3) for k, v in totals.items()}
                for name, totals in self.tally_totals().items()}

    def endings(self) -> dict[str, int]:
        """How many games ended each way (rule 9, the last player in, the round limit, unfinished)."""
        counts: dict[str, int] = {}
        for game in self.games:
            name = UNFINISHED if game.termination is None else game.termination.value  # the report's key
            counts[name] = counts.get(name, 0) + 1
        return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

    def by_the_rules(self) -> int:
        """Games that ended by Martin's rules: rule 9, or every adversary out (rule 13 or broke)."""
        return sum(1 for game in self.games if game.termination in RULE_ENDINGS)

    def rounds(self) -> dict[str, float]:
        """The games' lengths in rounds: median, quartiles and extremes."""
        lengths = sorted(game.rounds for game in self.games)
        if not lengths:
            return {"median": 0.0, "q1": 0.0, "q3": 0.0, "min": 0, "max": 0}
        quart = statistics.quantiles(lengths, n=4, method="inclusive") if len(lengths) > 1 else [lengths[0]] * 3
        return {"median": statistics.median(lengths), "q1": quart[0], "q3": quart[2],
                "min": lengths[0], "max": lengths[-1]}

    def to_json(self) -> dict:
        return {
            "games": len(self.games),
            "first_game": self.first + 1,
            "wins": self.wins(),
            "draws": self.draws(),
            "mean_marbles": self.mean_marbles(),
            "decision_s": self.decision_seconds(),
            "endings": self.endings(),
            "rounds": self.rounds(),
            "lengths": [game.rounds for game in self.games],
            "seat_games": self.seat_games(),
            "tallies": self.tally_totals(),
        }


# Endings by Martin's rules (rule 9; the last player in, every other out by rule 13 or broke).
RULE_ENDINGS = frozenset({Termination.SUN_BEYOND_HERSCHEL, Termination.LAST_PLAYER_IN})


# What the text's advice looks like in a game's ledger, counted per seat.
TALLIES: dict[str, str] = {
    "sun_income": "rules 4 and 8: marbles for where the Sun stopped",
    "line_tolls": "rule 6: tolls received with the Sun on one's own line",
    "rivals_ringed": "rule 13: adversaries' taws sent into the inner ring by one's shots",
    "rule11_paid": "rule 11: paid for planets struck into others' orbits",
    "own_ringed": "rule 13: one's own taw in the inner ring",
    "fouls15": "rule 15: shots at one's own planet or satellite",
    "wins9": "rule 9: games won by driving the Sun beyond Herschel",
    "sun_in_reach": "shots that left the Sun within 24 cm of Herschel's line for the next player",
    "out_early": "put out (rule 13, or an empty purse) before one's third turn",
}
REACH = 0.24  # m: what a good shot can drive the Sun (game.ai.value.ValueWeights.sun_reach)


def tally(planet: str, log: list[dict]) -> dict[str, int]:
    counts = {key: 0 for key in TALLIES}
    turns = 0  # one's own shots so far
    for shot in log:
        mine = shot["planet"] == planet
        turns += mine
        if planet in shot.get("out", ()) and turns <= 2:
            counts["out_early"] = 1
        for payer, payee, marbles, rule in shot["transfers"]:
            if mine and payee == planet and rule in (4, 8):
                counts["sun_income"] += marbles
            if rule == 6 and payee == planet:
                counts["line_tolls"] += marbles
            if mine and rule == 13 and payer not in (planet, "stakes"):
                counts["rivals_ringed"] += 1
            if mine and rule == 11 and payer == planet:
                counts["rule11_paid"] += marbles
            if rule == 13 and payer == planet:
                counts["own_ringed"] += 1
        if mine and any(rule == 15 for rule, _ in shot["fouls"]):
            counts["fouls15"] += 1
        if mine and shot.get("sun_driven_out"):
            counts["wins9"] += 1
        sun_r = shot.get("sun_r")
        if mine and not shot.get("finished") and sun_r is not None and sun_r > HERSCHEL_LINE - REACH:
            counts["sun_in_reach"] += 1
    return counts


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
                       result.shots, result.rounds, result.end,
                       tuple(tally(planet, result.log) for planet in result.planets), result.termination)


def run_tournament(levels: list[str], *, games: int, seed: int, workers: int = 1,
                   round_limit: int | None = None, first: int = 0,
                   on_game: Callable[[int, str], None] | None = None) -> TournamentSummary:
    """Games ``first`` to ``first + games - 1`` of the tournament: each the same game whichever range holds it."""
    indices = range(first, first + games)
    unique = tuple(dict.fromkeys(levels))
    results: dict[int, GameSummary] = {}

    def report(index: int, game: GameSummary) -> None:
        results[index] = game
        if on_game is not None:
            won = "draw" if game.winner is None else f"{game.seats[game.winner]} won"
            on_game(len(results), f"game {index + 1}: {won} ({game.rounds} rounds)")

    if workers <= 1:
        for g in indices:
            report(g, play_one(levels, g, seed, round_limit))
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=watch_parent,
                                 initargs=(os.getpid(),)) as executor:
            try:
                futures = {executor.submit(play_one, levels, g, seed, round_limit): g for g in indices}
                for future in as_completed(futures):
                    report(futures[future], future.result())
            except BaseException:   # Ctrl-C, or a game that raised: answer now, not after the games running
                stop_workers(executor)
                raise
    summary = TournamentSummary(unique, first=first)
    summary.games = [results[g] for g in indices]
    return summary


def format_table(summary: TournamentSummary) -> str:
    wins = summary.wins()
    marbles = summary.mean_marbles()
    decisions = summary.decision_seconds()
    n = len(summary.games)
    span = f" (games {summary.first + 1}-{summary.first + n} of the tournament)" if summary.first else ""
    lines = [f"{n} games{span}, {summary.draws()} drawn", "",
             f"{'level':<8} {'wins':>5} {'win %':>6} {'mean marbles':>13} {'decision median':>16} {'p90':>7}"]
    for name in summary.levels:
        share = 100.0 * wins[name] / n if n else 0.0
        d = decisions.get(name, {"median": 0.0, "p90": 0.0})
        lines.append(f"{name:<8} {wins[name]:>5} {share:>5.0f}% {marbles[name]:>13.2f} "
                     f"{d['median']:>15.3f}s {d['p90']:>6.3f}s")
    lines += ["", _endings_line(summary), _lengths_line(summary)]
    if any(game.tallies for game in summary.games):
        per_game = summary.tallies_per_game()
        width = max(len(text) for text in TALLIES.values())
        lines += ["", f"{'per game and seat':<{width}} " + " ".join(f"{name:>7}" for name in summary.levels)]
        for key, text in TALLIES.items():
            lines.append(f"{text:<{width}} " + " ".join(f"{per_game[name][key]:>7.2f}" for name in summary.levels))
    return "\n".join(lines)


def _endings_line(summary: TournamentSummary) -> str:
    n = len(summary.games)
    parts = ", ".join(f"{name.replace('_', ' ')} {count}" for name, count in summary.endings().items())
    share = 100.0 * summary.by_the_rules() / n if n else 0.0
    return f"endings: {parts}; by the rules (rule 9 or the last player in): {share:.0f}%"


def _lengths_line(summary: TournamentSummary) -> str:
    r = summary.rounds()
    counts: dict[int, int] = {}
    for game in summary.games:
        counts[game.rounds] = counts.get(game.rounds, 0) + 1
    spread = " ".join(f"{k}:{v}" for k, v in sorted(counts.items()))
    return (f"rounds: median {r['median']:g} (quartiles {r['q1']:g}-{r['q3']:g}, {r['min']}-{r['max']}); "
            f"games per length {spread}")
