#!/usr/bin/env python3
"""Physics fuzz: seeded random shots up to the cap, from every orbit, into crowded tables.

    .venv/bin/python -m tools.fuzz_physics --cases 2000 --seed 1
    .venv/bin/python -m tools.fuzz_physics --cases 300 --ground rough --roughness 8 --ground-seed 3
    .venv/bin/python -m tools.fuzz_physics --cases 500 --seed 1 --first 500    # the 2nd quarter of the first line's

Exit status 1 if any check failed; each problem names the case's seed
(``stress.physics_fuzz.build_case(seed, cap)`` rebuilds it).
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    from stress.physics_fuzz import fuzz_physics

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ground", choices=("smooth", "rough"), default="smooth",
                        help="the ground the shots roll on (rough: also fires each shot with the taw alone, "
                             "and no frame may find it 1 mm off the ground)")
    parser.add_argument("--roughness", type=float, default=3.0, help="rough ground's roughness, mm (default 3)")
    parser.add_argument("--ground-seed", type=int, default=1, help="which rough ground (default 1)")
    parser.add_argument("--first", type=int, default=0,
                        help="start at this case (0-based) of the seed's stream: --first 0 --cases 500 then "
                             "--first 500 --cases 500 run the cases of one --cases 1000")
    parser.add_argument("--graze-sweep", action="store_true",
                        help="instead: which sideways offsets of a shot at a lone marble meet nothing")
    args = parser.parse_args(argv)
    if args.graze_sweep:
        from stress.physics_fuzz import graze_sweep

        offsets = [k * 0.25 for k in range(64)]
        for speed in (3.8, 3.0, 2.0):
            for direction in (0.0, 17.0, -135.36):
                missed = graze_sweep(speed, direction, offsets)
                print(f"{speed} m/s toward {direction:7.2f}: missed offsets (mm of a 16 mm reach): "
                      f"{', '.join(f'{m:.2f}' for m in missed) or 'none'}")
        return 0

    def progress(k: int) -> None:
        if (k + 1) % 250 == 0:
            sys.stderr.write(f"{k + 1}/{args.cases}\n")

    from game.physics.terrain import GroundError, Terrain

    try:
        ground = Terrain.rough(args.roughness, args.ground_seed) if args.ground == "rough" else Terrain()
    except GroundError as err:
        parser.error(str(err))
    if args.cases < 0 or args.first < 0:
        parser.error("--cases and --first must be >= 0")
    report = fuzz_physics(args.seed, args.cases, on_case=progress, ground=ground, first=args.first)
    print(report.summary())
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
