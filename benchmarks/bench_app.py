"""Frame cost of the desktop app offscreen (llvmpipe): menu, aiming, a shot playing back.

``/work/venv/bin/python benchmarks/bench_app.py [--frames 60]`` prints the
median wall time of ``taskMgr.step()`` in each screen, with shadows on and
off, side by side in one run, plus the HUD's own update cost.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def measure(frames: int, shadows: bool, size: tuple[int, int]) -> dict[str, float]:
    from panda3d.core import ClockObject

    from game.app.app import TawApp
    from game.app.config import AppConfig
    from game.app.paths import UserPaths
    from game.app.session.match_session import MatchSession
    from game.app.settings import Settings

    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(msaa=0, shadows=shadows, quality="medium")
        app = TawApp(AppConfig(paths=UserPaths.under(Path(tmp)), settings=settings, offscreen=True,
                               offscreen_size=size, save_settings=False),
                     session_factory=lambda s: MatchSession(replace(s, levels=("random",) * 6, planet="mercury")))
        clock = ClockObject.getGlobalClock()
        clock.setMode(ClockObject.MNonRealTime)
        clock.setFrameRate(60)

        def timed(n: int) -> float:
            times = []
            for _ in range(n):
                t = time.perf_counter()
                app.taskMgr.step()
                times.append(time.perf_counter() - t)
            return statistics.median(times)

        try:
            app.taskMgr.step()
            out["menu"] = timed(frames)
            app.flow.request("NewGame")
            app.flow.current.start()
            app.messenger.send("taw-fast-forward")
            app.taskMgr.step()
            assert app.flow.state == "Aim", app.flow.state
            out["aim"] = timed(frames)
            hud = app.game.hud
            t = time.perf_counter()
            for _ in range(200):
                app.game.refresh_hud(power=0.5)
            out["hud refresh"] = (time.perf_counter() - t) / 200
            app.flow.current.direction = app.flow.current._initial_direction()
            app.messenger.send("taw-shoot-press")
            for _ in range(45):
                app.taskMgr.step()
            app.messenger.send("taw-shoot-release")
            app.taskMgr.step()
            out["shot playback"] = timed(min(frames, 60))
            del hud
        finally:
            app.destroy()
            clock.setMode(ClockObject.MNormal)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--size", default="800x450")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    with_shadows = measure(args.frames, True, size)
    without = measure(args.frames, False, size)
    print(f"| what ({size[0]}x{size[1]}, llvmpipe) | shadows on | shadows off | on / off |")
    print("|---|---|---|---|")
    for key in with_shadows:
        a, b = with_shadows[key], without[key]
        print(f"| {key} | {a * 1000:.2f} ms | {b * 1000:.2f} ms | {a / b:.2f} |")


if __name__ == "__main__":
    main()
