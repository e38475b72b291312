#!/usr/bin/env python3
"""Render issue 40's screenshots offscreen: aiming by pointing from above, the zoom, the ghost ball, the eye
risen over a ball behind the taw, the colour-blind markers and the sharpened half-scale picture.

    .venv/bin/python -m tools.aim_tour docs/screenshots

One seeded game against the AI layer's random level, driven through the aim screen's own pointer methods.
"""

from __future__ import annotations

import dataclasses
import math
import sys
import tempfile
import time
from pathlib import Path

from direct.gui import DirectGuiGlobals as DGG
from panda3d.core import ClockObject, Filename, LPoint2f, LPoint3f

from game.app.input.aiming import aim_towards, first_contact
from game.app.screens.aim_pointer import FINE
from game.match.table import body_radius
from tools.tour import screenshot_app


class _Walk:
    def __init__(self, app, out: Path) -> None:
        self.app, self.out, self.saved = app, out, []

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.taskMgr.step()

    def send(self, action: str, frames: int = 1) -> None:
        self.app.messenger.send(f"taw-{action}")
        self.step(frames)

    def click(self, button) -> None:
        self.app.messenger.send(DGG.B1CLICK + button.guiId, [None])
        self.step()

    def shoot(self, name: str) -> None:
        self.step(2)
        path = self.out / name
        self.app.win.saveScreenshot(Filename.fromOsSpecific(str(path)))
        self.saved.append(path)

    def screen(self, x: float, y: float, z: float = 0.0) -> tuple[float, float]:
        app = self.app
        point = LPoint2f()
        app.camLens.project(app.cam.getRelativePoint(app.render, LPoint3f(x, y, z)), point)
        return point.x, point.y

    def preview(self, aim, seconds: float = 30.0) -> None:
        """Frames until the preview of the shot as aimed is drawn (the worker answers in real time)."""
        end = time.monotonic() + seconds
        while not aim.shot_preview.current and time.monotonic() < end:
            self.step()
            time.sleep(0.01)
        self.step(3)

    def to_aim(self, seed: int):
        app = self.app
        self.step(5)
        self.click(app.flow.current.buttons["new"])
        screen = app.flow.current
        rows = screen.seats.rows
        rows[0].choose("person", "You", "mercury")
        rows[1].choose("ai", "medium")
        rows[2].choose("ai", "medium")
        for row in rows[3:]:
            row.choose("empty")
        screen.seed_entry.enterText(str(seed))
        self.click(screen.start_button)
        for _ in range(3000):
            if app.flow.state == "Aim":
                break
            self.send("fast-forward")
        aim = app.flow.current
        if aim.tip is not None and aim.tip.shown:
            self.click(aim.tip.ok_button)
        return aim


def clear_ball(aim, near: float, far: float) -> str:
    origin, bodies = aim.aiming.origin(), aim.aiming.bodies()
    for body, (centre, _r) in sorted(bodies.items(), key=lambda kv: math.dist(kv[1][0], origin)):
        hit = first_contact(origin, aim_towards(origin, centre), aim.view.layout.marble_radius, bodies, 3.0)
        if near <= math.dist(centre, origin) <= far and body != "sun" and hit is not None and hit.body == body:
            return body
    raise SystemExit("no clear ball at that range")


def pointing(walk: _Walk, aim) -> None:
    """A full hit by a click from above, then a thin cut by Shift-dragging, zoomed in on the ball."""
    walk.send("overhead", 2)
    walk.app.view.rig.snap()
    ball = clear_ball(aim, 0.7, 1.6)
    centre = aim.view.positions[ball]
    aim.aiming.planned = 0.55
    aim.pointer.overhead_press(*walk.screen(*centre))
    walk.send("shoot-release")
    walk.preview(aim)
    walk.shoot("aim-pointer-full-hit.png")
    for _ in range(9):
        aim.pointer.zoom_at(*walk.screen(*centre), 1)
        walk.app.view.rig.snap()
    walk.step(2)
    x, y = walk.screen(*centre)
    aim.pointer.overhead_press(x, y)
    aim.pointer.fine = lambda: FINE
    layout = aim.view.layout
    reach = layout.marble_radius + body_radius(layout, ball)
    origin = aim.aiming.origin()
    for px in range(1, 2000):
        aim.pointer.overhead_drag(x + 2.0 * px / walk.app.win.getXSize(), y)
        a = math.radians(aim.aiming.direction)
        off = abs((centre[0] - origin[0]) * math.sin(a) - (centre[1] - origin[1]) * math.cos(a))
        if off > 0.75 * reach:
            break
    del aim.pointer.fine
    walk.send("shoot-release")
    walk.preview(aim)
    walk.shoot("aim-zoom-thin-cut.png")
    walk.send("overhead", 40)   # back down: the same thin cut from the knuckle, its ghost ball
    walk.app.view.rig.snap()
    walk.preview(aim)
    walk.shoot("ghost-ball-low.png")
    walk.send("sight", 3)       # Z: the sight, zoomed on the aim point: the ghost drawn large
    walk.app.view.rig.snap()
    walk.shoot("ghost-ball-sight.png")
    walk.send("sight", 3)


def risen(walk: _Walk, aim) -> None:
    """The Sun resting against the back of the taw: the low eye rises over it."""
    layout = aim.view.layout
    ox, oy = aim.aiming.origin()
    a = math.radians(aim.aiming.direction)
    gap = layout.marble_radius + layout.sun_radius + 5e-4
    aim.view = dataclasses.replace(aim.view, positions={**aim.view.positions,
                                                        "sun": (ox - math.cos(a) * gap, oy - math.sin(a) * gap)})
    aim.shot_preview.state = dataclasses.replace(aim.shot_preview.state, positions=dict(aim.view.positions))
    walk.step(3)
    walk.app.view.rig.snap()
    walk.preview(aim)
    walk.shoot("clear-view-risen.png")


def colour_blind(walk: _Walk) -> None:
    app = walk.app
    app.apply_settings(dataclasses.replace(app.settings, palette="colour-blind"))
    walk.send("overhead", 2)
    app.view.rig.snap()
    walk.shoot("markers-colour-blind.png")
    walk.send("overhead", 2)
    app.apply_settings(dataclasses.replace(app.settings, palette="standard"))


def half_scale(walk: _Walk) -> None:
    walk.app.render_scale.set_scale(0.5)
    walk.app.view.rig.snap()
    walk.shoot("knuckle-half-scale-sharpened.png")
    walk.app.render_scale.set_scale(1.0)


def lesson_one(walk: _Walk) -> None:
    """The first lesson as it opens: the taw inside Mercury's orbit, aimed at the centre, the panel's words."""
    app = walk.app
    walk.send("pause")
    walk.click(app.pause.menu_button)
    walk.click(app.pause.confirm.yes_button)
    walk.click(app.flow.current.buttons["learn"])
    walk.click(app.flow.current.rows["01-setup-and-hat"])
    walk.preview(app.flow.current)
    app.view.rig.snap()
    walk.shoot("lesson-01-opening.png")


def main(out: Path, size: tuple[int, int] = (1280, 720), seed: int = 12) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = screenshot_app(Path(tmp), size)
        walk = _Walk(app, out)
        try:
            aim = walk.to_aim(seed)
            pointing(walk, aim)
            half_scale(walk)
            colour_blind(walk)
            risen(walk, aim)
            lesson_one(walk)
        finally:
            app.destroy()
            ClockObject.getGlobalClock().setMode(ClockObject.MNormal)
    return walk.saved


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: aim_tour.py OUT_FOLDER", file=sys.stderr)
        sys.exit(2)
    for saved in main(Path(sys.argv[1])):
        print(saved)
