"""``taw play``: the desktop game (the default command)."""

from __future__ import annotations

import argparse

from game.cli import argtypes

HELP = "play the desktop game (the default when no command is given)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=argtypes.seed, default=None, help="seed for the match (default: random from the clock)")
    parser.add_argument("--windowed", action="store_true", help="start in a window even if the settings say fullscreen")
    parser.add_argument("--smoke-test", metavar="PNG", default=None, type=argtypes.path_arg("--smoke-test"),
                        help="check a build: show the title screen, save it to PNG and quit")


def run(args: argparse.Namespace) -> int:
    from game.app.main import launch

    return launch(args)
