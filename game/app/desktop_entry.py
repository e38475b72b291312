"""The frozen desktop build's entry point (``build_apps`` gui_apps).

A frozen app cannot list ``game.cli``'s command modules from the file
system, so it starts the game directly instead of through the CLI.
"""

import argparse
import multiprocessing
import sys

# The frozen build carries libpandaegg only as a dependency, not as the loader
# plugin Panda looks for by name; importing the module registers the .egg loader.
import panda3d.egg  # noqa: F401

from game.app.main import launch

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the AI's planner pool spawns worker processes
    parser = argparse.ArgumentParser(prog="sun-planet-taw")
    from game.cli.cmd_play import configure

    configure(parser)
    sys.exit(launch(parser.parse_args()))
