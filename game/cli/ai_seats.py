"""What ``taw simulate`` and ``taw tournament`` both read: the seats' AI levels, the workers, the round limit."""

from __future__ import annotations

import argparse
import sys

from game.errors import UserError


def seat_levels_and_workers(args: argparse.Namespace) -> tuple[list[str], int]:
    """The level names from ``--players`` and the usable ``--workers`` (a note on stderr when capped)."""
    from game.ai.levels import parse_levels
    from game.ai.workers import capped_workers

    levels = parse_levels(args.players)
    workers, note = capped_workers(args.workers)
    if note:
        sys.stderr.write(f"taw: note: {note}\n")
    if args.rounds is not None and args.rounds < 1:
        raise UserError(f"--rounds must be at least 1, not {args.rounds}")
    return [level.name for level in levels], workers
