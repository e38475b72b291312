"""The human's turn: knuckle down behind the taw, aim with the mouse, hold and release to shoot.

* The mouse's sideways movement turns the aim (Q/E too, every tap counts); sensitivity is a
  setting, and Shift held turns ten times slower.
* Hold the left button (or Enter): the power meter rises and falls; release to shoot.
  Or press, drag the mouse back towards you and release: the pull sets the power.
  Once the button is down the aim is fixed: moving the mouse to drag never turns it.
  Esc or the right button while charging lets go without shooting.
* Where the rules let the taw be laid down (first shot, comet), Left / Right
  (or A/D), or the mouse with the right button held, slide it along the
  line; Page Up/Down change line for a comet.
* W / S (or Up / Down) put topspin or backspin on the flick, shown as a dot on a picture of the taw
  (``hud.spin_dot``); every turn starts with none, as pool games do.
* Tab: overhead view; F: free camera (WASD, R/V up and down); K: back behind the taw.
* The shot preview (``aim_preview``) follows the shot as aimed; the mouse wheel sets the power it shows
  before the button is held, and G shoots at that power.  H asks the coach (``aim_coach``).
"""

from __future__ import annotations

import math

from panda3d.core import GraphicsWindow

from game.app.input.aiming import (SPIN_HOLD_DELAY, SPIN_PER_S, SPIN_TAP, PowerMeter, ThumbSpin, first_contact, preview_length,
                                   shot_velocity, turn_start, level_for_speed)
from game.app.input.bindings import TapCounter
from game.app.hud.first_tip import FirstTurnTip
from game.app.screens.aim_check import ShotCheck
from game.app.screens.aim_coach import ShotCoach
from game.app.hud.spin_dot import SpinDot
from game.app.screens.aim_preview import NONE, ShotPreview
from game.app.screens.base import State
from game.app.hud.sun_indicator import SunIndicator
from game.match.players import Shot, TawPlacement
from game.match.table import body_radius, free_spot_on_line

AIM_DEG_PER_SCREEN = 120.0   # a full sweep of the mouse across the window turns this far
KEY_AIM_DEG_PER_S = 40.0
TAP_DEG = 0.5                # one tap of Q/E
FINE = 0.1                   # Shift held: aim (mouse and keys) ten times slower
PLACE_DEG_PER_S = 30.0
PLACE_DEG_PER_SCREEN = 90.0  # right button held: a sweep of the mouse slides the taw this far round
PREVIEW_REACH = 3.0
DRAG_FULL = 2.0 / 3.0        # pointer units (the window is 2 high): a third of its height pulled is full power
DRAG_START = 0.04            # a pull shorter than this is a hand's wobble, not a drag
PLANNED_LEVEL = 0.5          # the power the preview shows before the button is held (the wheel changes it)
WHEEL_STEP = 0.02
CROSSHAIR_NEAREST = 0.05     # preview off: the crosshair sits at the Sun's range along the aim, at least this far,
CROSSHAIR_REACH = 0.3        # and this far out when the Sun is off the ground


class AimState(State):
    name = "aim"

    def enter(self) -> None:
        app = self.app
        game = app.game
        self.view = game.session.view()
        self.meter = PowerMeter()
        self.line_index = 0
        _origin, self.direction, self.placement = turn_start(self.view)
        self.planned = PLANNED_LEVEL
        if game.opening is not None:
            self._open_on(game.opening)
        self.spin = ThumbSpin()  # none at the start of every turn: see docs/decisions.md
        self.spin_dot = self.keep(SpinDot(app))
        self._spin_held = {"topspin": 0.0, "backspin": 0.0}  # how long each spin key has been down
        self.shot_preview = self.keep(ShotPreview(app, self.view, self._preview_strength()))
        self.coach = self.keep(ShotCoach(app, self.view, self.take_advice, game.session.coach_goal()))
        if game.lesson_panel is not None:
            self.coach.panel.on_resize = game.lesson_panel.make_room
        self.check = self.keep(ShotCheck(app, self.shot_preview, lambda shot: self.go("Shot", shot)))
        state = self.view.rule_state
        first_shot = state is not None and self.view.shooter in state.first_shot_pending
        self.tip = self.keep(FirstTurnTip(app)) if FirstTurnTip.wanted(app, first_shot) else None
        self._last_mouse_x: float | None = None
        app.view.sync(self._positions())
        app.view.set_mode("knuckle")
        self._update_camera()
        app.view.snap()
        game.fast_forward = False
        game.refresh_hud(power=0.0, hint=self._hint())
        self._press_y: float | None = None  # where the pointer was when the button went down
        self.on_action("shoot-press", self.press)
        self.on_action("power-press", self.press)
        self.on_action("shoot-release", self.release)
        self.on_action("power-release", self.release)
        self.placing = False  # right button held: the mouse slides the taw along its line
        self.on_action("place-press", self._right_button)
        self.on_action("place-release", self._set_placing, [False])
        self.on_action("line-next", self.change_line, [1])
        self.on_action("line-prev", self.change_line, [-1])
        self.on_action("overhead", self.toggle_overhead)
        self.on_action("free-camera", lambda: app.view.set_mode("free"))
        self.on_action("knuckle-down", lambda: app.view.set_mode("knuckle"))
        self.taps = TapCounter(app.keys.held)
        self.taps.listen(self)
        self.on_action("coach", self.coach.ask)
        self.on_action("shoot-planned", self.shoot_planned)
        self.on_action("power-up", self.nudge_power, [WHEEL_STEP])
        self.on_action("power-down", self.nudge_power, [-WHEEL_STEP])
        self.add_task(self._frame, "frame")
        # The Sun indicator runs after the camera has moved (sort 40) and before the frame is drawn,
        # and while held too, so it can hide itself while the game is paused or a replay is watched.
        self.sun_indicator = self.keep(SunIndicator(app))
        self.add_task(self._place_sun_indicator, "sun-indicator", sort=45, while_held=True)

    # -- where the taw is ---------------------------------------------------------

    def _hint(self) -> str:
        where = "   A/D: slide the taw" if self.view.placements else ""
        return (f"Mouse or Q/E: aim   Hold left button: power   Wheel + G: set power, shoot   W/S: spin{where}   "
                f"H: coach   Tab: overhead")

    def _open_on(self, shot: Shot) -> None:
        """Start from a lesson's opening aim, power and taw placement (``game.coach.lessons.opening_shot``)."""
        self.direction = shot.direction
        self.placement = shot.placement
        if shot.placement is not None and self.view.placements is not None:
            self.line_index = self.view.placements.orbits.index(shot.placement.orbit)
        self.planned = level_for_speed(shot.speed, self.view.max_speed)

    def origin(self) -> tuple[float, float]:
        if self.placement is not None:
            return self.view.layout.home_on_line(self.placement.orbit, self.placement.angle)
        pos = self.view.taw_position()
        assert pos is not None, "a shooter with no taw on the ground must be offered a placement"
        return pos

    def _positions(self) -> dict:
        positions = dict(self.view.positions)
        positions[self.view.taw] = self.origin()
        return positions

    def slide(self, degrees: float) -> None:
        """Move a placeable taw along its line, onto the nearest free spot."""
        if self.placement is None:
            if self.view.placements is None:
                return
            orbit = self.view.placements.orbits[self.line_index]
            self.placement = TawPlacement(orbit, self.view.layout.default_taw_angle(orbit))
        others = {k: v for k, v in self.view.positions.items() if k != self.view.taw}
        angle, _spot = free_spot_on_line(self.view.layout, others, self.view.taw, self.placement.orbit,
                                         (self.placement.angle + degrees) % 360.0)
        self.placement = TawPlacement(self.placement.orbit, angle)

    def _set_placing(self, on: bool) -> None:
        self.placing = on

    def _right_button(self) -> None:
        """Right button: lets go of a charging shot, else slides the taw while held."""
        if not self.cancel_gesture():
            self._set_placing(True)

    def cancel_gesture(self) -> bool:
        """Esc or the right button while the power is charging, or while a released shot waits to be
        checked: let go, shoot nothing."""
        if self.check.drop():
            return True
        if not self.meter.charging:
            return False
        self.meter.cancel()
        self._press_y = None
        self.app.game.hud.set_power(0.0)
        return True

    def change_line(self, step: int) -> None:
        if self.view.placements is None or len(self.view.placements.orbits) < 2:
            return
        self.line_index = (self.line_index + step) % len(self.view.placements.orbits)
        angle = self.placement.angle if self.placement else 0.0
        self.placement = TawPlacement(self.view.placements.orbits[self.line_index], angle)
        self.slide(0.0)

    # -- aiming and shooting -------------------------------------------------------

    def turn(self, degrees: float) -> None:
        self.direction = (self.direction + degrees) % 360.0

    def toggle_overhead(self) -> None:
        self.app.view.set_mode("knuckle" if self.app.view.mode == "overhead" else "overhead")

    def shot(self, level: float) -> Shot:
        vx, vy = shot_velocity(self.direction, level, self.view.max_speed)
        return Shot(direction=self.direction, speed=math.hypot(vx, vy), placement=self.placement,
                    spin=self.spin.value)

    def press(self) -> None:
        if self.check.busy:
            return
        self.meter.press(self.app.clock.getFrameTime())
        self._press_y = None

    def release(self) -> None:
        if not self.meter.charging:
            return
        level = self.meter.release(self.app.clock.getFrameTime())
        if level > 0:
            self.planned = level
        self._fire(self.shot(level))

    def shoot_planned(self) -> None:
        """G: shoot now at the set power (the wheel's, the coach's, or the last shot's)."""
        if self.meter.charging or self.check.busy:
            return
        self._fire(self.shot(self.planned))

    def _fire(self, shot: Shot) -> None:
        """Shoot, unless the preview of this very shot warns: then ask first (``aim_check``)."""
        self.coach.cancel()
        self.check.submit(shot, self.app.clock.getFrameTime())

    def nudge_power(self, step: float) -> None:
        if not self.meter.charging:
            self.planned = min(1.0, max(0.03, self.planned + step))

    def take_advice(self, advice) -> None:
        """Snap the aim, the taw's place, the set power and the spin to the coach's shot."""
        shot = advice.shot
        self.direction = shot.direction % 360.0
        if shot.placement is not None and self.view.placements is not None:
            self.placement = shot.placement
            if shot.placement.orbit in self.view.placements.orbits:
                self.line_index = self.view.placements.orbits.index(shot.placement.orbit)
        self.planned = level_for_speed(shot.speed, self.view.max_speed)
        self.spin.set(shot.spin)

    def _preview_strength(self) -> str:
        return self.app.game.preview_strength()

    def _frame(self, task):
        app = self.app
        dt = min(0.1, app.clock.getDt())
        keys = app.keys
        if self.check.busy:  # the aim, the power and the spin stay as released while it is checked
            self.check.poll(app.clock.getFrameTime())
            return task.cont
        if app.mouseWatcherNode is not None and app.mouseWatcherNode.hasMouse():
            self.pointer_at(app.mouseWatcherNode.getMouseX(), app.mouseWatcherNode.getMouseY())
        if not self.meter.charging:  # the aim is fixed once the power gesture has begun
            rate = app.game.turn_settings().mouse_sensitivity * self._fine()
            for name, sign in (("aim-left", 1.0), ("aim-right", -1.0)):
                turned = self.taps.taps(name) * TAP_DEG + (KEY_AIM_DEG_PER_S * dt if keys.is_down(app, name) else 0.0)
                self.turn(sign * turned * rate)
        if app.view.mode != "free" and self.view.placements is not None:
            for name, sign in (("left", 1.0), ("right", -1.0)):
                slid = self.taps.taps(name) * TAP_DEG + (PLACE_DEG_PER_S * dt if keys.is_down(app, name) else 0.0)
                if slid:
                    self.slide(sign * slid * self._fine())
        else:
            self.taps.taps("left"), self.taps.taps("right")
        self._spin_keys(dt)
        self.meter.update(app.clock.getFrameTime())
        level = self.meter.level if self.meter.charging else self.planned
        app.game.hud.set_power(level)
        self._update_camera()
        self.shot_preview.update(self.shot(level))
        self.coach.poll()
        return task.cont

    def _spin_keys(self, dt: float) -> None:
        """W / S (Up / Down): every tap a tenth of the range; held past a moment, a steady sweep.
        In the free camera they walk instead."""
        walking = self.app.view.mode == "free"
        for name, sign in (("topspin", 1.0), ("backspin", -1.0)):
            taps = self.taps.taps(name)   # (read in the free camera too, so walking taps are not kept)
            before = self._spin_held[name]
            down = not walking and self.app.keys.is_down(self.app, name)
            self._spin_held[name] = before + dt if down else 0.0
            if walking:
                continue
            swept = max(0.0, self._spin_held[name] - SPIN_HOLD_DELAY) - max(0.0, before - SPIN_HOLD_DELAY)
            self.spin.add(sign * (taps * SPIN_TAP + SPIN_PER_S * swept))
        self.spin_dot.show(self.spin.value)

    def _place_sun_indicator(self, task):
        app = self.app
        sun = self.view.positions.get("sun")
        if sun is None or app.is_held() or app.view.mode != "knuckle" or app.view.suspended:
            self.sun_indicator.hide()
        else:
            height = body_radius(self.view.layout, "sun")
            self.sun_indicator.update((sun[0], sun[1], height), self.origin())
        return task.cont

    def pointer_at(self, x: float, y: float) -> None:
        """The pointer is at (x, y), window units -1..1: sideways turns the aim (or slides the taw);
        once the button is down only pulling back counts, and it drags the power."""
        sens = self.app.game.turn_settings().mouse_sensitivity * self._fine()
        if self.meter.charging and self.app.view.mode != "free":
            if self._press_y is None:
                self._press_y = y
            pulled = self._press_y - y
            if self.meter.dragging or pulled > DRAG_START:
                self.meter.drag(pulled / DRAG_FULL)
        if self._last_mouse_x is not None and self.app.view.mode != "free" and not self.meter.charging:
            dx = x - self._last_mouse_x
            if self.placing and self.view.placements is not None:
                self.slide(-dx * 0.5 * PLACE_DEG_PER_SCREEN * sens)
            else:
                self.turn(-dx * 0.5 * AIM_DEG_PER_SCREEN * sens)
        self._last_mouse_x = x if self.meter.charging else self._recentre_pointer(x)

    def _fine(self) -> float:
        return FINE if self.app.keys.is_down(self.app, "fine") else 1.0

    def resumed(self) -> None:
        self._last_mouse_x = None
        self.taps.forget()

    def _recentre_pointer(self, x: float) -> float:
        """In a real window, put the pointer back in the middle so aiming never hits the screen's edge."""
        win = self.app.win
        if not isinstance(win, GraphicsWindow) or self.app.view.mode == "free" or abs(x) < 0.5:
            return x
        if win.movePointer(0, win.getXSize() // 2, win.getYSize() // 2):
            return 0.0
        return x

    def _update_camera(self) -> None:
        app = self.app
        origin = self.origin()
        app.view.sync(self._positions())
        app.view.knuckle_down(origin, self.direction)
        layout = self.view.layout
        if self.shot_preview.strength == NONE:  # no preview, no aim line: a crosshair shows the way alone
            sun = self.view.positions.get("sun")
            reach = math.dist(origin, sun) if sun is not None else CROSSHAIR_REACH
            app.view.show_crosshair(origin, self.direction, min(PREVIEW_REACH, max(CROSSHAIR_NEAREST, reach)))
            return
        bodies = {b: (p, body_radius(layout, b)) for b, p in self.view.positions.items() if b != self.view.taw}
        contact = first_contact(origin, self.direction, layout.marble_radius, bodies, PREVIEW_REACH)
        length = preview_length(app.game.aim_aid_strength(), contact, PREVIEW_REACH)
        if length > 0:
            app.view.show_aim(origin, self.direction, length, contact)
        else:
            app.view.hide_aim()

    def exit(self) -> None:
        self.coach.cancel()
        self.app.view.hide_aim()
        if self.app.game is not None:
            self.app.game.hud.set_power(None)
        super().exit()


def level_for_speed(speed: float, speed_cap: float) -> float:
    """The power level that ``shot_velocity`` turns into ``speed`` (the inverse of its scale)."""
    return min(1.0, max(0.03, speed / (speed_cap * 0.999)))
