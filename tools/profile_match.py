#!/usr/bin/env python3
"""Profile a headless AI match: the turn loop and the AI's planning thread together.

    .venv/bin/python -m tools.profile_match --players easy,easy,random --seed 4 --rounds 2

Planning runs inline (no worker processes) but in the planner's own thread,
which cProfile does not follow; this wraps that thread's work in a second
profile and prints both merged, by own time, with the match's wall time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time



def main(argv: list[str] | None = None) -> int:
    from game.ai import workers
    from game.ai.headless import play_game
    from game.ai.workers import PlannerPool

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="easy,easy,random")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--sort", default="tottime", help="pstats order: tottime or cumulative")
    args = parser.parse_args(argv)

    planner_profile = cProfile.Profile()
    original = workers.PlanHandle._run

    def profiled_run(self, plan):  # type: ignore[no-untyped-def]
        planner_profile.enable()
        try:
            return original(self, plan)
        finally:
            planner_profile.disable()

    workers.PlanHandle._run = profiled_run  # type: ignore[method-assign]
    main_profile = cProfile.Profile()
    with PlannerPool(0) as pool:
        started = time.perf_counter()
        main_profile.enable()
        result = play_game(args.players.split(","), seed=args.seed, pool=pool, round_limit=args.rounds)
        main_profile.disable()
        wall = time.perf_counter() - started
    decisions = [t for _level, t in result.decisions]
    print(f"{result.shots} shots in {wall:.2f} s wall; decisions {len(decisions)}, total {sum(decisions):.2f} s")
    out = io.StringIO()
    stats = pstats.Stats(main_profile, stream=out)
    stats.add(planner_profile)
    stats.sort_stats(args.sort).print_stats(args.top)
    print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
