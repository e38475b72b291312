"""AI timings and strength, side by side in one run.

    .venv/bin/python -m benchmarks.bench_ai [--situations 8] [--games 0] [--baseline REV [--only-baseline]]
                                              [--screen] [--levels easy,medium,hard]

The situations are tables from seeded games between a medium and an easy AI
(every third shot from the first: openings, a released Sun, drives), two or
four players alternately.

1. Rollout throughput: candidate shots evaluated per second (one fresh
   Bullet world, the shot to rest, the referee's ruling, the score), inline
   and with 1 and 2 planning worker processes, on the same candidates.
2. Decision time per level (wall and CPU of this process and its workers)
   over a fixed set of situations taken from seeded AI games: median and p90.
3. With ``--baseline REV``, hard's decision time with 2 planning workers for
   ``game/ai`` as it was at git revision ``REV`` (loaded as a separate
   package, on today's physics and referee) and as it is now, the two
   interleaved situation by situation so they share the machine's load.
4. With ``--screen``, the screen (``docs/ai.md``): a rollout's CPU time in
   the match's physics and in the screen's, on the same candidates; how well
   the screen ranks them (Spearman's rho against the real scores, and the
   real score lost by keeping only the screen's best 16); and, inline, how
   often hard with the screen chooses the shot hard without it chooses.
5. With ``--games N``, a short strength check: N games hard-vs-easy and
   easy-vs-random, with the strategy tallies of ``game.ai.tournament``.

Timings on this shared 2-core machine are noisy; ratios measured in the same
run are the figures to trust.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.baseline import load_baseline


def situations(count: int) -> list:
    """Views from seeded medium-vs-easy games, every third shot (two players, then four, alternately)."""
    from game.ai.player import make_player
    from game.ai.workers import PlannerPool
    from game.match.match import Match

    found = []
    seed = 0
    with PlannerPool(0) as pool:
        while len(found) < count:
            levels = ["medium", "easy"] if seed % 2 == 0 else ["medium", "easy", "medium", "easy"]
            people = {f"seat{k}": make_player(level, seed * 10 + k, pool) for k, level in enumerate(levels)}
            match = Match.from_hat(people, seed=seed)
            match.lay_taws()
            for shot_no in range(12):
                if match.is_over() or len(found) >= count:
                    break
                if shot_no % 3 == 0:
                    found.append(match.view())
                match.play_turn()
            seed += 1
    return found[:count]


def throughput(views: list, workers_list: tuple[int, ...], per_view: int, repeats: int) -> dict[int, float]:
    """Median candidates/s per worker count; the counts alternate so they share the machine's load."""
    from game.ai.planner import candidates_for
    from game.ai.player import situation_from_view
    from game.ai.rollout import EvalJob, evaluate
    from game.ai.value import ValueWeights
    from game.ai.workers import PlanHandle, PlannerPool

    batches = []
    for view in views:
        sit = situation_from_view(view)
        batches.append((sit, [EvalJob(0, c) for c in candidates_for(sit, per_view, 6)]))
    pools = {w: PlannerPool(w, warm_modules=("game.ai.rollout", "game.match.match")) for w in workers_list}
    rates: dict[int, list[float]] = {w: [] for w in workers_list}
    try:
        for _ in range(repeats):
            for workers, pool in pools.items():
                total = 0
                started = time.perf_counter()
                for sit, jobs in batches:
                    shared = ((sit,), ValueWeights())
                    PlanHandle(pool, lambda ctx, shared=shared, jobs=jobs: ctx.map(evaluate, shared, jobs)).result()
                    total += len(jobs)
                rates[workers].append(total / (time.perf_counter() - started))
    finally:
        for pool in pools.values():
            pool.close()
    return {w: statistics.median(r) for w, r in rates.items()}


def cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def decision_times(views: list, level_names: list[str], workers: int) -> dict[str, dict[str, float]]:
    from game.ai.levels import get_level
    from game.ai.player import AIPlayer
    from game.ai.workers import PlannerPool

    result = {}
    with PlannerPool(workers, warm_modules=("game.ai.rollout", "game.match.match")) as pool:
        for name in level_names:
            wall, rollouts = [], []
            cpu0 = cpu_seconds()
            for i, view in enumerate(views):
                ai = AIPlayer(get_level(name), seed=i, pool=pool)
                started = time.perf_counter()
                decision = ai.plan_async(view).result()
                wall.append(time.perf_counter() - started)
                rollouts.append(decision.rollouts)
            ordered = sorted(wall)
            result[name] = {"median": statistics.median(ordered), "p90": ordered[int(0.9 * (len(ordered) - 1))],
                            "rollouts": statistics.median(rollouts),
                            "cpu_parent": (cpu_seconds() - cpu0) / len(views)}
    return result


def compare_baseline(rev: str, views: list, workers: int) -> None:
    """Hard's decision time, the planner at ``rev`` and now, interleaved, with ``workers`` planning processes."""
    import importlib

    from game.ai.levels import get_level
    from game.ai.player import AIPlayer
    from game.ai.workers import PlannerPool

    with tempfile.TemporaryDirectory() as folder:
        load_baseline(rev, "game.ai", "ai_baseline", Path(folder))
        old_player = importlib.import_module("ai_baseline.player")
        old_levels = importlib.import_module("ai_baseline.levels")
        old_workers = importlib.import_module("ai_baseline.workers")
        warm = ("game.ai.rollout", "game.match.match")
        wall: dict[str, list[float]] = {"baseline": [], "now": []}
        rollouts: dict[str, list[int]] = {"baseline": [], "now": []}
        with old_workers.PlannerPool(workers, warm_modules=("ai_baseline.rollout",) + warm[1:]) as old_pool, \
                PlannerPool(workers, warm_modules=warm) as pool:
            for i, view in enumerate(views):
                players = (("baseline", old_player.AIPlayer(old_levels.get_level("hard"), seed=i, pool=old_pool)),
                           ("now", AIPlayer(get_level("hard"), seed=i, pool=pool)))
                for name, ai in players:
                    started = time.perf_counter()
                    decision = ai.plan_async(view).result()
                    wall[name].append(time.perf_counter() - started)
                    rollouts[name].append(decision.rollouts)
    print(f"\nHard's decision, planner at {rev} vs now, {len(views)} situations, {workers} planning workers")
    print("| planner | rollouts (median) | median s | p90 s | vs baseline |")
    print("|---|---|---|---|---|")
    base = statistics.median(wall["baseline"])
    for name in ("baseline", "now"):
        ordered = sorted(wall[name])
        median = statistics.median(ordered)
        print(f"| {name} | {statistics.median(rollouts[name]):.0f} | {median:.2f} | "
              f"{ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]:.2f} | {median / base:.2f}x |")


def _spearman(a: list[float], b: list[float]) -> float:
    def ranks(x: list[float]) -> list[int]:
        out = [0] * len(x)
        for rank, i in enumerate(sorted(range(len(x)), key=lambda i: x[i])):
            out[i] = rank
        return out

    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    var = math.sqrt(sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))
    return cov / var if var else 1.0


def screen_quality(views: list, keep: int = 16) -> None:
    """The screen's cost and ranking against the match's physics, and hard's choice with and without it."""
    from dataclasses import replace

    from game.ai.levels import get_level
    from game.ai.planner import candidates_for, plan
    from game.ai.player import situation_from_view
    from game.ai.rollout import EvalJob, evaluate
    from game.ai.value import ValueWeights
    from game.ai.workers import PlanHandle, PlannerPool

    hard = get_level("hard")
    cost: dict[bool, list[float]] = {False: [], True: []}
    rhos, lost, same = [], [], 0
    with PlannerPool(0) as pool:
        for i, view in enumerate(views):
            sit = situation_from_view(view)
            cands = candidates_for(sit, hard.max_candidates, hard.origins, hard.ring_candidates, hard.spin_shots)
            scores: dict[bool, list[float]] = {}
            for coarse in (False, True):
                started = time.process_time()
                results = [evaluate(((sit,), ValueWeights()), EvalJob(0, c, coarse=coarse)) for c in cands]
                cost[coarse].append((time.process_time() - started) / len(cands) * 1000)
                scores[coarse] = [r.score(hard.position_weight) for r in results]
            real, rough = scores[False], scores[True]
            rhos.append(_spearman(real, rough))
            kept = sorted(range(len(cands)), key=lambda k: (-rough[k], k))[:keep]
            lost.append(max(real) - max(real[k] for k in kept))
            picks = [PlanHandle(pool, lambda ctx, lv=lv, sit=sit, i=i: plan(ctx, sit, lv, seed=i)).result().candidate
                     for lv in (hard, replace(hard, screen_keep=0))]
            same += picks[0] == picks[1]
    print(f"\nThe screen, {len(views)} situations, hard's candidates, inline (CPU ms a rollout, medians)")
    print("| physics | ms a rollout | vs the match's |")
    print("|---|---|---|")
    base = statistics.median(cost[False])
    for coarse, label in ((False, "the match's (real)"), (True, "the screen's (coarse)")):
        print(f"| {label} | {statistics.median(cost[coarse]):.2f} | {statistics.median(cost[coarse]) / base:.2f} |")
    print(f"rank agreement (Spearman rho): median {statistics.median(rhos):.2f}, lowest {min(rhos):.2f}; "
          f"real score lost by keeping the screen's best {keep}: mean {statistics.fmean(lost):.3f}, "
          f"worst {max(lost):.3f} marbles; hard chooses the same shot with and without the screen "
          f"in {same} of {len(views)}")


def planning_levels(text: str) -> list[str]:
    """``--levels``: planning levels by name (the random player does not plan), a typo refused in one line."""
    from game.ai.levels import get_level
    from game.errors import UserError

    try:
        levels = [get_level(name) for name in text.split(",")]
    except UserError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    if any(level.random_play for level in levels):
        raise argparse.ArgumentTypeError("the random player makes no decision to time")
    return [level.name for level in levels]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--situations", type=int, default=8)
    parser.add_argument("--per-view", type=int, default=60, help="candidates per situation in the throughput test")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", type=int, default=0)
    parser.add_argument("--levels", type=planning_levels, default="easy,medium,hard",
                        help="comma-separated levels whose decision times are measured (the quick test's: easy)")
    parser.add_argument("--baseline", metavar="REV", help="also time hard with game/ai at this git revision")
    parser.add_argument("--only-baseline", action="store_true", help="with --baseline: skip the other tables")
    parser.add_argument("--screen", action="store_true", help="measure the screen, then stop")
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    views = situations(args.situations)
    print(f"{len(views)} situations; load average now {os.getloadavg()[0]:.1f}")
    if args.screen:
        screen_quality(views)
        return
    if args.baseline:
        compare_baseline(args.baseline, views, 2)
        if args.only_baseline:
            return

    rates = throughput(views, (0, 1, 2), args.per_view, args.repeats)
    print("\nCandidate shots evaluated per second (fresh Bullet world + referee + score each)")
    print("| planning | candidates/s | vs inline |")
    print("|---|---|---|")
    for workers, rate in rates.items():
        label = "inline (0 workers)" if workers == 0 else f"{workers} worker process{'es' if workers > 1 else ''}"
        print(f"| {label} | {rate:.0f} | {rate / rates[0]:.2f}x |")

    for workers in (2, 0):
        times = decision_times(views, args.levels, workers)
        print(f"\nDecision time per level, {len(views)} situations, {workers} planning workers")
        print("| level | rollouts (median) | median s | p90 s | rollouts/s |")
        print("|---|---|---|---|---|")
        for name, t in times.items():
            print(f"| {name} | {t['rollouts']:.0f} | {t['median']:.2f} | {t['p90']:.2f} | "
                  f"{t['rollouts'] / t['median']:.0f} |")

    if args.games:
        from game.ai.tournament import format_table, run_tournament

        for pair in (["hard", "easy"], ["easy", "random"]):
            summary = run_tournament(pair, games=args.games, seed=1, workers=2)
            print(f"\n{pair[0]} vs {pair[1]}, {args.games} games\n" + format_table(summary))


if __name__ == "__main__":
    main()
