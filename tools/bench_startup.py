#!/usr/bin/env python3
"""Startup: from launching the game to its first finished frame, offscreen, beside its references.

    .venv/bin/python -m tools.bench_startup --launches 5

Each launch is a fresh process timed from just before ``subprocess`` starts
it; the child reports its own stage times.  Side by side, interleaved:

* ``taw``: the desktop app as ``taw play`` builds it (``TawApp``, the menu,
  the person's default settings), offscreen, until the first frame is read
  back; stages: imports, app built (ShowBase, scene, menu), first frame;
* bare ShowBase: an empty offscreen ShowBase and its first frame;
* interpreter: ``python -c pass``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

def _child(imports: str, build: str) -> str:
    """A child process's script: ``imports`` timed, then ``build`` (which makes ``app``), then its first frame read back."""
    return f"""
import time, json, sys
t0 = time.perf_counter()
{imports}
t1 = time.perf_counter()
{build}
t2 = time.perf_counter()
app.taskMgr.step()
app.graphicsEngine.renderFrame()
app.win.getScreenshot()
t3 = time.perf_counter()
print(json.dumps([t1 - t0, t2 - t1, t3 - t2]))
sys.stdout.flush()
app.destroy()
"""


_TAW = _child(r"""import tempfile
from pathlib import Path
from game.app.app import TawApp
from game.app.app_config import AppConfig
from game.app.paths import UserPaths
from game.app.settings import Settings""", r"""root = Path(tempfile.mkdtemp())
app = TawApp(AppConfig(paths=UserPaths.under(root), settings=Settings(), offscreen=True, offscreen_size=(1280, 720)))""")

_BARE = _child(r"""from panda3d.core import loadPrcFileData
loadPrcFileData("", "load-display p3headlessgl\nwindow-type offscreen\naudio-library-name null\n"
                    "notify-level-device fatal\ngl-version 3 2\nwin-size 1280 720\n")
from direct.showbase.ShowBase import ShowBase""", r"""app = ShowBase(windowType="offscreen")""")


def launch(code: str) -> tuple[float, list[float]]:
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    total = time.perf_counter() - started
    proc.wait()
    return total, (json.loads(line) if line.strip() else [])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=5)
    args = parser.parse_args(argv)
    rows: dict[str, list[tuple[float, list[float]]]] = {"taw": [], "bare ShowBase": [], "interpreter": []}
    for _ in range(args.launches):
        rows["taw"].append(launch(_TAW))
        rows["bare ShowBase"].append(launch(_BARE))
        rows["interpreter"].append(launch("pass"))
    base = statistics.median(t for t, _ in rows["bare ShowBase"])
    print(f"median of {args.launches} fresh processes each, interleaved; 1280x720 offscreen")
    for name, runs in rows.items():
        total = statistics.median(t for t, _ in runs)
        stages = ""
        if runs[0][1]:
            med = [statistics.median(r[1][i] for r in runs) for i in range(3)]
            stages = f"  = imports {med[0]:.2f} + built {med[1]:.2f} + first frame {med[2]:.2f} s (+ start)"
        print(f"{name:<14} {total:6.2f} s  x{total / base:4.2f} of bare ShowBase{stages}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
