#!/usr/bin/env python3
"""Profile the desktop app's frames offscreen: the menu, then a game between random AIs.

    .venv/bin/python -m tools.profile_frame --menu-frames 60 --game-frames 400 --size 640x360

Prints the cProfile functions by own time (``tottime``) for the frames
alone (building the app is not counted) and the median frame time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path



def main(argv: list[str] | None = None) -> int:
    from dataclasses import replace

    from panda3d.core import ClockObject

    from game.app.app import TawApp
    from game.app.app_config import AppConfig
    from game.app.session.game_setup import GameSetup
    from game.app.paths import UserPaths
    from game.app.session.match_session import MatchSession
    from game.app.settings import Settings

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--menu-frames", type=int, default=60)
    parser.add_argument("--game-frames", type=int, default=400)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--quality", default="low", help="low, medium or high (the settings' quality)")
    parser.add_argument("--top", type=int, default=18)
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    settings = replace(Settings(), quality=args.quality, shadows=args.quality != "low",
                       msaa=0 if args.quality == "low" else Settings().msaa)
    with tempfile.TemporaryDirectory() as tmp:
        app = TawApp(AppConfig(paths=UserPaths.under(Path(tmp)), settings=settings, offscreen=True,
                               offscreen_size=(w, h)),
                     session_factory=lambda s: MatchSession(s.with_ai_level("random"), seed=5))
        clock = ClockObject.getGlobalClock()
        clock.setMode(ClockObject.MNonRealTime)
        clock.setFrameRate(60)
        for _ in range(3):
            app.taskMgr.step()
        times: dict[str, list[float]] = {"menu": [], "game": []}
        profile = cProfile.Profile()

        def frames(label: str, n: int) -> None:
            for _ in range(n):
                started = time.perf_counter()
                profile.enable()
                app.taskMgr.step()
                profile.disable()
                times[label].append(time.perf_counter() - started)

        frames("menu", args.menu_frames)
        app.flow.request("NewGame")
        app.taskMgr.step()
        app.flow.request("HatDrop", GameSetup(opponents=2, human=False, house_rules={"round_limit": 3}))
        frames("game", args.game_frames)
        states = sorted(set(app.flow.history))
        app.destroy()
    for label, values in times.items():
        print(f"{label}: median frame {statistics.median(values) * 1000:.1f} ms over {len(values)} frames")
    print("states:", ", ".join(states))
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(args.top)
    print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
