"""``taw tournament``: many headless AI matches with seats rotated; a win table."""

from __future__ import annotations

import argparse
import json
import sys

from game import argtypes
from game.cli.ai_seats import seat_levels_and_workers

HELP = "play many headless AI matches with seats rotated and print a win table"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", default="hard,easy", help="comma-separated AI levels, one per seat")
    parser.add_argument("--games", type=argtypes.games, default=40, help="number of matches (seats rotate each game)")
    parser.add_argument("--seed", type=argtypes.seed, default=0, help="seed of the whole tournament")
    parser.add_argument("--first-game", type=argtypes.bounded("first game", int, 1, argtypes.MAX_GAMES), default=1,
                        help="play the tournament's games from this one on (each game is seeded by its number alone)")
    parser.add_argument("--workers", type=argtypes.bounded("workers", int, 0, 4096), default=1,
                        help="processes playing games side by side (each plans inline)")
    parser.add_argument("--rounds", type=argtypes.rounds, default=None, help="round limit per match (house rule; default 0: none, games end by the rules)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")


def run(args: argparse.Namespace) -> int:
    levels, workers = seat_levels_and_workers(args)

    from game.ai.terminal_progress import Progress
    from game.ai.tournament import format_table, run_tournament

    progress = Progress(total=args.games, label="games", stream=sys.stderr)

    def on_game(done: int, note: str) -> None:
        progress.update(done, note)

    summary = run_tournament(levels, games=args.games, seed=args.seed,
                             workers=workers, round_limit=args.rounds, first=args.first_game - 1, on_game=on_game)
    progress.finish()
    if args.json:
        print(json.dumps(summary.to_json(), sort_keys=True))
    else:
        print(format_table(summary))
    return 0
