"""The desktop game's command-line options, shared by ``taw play`` and the frozen build's entry point.

Light on purpose: ``taw`` builds every command's parser on each run, and
the frozen build cannot reach ``game.cli`` (it finds its commands on disk).
"""

from __future__ import annotations

import argparse

from game import argtypes


def add_play_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=argtypes.seed, default=None,
                        help="seed for the match (default: random from the clock)")
    parser.add_argument("--windowed", action="store_true", help="start in a window even if the settings say fullscreen")
    parser.add_argument("--smoke-test", metavar="PNG", default=None, type=argtypes.path_arg("--smoke-test"),
                        help="check a build: show the title screen (with --seats, the first person's turn), "
                             "save it to PNG and quit")
    parser.add_argument("--seats", metavar="LIST", default=None,
                        help='start a game at once with these 2 to 7 seats, e.g. "Ann,Bob,hard,easy": a word that is '
                             "an AI level (easy, medium, hard, random) is an AI, any other word a person's name")
