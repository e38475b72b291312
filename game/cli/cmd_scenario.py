"""``taw scenario FILE``: play a trick-shot scenario headless and hear the referee."""

from __future__ import annotations

import argparse

from game import argtypes

HELP = "play a trick-shot scenario (TOML) headless to rest and print the events and rulings"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", type=argtypes.path_arg("FILE"), help="the scenario file (see docs/scenario-format.md)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the referee's words")


def run(args: argparse.Namespace) -> int:
    import json

    from game.errors import printable

    from game.physics import PhysicsConfig
    from game.scenario.format import load_scenario
    from game.scenario.scenario_report import result_to_json, result_to_text
    from game.scenario.run import run_scenario

    cap = PhysicsConfig().max_shot_speed
    scenario = load_scenario(args.file, max_speed=cap)
    config = PhysicsConfig.for_game(scenario.layout, scenario.house)
    result = run_scenario(scenario, config)
    if args.json:
        print(json.dumps(result_to_json(result), indent=1))
    else:
        # A description or a name from the file may hold an escape sequence: each line printed escaped.
        print("\n".join(printable(line) for line in result_to_text(result).splitlines()))
    return 0
