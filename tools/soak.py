#!/usr/bin/env python3
"""Soak: N seeded AI-against-AI games headless, every invariant checked on every shot.

    .venv/bin/python -m tools.soak --games 200 --seed 1 --json soak.json

Exit status 0 when no problem was found, 1 otherwise (the problems are
printed with each game's seed: ``--games 1 --first N`` is not needed, the
game's seed alone reproduces it through ``stress.soak``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path



def main(argv: list[str] | None = None) -> int:
    from stress.soak import DEFAULT_LEVELS, run_soak

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1, help="master seed: every game's seats, limit and seed")
    parser.add_argument("--levels", default=",".join(DEFAULT_LEVELS),
                        help="AI levels drawn uniformly for each seat (repeat one to weight it)")
    parser.add_argument("--rounds", default="2,8", help="round limit drawn from this inclusive range")
    parser.add_argument("--players", default="2,7", help="players per game drawn from this inclusive range")
    parser.add_argument("--record-every", type=int, default=10,
                        help="record every Nth game, write its replay and load it back (0: never)")
    parser.add_argument("--workers", type=int, default=0, help="AI planning processes (0: inline)")
    parser.add_argument("--collect-states", action="store_true",
                        help="empty Panda's transform-state cache after each game (what ShowBase does per frame)")
    parser.add_argument("--json", default=None, help="write the whole report here")
    args = parser.parse_args(argv)
    lo, hi = (int(v) for v in args.rounds.split(","))
    pmin, pmax = (int(v) for v in args.players.split(","))
    mib = 1024 * 1024

    def on_game(g) -> None:  # type: ignore[no-untyped-def]
        sys.stderr.write(f"game {g.index + 1:4d}/{args.games} seed {g.seed:10d} {len(g.levels)}p "
                         f"{','.join(g.levels):<40.40} limit {g.round_limit} {g.shots:3d} shots "
                         f"{g.wall_s:6.1f} s  RSS {g.rss_after / mib:6.1f} MiB"
                         f"{'  PROBLEMS: ' + g.problems[0] if g.problems else ''}\n")
        sys.stderr.flush()

    report = run_soak(args.games, args.seed, levels=[v.strip() for v in args.levels.split(",")],
                      workers=args.workers, min_players=pmin, max_players=pmax, rounds=(lo, hi),
                      record_every=args.record_every, collect_states=args.collect_states, on_game=on_game)
    print(report.summary())
    if args.json:
        Path(args.json).write_text(json.dumps(report.to_dict(), indent=1) + "\n")
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
