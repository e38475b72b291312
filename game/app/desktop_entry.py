"""The frozen desktop build's entry point (``build_apps`` gui_apps).

A frozen app cannot list ``game.cli``'s command modules from the file
system, so it starts the game directly, with ``taw play``'s options
(``play_options``), and imports nothing from the CLI.
"""

import argparse
import multiprocessing
import sys

# The frozen build carries libpandaegg only as a dependency, not as the loader
# plugin Panda looks for by name; importing the module registers the .egg loader.
import panda3d.egg  # noqa: F401

from game.app.main import launch
from game.app.play_options import add_play_options
from game.errors import UserError

PROG = "sun-planet-taw"


def main(argv: list[str] | None = None) -> int:
    """The game, or one line on stderr and its exit status, as ``taw`` does (no traceback)."""
    parser = argparse.ArgumentParser(prog=PROG)
    add_play_options(parser)
    try:
        return launch(parser.parse_args(argv))
    except UserError as err:
        sys.stderr.write(f"{PROG}: error: {err}\n")
        return err.exit_code


if __name__ == "__main__":
    multiprocessing.freeze_support()  # the AI's planner pool spawns worker processes
    sys.exit(main())
