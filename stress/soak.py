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


class _CheckedGame:
    """One soak game's running checks: the hat's depth, the frames, the ledger, the table, the replay."""

    def __init__(self, plan: GamePlan, pool: object, stats: FrameStats) -> None:
        from dataclasses import replace

        from game.ai.hand_noise import seed_for
        from game.ai.player import make_player
        from game.match.match import Match
        from game.rules.house import HouseRules

        self.plan, self.stats = plan, stats
        self.problems: list[str] = []
        self.house = replace(HouseRules(), round_limit=plan.round_limit)
        self.layout = self.house.layout()
        self._radii: dict[str, float] = {}
        self.hat_low = 0.0
        self.max_rest = 0.0
        self.forced = 0
        self.out = 0
        seats = [f"seat {i + 1}" for i in range(len(plan.levels))]
        people = {name: make_player(plan.levels[i], seed_for(plan.seed, "player", i), pool)  # type: ignore[arg-type]
                  for i, name in enumerate(seats)}
        self.match = Match.from_hat(people, seed=seed_for(plan.seed, "hat"), house=self.house,
                                    on_hat_frame=self.on_hat_frame)
        # Bullet lets a falling marble sink into the ground a little; through it would be a bug.
        if self.hat_low < -HAT_SINK_LIMIT:
            self.problems.append(f"hat drop: a marble sank {-self.hat_low * 1000:.1f} mm under the ground")
        self.marbles = self.match.state.marbles_in_game
        self.recorder = self._game_recorder() if plan.record else None

    def radius(self, body: str) -> float:
        from game.physics.materials import spec_for

        if body not in self._radii:
            self._radii[body] = spec_for(body, (0.0, 0.0), self.layout).radius
        return self._radii[body]

    def on_hat_frame(self, t: float, ids: list[str], poses: object) -> None:
        import numpy as np

        p = np.asarray(poses)
        if not np.all(np.isfinite(p)):
            self.problems.append(f"hat t={t:.3f}: non-finite pose")
            return
        self.hat_low = min(self.hat_low, float(np.min(p[:, 2] - np.array([self.radius(b) for b in ids]))))

    def _game_recorder(self):
        from game.replay import GameRecorder, meta_from

        match = self.match
        seats = [{"planet": p, "seat": match.names[p]} for p in match.state.players]
        return GameRecorder(None, meta_from(self.plan.seed, seats, self.house.to_dict(), match.layout, source="soak"))

    def play_one(self) -> bool:
        from game.rules.layout import taw_id

        match = self.match
        view = match.view()
        shooter = view.shooter
        number = len(match.history) + 1
        try:
            shot = match.players[shooter].choose_shot(view)
            before_table = dict(match.state.positions)
            start, used = match.start_of(shot, shooter)
        except Exception as err:  # noqa: BLE001 - a soak records every failure and goes on
            self.problems.append(f"shot {number}: choosing failed: {type(err).__name__}: {err}")
            return False
        checker = FrameChecker({b: self.radius(b) for b in [*before_table, taw_id(shooter)]}, self.stats,
                               tolerance=flight_tolerance(match.config.max_shot_speed, match.config.substep_hz),
                               ground=match.config.ground)
        checker.context = f"shot {number}"
        first_problem = len(self.stats.problems)
        shot_rec = self._shot_recorder(shot, shooter, start, used)
        on_frame: Callable = checker if shot_rec is None else _tee(checker, shot_rec.on_frame)
        try:
            result = match.play_shot(shot, on_frame=on_frame)
        except Exception as err:  # noqa: BLE001
            self.problems.append(f"shot {number}: {type(err).__name__}: {err}")
            return False
        self.problems += self.stats.problems[first_problem:]
        del self.stats.problems[first_problem:]
        before = dict(before_table)
        before[taw_id(shooter)] = result.start
        self.check_result(before, result)
        if shot_rec is not None:
            self._record(shot_rec, result)
        return True

    def _shot_recorder(self, shot, shooter: str, start, used):
        if self.recorder is None:
            return None
        from game.replay import ShotInputs, ShotRecorder
        from game.rules.layout import taw_id

        a = math.radians(shot.direction)
        inputs = ShotInputs.from_velocity(shooter, taw_id(shooter),
                                          (shot.speed * math.cos(a), shot.speed * math.sin(a)),
                                          start if used is not None else None,
                                          used.orbit if used is not None else None)
        return ShotRecorder(inputs, rate=self.match.frame_hz)

    def _record(self, shot_rec, result) -> None:
        from game.replay.recorder import ruling_record

        for event in result.events:
            shot_rec.on_event(event)
        rulings, ledger = ruling_record(result.ruling)
        self.recorder.add_shot(shot_rec.finish(rulings, ledger))

    def check_result(self, before: dict, result) -> None:
        """The shot's accounting, the ledger, overlaps at rest, the table's places, and how the log ends."""
        from game.rules.events import AllAtRest, BodyOut

        n = result.number
        events = list(result.events)
        found = [*check_shot_accounting(before, events, result.ruling, result.positions),
                 *check_ledger(self.match.state, self.marbles)]
        found += [f"after the ruling {p}" for p in
                  rest_overlaps(result.positions, {b: self.radius(b) for b in result.positions})]
        found += self._table_problems(result.positions)
        if not isinstance(events[-1], AllAtRest):
            found.append("the log does not end at rest")
        self.problems += [f"shot {n}: {p}" for p in found]
        if result.rest is not None:
            self.max_rest = max(self.max_rest, result.rest.t)
            if result.rest.t >= self.match.config.max_shot_time - 1e-9:
                self.forced += 1
        self.out += sum(1 for e in events if isinstance(e, BodyOut))

    def _table_problems(self, positions: dict) -> list[str]:
        found = []
        for body, (x, y) in positions.items():
            if not (math.isfinite(x) and math.isfinite(y)):
                found.append(f"{body} at a non-finite place on the table")
            elif math.hypot(x, y) > self.match.layout.play_radius + 1e-6 and body != "sun":
                found.append(f"{body} lies outside the play area on the table")
        return found


def _tee(first: Callable, second: Callable) -> Callable:
    """A frame hook that hands every frame to two listeners."""
    def both(t: float, ids: list[str], poses: object) -> None:
        first(t, ids, poses)
        second(t, ids, poses)
    return both


def play_checked_game(plan: GamePlan, pool: object, stats: FrameStats, *, replay_dir: str | None = None) -> GameOutcome:
    """One game through the match layer, every invariant checked; problems collected, not raised."""
    started = time.perf_counter()
    game = _CheckedGame(plan, pool, stats)
    while not game.match.is_over():
        if not game.play_one():
            break
    if game.recorder is not None:
        game.problems += _round_trip(game.recorder.replay, len(game.match.history), replay_dir)
    gc.collect()
    match = game.match
    return GameOutcome(plan.index, plan.seed, plan.levels, plan.round_limit, len(match.history), match.state.round,
                       match.state.winner, time.perf_counter() - started, game.max_rest, game.forced, game.out,
                       rss_bytes(), -game.hat_low, game.problems)


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
