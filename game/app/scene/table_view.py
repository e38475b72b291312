"""The 3D ground as the app shows it: the scene's table, its aim line, and the camera views.

The table is the scene's ``TableScene``; the camera is the scene's
``CameraRig`` moving ``base.camera``.  This class only names the game's
views (menu, knuckle-down, overhead, free, hat), feeds the free camera from
the keys and the mouse, and draws the aiming aid from the aim state's
numbers.  ``suspend()`` / ``resume()`` lend the table and the camera to the
replay viewer and put everything back as it was.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.app.scene.camera import AIMING_FRAMING, CameraRig, RigMode, knuckle_framing_for
from game.app.scene.ground_mesh import GroundHeights
from game.app.scene.table_scene import TableScene
from game.rules.layout import SUN, Layout, taw_id

class ViewMode(StrEnum):
    """The game's views of the table; the camera rig's own poses are ``camera.RigMode``."""

    MENU = "menu"            # the slow turn behind the menus
    KNUCKLE = "knuckle"      # knuckle-down behind the taw: the aiming view
    SIGHT = "sight"          # along the aim, close on the target
    OVERHEAD = "overhead"    # the whole table from above, with the orbits named
    FREE = "free"            # walked with the keys and the mouse
    HAT = "hat"              # the hat drop
    ACTION = "action"        # framing a shot's moving bodies


MODES = tuple(ViewMode)
ACTION_PITCH = math.radians(55.0)   # the AI turn's framing: high enough to see over the marbles
SHADOW_MAP = {"low": 1024, "medium": 1024, "high": 2048}
FIELD_OF_VIEW = 34.0                 # degrees across the window's shorter side
OVERHEAD_TILT = math.radians(24.0)   # from straight down: marbles read as spheres
MENU_TURN_DEG_PER_S = 4.0            # the title screen's slow circling
MENU_PITCH = math.radians(25.0)
MENU_DISTANCE = 2.1
MENU_SIDE = 0.42                     # the Sun sits right of the menu panel
HAT_EYE, HAT_LOOK = (0.05, -0.42, 0.26), (0.0, 0.02, 0.0)
FREE_SPEED = 0.8                     # m/s walking in the free camera
CROSSHAIR_SIZE = 0.025               # metres from its centre to an arm's tip: its ring frames the Sun
MOUSE_LOOK = (60.0, 40.0)            # degrees a full sweep of the window turns and tips the free camera


def graphics_quality(settings):
    from game.app.scene.quality import GraphicsQuality

    return GraphicsQuality(shadows=settings.shadows, shadow_map_size=SHADOW_MAP.get(settings.quality, 1024),
                           msaa=settings.msaa)


@dataclass
class Suspended:
    """What ``suspend`` took away, for ``resume`` to give back."""

    bodies: dict
    camera_pos: Any
    camera_quat: Any
    lens_fov: Any
    lens_near_far: tuple[float, float]
    aim_visible: bool


class TableView:
    def __init__(self, app, layout: Layout | None = None) -> None:
        self.app = app
        self.layout = layout or Layout()
        self.scene = TableScene(app.render, app.loader, self.layout, quality=graphics_quality(app.settings))
        self.scene.show_only(self.layout.home_positions())
        self.scene.show_markers(app.settings.markers)
        self.scene.set_palette(app.settings.palette)
        self.rig = CameraRig(app.camera, self.layout, min_fov_deg=FIELD_OF_VIEW, lens=app.camLens,
                             knuckle_framing=AIMING_FRAMING)
        self.mode = ViewMode.MENU
        self.menu_angle = 250.0
        self.taw: tuple[float, float] = (0.0, -0.35)
        self.direction = 90.0
        self.reach = 0.5  # how far along the aim the sight looks (the aim state's target range)
        self.suspended = False
        self._last_mouse: tuple[float, float] | None = None
        self.action: tuple[list, float] = ([(0.0, 0.0)], 90.0)  # ground points to hold, and the heading seen along
        self._aim_goal()
        app.taskMgr.add(self._update, "taw-camera", sort=40)

    # -- bodies -------------------------------------------------------------

    def sync(self, positions) -> None:
        self.scene.show_only(dict(positions))
        self._mark_own_taw()

    def _mark_own_taw(self) -> None:
        """The human player's taw gets the emphasised marker, once a game with a human is on."""
        game = self.app.game
        human = game.session.human if game is not None else None
        self.scene.set_own_taw(taw_id(human) if human else None)

    def set_poses(self, ids, poses) -> None:
        self.scene.update(ids, poses)

    def use_layout(self, layout: Layout, ground: GroundHeights | None = None) -> None:
        """The table of a game: its layout and its ground (None: the smooth plane); rebuilt only if either differs."""
        ground = None if ground is None or ground.is_flat else ground
        if layout != self.layout or ground != self.scene.ground_heights:
            self.scene.destroy()
            self.layout = layout
            self.scene = TableScene(self.app.render, self.app.loader, layout,
                                    quality=graphics_quality(self.app.settings), ground=ground)
            self.scene.show_markers(self.app.settings.markers)
            self.scene.set_palette(self.app.settings.palette)
            self.scene.show_labels(self.mode == ViewMode.OVERHEAD)
            self.rig.layout = layout
            self.rig.ground_height = self.scene.height_at
        self.scene.show_slopes(self.app.settings.slopes)

    def set_quality(self, settings) -> None:
        self.scene.set_quality(graphics_quality(settings))
        self.scene.show_markers(settings.markers)
        self.scene.set_palette(settings.palette)
        self.scene.show_slopes(settings.slopes)

    # -- camera ---------------------------------------------------------------

    def set_mode(self, mode: ViewMode | str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown camera mode {mode!r}")
        mode = ViewMode(mode)  # a tool's "overhead" held as the mode itself
        if mode != self.mode:
            self.mode = mode
            self._last_mouse = None
            self.rig.overhead_zoom.reset()  # the overhead view always opens on the whole ground
            self.scene.show_labels(mode == ViewMode.OVERHEAD)  # the orbits' names, upright for the overhead view
            self._aim_goal()

    def show_menu_view(self) -> None:
        """The slow turn behind the title menu: the slope view ends with its game (the setting stays, for the
        next game on rough earth, ``use_layout``)."""
        self.set_mode(ViewMode.MENU)
        self.scene.show_slopes(False)

    def zoom_overhead(self, x: float, y: float, notches: float) -> None:
        """The wheel in the overhead view: zoom in (notches > 0) or out about the ground under the pointer."""
        if self.mode == ViewMode.OVERHEAD and self.rig.zoom_overhead(x, y, notches, self.app.win.getYSize()):
            self._aim_goal()

    def whole_ground(self) -> None:
        """Back to the whole ground from a zoomed overhead view."""
        self.rig.overhead_zoom.reset()
        self._aim_goal()

    def knuckle_down(self, taw: tuple[float, float], direction: float, reach: float | None = None) -> None:
        """Where the knuckle-down view is (behind ``taw``, looking along ``direction`` degrees), and how far
        along the aim the sight looks (``reach`` metres)."""
        self.taw, self.direction = (float(taw[0]), float(taw[1])), float(direction)
        if reach is not None:
            self.reach = float(reach)
        if self.mode in (ViewMode.KNUCKLE, ViewMode.OVERHEAD, ViewMode.SIGHT):
            self._aim_goal()

    def frame_action(self, points, heading: float, take_view: bool = True) -> None:
        """Hold every ground point (x, y) in view, seen from behind along ``heading`` degrees: an AI's turn.

        ``take_view`` False only remembers the framing for the "action" view (the player looks elsewhere).
        """
        self.action = ([(float(x), float(y)) for x, y in points], float(heading))
        if self.mode == ViewMode.ACTION:
            self._aim_goal()
        elif take_view:
            self.set_mode(ViewMode.ACTION)

    def snap(self) -> None:
        """Jump to the goal now (after a cut, and for screenshots)."""
        self._aim_goal()
        self.rig.snap()

    def _aim_goal(self) -> None:
        rig = self.rig
        if self.mode == ViewMode.KNUCKLE:
            a = math.radians(self.direction)
            aim = (math.cos(a), math.sin(a))
            near = self._balls_near(self.taw)
            rig.knuckle(self.taw, aim, framing=knuckle_framing_for(self.taw, aim, near),
                        clear=(near, max(self.layout.sun_radius, self.layout.marble_radius)))
        elif self.mode == ViewMode.SIGHT:
            a = math.radians(self.direction)
            rig.sight(self.taw, (math.cos(a), math.sin(a)), self.reach, height=self.layout.marble_radius)
        elif self.mode == ViewMode.OVERHEAD:
            rig.overhead(tilt=OVERHEAD_TILT, keep=self._overhead_keeps())
        elif self.mode == ViewMode.HAT:
            rig.view_from(HAT_EYE, HAT_LOOK)
        elif self.mode == ViewMode.ACTION:
            points, heading = self.action
            a = math.radians(heading)
            rig.frame_points(points, pitch=ACTION_PITCH, yaw=math.atan2(math.cos(a), math.sin(a)))
        elif self.mode == ViewMode.MENU:
            a = math.radians(self.menu_angle)
            side = (-MENU_SIDE * math.sin(a), MENU_SIDE * math.cos(a), 0.0)
            rig.orbit(side, yaw=math.pi / 2 - a, pitch=MENU_PITCH, distance=MENU_DISTANCE)
        elif rig.mode != RigMode.FREE:
            rig.free_move()  # the free camera starts where the eye is going

    def _balls_near(self, taw: tuple[float, float], reach: float = 0.3) -> list[tuple[float, float, float]]:
        """The centres of the balls on the ground within ``reach`` of the taw, the taw itself left out."""
        scene, near = self.scene, []
        for body in scene.body_ids():
            if scene.on_ground(body):
                x, y, z = scene.body_position(body)
                if 1e-4 < math.hypot(x - taw[0], y - taw[1]) <= reach:
                    near.append((x, y, z))
        return near

    def _overhead_keeps(self) -> list[tuple[float, float]]:
        """What the overhead view must hold besides the painted system: the shooter's taw, and the Sun
        once it has been driven out past Herschel's line."""
        keep = [self.taw]
        if self.scene.on_ground(SUN):
            x, y, _ = self.scene.body_position(SUN)
            keep.append((x, y))
        return keep

    def _mouse_look(self) -> None:
        """In the free camera the mouse turns the view (scaled by the mouse sensitivity)."""
        watcher = self.app.mouseWatcherNode
        if watcher is None or not watcher.hasMouse():
            self._last_mouse = None
            return
        here = (watcher.getMouseX(), watcher.getMouseY())
        if self._last_mouse is not None:
            sens = self.app.settings.mouse_sensitivity
            self.rig.free_turn(-(here[0] - self._last_mouse[0]) * MOUSE_LOOK[0] * sens,
                               (here[1] - self._last_mouse[1]) * MOUSE_LOOK[1] * sens)
        self._last_mouse = here

    def _update(self, task):
        if self.suspended:
            return task.cont
        dt = min(0.1, self.app.clock.getDt())
        if self.mode == ViewMode.MENU:
            self.menu_angle = (self.menu_angle + MENU_TURN_DEG_PER_S * dt) % 360.0
            self._aim_goal()
        elif self.mode == ViewMode.FREE:
            self._mouse_look()
            keys = self.app.keys
            held = lambda name: 1.0 if keys.is_down(self.app, name) else 0.0  # noqa: E731
            step = FREE_SPEED * dt
            self.rig.free_move((held("forward") - held("back")) * step, (held("right") - held("left")) * step,
                               (held("up") - held("down")) * step, walk=True)
        self.rig.update(dt)
        return task.cont

    # -- aim line -----------------------------------------------------------------

    def show_aim(self, origin, direction: float, length: float, contact=None) -> None:
        """The aiming aid: ``length`` metres of dashes from ``origin``, and a ring where the taw meets ``contact``."""
        a = math.radians(direction)
        end = (origin[0] + length * math.cos(a), origin[1] + length * math.sin(a))
        ring = None
        if contact is not None and length >= contact.distance - 1e-6:
            ring = (contact.taw_at, self.layout.marble_radius)
        self.scene.aim.set_path([origin, end], strength=1.0, ring=ring)

    def show_crosshair(self, origin, direction: float, distance: float) -> None:
        """Where the shot preview is off: a crosshair ``distance`` metres along the aim, and no aim line."""
        a = math.radians(direction)
        centre = (origin[0] + distance * math.cos(a), origin[1] + distance * math.sin(a))
        self.scene.aim.set_crosshair(centre, direction, CROSSHAIR_SIZE)

    def hide_aim(self) -> None:
        self.scene.aim.clear()

    @property
    def aim_shown(self) -> bool:
        return self.scene.aim.shown

    # -- lending the table and the camera to the replay viewer ----------------------

    def suspend(self) -> Suspended:
        """Stop driving the camera and hide the aim line; remember bodies, camera and lens."""
        lens = self.app.camLens
        held = Suspended(self.scene.capture(), self.app.camera.getPos(), self.app.camera.getQuat(),
                         lens.getFov(), (lens.getNear(), lens.getFar()), not self.scene.aim.node.isHidden())
        self.suspended = True
        self.scene.aim.show(False)
        return held

    def resume(self, held: Suspended) -> None:
        """Everything as ``suspend`` found it: bodies, camera, lens, aim line; the camera runs again."""
        self.scene.restore(held.bodies)
        self.app.camera.setPosQuat(held.camera_pos, held.camera_quat)
        lens = self.app.camLens
        lens.setFov(held.lens_fov)
        lens.setNearFar(*held.lens_near_far)
        self.scene.aim.show(held.aim_visible)
        self._last_mouse = None
        self.suspended = False

    def destroy(self) -> None:
        self.app.taskMgr.remove("taw-camera")
        self.scene.destroy()
