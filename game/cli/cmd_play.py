"""``taw play``: the desktop game (the default command)."""

from __future__ import annotations

import argparse

HELP = "play the desktop game (the default when no command is given)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=None, help="seed for the match (default: random from the clock)")


def run(args: argparse.Namespace) -> int:
    try:
        from game.app.main import launch  # noqa: F401  (the desktop app, issue 5)
    except ImportError:
        print("The desktop game is not built yet. Try 'taw scenario FILE' for a headless trick shot, "
              "or 'taw --help' for every command.")
        return 1
    return launch(args)
