#!/usr/bin/env python3
"""GUI soak: the desktop app offscreen, driven by seeded random keys, clicks and aim moves.

    .venv/bin/python -m tools.gui_soak --frames 5000 --seed 1
    .venv/bin/python -m tools.gui_soak --frames 3000 --seed 2 --fault full-disk   # or read-only, settings-file
    .venv/bin/python -m tools.gui_soak --frames 1000 --seed 2 --root /mnt/full/app   # a disk already full

Prints the states entered, every exception, and the scene graph's census
(nodes, tasks, events listened, DirectGUI widgets) in the menu before and
after.  Exit status 1 on an exception or a changed census.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path



def main(argv: list[str] | None = None) -> int:
    from stress.fs_faults import Fault
    from stress.gui_soak import gui_soak

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="random", help="the AI opponents' level (random needs no planner)")
    parser.add_argument("--fault", choices=[f.value for f in Fault], default=None,
                        help="run on a faulty file system: read-only, a disk that fills, a settings folder that is a file")
    parser.add_argument("--root", type=Path, default=None,
                        help="build the app's config and data folders here (an existing folder, say on a disk "
                             "already full) instead of in a fresh temporary folder")
    args = parser.parse_args(argv)
    levels = tuple([args.levels] * 6)
    fault = Fault(args.fault) if args.fault else None
    progress = lambda f, s: sys.stderr.write(f"frame {f} {s}\n")  # noqa: E731
    if args.root is not None:
        report = gui_soak(args.seed, args.frames, args.root, levels=levels, on_progress=progress, fault=fault)
    else:
        with tempfile.TemporaryDirectory(prefix="taw-gui-soak-") as tmp:
            report = gui_soak(args.seed, args.frames, Path(tmp), levels=levels, on_progress=progress, fault=fault)
    print(report.summary())
    return 1 if report.errors or report.leaked else 0


if __name__ == "__main__":
    sys.exit(main())
