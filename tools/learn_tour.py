#!/usr/bin/env python3
"""Render the teaching screenshots offscreen: the shot preview with a warning, the coach's ghost, a lesson.

    .venv/bin/python -m tools.learn_tour docs/screenshots

Plays a seeded game (one random opponent, the player holding Mercury, first
to shoot) and the course's first lessons through the app's own screens.
"""

from __future__ import annotations

import math
import sys
import tempfile
import time
from pathlib import Path

from direct.gui import DirectGuiGlobals as DGG
from panda3d.core import ClockObject, Filename


from tools.tour import screenshot_app


class Driver:
    def __init__(self, app) -> None:
        self.app = app

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.taskMgr.step()

    def click(self, button) -> None:
        self.app.messenger.send(DGG.B1CLICK + button.guiId, [None])
        self.step()

    def press(self, action: str) -> None:
        self.app.messenger.send(f"taw-{action}")
        self.step()

    def until(self, condition, seconds: float = 120.0) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise RuntimeError("timed out")
            self.step()
            time.sleep(0.005)

    def save(self, path: Path) -> Path:
        self.step(3)
        self.app.graphicsEngine.renderFrame()
        self.app.win.saveScreenshot(Filename.fromOsSpecific(str(path)))
        return path


def new_game(d: Driver, opponents: int = 1, seed: int = 3) -> None:
    d.click(d.app.flow.current.buttons["new"])
    screen = d.app.flow.current
    rows = screen.seats.rows
    rows[0].choose("person", "You", "mercury")
    for i, row in enumerate(rows[1:], 1):
        row.choose("ai", "medium") if i <= opponents else row.choose("empty")
    screen.seed_entry.enterText(str(seed))
    d.click(screen.start_button)
    # The hat at once (Space), the setup: the person lays his taw where it lies (Space); then his first turn.
    d.until(lambda: d.app.flow.state == "Aim"
            or (d.app.flow.state in ("HatDrop", "LayTaws") and d.press("fast-forward")))


def panel_under_coach(d: Driver, out: Path) -> Path:
    """From a lesson, back to the list and into lesson 1; the coach's advice, and the lesson's card under it."""
    app = d.app
    d.press("pause")
    d.click(app.pause.menu_button)
    if app.pause.confirm is not None:
        d.click(app.pause.confirm.yes_button)
    d.until(lambda: app.flow.state == "Menu")
    d.click(app.flow.current.buttons["learn"])
    d.click(app.flow.current.rows["01-setup-and-hat"])
    lesson_aim = app.flow.current
    d.until(lambda: lesson_aim.shot_preview.current)
    d.press("coach")
    d.until(lambda: lesson_aim.coach.advice is not None)
    d.step(60)
    return d.save(out / "lesson-01-panel-under-coach.png")


def tour(out: Path, size: tuple[int, int] = (1280, 720)) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        app = screenshot_app(Path(tmp), size)
        d = Driver(app)
        try:
            d.click(app.flow.current.buttons["new"])
            saved.append(d.save(out / "new-game-goal.png"))
            d.click(app.flow.current.back_button)
            new_game(d)
            aim = app.flow.current
            saved.append(d.save(out / "first-turn-tip.png"))
            d.click(aim.tip.ok_button)
            ox, oy = aim.aiming.origin()
            sun = aim.view.positions["sun"]
            aim.aiming.direction = math.degrees(math.atan2(sun[1] - oy, sun[0] - ox)) % 360.0
            aim.aiming.planned = 0.45
            d.until(lambda: aim.shot_preview.current)
            app.view.set_mode("overhead")
            d.step(90)
            saved.append(d.save(out / "preview-warning.png"))
            app.view.set_mode("knuckle")
            d.press("coach")
            d.until(lambda: aim.coach.advice is not None)
            d.press("coach")
            d.until(lambda: aim.shot_preview.current)
            d.step(30)
            saved.append(d.save(out / "coach.png"))
            app.view.set_mode("overhead")
            d.step(90)
            saved.append(d.save(out / "coach-overhead.png"))
            d.press("pause")
            d.click(app.pause.menu_button)
            d.click(app.pause.confirm.yes_button)  # Leave to menu asks first
            d.click(app.flow.current.buttons["learn"])
            saved.append(d.save(out / "lessons.png"))
            d.click(app.flow.current.rows["02-first-shot-inner-ring"])
            lesson_aim = app.flow.current
            d.until(lambda: lesson_aim.shot_preview.current)
            d.step(60)
            saved.append(d.save(out / "lesson.png"))
            saved.append(panel_under_coach(d, out))
        finally:
            app.destroy()
            ClockObject.getGlobalClock().setMode(ClockObject.MNormal)
    return saved


if __name__ == "__main__":
    for path in tour(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")):
        print(path)
