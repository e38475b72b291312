#!/usr/bin/env python3
"""Memory kept per hat drop and per headless match, with and without emptying Panda's state cache.

    .venv/bin/python -m tools.memory_probe            # the cache as Panda leaves it headless
    .venv/bin/python -m tools.memory_probe --no-gc-states   # PRC garbage-collect-states false

Each figure: resident memory after N items minus before, divided by N, after
a warm-up (see docs/stress.md, "Memory is not flat, and why").
"""

from __future__ import annotations

import argparse
import gc
import sys
from dataclasses import replace



def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-gc-states", action="store_true", help="PRC garbage-collect-states false")
    parser.add_argument("--matches", type=int, default=12)
    args = parser.parse_args(argv)
    from panda3d.core import loadPrcFileData

    if args.no_gc_states:
        loadPrcFileData("memory-probe", "garbage-collect-states false")
    from panda3d.core import RenderState, TransformState

    from game.match.hat import drop_hat
    from game.match.match import Match
    from game.match.players import RandomPlayer
    from game.rules.house import HouseRules
    from game.rules.layout import Layout
    from stress.soak import rss_bytes

    count = [0]

    def hat() -> None:
        count[0] += 1
        drop_hat(["a", "b", "c", "d", "e"], count[0], Layout())

    def match() -> None:
        count[0] += 1
        players = {f"p{i}": RandomPlayer(count[0] * 10 + i) for i in range(4)}
        Match.from_hat(players, seed=count[0], house=replace(HouseRules(), round_limit=4)).run()

    def collected(fn):  # type: ignore[no-untyped-def]
        def run() -> None:
            fn()
            TransformState.garbageCollect()
            RenderState.garbageCollect()
        return run

    def measure(name: str, fn, n: int) -> None:  # type: ignore[no-untyped-def]
        for _ in range(3):
            fn()
        gc.collect()
        before = rss_bytes()
        for _ in range(n):
            fn()
        gc.collect()
        print(f"{name:<58} {(rss_bytes() - before) / n / 1024:8.1f} KiB each "
              f"(TransformStates cached: {TransformState.getNumStates()})")

    mode = "PRC garbage-collect-states false" if args.no_gc_states else "Panda's default (collected by ShowBase only)"
    print(f"state cache: {mode}")
    measure("hat drop, five marbles", hat, 5 * args.matches)
    measure("random match, 4 players, 4 rounds", match, args.matches)
    measure("random match, then TransformState.garbageCollect()", collected(match), args.matches)
    return 0


if __name__ == "__main__":
    sys.exit(main())
