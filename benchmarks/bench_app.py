"""Frame cost of the desktop app offscreen at the quality it detects: aiming, a shot, the replay viewer.

``.venv/bin/python -m benchmarks.bench_app [--frames 40] [--size 1280x720]``

One app is built at ``--size`` with the first-start defaults, runs the same
quality detection a first start runs (``TawApp.detect_quality``), then plays
into a game and reports the median wall time of a frame
(``taskMgr.step()``, each finished by a read-back whose own cost is taken
off, as ``game.app.scene.detect.measure_frames`` does) in each screen: the title menu, the human's
aim, a shot playing, and the replay viewer watching that shot.  For
reference the same screens are measured in the same run at the old default
(shadows on, 1024 map, no render scale; MSAA cannot change on a live
window, so both runs use the buffer's).  The target: a median of 33 ms or
less in the aim and shot screens.  A screen that does not move on (the
app changed under the benchmark) stops it in one line, exit status 1
(``app_turns.step_until``).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from benchmarks.app_turns import StuckScreen, into_first_turn, shoot_from_aim, step_until
from benchmarks.window_size import window_size


def _frames(app, n: int) -> tuple[float, float]:
    """Median ms of a finished frame over ``n`` frames (after one to settle): wall time, and CPU time.

    Offscreen there is no swap to make llvmpipe finish a frame, so each step
    is followed by a read-back of the picture, whose own cost (measured
    after) is taken off.  The CPU time is every thread of this process
    (llvmpipe's rasterising threads too): on a loaded machine the wall time
    grows with the queue for the cores, the CPU time does not, and an idle
    machine's wall time is at most it.
    """
    from game.app.scene.detect import both_clocks, measure_frames

    wall, cpu = measure_frames(app.taskMgr.step, app.win.getScreenshot, frames=n, warm_up=1, clock=both_clocks)
    return float(wall), float(cpu)


def measure(frames: int, size: tuple[int, int], detect: bool,
            settings=None) -> tuple[dict[str, tuple[float, float]], str]:
    from panda3d.core import ClockObject

    out: dict[str, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        app = build_app(Path(tmp), size, settings)
        clock = ClockObject.getGlobalClock()
        try:
            app.taskMgr.step()
            if detect:
                t = time.perf_counter()
                found = app.detect_quality()
                chosen = f"{found.summary()}; detection took {time.perf_counter() - t:.1f} s"
            else:
                chosen = "shadows medium (1024), render scale 1"
            out["menu"] = _frames(app, frames)
            into_first_turn(app)
            out["aim"] = _frames(app, frames)
            # the aim screen opens aimed at the Sun (the first-turn tip open): Got it, hold the button, let go
            shoot_from_aim(app)
            out["shot"] = _frames(app, min(frames, 60))
            step_until(app, lambda: app.flow.state != "Shot", "the shot to come to rest", frames=3600)
            if not app.watch_replay(whole=False):
                raise SystemExit("bench_app: the last shot could not be watched")
            out["replay"] = _frames(app, frames)
        finally:
            app.destroy()
            clock.setMode(ClockObject.MNormal)
    return out, chosen


def build_app(folder: Path, size: tuple[int, int], settings=None):
    """The app offscreen at ``size`` with its files under ``folder``, the first-start settings unless given; one
    person holding Mercury (the first shot) against the random AI; a fixed 60 frames a second."""
    from panda3d.core import ClockObject

    from game.app.app import TawApp
    from game.app.app_config import AppConfig
    from game.app.paths import UserPaths
    from game.app.session.match_session import MatchSession
    from game.app.settings import Settings

    app = TawApp(AppConfig(paths=UserPaths.under(folder), settings=settings or Settings(), offscreen=True,
                           offscreen_size=size, save_settings=False),
                 session_factory=lambda s: MatchSession(replace(s.with_ai_level("random"), seating=None,
                                                                planet="mercury")))
    clock = ClockObject.getGlobalClock()
    clock.setMode(ClockObject.MNonRealTime)
    clock.setFrameRate(60)
    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--size", type=window_size, default=(1280, 720))
    args = parser.parse_args()
    size = args.size
    from game.app.settings import Settings

    try:
        detected, chosen = measure(args.frames, size, detect=True)
        old, _ = measure(args.frames, size, detect=False, settings=Settings(msaa=0, shadows=True, quality="medium"))
    except StuckScreen as stuck:
        raise SystemExit(f"bench_app: {stuck.code}") from None
    print(f"detected: {chosen}")
    print(f"| screen ({size[0]}x{size[1]}) | detected defaults: wall (CPU) | old defaults (shadows 1024): wall (CPU) "
          "| detected / old (wall) |")
    print("|---|---|---|---|")
    for key in detected:
        (a, a_cpu), (b, b_cpu) = detected[key], old[key]
        print(f"| {key} | {a:.1f} ms ({a_cpu:.1f}) | {b:.1f} ms ({b_cpu:.1f}) | {a / b:.2f} |")


if __name__ == "__main__":
    main()
