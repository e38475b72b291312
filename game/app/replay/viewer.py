"""The replay viewer: a thin Panda3D view over ``game.replay.timeline`` and ``director``.

``ReplayViewer(base, replay)`` attaches to any ShowBase (the desktop app's,
or an offscreen one for export and tests) and detaches with ``destroy()``.
It draws the table with the scene's ``TableScene`` (its own, or the host's,
lent with ``scene=``); the camera follows the ``Director``; flashes, trails
and captions come from the ``Timeline``.  Its keys are bound on its own
DirectObject, so the host's bindings of the same keys survive it.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import numpy as np

from game.app.replay.overlays import Flashes, TextOverlay, Trails
from game.app.scene.ground_mesh import GroundHeights
from game.errors import UserError, warn
from game.replay.director import CAMERA_MODES, CameraMode, CameraPose, Director, OrbitState, camera_mode
from game.replay.model import Replay
from game.replay.recorded_ground import recorded_ground
from game.replay.timeline import MAX_SPEED, MIN_SPEED, PlaybackClock, Timeline
from game.rules.layout import Layout, LayoutError


CAMERA_EASE = 0.25  # seconds for the playing camera to close ~63% of the gap to the director's pose
CHASE_MODES = (CameraMode.TAW, CameraMode.SUN)  # cameras that ride behind one body: they glide round it, never trail it

KEYS_HELP = ("space play/pause   , . step   - = speed   [ ] shot   G go to shot   L loop   T trails   "
             "C camera   1-6 cameras   drag: orbit   wheel: zoom")


def layout_for(replay: Replay) -> Layout:
    """The recorded layout when the file holds a usable one, else the default."""
    data = dict(replay.meta.layout)
    if data:
        try:
            known = {k: v for k, v in data.items() if k in Layout.__dataclass_fields__}
            return Layout(**known)
        except (LayoutError, TypeError, ValueError):
            warn("the replay's layout cannot be drawn; drawing the default table")
    return Layout()


def ground_for(replay: Replay) -> GroundHeights | None:
    """The recorded ground (the house rules' ``ground``); the smooth plane when the file names none or a bad one."""
    try:
        ground = recorded_ground(replay.meta.house_rules)
    except UserError as err:
        warn(f"{err}; drawing the smooth ground")
        return None
    return None if ground.is_flat else ground


def table_of(replay: Replay) -> tuple[Layout, GroundHeights | None]:
    """The table a replay was played on: its layout and its ground."""
    return layout_for(replay), ground_for(replay)


BAR_REACH = 0.045  # the timeline bar's reach above and below its line, in its own units (scaled 0.9)


def _xyz(v: np.ndarray) -> tuple[float, float, float]:
    return float(v[0]), float(v[1]), float(v[2])


class ReplayViewer:
    """Plays a replay inside an existing ShowBase.

    ``controls=True`` binds keys and the mouse and adds the timeline slider
    (and Escape to ``on_exit``, when given); ``run_task=True`` advances
    playback every frame.  Export and tests use neither and call
    ``show_at(t)``.  To watch one shot, pass ``Replay(meta, [shot])``, or
    call ``jump_to_shot(n)`` for the whole game from shot n.  ``scene`` lends
    the host's own ``TableScene``: the viewer moves its bodies and leaves it
    in place on ``destroy()`` (the host puts its bodies back); by default the
    viewer builds its own.  The host must keep its own camera task off
    ``base.camera`` while the viewer runs; ``destroy()`` gives the lens back
    its field of view and near and far planes.
    """

    def __init__(self, base: Any, replay: Replay, camera: CameraMode = CameraMode.AUTO, trails: bool = False,
                 controls: bool = True, run_task: bool = True, hold: float | None = None,
                 on_exit: Any = None, scene: Any = None) -> None:
        from direct.showbase.DirectObject import DirectObject

        from game.app.scene.table_scene import TableScene

        if not replay.shots:
            raise ValueError("this replay has no shots to show")
        chosen = camera_mode(camera)  # a caller's string is read here, and refused if unknown
        self.base = base
        self.replay = replay
        self.layout = layout_for(replay)
        self.timeline = Timeline(replay) if hold is None else Timeline(replay, hold=hold)
        self.clock = PlaybackClock(self.timeline)
        self.director = Director(self.timeline, system_radius=self.layout.line_radius("herschel"))
        self.orbit = OrbitState(distance=self.layout.line_radius("herschel") * 2.0)
        self.camera_mode = chosen
        self.closed = False
        self._owns_scene = scene is None
        self.ground = ground_for(replay)
        self.scene = scene if scene is not None else TableScene(base.render, base.loader, self.layout,
                                                                 ground=self.ground)
        self._input = DirectObject()
        self.flashes = Flashes(base.render)
        self.trails = Trails(base.render, thickness=lambda: max(2.0, base.win.getYSize() / 240.0),
                             height=self.scene.height_at)
        self.trails.visible = trails
        self.text = TextOverlay(base.a2dTopCenter, base.a2dBottomLeft,
                                window_size=lambda: (base.win.getXSize(), base.win.getYSize()))
        self.text.show_status(controls)
        self.slider: Any = None
        self._slider_written = 0.0
        self.on_exit = on_exit
        self.goto_entry: Any = None
        self._eye: np.ndarray | None = None
        self._look: np.ndarray | None = None
        self._last_cut: tuple[str, int] | None = None
        self._drag: tuple[float, float] | None = None
        self._scrubbing = False   # the timeline bar is held: it follows the pointer
        lens = base.camLens
        self._lens_was = (lens.getFov(), lens.getNear(), lens.getFar())
        lens.setNearFar(0.003, 60.0)
        if controls:
            self._bind_controls()
        self._task = base.taskMgr.add(self._tick, "replay-viewer", sort=45) if run_task else None
        self.show_at(0.0)

    # -- commands -------------------------------------------------------------------------------

    def set_camera(self, mode: CameraMode) -> None:
        self.camera_mode = camera_mode(mode)
        self.show_at(self.clock.time)

    def next_camera(self) -> None:
        self.set_camera(CAMERA_MODES[(CAMERA_MODES.index(self.camera_mode) + 1) % len(CAMERA_MODES)])

    def jump_to_shot(self, index: int) -> None:
        self.clock.jump_to_shot(max(0, min(index, self.timeline.shot_count - 1)))
        self.show_at(self.clock.time)

    def _ground_status(self) -> str:
        """The recorded ground on the status line: nothing for the smooth plane."""
        if self.scene.ground_heights is None:
            return ""
        return f"   rough earth, slopes {'shown' if self.scene.slope_view else 'hidden'}"

    def toggle_slopes(self) -> None:
        """S: the slope view of a rough ground on and off (contour lines and height tint)."""
        self.scene.show_slopes(not self.scene.slope_view)
        self.show_at(self.clock.time)

    def toggle_trails(self) -> None:
        self.trails.visible = not self.trails.visible
        self.show_at(self.clock.time)

    # -- drawing a moment -------------------------------------------------------------------------

    def show_at(self, t: float, ease: float = 0.0) -> None:
        """Draw the replay as it is at global time ``t`` (bodies, camera, overlays).

        ``ease`` > 0 (seconds of wall time since the last frame, while playing)
        glides the camera toward the director's pose; otherwise, and on every
        cut, it jumps there, so a seek or an exported frame shows exactly the
        director's choice.
        """
        self.clock.seek(t)
        t = self.clock.time
        sample = self.timeline.sample(t)
        self.scene.update(sample.ids, sample.poses())
        pose = self.director.camera(self.camera_mode, t, self.orbit)
        shot_now = (self.camera_mode, self.timeline.locate(t)[0])  # a new mode or shot is a cut
        if ease > 0 and self._last_cut == shot_now and self._eye is not None and self.camera_mode != CameraMode.ORBIT:
            pose = self._glide(pose, 1.0 - math.exp(-ease / CAMERA_EASE))
        self._last_cut = shot_now
        self._eye, self._look = np.array(pose.eye), np.array(pose.look_at)
        self._apply_camera(pose)
        self.flashes.show(self.timeline.flashes_at(t))
        since_start = self.timeline.locate(t)[1]
        self.trails.show([self.timeline.trail(t, body, seconds=since_start + 1.0) for body in sample.ids]
                         if self.trails.visible else [])
        captions = [c.text for c in self.timeline.captions_at(t)]
        if self.goto_entry is not None:
            captions.append(f"Go to shot (1 to {self.timeline.shot_count}), then Enter")
        self.text.set_captions(captions)
        shot, local = self.timeline.locate(t)
        state = "playing" if self.clock.playing else "paused"
        self.text.set_status(
            f"shot {shot + 1}/{self.timeline.shot_count}   {local:5.2f} s   x{self.clock.speed:g}   "
            f"{state}{'   loop' if self.clock.loop else ''}   camera: {self.camera_mode}   "
            f"trails: {'on' if self.trails.visible else 'off'}{self._ground_status()}\n"
            f"{'Esc back   ' if self.on_exit is not None else ''}{KEYS_HELP}"
            f"{'   S slopes' if self.scene.ground_heights is not None else ''}")
        self._sync_slider()

    def _glide(self, pose: CameraPose, k: float) -> CameraPose:
        """Close ``k`` of the gap from the last pose drawn to ``pose``.

        A chase camera keeps looking exactly where the director says (at its
        body) and glides only its place behind it: easing the look too left a
        hard-shot taw a metre ahead of the picture, off it, over empty ground.
        """
        last_eye, last_look = self._eye, self._look
        if last_eye is None or last_look is None:  # nothing drawn yet: the pose itself
            return pose
        goal_eye, goal_look = np.array(pose.eye), np.array(pose.look_at)
        if self.camera_mode in CHASE_MODES:
            behind = last_eye - last_look
            look = goal_look
            eye = look + behind + ((goal_eye - goal_look) - behind) * k
        else:
            eye = last_eye + (goal_eye - last_eye) * k
            look = last_look + (goal_look - last_look) * k
        return CameraPose(_xyz(eye), _xyz(look), pose.up, pose.fov)

    def _apply_camera(self, pose: CameraPose) -> None:
        from panda3d.core import Point3, Vec3

        cam = self.base.camera
        cam.setPos(Point3(*pose.eye))
        cam.lookAt(Point3(*pose.look_at), Vec3(*pose.up))
        self.base.camLens.setMinFov(pose.fov)  # the fov spans the shorter side, whatever the shape

    def _tick(self, task: Any) -> Any:
        self._follow_slider()
        self._follow_scrub()
        dt = min(self.base.taskMgr.globalClock.getDt(), 0.1)
        slow = self.director.slow_factor(self.clock.time) if self.camera_mode == CameraMode.AUTO else 1.0
        self.clock.tick(dt, slow)
        self._orbit_drag()
        self.show_at(self.clock.time, ease=dt if self.clock.playing else 0.0)
        return task.cont

    # -- controls ---------------------------------------------------------------------------------

    def _bind_controls(self) -> None:
        from direct.gui import DirectGuiGlobals as DGG
        from direct.gui.DirectGui import DirectSlider

        clock = self.clock
        bindings = {
            "space": clock.toggle,
            ",": lambda: clock.step(-1),
            ".": lambda: clock.step(1),
            "arrow_left": lambda: clock.step(-1),
            "arrow_right": lambda: clock.step(1),
            "-": clock.slower,
            "=": clock.faster,
            "arrow_down": clock.slower,
            "arrow_up": clock.faster,
            "[": lambda: self.jump_to_shot(clock.shot_index - 1),
            "]": lambda: self.jump_to_shot(clock.shot_index + 1),
            "l": lambda: setattr(clock, "loop", not clock.loop),
            "t": self.toggle_trails,
            "s": self.toggle_slopes,
            "c": self.next_camera,
            "home": lambda: clock.seek(0.0),
            "mouse1": self._start_drag,
            "mouse1-up": self._end_drag,
            "wheel_up": lambda: self.orbit.zoom(0.9),
            "wheel_down": lambda: self.orbit.zoom(1.1),
        }
        bindings["g"] = self.open_goto
        bindings["escape"] = self._escape
        for number, mode in enumerate(CAMERA_MODES, start=1):
            bindings[str(number)] = partial(self.set_camera, mode)
        for key, action in bindings.items():
            self._input.accept(key, self._command, [action])
        # pageSize 0: a click on the bar does not step a page toward the pointer (a click at 78% went to the
        # middle); ``_bar_pressed`` jumps there instead, and the bar follows the pointer until it is let go.
        # The bar takes presses a little above and below the line it draws (BAR_REACH): a press 8 pixels above
        # the thin line missed it.  The frame is clear; the line is a card drawn under the thumb.
        self.slider = DirectSlider(parent=self.base.a2dBottomCenter, range=(0.0, 1.0), value=0.0, pageSize=0.0,
                                   pos=(0.0, 0, 0.06), scale=0.9, frameSize=(-1.0, 1.0, -BAR_REACH, BAR_REACH),
                                   frameColor=(0.0, 0.0, 0.0, 0.0),
                                   thumb_frameSize=(-0.015, 0.015, -0.04, 0.04), command=self._scrubbed)
        from panda3d.core import CardMaker

        line = CardMaker("timeline-line")
        line.setFrame(-1.0, 1.0, -0.007, 0.007)
        line.setColor(0.6, 0.6, 0.6, 1.0)
        self.slider.attachNewNode(line.generate(), -1)
        self.slider.bind(DGG.B1PRESS, self._bar_pressed)
        self.slider.bind(DGG.B1RELEASE, self._bar_released)
        # a tick above the slider where each shot starts
        from direct.gui.DirectGui import DirectFrame

        duration = max(self.timeline.duration, 1e-9)
        for start in self.timeline.starts:
            DirectFrame(parent=self.slider, frameColor=(1.0, 0.95, 0.8, 0.9),
                        frameSize=(-0.003, 0.003, 0.025, 0.055), pos=(-1.0 + 2.0 * start / duration, 0, 0))

    def _command(self, action: Any) -> None:
        if self.goto_entry is not None and action != self._escape:
            return  # keys typed into the shot box are not commands
        action()
        if not self.closed:  # Escape may have handed control back and destroyed the viewer
            self.show_at(self.clock.time)

    def _escape(self) -> None:
        if self.goto_entry is not None:
            self.close_goto()
        elif self.on_exit is not None:
            self.on_exit()

    def open_goto(self) -> None:
        """A small box for a shot number; Enter jumps there."""
        from direct.gui.DirectGui import DirectEntry

        if self.goto_entry is not None:
            return
        self.goto_entry = DirectEntry(parent=self.base.a2dBottomCenter, pos=(-0.25, 0, 0.2), scale=0.05, width=10,
                                      numLines=1, focus=1, initialText="", command=self.goto_entered,
                                      frameColor=(0.1, 0.1, 0.1, 0.8), text_fg=(1, 1, 1, 1))

    def goto_entered(self, text: str) -> None:
        self.close_goto()
        try:
            number = int(text.strip())
        except ValueError:
            return
        if 1 <= number <= self.timeline.shot_count:
            self.jump_to_shot(number - 1)

    def close_goto(self) -> None:
        if self.goto_entry is not None:
            self.goto_entry.destroy()
            self.goto_entry = None
        self.show_at(self.clock.time)

    def bar_fraction(self, x: float, z: float = 0.0) -> float:
        """Where a point of the window (render2d units) lies along the timeline bar, 0 at its start, 1 at its end."""
        from panda3d.core import Point3

        left, right = self.slider["frameSize"][:2]
        local = self.slider.getRelativePoint(self.base.render2d, Point3(x, 0.0, z))
        return float(np.clip((local.x - left) / (right - left), 0.0, 1.0))

    def _bar_pressed(self, event: Any) -> None:
        """A press on the timeline bar: jump to where it was pressed, and follow the pointer while held."""
        where = event.getMouse()
        self._scrubbing = True
        self.scrub_to(self.bar_fraction(where.x, where.y))

    def _bar_released(self, _event: Any = None) -> None:
        self._scrubbing = False

    def scrub_to(self, fraction: float) -> None:
        self.clock.scrub(fraction)
        self.show_at(self.clock.time)

    def _follow_scrub(self) -> None:
        if self._scrubbing:
            where = self._mouse()
            if where is not None:
                self.scrub_to(self.bar_fraction(*where))

    def _scrubbed(self) -> None:
        if self._follow_slider():
            self.show_at(self.clock.time)

    def _follow_slider(self) -> bool:
        """Seek to the slider if the person moved it since the viewer last set it."""
        if self.slider is None:
            return False
        value = float(self.slider["value"])
        if abs(value - self._slider_written) <= 1e-6:
            return False
        self.clock.scrub(value)
        self._slider_written = value
        return True

    def _sync_slider(self) -> None:
        if self.slider is not None:
            self.slider["value"] = self.clock.fraction
            self._slider_written = float(self.slider["value"])

    def _mouse(self) -> tuple[float, float] | None:
        watcher = getattr(self.base, "mouseWatcherNode", None)
        if watcher is None or not watcher.hasMouse():
            return None
        m = watcher.getMouse()
        return float(m.x), float(m.y)

    def _start_drag(self) -> None:
        where = self._mouse()
        watcher = self.base.mouseWatcherNode
        if where is not None and where[1] > -0.8 and not watcher.isOverRegion():  # not the timeline, nor a button
            self._drag = where
            if self.camera_mode != CameraMode.ORBIT:
                self.camera_mode = CameraMode.ORBIT

    def _end_drag(self) -> None:
        self._drag = None

    def _orbit_drag(self) -> None:
        if self._drag is None:
            return
        where = self._mouse()
        if where is None:
            return
        dx, dy = where[0] - self._drag[0], where[1] - self._drag[1]
        self.orbit.turn(-dx * 120.0, -dy * 60.0)
        self._drag = where

    # -- teardown ---------------------------------------------------------------------------------

    def destroy(self) -> None:
        self.closed = True
        if self._task is not None:
            self.base.taskMgr.remove(self._task)
            self._task = None
        self._input.ignoreAll()
        if self.slider is not None:
            self.slider.destroy()
            self.slider = None
        if self.goto_entry is not None:
            self.goto_entry.destroy()
            self.goto_entry = None
        self.text.destroy()
        self.trails.destroy()
        self.flashes.destroy()
        if self._owns_scene:
            self.scene.destroy()
        fov, near, far = self._lens_was
        self.base.camLens.setFov(fov)
        self.base.camLens.setNearFar(near, far)


__all__ = ["ReplayViewer", "MIN_SPEED", "MAX_SPEED", "CAMERA_MODES"]
