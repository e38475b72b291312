"""Render the README's screenshots offscreen: menu, aiming, overhead, a replay watched, game over.

``python -m game.app.tour OUT_DIR`` plays a short seeded game against the
AI layer's random level and saves menu.png, aiming.png, overhead.png,
watching-replay.png and game-over.png.  Used to refresh docs/screenshots/ and to look at changes.
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from direct.gui import DirectGuiGlobals as DGG
from panda3d.core import ClockObject, Filename

from game.app.config import AppConfig
from game.app.paths import UserPaths
from game.app.settings import Settings


def tour(out: Path, size: tuple[int, int] = (1280, 720), seed: int = 12) -> list[Path]:
    from game.app.app import TawApp
    from game.app.session import MatchSession

    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        config = AppConfig(paths=UserPaths.under(Path(tmp)), settings=Settings(msaa=4, shadows=True, quality="high"),
                           offscreen=True, offscreen_size=size, save_settings=False)
        app = TawApp(config, session_factory=lambda s: MatchSession(replace(s, levels=("random",) * 6)))
        clock = ClockObject.getGlobalClock()
        clock.setMode(ClockObject.MNonRealTime)
        clock.setFrameRate(60)

        def step(n: int = 1) -> None:
            for _ in range(n):
                app.taskMgr.step()

        def click(button) -> None:
            app.messenger.send(DGG.B1CLICK + button.guiId, [None])
            step()

        def send(action: str, frames: int = 1) -> None:
            app.messenger.send(f"taw-{action}")
            step(frames)

        def shoot(name: str) -> None:
            step(2)
            path = out / name
            app.win.saveScreenshot(Filename.fromOsSpecific(str(path)))
            saved.append(path)

        try:
            step(90)
            shoot("menu.png")
            click(app.flow.current.buttons["new"])
            screen = app.flow.current
            while screen.opponents.value != 3:
                click(screen.opponents.button)
            while screen.planet.value != "earth":
                click(screen.planet.button)
            while screen.round_limit.value != 3:
                click(screen.round_limit.button)
            screen.seed_entry.enterText(str(seed))
            click(screen.start_button)
            shots_by_human = 0
            watched = False
            for _ in range(6000):
                state = app.flow.state
                if state == "GameOver":
                    break
                if state == "Aim":
                    aim = app.flow.current
                    if shots_by_human == 0:
                        aim.direction = (aim.direction + 1.0) % 360.0
                        app.messenger.send("taw-shoot-press")
                        step(40)
                        app.view.snap()
                        shoot("aiming.png")
                        app.messenger.send("taw-shoot-release")
                    elif shots_by_human == 1:
                        send("overhead", 40)
                        shoot("overhead.png")
                        app.messenger.send("taw-shoot-press")
                        step(35)
                        app.messenger.send("taw-shoot-release")
                    else:
                        app.messenger.send("taw-shoot-press")
                        step(30)
                        app.messenger.send("taw-shoot-release")
                    shots_by_human += 1
                    step()
                elif state in ("HatDrop", "Thinking", "Shot"):
                    send("fast-forward")
                elif state == "Ruling":
                    step(10)
                    if shots_by_human == 2 and not watched:
                        send("replay-last", 75)  # R: the last shot again, in the viewer over the game
                        shoot("watching-replay.png")
                        app.messenger.send("escape")
                        step(2)
                        watched = True
                    send("fast-forward")
                else:
                    step()
            step(30)
            shoot("game-over.png")
        finally:
            app.destroy()
            clock.setMode(ClockObject.MNormal)
    return saved


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots")
    for path in tour(target):
        print(path)
