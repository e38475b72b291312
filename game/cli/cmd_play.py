"""``taw play``: the desktop game (the default command)."""

from __future__ import annotations

import argparse

HELP = "play the desktop game (the default when no command is given)"


def configure(parser: argparse.ArgumentParser) -> None:
    from game.app.play_options import add_play_options

    add_play_options(parser)


def run(args: argparse.Namespace) -> int:
    from game.app.main import launch

    return launch(args)
