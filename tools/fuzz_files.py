#!/usr/bin/env python3
"""File fuzz: seeded mutations of scenario, replay, settings and house-rule files.

    /work/venv/bin/python tools/fuzz_files.py --per-target 2000 --seed 1 --cli 10

Each mutant must be refused with one clean line (UserError) or accepted and
then work; settings never fail (defaults with a warning).  ``--cli N`` also
runs N refused mutants of each kind through ``taw`` (exit 2, one stderr
line, no traceback); the atomic-write checks inject a failure into every
step of a save over a good file.  Exit status 1 on any problem.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    from game.stress.file_fuzz import atomic_write_checks, base_files, cli_check, fuzz_files, mutant_of

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-target", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cli", type=int, default=3, help="refused mutants per kind run through the CLI")
    parser.add_argument("--show", action="store_true", help="print every case")
    args = parser.parse_args(argv)
    bases = base_files()

    def show(case) -> None:  # type: ignore[no-untyped-def]
        if args.show or case.outcome == "crash":
            sys.stderr.write(f"{case.target:<9} {case.outcome:<8} {case.mutation[:60]:<60} {case.message[:100]}\n")

    report = fuzz_files(args.seed, args.per_target, bases=bases, on_case=show)
    with tempfile.TemporaryDirectory(prefix="taw-fuzz-cli-") as tmp:
        folder = Path(tmp)
        report.write_checks += atomic_write_checks(folder)
        commands = {"scenario": lambda p: ["scenario", str(p)],
                    "replay": lambda p: ["replay", str(p)],
                    "house": lambda p: ["match", "--players", "2", "--rounds", "1", "--house-rules", str(p)]}
        for target, argv_of in commands.items():
            refused = [c for c in report.cases if c.target == target and c.outcome == "refused"][:args.cli]
            for case in refused:
                _name, _mutation, data = mutant_of(case.seed, target, bases)
                path = folder / f"cli_{case.seed}_{case.base}"
                path.write_bytes(data)
                problem = cli_check(argv_of(path))
                if problem:
                    report.cli_checks.append(f"{problem} (mutant seed {case.seed})")
        checked = sum(min(args.cli, len([c for c in report.cases if c.target == t and c.outcome == "refused"]))
                      for t in commands)
    print(report.summary())
    print(f"{checked} refused mutants run through the CLI; atomic writes checked in 3 failure points x 2 kinds")
    return 1 if report.problems() else 0


if __name__ == "__main__":
    sys.exit(main())
