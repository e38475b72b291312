"""The soak: many seeded AI-against-AI games headless, every invariant checked every shot.

One master seed draws, per game, the number of players (2 to 7), each
seat's AI level, the round limit and the game's own seed.  Each game goes
through the real ``Match`` (Bullet hat drop, players' choices, Bullet shots,
the referee, carrying out) with a frame checker on every shot and the shot
accounting, ledger and rest checks after it.  Every ``record_every``-th game is
also recorded, written as a replay and loaded back.  Resident memory is
sampled after each game to show whether anything accumulates.
"""

from __future__ import annotations

import gc
import math
import os
import random
import tempfile
import time
from dataclasses import asdict, dataclass, field
from typing import Callable, Sequence

from stress.invariants import (
    FrameChecker,
    FrameStats,
    check_ledger,
    check_shot_accounting,
    flight_tolerance,
    rest_overlaps,
)

DEFAULT_LEVELS = ("random", "random", "easy")  # drawn uniformly: random twice as often as easy
HAT_SINK_LIMIT = 0.004  # m: half a marble's radius


def rss_bytes() -> int:
    """Resident set size of this process, from /proc (Linux)."""
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


@dataclass
class GamePlan:
    index: int
    seed: int
    levels: list[str]
    round_limit: int
    record: bool


@dataclass
class GameOutcome:
    index: int
    seed: int
    levels: list[str]
    round_limit: int
    shots: int
    rounds: int
    winner: str | None
    wall_s: float
    max_rest_t: float           # simulated seconds of the slowest shot to rest
    forced_stops: int           # shots stopped by the physics' time bound instead of coming to rest
    bodies_out: int
    rss_after: int
    hat_sink: float = 0.0       # m: deepest a marble went under the ground in the hat drop
    problems: list[str] = field(default_factory=list)


@dataclass
class SoakReport:
    master_seed: int
    games: list[GameOutcome]
    frames: int
    worst_overlap_m: float
    worst_overlap_pair: tuple[str, str]
    rss_start: int
    rss_after_first: int
    rss_end: int
    wall_s: float

    @property
    def problems(self) -> list[str]:
        return [f"game {g.index} (seed {g.seed}): {p}" for g in self.games for p in g.problems]

    @property
    def shots(self) -> int:
        return sum(g.shots for g in self.games)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["problems"] = self.problems
        data["shots"] = self.shots
        return data

    def summary(self) -> str:
        mib = 1024 * 1024
        max_rest = max((g.max_rest_t for g in self.games), default=0.0)
        forced = sum(g.forced_stops for g in self.games)
        out = sum(g.bodies_out for g in self.games)
        lines = [
            f"{len(self.games)} games, {self.shots} shots, {self.frames} frames checked in {self.wall_s:.1f} s "
            f"(master seed {self.master_seed})",
            f"slowest shot to rest {max_rest:.2f} s simulated; {forced} shots stopped by the time bound; "
            f"{out} bodies left the play area; deepest hat-drop sink "
            f"{max((g.hat_sink for g in self.games), default=0.0) * 1000:.2f} mm",
            f"deepest overlap in any frame {self.worst_overlap_m * 1000:.3f} mm "
            f"({self.worst_overlap_pair[0]} / {self.worst_overlap_pair[1]})",
            f"RSS start {self.rss_start / mib:.1f} MiB, after game 1 {self.rss_after_first / mib:.1f} MiB, "
            f"end {self.rss_end / mib:.1f} MiB",
            f"{len(self.problems)} problems" + ("" if not self.problems else ":"),
        ]
        lines += ["  " + p for p in self.problems[:30]]
        return "\n".join(lines)


def plan_games(master_seed: int, games: int, *, levels: Sequence[str] = DEFAULT_LEVELS, min_players: int = 2,
               max_players: int = 7, rounds: tuple[int, int] = (2, 8), record_every: int = 0) -> list[GamePlan]:
    """Each game's seed, seats and round limit, all drawn from ``master_seed``."""
    rng = random.Random(master_seed)
    plans = []
    for i in range(games):
        n = rng.randint(min_players, max_players)
        seats = [rng.choice(list(levels)) for _ in range(n)]
        plans.append(GamePlan(i, rng.getrandbits(31), seats, rng.randint(*rounds),
                              record_every > 0 and i % record_every == record_every - 1))
    return plans


def play_checked_game(plan: GamePlan, pool: object, stats: FrameStats, *, replay_dir: str | None = None) -> GameOutcome:
    """One game through the match layer, every invariant checked; problems collected, not raised."""
    from dataclasses import replace

    from game.ai.hand_noise import seed_for
    from game.ai.player import make_player
    from game.match.match import Match
    from game.physics.materials import spec_for
    from game.rules.events import AllAtRest, BodyOut
    from game.rules.house import HouseRules
    from game.rules.layout import taw_id

    started = time.perf_counter()
    problems: list[str] = []
    house = replace(HouseRules(), round_limit=plan.round_limit)
    layout = house.layout()
    radius_cache: dict[str, float] = {}

    def radius(body: str) -> float:
        if body not in radius_cache:
            radius_cache[body] = spec_for(body, (0.0, 0.0), layout).radius
        return radius_cache[body]

    hat_low = [0.0]

    def on_hat_frame(t: float, ids: list[str], poses: object) -> None:
        import numpy as np

        p = np.asarray(poses)
        if not np.all(np.isfinite(p)):
            problems.append(f"hat t={t:.3f}: non-finite pose")
            return
        hat_low[0] = min(hat_low[0], float(np.min(p[:, 2] - np.array([radius(b) for b in ids]))))

    seats = [f"seat {i + 1}" for i in range(len(plan.levels))]
    people = {name: make_player(plan.levels[i], seed_for(plan.seed, "player", i), pool)  # type: ignore[arg-type]
              for i, name in enumerate(seats)}
    match = Match.from_hat(people, seed=seed_for(plan.seed, "hat"), house=house, on_hat_frame=on_hat_frame)
    # The hat is the one 3-D world (gravity, a ground plane): Bullet lets a
    # falling marble sink into the ground a little; through it would be a bug.
    if hat_low[0] < -HAT_SINK_LIMIT:
        problems.append(f"hat drop: a marble sank {-hat_low[0] * 1000:.1f} mm under the ground")
    marbles = match.state.marbles_in_game
    recorder = None
    if plan.record:
        from game.replay import GameRecorder, meta_from

        recorder = GameRecorder(None, meta_from(plan.seed, [{"planet": p, "seat": match.names[p]}
                                                            for p in match.state.players],
                                                house.to_dict(), match.layout, source="soak"))
    max_rest = 0.0
    forced = 0
    out = 0
    limit = match.config.max_shot_time
    while not match.is_over():
        view = match.view()
        shooter = view.shooter
        try:
            shot = match.players[shooter].choose_shot(view)
            before_table = dict(match.state.positions)
            start, _used = match.start_of(shot, shooter)
        except Exception as err:  # noqa: BLE001 - a soak records every failure and goes on
            problems.append(f"shot {len(match.history) + 1}: choosing failed: {type(err).__name__}: {err}")
            break
        checker = FrameChecker({b: radius(b) for b in [*before_table, taw_id(shooter)]}, stats,
                               tolerance=flight_tolerance(match.config.max_shot_speed, match.config.substep_hz))
        checker.context = f"shot {len(match.history) + 1}"
        first_problem = len(stats.problems)
        shot_rec = None
        on_frame: Callable = checker
        if recorder is not None:
            from game.replay import ShotInputs, ShotRecorder

            a = math.radians(shot.direction)
            inputs = ShotInputs.from_velocity(shooter, taw_id(shooter),
                                              (shot.speed * math.cos(a), shot.speed * math.sin(a)),
                                              start if _used is not None else None,
                                              _used.orbit if _used is not None else None)
            shot_rec = ShotRecorder(inputs, rate=match.frame_hz)

            def check_and_record(t: float, ids: list[str], poses: object, _r=shot_rec) -> None:
                checker(t, ids, poses)  # type: ignore[arg-type]
                _r.on_frame(t, ids, poses)

            on_frame = check_and_record
        try:
            result = match.play_shot(shot, on_frame=on_frame)
        except Exception as err:  # noqa: BLE001
            problems.append(f"shot {len(match.history) + 1}: {type(err).__name__}: {err}")
            break
        problems += stats.problems[first_problem:]
        del stats.problems[first_problem:]
        before = dict(before_table)
        before[taw_id(shooter)] = result.start
        events = list(result.events)
        for p in check_shot_accounting(before, events, result.ruling, result.positions):
            problems.append(f"shot {result.number}: {p}")
        for p in check_ledger(match.state, marbles):
            problems.append(f"shot {result.number}: {p}")
        rest = result.rest
        for p in rest_overlaps(result.positions, {b: radius(b) for b in result.positions}):
            problems.append(f"shot {result.number}: after the ruling {p}")
        if rest is not None:
            max_rest = max(max_rest, rest.t)
            if rest.t >= limit - 1e-9:
                forced += 1
        out += sum(1 for e in events if isinstance(e, BodyOut))
        for body, (x, y) in result.positions.items():
            if not (math.isfinite(x) and math.isfinite(y)):
                problems.append(f"shot {result.number}: {body} at a non-finite place on the table")
            elif math.hypot(x, y) > match.layout.play_radius + 1e-6 and body != "sun":
                problems.append(f"shot {result.number}: {body} lies outside the play area on the table")
        if recorder is not None and shot_rec is not None:
            from game.replay.recorder import ruling_record

            for event in events:
                shot_rec.on_event(event)
            rulings, ledger = ruling_record(result.ruling)
            recorder.add_shot(shot_rec.finish(rulings, ledger))
        if not isinstance(events[-1], AllAtRest):
            problems.append(f"shot {result.number}: the log does not end at rest")
    if recorder is not None:
        problems += _round_trip(recorder.replay, len(match.history), replay_dir)
    gc.collect()
    return GameOutcome(plan.index, plan.seed, plan.levels, plan.round_limit, len(match.history), match.state.round,
                       match.state.winner, time.perf_counter() - started, max_rest, forced, out, rss_bytes(),
                       -hat_low[0], problems)


def _round_trip(replay: object, shots: int, folder: str | None) -> list[str]:
    """Save the game's replay, load it back: the same number of shots, nothing lost."""
    from game.replay import load_replay, save_replay

    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        path = os.path.join(tmp, "soak.replay")
        save_replay(replay, path)  # type: ignore[arg-type]
        loaded = load_replay(path)
    if len(loaded.shots) != shots:
        return [f"replay round trip: {len(loaded.shots)} shots loaded, {shots} played"]
    return []


def run_soak(games: int, master_seed: int, *, levels: Sequence[str] = DEFAULT_LEVELS, workers: int = 0,
             min_players: int = 2, max_players: int = 7, rounds: tuple[int, int] = (2, 8), record_every: int = 0,
             collect_states: bool = False,
             on_game: Callable[[GameOutcome], None] | None = None) -> SoakReport:
    """Play ``games`` seeded games; the report holds every problem found.

    ``collect_states``: empty Panda's TransformState/RenderState caches after
    each game, as ShowBase does every frame.  Headless code never does, so
    every transform Bullet writes stays cached (docs/stress.md, "memory"):
    with it the soak shows what memory does once that is fixed.
    """
    from game.ai.workers import PlannerPool

    gc.collect()
    rss_start = rss_bytes()
    started = time.perf_counter()
    stats = FrameStats()
    outcomes: list[GameOutcome] = []
    plans = plan_games(master_seed, games, levels=levels, min_players=min_players, max_players=max_players,
                       rounds=rounds, record_every=record_every)
    with PlannerPool(workers, warm_modules=("game.ai.rollout",)) as pool:
        for plan in plans:
            outcome = play_checked_game(plan, pool, stats)
            if collect_states:
                from panda3d.core import RenderState, TransformState

                TransformState.garbageCollect()
                RenderState.garbageCollect()
                outcome.rss_after = rss_bytes()
            outcomes.append(outcome)
            if on_game is not None:
                on_game(outcome)
    gc.collect()
    rss_end = rss_bytes()
    return SoakReport(master_seed, outcomes, stats.frames, stats.worst_overlap,
                      stats.worst_overlap_pair, rss_start, outcomes[0].rss_after if outcomes else rss_start,
                      rss_end, time.perf_counter() - started)
