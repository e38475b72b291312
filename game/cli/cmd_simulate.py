"""``taw simulate``: one whole AI match, headless, written as a replay."""

from __future__ import annotations

import argparse
import signal
import sys

from game import argtypes
from game.cli.ai_seats import seat_levels_and_workers

HELP = "play a whole match between AI levels headless and write its replay"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", default="hard,easy",
                        help="comma-separated AI levels, one per seat in order (random, easy, medium, hard)")
    parser.add_argument("--seed", type=argtypes.seed, default=0, help="seed for the hat, the AIs' hands and their plans")
    parser.add_argument("--out", default=None, type=argtypes.path_arg("--out"), help="write the replay here (default: no file)")
    parser.add_argument("--workers", type=argtypes.bounded("workers", int, 0, 4096), default=2,
                        help="planning processes (default 2; 0: plan inline; at most one per core)")
    parser.add_argument("--rounds", type=argtypes.rounds, default=None,
                        help="house-rule round limit after which the match ends (default 0: none, the game ends by the rules)")
    parser.add_argument("--quiet", action="store_true", help="no progress, only the result")


def _stop(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


def run(args: argparse.Namespace) -> int:
    from game.fileio import check_writable

    levels, workers = seat_levels_and_workers(args)
    if args.out is not None:
        check_writable(args.out)

    from game.ai.headless import play_game
    from game.ai.terminal_progress import Progress
    from game.ai.workers import PlannerPool

    progress = Progress(total=0, label="shot", enabled=not args.quiet)
    tty = progress.is_tty and not args.quiet

    def on_shot(info: dict) -> None:
        line = (f"shot {info['shot']:3d} round {info['round']:2d} {info['level']:>6}({info['planet']}) "
                f"{info['decision_s']:5.2f}s  {info['summary']}")
        if tty:
            progress.stream.write("\r" + line[:110].ljust(110))
            progress.stream.flush()
        elif not args.quiet:
            progress.stream.write(line + "\n")
            progress.stream.flush()

    signal.signal(signal.SIGTERM, _stop)  # the pool closes its workers on the way out
    with PlannerPool(workers, warm_modules=("game.ai.rollout",)) as pool:
        # With --out the replay is written as the game goes: killed part-way, the file holds every shot played.
        result = play_game(levels, seed=args.seed, pool=pool, on_shot=on_shot,
                           round_limit=args.rounds, record=args.out is not None, out=args.out)
    if tty:
        sys.stderr.write("\n")
    if args.out is not None:
        print(f"replay written to {args.out}")
    print(result.summary())
    return 0
