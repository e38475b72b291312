"""What ``taw simulate`` and ``taw tournament`` both read: the seats' AI levels and the workers."""

from __future__ import annotations

import argparse
import sys


def seat_levels_and_workers(args: argparse.Namespace) -> tuple[list[str], int]:
    """The level names from ``--players`` and the usable ``--workers`` (a note on stderr when capped)."""
    from game.ai.levels import parse_levels
    from game.ai.workers import capped_workers

    levels = parse_levels(args.players)
    workers, note = capped_workers(args.workers)
    if note:
        sys.stderr.write(f"taw: note: {note}\n")
    return [level.name for level in levels], workers
