"""``taw hint FILE``: the coach's shot for a scenario's position, and the ruling it would get."""

from __future__ import annotations

import argparse

from game import argtypes

HELP = "ask the coach (a planning AI) for the best shot from a scenario's position, and why"
LEVELS = ("easy", "medium", "hard")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", type=argtypes.path_arg("FILE"), help="a scenario file (docs/scenario-format.md); its shots are ignored")
    parser.add_argument("--level", choices=LEVELS, default="hard", help="the coach's level (default hard)")
    parser.add_argument("--seed", type=argtypes.seed, default=0, help="seeds the coach's plan (default 0)")
    parser.add_argument("--against", choices=LEVELS, default="medium",
                        help="the level the adversaries' replies are weighed at (default medium: it aims rule 13 shots)")
    parser.add_argument("--json", action="store_true",
                        help='print one object: {"shooter", "shot": {place, direction, speed, spin}, "ruling", "why", '
                             '"safe", "risk": {chance, by, level, kind, gap_m, samples, likely, words, '
                             'every_shot_weighed}}')


def run(args: argparse.Namespace) -> int:
    import json

    from game.coach.hint import hint_for, hint_to_json, hint_to_text
    from game.physics import PhysicsConfig
    from game.scenario.format import load_scenario
    from game.scenario.scenario_report import result_to_json
    from game.rules.ruling_text import ruling_to_text

    scenario = load_scenario(args.file, max_speed=PhysicsConfig().max_shot_speed, require_shot=False)
    hint = hint_for(scenario, args.level, args.seed, args.against)
    if args.json:
        print(json.dumps(hint_to_json(hint, result_to_json(hint.result)), indent=1))
    else:
        print(hint_to_text(hint, ruling_to_text(hint.result.shots[-1].ruling)))
    return 0
