#!/usr/bin/env python3
"""File fuzz: seeded mutations of scenario, replay, settings and house-rule files.

    .venv/bin/python -m tools.fuzz_files --per-target 2000 --seed 1 --cli 10 --hostile --render

Each mutant must be refused with one clean line (UserError) or accepted and
then work; settings never fail (defaults with a warning).  ``--cli N`` also
runs N refused mutants of each kind through ``taw`` (exit 2, one stderr
line, no traceback); the atomic-write checks inject a failure into every
step of a save over a good file.  ``--hostile`` adds the aggregate-size
replays, special files and escapes (``hostile_*_checks``); ``--render``
shows every accepted replay in the viewer and exports its first and last
shots offscreen.  Exit status 1 on any problem.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path



def main(argv: list[str] | None = None) -> int:
    from stress.file_fuzz import atomic_write_checks, base_files, cli_check, fuzz_files, mutant_of

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-target", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cli", type=int, default=3, help="refused mutants per kind run through the CLI")
    parser.add_argument("--show", action="store_true", help="print every case")
    parser.add_argument("--hostile", action="store_true",
                        help="also the aggregate-size replays, special files and escapes")
    parser.add_argument("--render", action="store_true",
                        help="export accepted replays offscreen too (needs an EGL/GL driver)")
    args = parser.parse_args(argv)
    bases = base_files()

    def show(case) -> None:  # type: ignore[no-untyped-def]
        if args.show or case.outcome == "crash":
            sys.stderr.write(f"{case.target:<9} {case.outcome:<8} {case.mutation[:60]:<60} {case.message[:100]}\n")

    base = None
    if args.render:
        from game.app.scene.offscreen import make_offscreen_base

        base = make_offscreen_base((64, 48))
    report = fuzz_files(args.seed, args.per_target, bases=bases, on_case=show, base=base)
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
    if args.hostile:
        report.write_checks += _hostile(base)
    print(f"{checked} refused mutants run through the CLI; atomic writes checked in 3 failure points x 2 kinds")
    if base is not None:
        base.destroy()
    return 1 if report.problems() else 0


def _hostile(base) -> list[str]:  # type: ignore[no-untyped-def]
    """Run and print the hostile cases; the ones that crashed or hung, as problems."""
    from stress.file_fuzz import escape_checks, hostile_replay_checks, planted_write_checks, special_file_checks

    with tempfile.TemporaryDirectory(prefix="taw-fuzz-hostile-") as tmp:
        (Path(tmp) / "planted").mkdir()
        rows = hostile_replay_checks(base) + special_file_checks(Path(tmp)) + escape_checks(Path(tmp)) \
            + planted_write_checks(Path(tmp) / "planted")
    for row in rows:
        print(f"  {row.outcome:8} {row.seconds:6.2f} s  {row.case:50} {row.message[:80]}")
    tally = {k: sum(r.outcome == k for r in rows) for k in ("accepted", "refused", "crash", "hang")}
    print(f"{len(rows)} hostile cases: accepted and shown {tally['accepted']}, refused cleanly "
          f"{tally['refused']}, tracebacks {tally['crash']}, hangs {tally['hang']}")
    return [f"hostile {r.case}: {r.outcome}: {r.message}" for r in rows if r.outcome in ("crash", "hang")]


if __name__ == "__main__":
    sys.exit(main())
