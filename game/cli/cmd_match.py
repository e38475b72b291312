"""``taw match``: a whole headless game between random players, told shot by shot."""

from __future__ import annotations

import argparse

from game import argtypes

HELP = "play a whole headless game between random-shot players (the match loop's baseline)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=3, metavar="N", help="how many players, 2 to 7 (default 3)")
    parser.add_argument("--seed", type=argtypes.seed, default=0, help="seed of the hat and the players (default 0)")
    parser.add_argument("--rounds", type=argtypes.rounds, default=20, metavar="R",
                        help="round limit: then the richest player wins (default 20; 0 for none)")
    parser.add_argument("--house-rules", metavar="FILE", type=argtypes.path_arg("--house-rules"), help="a TOML file with a [house_rules] table")
    parser.add_argument("--json", action="store_true", help="print one JSON object with every shot's ruling")


def run(args: argparse.Namespace) -> int:
    import json
    from dataclasses import replace

    from game.errors import UserError
    from game.match.hat import hat_summary
    from game.match.match import Match, ShotResult
    from game.match.players import RandomPlayer
    from game.rules.house import HouseRules
    from game.rules.names import who
    from game.rules.ruling_text import ruling_to_json, ruling_to_text

    if not 2 <= args.players <= 7:
        raise UserError(f"--players: must lie between 2 and 7, not {args.players}")
    if args.rounds < 0:
        raise UserError(f"--rounds: must not be negative, not {args.rounds}")
    house = HouseRules.from_toml(args.house_rules) if args.house_rules is not None else HouseRules()
    house = replace(house, round_limit=args.rounds)
    people = {f"player {i + 1}": RandomPlayer(args.seed * 1000 + i) for i in range(args.players)}
    match = Match.from_hat(people, seed=args.seed, house=house)
    shots = []

    def tell(result: ShotResult) -> None:
        if args.json:
            shots.append({"shot": result.number, "round": result.round + 1, "shooter": result.shooter, "direction": result.shot.direction,
                          "speed": result.shot.speed, "start": list(result.start),
                          **ruling_to_json(result.ruling)})
            return
        print(f"Shot {result.number} (round {result.round + 1}): {who(result.shooter)} "
              f"({match.names[result.shooter]}) at {result.shot.speed:.2f} m/s towards {result.shot.direction:.0f}°")
        for line in ruling_to_text(result.ruling).splitlines():
            print("  " + line)

    if not args.json and match.hat is not None:
        print("\n".join(hat_summary(match.hat)))
    match.run(tell)
    state = match.state
    if args.json:
        print(json.dumps({
            "seed": args.seed,
            "players": {p: match.names[p] for p in state.players},
            "winner": state.winner,
            "rounds": state.round,
            "purses": dict(state.purses),
            "stakes": state.stakes,
            "standings": match.standings(),
            "shots": shots,
        }, indent=1))
    else:
        ranking = ", ".join(f"{who(p)} {worth}" for p, worth in match.standings())
        print(f"Game over after {len(match.history)} shots: "
              f"{who(state.winner) + ' wins' if state.winner else 'no winner'}. Marbles: {ranking}.")
    return 0
