"""The 3D ground as the app shows it: bodies, the aim line, and the camera.

The table itself is drawn by the scene's shaded ``TableScene`` (or, if that
cannot be built, by ``PlainTable``); this class adds what only the game needs (the trajectory preview, the taw-placement marker) and drives
Panda's camera between the knuckle-down, overhead, free and menu views.
"""

from __future__ import annotations

import math

from panda3d.core import LineSegs, NodePath, Point3

from game.app import camera_control as cams
from game.app.plain_table import PlainTable
from game.app.theme import PLANET_COLOURS
from game.rules.layout import Layout

MODES = ("menu", "knuckle", "overhead", "free", "hat")
SHADOW_MAP = {"low": 1024, "medium": 1024, "high": 2048}


class ShadedTable:
    """``TableScene`` behind the same three calls as ``PlainTable``: sync, set_poses, destroy."""

    def __init__(self, app, layout: Layout) -> None:
        from game.app.scene.table import TableScene

        self.scene = TableScene(app.render, app.loader, layout, quality=graphics_quality(app.settings))

    def sync(self, positions) -> None:
        for body in self.scene.body_ids():
            if body not in positions:
                self.scene.remove_body(body)
        self.scene.place(dict(positions))
        for body in positions:
            node = self.scene.body_node(body)
            if node.isStashed():
                node.unstash()

    def set_poses(self, ids, poses) -> None:
        self.scene.update(ids, poses)

    def set_quality(self, settings) -> None:
        self.scene.set_quality(graphics_quality(settings))

    def destroy(self) -> None:
        self.scene.destroy()


def graphics_quality(settings):
    from game.app.scene.quality import GraphicsQuality

    return GraphicsQuality(shadows=settings.shadows, shadow_map_size=SHADOW_MAP.get(settings.quality, 1024),
                           msaa=settings.msaa)


def make_table(app, layout: Layout):
    """The shaded table if it can be built here, else the plain one (and a note why)."""
    try:
        return ShadedTable(app, layout)
    except Exception as err:  # a broken driver or a missing asset must not stop the game
        app.note_warning(f"plain graphics: the shaded table failed ({err})")
        return PlainTable(app.render, layout, PLANET_COLOURS)


class TableView:
    def __init__(self, app, layout: Layout | None = None) -> None:
        self.app = app
        self.layout = layout or Layout()
        self.table = make_table(app, self.layout)
        self.table.sync(self.layout.home_positions())
        self.mode = "menu"
        self.orbit_angle = 250.0
        self.free = cams.FreeCamera()
        self.knuckle_goal = cams.knuckle_down((0.0, -0.35), 90.0)
        self.pose = cams.overhead(self.orbit_angle)
        self.aim_node: NodePath | None = None
        self._last_mouse: tuple[float, float] | None = None
        self.marker_node: NodePath | None = None
        lens = app.camLens
        lens.setNearFar(0.005, 50.0)
        lens.setFov(55)
        app.taskMgr.add(self._update, "taw-camera", sort=40)

    # -- bodies -------------------------------------------------------------

    def sync(self, positions) -> None:
        self.table.sync(positions)

    def set_poses(self, ids, poses) -> None:
        self.table.set_poses(ids, poses)

    def use_layout(self, layout: Layout) -> None:
        if layout is not self.layout:
            self.table.destroy()
            self.layout = layout
            self.table = make_table(self.app, layout)

    # -- camera ---------------------------------------------------------------

    def set_quality(self, settings) -> None:
        if hasattr(self.table, "set_quality"):
            self.table.set_quality(settings)

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown camera mode {mode!r}")
        if mode == "free" and self.mode != "free":
            eye = self.pose.position
            self.free.position = list(eye)
            dx, dy = self.pose.look_at[0] - eye[0], self.pose.look_at[1] - eye[1]
            dz = self.pose.look_at[2] - eye[2]
            self.free.heading = math.degrees(math.atan2(dy, dx))
            self.free.pitch = max(-89.0, min(-2.0, math.degrees(math.atan2(dz, math.hypot(dx, dy)))))
        self.mode = mode

    def show_menu_view(self) -> None:
        self.set_mode("menu")

    def knuckle_down(self, taw: tuple[float, float], direction: float) -> None:
        self.knuckle_goal = cams.knuckle_down(taw, direction)

    def snap(self) -> None:
        """Jump to the goal now (after a cut, and for screenshots)."""
        self.pose = self._goal()
        self._apply()

    def _goal(self) -> cams.CameraPose:
        if self.mode == "knuckle":
            return self.knuckle_goal
        if self.mode == "free":
            return self.free.pose()
        if self.mode == "hat":
            return cams.CameraPose((0.05, -0.42, 0.26), (0.0, 0.02, 0.0))
        if self.mode == "menu":
            eye = cams.overhead(self.orbit_angle, tilt=0.9).position[:2] + (0.9,)
            # Look a little to the left of the Sun so the system sits right of the menu panel.
            a = math.radians(self.orbit_angle)
            right = (math.sin(a), -math.cos(a))
            return cams.CameraPose(eye, (-0.42 * right[0], -0.42 * right[1], 0.0))
        return cams.overhead(self.orbit_angle)

    def _mouse_look(self) -> None:
        """In the free camera the mouse turns the view (scaled by the mouse sensitivity)."""
        watcher = self.app.mouseWatcherNode
        if watcher is None or not watcher.hasMouse():
            self._last_mouse = None
            return
        here = (watcher.getMouseX(), watcher.getMouseY())
        if self._last_mouse is not None:
            sens = self.app.settings.mouse_sensitivity
            self.free.look(-(here[0] - self._last_mouse[0]) * 60.0 * sens, (here[1] - self._last_mouse[1]) * 40.0 * sens)
        self._last_mouse = here

    def _apply(self) -> None:
        cam = self.app.camera
        cam.setPos(*self.pose.position)
        cam.lookAt(Point3(*self.pose.look_at))

    def _update(self, task):
        dt = min(0.1, self.app.clock.getDt())
        if self.mode == "menu":
            self.orbit_angle = (self.orbit_angle + 4.0 * dt) % 360.0
        elif self.mode == "free":
            self._mouse_look()
            keys = self.app.keys
            held = lambda name: 1.0 if keys.is_down(self.app, name) else 0.0  # noqa: E731
            self.free.move(held("forward") - held("back"), held("right") - held("left"), held("up") - held("down"), dt)
        self.pose = cams.blend(self.pose, self._goal(), dt)
        self._apply()
        return task.cont

    # -- aim line and placement marker -----------------------------------------

    def show_aim(self, origin, direction: float, length: float, contact=None) -> None:
        self.hide_aim()
        lines = LineSegs("aim")
        lines.setThickness(2.0)
        a = math.radians(direction)
        z = self.layout.marble_radius * 0.3
        end = (origin[0] + length * math.cos(a), origin[1] + length * math.sin(a))
        lines.setColor(1.0, 0.95, 0.7, 0.9)
        lines.moveTo(origin[0], origin[1], z)
        lines.drawTo(end[0], end[1], z)
        if contact is not None and length >= contact.distance - 1e-6:
            r = self.layout.marble_radius
            cx, cy = contact.taw_at
            lines.setColor(1.0, 0.8, 0.3, 1.0)
            lines.moveTo(cx + r, cy, z)
            for k in range(1, 33):
                t = 2 * math.pi * k / 32
                lines.drawTo(cx + r * math.cos(t), cy + r * math.sin(t), z)
        self.aim_node = self.app.render.attachNewNode(lines.create())
        self.aim_node.setLightOff(1)

    def hide_aim(self) -> None:
        if self.aim_node is not None:
            self.aim_node.removeNode()
            self.aim_node = None

    def destroy(self) -> None:
        self.app.taskMgr.remove("taw-camera")
        self.hide_aim()
        self.table.destroy()
