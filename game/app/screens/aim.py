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

from panda3d.core import GraphicsWindow, WindowProperties

from game.app.input.aiming import (MIN_POWER, SPIN_HOLD_DELAY, SPIN_PER_S, SPIN_TAP, PowerMeter, ThumbSpin, first_contact,
                                   aim_towards, launch_speed, level_for_speed, preview_length, tap_degrees, turn_start)
from game.app.input.bindings import TapCounter, key_words
from game.app.input.overhead_aim import PICK_SLACK_PX, RoundSweep, ball_under, bearing
from game.app.input.pointer_aim import PointerSweep
from game.app.hud.first_tip import FirstTurnTip, first_shot_of, tip_text
from game.app.hud.game_hud import sun_words
from game.app.screens.aim_check import ShotCheck
from game.app.screens.aim_coach import ShotCoach
from game.app.hud.spin_dot import SpinDot
from game.app.screens.aim_preview import ShotPreview
from game.app.screens.base import State
from game.app.hud.sun_indicator import SunIndicator
from game.match.players import Shot, TawPlacement
from game.match.table import body_radius, free_spot_on_line
from game.app.scene.table_view import ViewMode
from game.app.screens.screen import Screen

AIM_DEG_PER_SCREEN = 120.0   # a full sweep of the mouse across the window turns this far
KEY_AIM_DEG_PER_S = 40.0
TAP_DEG = 0.5                # one tap of Q/E at most (near targets); a quarter marble at the target (tap_degrees)
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
        app.use_keys(game.turn_settings().keys)  # this shooter's own keys (a person's, in a hot-seat game)
        self.meter = PowerMeter()
        self.line_index = 0
        _origin, self.direction, self.placement = turn_start(self.view)
        self.planned = game.power.get(self.view.shooter, PLANNED_LEVEL)  # the shooter's last power carries over
        self.target_range = PREVIEW_REACH  # how far the aim's target lies (_update_camera); the taps scale with it
        self.round_sweep = RoundSweep()  # the left button held in the overhead view: the pointer turns the aim
        if game.opening is not None:
            self._open_on(game.opening)
        self.spin = ThumbSpin()  # none at the start of every turn: see docs/decisions.md
        self.spin_dot = self.keep(SpinDot(app))
        self._spin_held = {"topspin": 0.0, "backspin": 0.0}  # how long each spin key has been down
        self.shot_preview = self.keep(ShotPreview(app, self.view, self.app.game.preview_mode(),
                                                  game.session.coach_goal()))
        self.coach = self.keep(ShotCoach(app, self.view, self.take_advice, game.session.coach_goal()))
        if game.lesson_panel is not None:
            self.coach.panel.on_resize = game.lesson_panel.make_room
        self.check = self.keep(ShotCheck(app, self.shot_preview, lambda shot: self.go(Screen.SHOT, shot)))
        self.tip = self._first_turn_tip()
        self.sweep = PointerSweep()
        self.pointer_hidden = False  # the cursor, while the pointer turns the low view (``_hide_pointer``)
        app.view.sync(self._positions())
        app.view.set_mode(ViewMode.KNUCKLE)
        self._update_camera()
        app.view.snap()
        game.fast_forward = False
        game.refresh_hud(power=0.0, hint=self._hint())
        self._press_y: float | None = None  # where the pointer was when the button went down
        self.on_action("shoot-press", self.mouse_press)
        self.on_action("power-press", self.press)
        self.on_action("shoot-release", self.mouse_release)
        self.on_action("power-release", self.release)
        self.placing = False  # right button held: the mouse slides the taw along its line
        self.on_action("place-press", self._right_button)
        self.on_action("place-release", self._set_placing, [False])
        self.on_action("line-next", self.change_line, [1])
        self.on_action("line-prev", self.change_line, [-1])
        self.on_action("overhead", self.toggle_overhead)
        self.on_action("sight", self.toggle_sight)
        self.on_action("free-camera", lambda: app.view.set_mode(ViewMode.FREE))
        self.on_action("knuckle-down", lambda: app.view.set_mode(ViewMode.KNUCKLE))
        self.taps = TapCounter(app.keys.held)
        self.taps.listen(self)
        self.on_action("coach", self.coach.ask)
        self.on_action("shoot-planned", self.shoot_planned)
        self.on_action("power-up", self.wheel, [1])
        self.on_action("power-down", self.wheel, [-1])
        self.on_action("whole-ground", self.whole_ground)
        self.add_task(self._frame, "frame")
        # The Sun indicator runs after the camera has moved (sort 40) and before the frame is drawn,
        # and while held too, so it can hide itself while the game is paused or a replay is watched.
        self.sun_indicator = self.keep(SunIndicator(app))
        self.add_task(self._place_sun_indicator, "sun-indicator", sort=45, while_held=True)
        self.add_task(self._cursor_back_while_held, "cursor-back", while_held=True)

    def _first_turn_tip(self) -> FirstTurnTip | None:
        """The tip, on the shooter's real first shot of the game, in words for where the Sun lies."""
        app, view = self.app, self.view
        shooters = (shot.ruling.shooter for shot in app.game.session.judged_shots())
        if not FirstTurnTip.wanted(app, first_shot_of(view.shooter, shooters)):
            return None
        sun = view.positions.get("sun", (0.0, 0.0))
        in_ring = math.hypot(*sun) <= view.layout.inner_ring_radius
        released = view.rule_state is not None and view.rule_state.sun_released
        where = sun_words(app.game.session.sun_place()).removeprefix("The Sun lies ")
        return self.keep(FirstTurnTip(app, tip_text(in_ring, released, where)))

    # -- where the taw is ---------------------------------------------------------

    def _hint(self) -> str:
        """The bottom line: what to press, by the keys this shooter has (``bindings``, their own if remapped)."""
        k = self._key
        aim_keys = f"{k('aim-left')}/{k('aim-right')}"
        where = f"   {k('left')}/{k('right')}: slide the taw" if self.view.placements else ""
        if self.app.view.scene.ground_heights is not None:  # rough earth: its slope view is a key away
            where += f"   {k('slopes')}: slopes"
        if self.app.view.mode == ViewMode.OVERHEAD:
            return (f"Click a ball: full hit   Drag round the taw: aim ({k('fine')}: fine)   {aim_keys}: fine aim   "
                    f"Wheel: zoom   {k('whole-ground')}: whole ground   Hold {k('power-press')}: power   "
                    f"{k('shoot-planned')}: shoot{where}   {k('overhead')}: back down")
        if self.app.view.mode == ViewMode.SIGHT:
            return (f"Mouse or {aim_keys}: aim   Hold left button: power   Wheel + {k('shoot-planned')}: set power, "
                    f"shoot   {k('sight')}: back to the view")
        return (f"Mouse or {aim_keys}: aim   Hold left button: power   Wheel + {k('shoot-planned')}: set power, shoot   "
                f"{k('topspin')}/{k('backspin')}: spin{where}   {k('coach')}: coach   {k('sight')}: sight   "
                f"{k('overhead')}: overhead")

    def _key(self, action: str) -> str:
        keys = self.app.keys.keys_of(action)
        return key_words(keys[0]) if keys else "(no key)"

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
        checked: let go, shoot nothing.  Esc while the coach thinks stops it."""
        if self.check.drop() or self.coach.stop_thinking():
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
        self.app.view.set_mode(ViewMode.KNUCKLE if self.app.view.mode == ViewMode.OVERHEAD else ViewMode.OVERHEAD)
        self.round_sweep.release()
        self.app.game.refresh_hud(hint=self._hint())

    def toggle_sight(self) -> None:
        """Z: the sight, zoomed on the aim point (a far target drawn large), and back."""
        self.app.view.set_mode(ViewMode.KNUCKLE if self.app.view.mode == ViewMode.SIGHT else ViewMode.SIGHT)
        self.round_sweep.release()
        self.app.game.refresh_hud(hint=self._hint())

    def mouse_press(self) -> None:
        """The left button: in the overhead view it aims where it is pressed (a ball: a full hit) and, held,
        turns the aim as the pointer goes round the taw; elsewhere it starts the power meter."""
        if self.app.view.mode != ViewMode.OVERHEAD:
            self.press()
            return
        watcher = self.app.mouseWatcherNode
        if watcher is not None and watcher.hasMouse():
            self.overhead_press(watcher.getMouseX(), watcher.getMouseY())

    def mouse_release(self) -> None:
        if self.round_sweep.held:
            self.round_sweep.release()
            return
        self.release()

    def overhead_press(self, x: float, y: float) -> None:
        """The button down at (x, y), window units, in the overhead view: aim there, then follow the pointer."""
        if self.check.busy or self.dialog_open() or self.meter.charging:
            return
        ground = self.aim_at_screen(x, y)
        if ground is not None:
            self.round_sweep.press(self._pixel(x, y), bearing(self.origin(), ground))

    def overhead_drag(self, x: float, y: float) -> None:
        """The button held at (x, y): the aim turns by the pointer's sweep round the taw (a tenth, fine)."""
        ground = self.app.view.rig.pointer_on_ground(x, y)
        if ground is None or self.meter.charging or math.dist(ground, self.origin()) < 1e-4:
            return
        self.turn(self.round_sweep.move(self._pixel(x, y), bearing(self.origin(), ground), self._fine()))

    def aim_at_screen(self, x: float, y: float) -> tuple[float, float] | None:
        """Aim at what the pointer at (x, y) shows from above: a ball, full on (its centre), else the ground
        point.  Returns the ground point under the pointer (None: off the ground)."""
        rig = self.app.view.rig
        ground = rig.pointer_on_ground(x, y)
        if ground is None:
            return None
        beside = rig.pointer_on_ground(x + 2.0 * PICK_SLACK_PX / max(1, self.app.win.getXSize()), y)
        slack = math.dist(ground, beside) if beside is not None else 0.0
        ball = ball_under(ground, self._bodies(), slack)
        target = self.view.positions[ball] if ball is not None else ground
        origin = self.origin()
        if math.dist(target, origin) > 1e-4:
            self.direction = aim_towards(origin, target)
        return ground

    def _pixel(self, x: float, y: float) -> tuple[float, float]:
        win = self.app.win
        return ((x + 1.0) * 0.5 * win.getXSize(), (1.0 - y) * 0.5 * win.getYSize())

    def _bodies(self) -> dict:
        """Every body on the ground but the shooter's taw, as (centre, radius)."""
        layout = self.view.layout
        return {b: (p, body_radius(layout, b)) for b, p in self.view.positions.items() if b != self.view.taw}

    def wheel(self, notches: int) -> None:
        """The wheel: in the overhead view it zooms about the pointer; elsewhere it sets the power."""
        if self.app.view.mode != ViewMode.OVERHEAD:
            self.nudge_power(notches * WHEEL_STEP)
            return
        watcher = self.app.mouseWatcherNode
        if watcher is not None and watcher.hasMouse():
            self.zoom_at(watcher.getMouseX(), watcher.getMouseY(), notches)

    def zoom_at(self, x: float, y: float, notches: int) -> None:
        """Zoom the overhead view ``notches`` in (out, negative) about the ground under (x, y), window units."""
        self.app.view.zoom_overhead(x, y, notches)

    def whole_ground(self) -> None:
        if self.app.view.mode == ViewMode.OVERHEAD:
            self.app.view.whole_ground()

    def shot(self, level: float) -> Shot:
        return Shot(direction=self.direction, speed=launch_speed(level, self.view.max_speed), placement=self.placement,
                    spin=self.spin.value)

    def press(self) -> None:
        if self.check.busy or self.dialog_open():
            return
        self.meter.press(self.app.clock.getFrameTime())
        self._press_y = None

    def release(self) -> None:
        """Shoot at the power the meter showed when the button came up (``PowerMeter.let_go``)."""
        if not self.meter.charging:
            return
        level = self.meter.let_go()
        if level > 0:
            self.planned = level
        self._fire(self.shot(level))

    def shoot_planned(self) -> None:
        """G: shoot now at the set power (the wheel's, the coach's, or the last shot's)."""
        if self.meter.charging or self.check.busy or self.dialog_open():
            return
        self._fire(self.shot(self.planned))

    def _fire(self, shot: Shot) -> None:
        """Shoot, unless the preview of this very shot warns: then ask first (``aim_check``)."""
        self.coach.cancel()
        self.app.game.power[self.view.shooter] = level_for_speed(shot.speed, self.view.max_speed)
        self.check.submit(shot, self.app.clock.getFrameTime())

    def nudge_power(self, step: float) -> None:
        if not self.meter.charging:
            self.planned = min(1.0, max(MIN_POWER, self.planned + step))

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

    def _frame(self, task):
        app = self.app
        dt = min(0.1, app.clock.getDt())
        keys = app.keys
        if self.check.busy:  # the aim, the power and the spin stay as released while it is checked
            self.check.poll(app.clock.getFrameTime())
            return task.cont
        watcher = app.mouseWatcherNode
        if watcher is not None and watcher.hasMouse():
            self.pointer_at(watcher.getMouseX(), watcher.getMouseY(), watcher.isOverRegion(), dt)
        else:
            self.sweep.forget()
            self._hide_pointer(False)
        if self.round_sweep.held and watcher is not None and watcher.hasMouse():
            self.overhead_drag(watcher.getMouseX(), watcher.getMouseY())
        if not self.meter.charging:  # the aim is fixed once the power gesture has begun
            rate = app.game.turn_settings().mouse_sensitivity * self._fine()
            tap = tap_degrees(self.target_range, self.view.layout.marble_radius, TAP_DEG)
            for name, sign in (("aim-left", 1.0), ("aim-right", -1.0)):
                held = KEY_AIM_DEG_PER_S * tap / TAP_DEG * dt if keys.is_down(app, name) else 0.0
                self.turn(sign * (self.taps.taps(name) * tap + held) * rate)
        if app.view.mode != ViewMode.FREE and self.view.placements is not None:
            for name, sign in (("left", 1.0), ("right", -1.0)):
                slid = self.taps.taps(name) * TAP_DEG + (PLACE_DEG_PER_S * dt if keys.is_down(app, name) else 0.0)
                if slid:
                    self.slide(sign * slid * self._fine())
        else:
            self.taps.taps("left"), self.taps.taps("right")
        self._spin_keys(dt)
        self.meter.update(app.clock.getFrameTime())
        level = self.meter.level if self.meter.charging else self.planned
        app.game.hud.set_power(launch_speed(level, self.view.max_speed) / self.view.max_speed,
                               speed=launch_speed(level, self.view.max_speed))
        self._update_camera()
        self.shot_preview.update(self.shot(level))
        self.coach.poll()
        return task.cont

    def _spin_keys(self, dt: float) -> None:
        """W / S (Up / Down): every tap a tenth of the range; held past a moment, a steady sweep.
        In the free camera they walk instead."""
        walking = self.app.view.mode == ViewMode.FREE
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
        if sun is None or app.is_held() or app.view.mode != ViewMode.KNUCKLE or app.view.suspended:
            self.sun_indicator.hide()
        else:
            height = body_radius(self.view.layout, "sun")
            boxes = app.game.hud.clear_view.last_boxes.values()  # the panels on screen: a lesson's card among them
            panels = [(b.left, b.right, b.bottom, b.top) for b in boxes]
            self.sun_indicator.update((sun[0], sun[1], height), self.origin(), panels)
        return task.cont

    def pointer_at(self, x: float, y: float, over_gui: bool = False, dt: float = 0.0) -> None:
        """The pointer is at (x, y), window units -1..1: sideways turns the aim (or slides the taw);
        once the button is down only pulling back counts, and it drags the power.

        Only motion over the table aims (``pointer_aim``): not over a button or a panel (``over_gui``),
        not while a tip or a question is open, and a sweep that ends on a button is taken back.
        """
        sens = self.app.game.turn_settings().mouse_sensitivity * self._fine()
        free = self.app.view.mode == ViewMode.FREE
        if self.meter.charging and not free:
            if self._press_y is None:
                self._press_y = y
            pulled = self._press_y - y
            if self.meter.dragging or pulled > DRAG_START:
                self.meter.drag(pulled / DRAG_FULL)
            self.sweep.moved_to(x)
            return
        if self.app.view.mode == ViewMode.OVERHEAD:
            self.sweep.forget()  # up there the pointer aims by where it points on the ground (overhead_press)
            self._hide_pointer(False)
            return
        dx, undo = self.sweep.motion(x, dt, over_gui, blocked=self.dialog_open())
        self.turn(undo)
        if dx and not free:
            if self.placing and self.view.placements is not None:
                self.slide(-dx * 0.5 * PLACE_DEG_PER_SCREEN * sens)
            else:
                turned = -dx * 0.5 * AIM_DEG_PER_SCREEN * sens / self.app.view.rig.zoom  # the sight turns finer
                self.turn(turned)
                self.sweep.turned(turned)
        if self.sweep.last_x is not None:
            self.sweep.moved_to(self._recentre_pointer(x))
        self._hide_pointer(self.sweep.turning and self.app.view.mode in (ViewMode.KNUCKLE, ViewMode.SIGHT))

    def dialog_open(self) -> bool:
        """A tip or a question is on the screen: nothing aims or shoots behind it."""
        return (self.tip is not None and self.tip.shown) or self.check.confirm is not None

    def _fine(self) -> float:
        return FINE if self.app.keys.is_down(self.app, "fine") else 1.0

    def resumed(self) -> None:
        self.sweep.forget()
        self.taps.forget()

    def _cursor_back_while_held(self, task):
        """A menu or the replay viewer over the game: the cursor is shown to use it."""
        if self.app.is_held():
            self._hide_pointer(False)
        return task.cont

    def _hide_pointer(self, hidden: bool) -> None:
        """While the pointer turns the low view the cursor is hidden, as a mouse-look is: the picture turns
        under it, and a cursor sliding over a turning picture (and put back in the middle) seems to fight the
        aim.  It comes back once the pointer rests, leaves the table or the view changes."""
        if hidden == self.pointer_hidden:
            return
        self.pointer_hidden = hidden
        if isinstance(self.app.win, GraphicsWindow):
            props = WindowProperties()
            props.setCursorHidden(hidden)
            self.app.win.requestProperties(props)

    def _recentre_pointer(self, x: float) -> float:
        """In a real window, put the pointer back in the middle so aiming never hits the screen's edge."""
        win = self.app.win
        if not isinstance(win, GraphicsWindow) or self.app.view.mode == ViewMode.FREE or abs(x) < 0.5:
            return x
        # Only sideways: moving it up or down would read as a pull on the next press (a drag-back).
        pointer = win.getPointer(0)  # its x and y are floats; movePointer takes whole pixels
        if win.movePointer(0, win.getXSize() // 2, int(pointer.getY())):
            return 0.0
        return x

    def _update_camera(self) -> None:
        app = self.app
        origin = self.origin()
        app.view.sync(self._positions())
        layout = self.view.layout
        contact = first_contact(origin, self.direction, layout.marble_radius, self._bodies(), PREVIEW_REACH)
        sun = self.view.positions.get("sun")
        self.target_range = (math.dist(origin, contact.target_at) if contact is not None
                             else math.dist(origin, sun) if sun is not None else PREVIEW_REACH)
        app.view.knuckle_down(origin, self.direction, reach=self.target_range)
        if not self.shot_preview.mode.draws:  # no preview, no aim line: a crosshair shows the way alone
            sun = self.view.positions.get("sun")
            reach = math.dist(origin, sun) if sun is not None else CROSSHAIR_REACH
            app.view.show_crosshair(origin, self.direction, min(PREVIEW_REACH, max(CROSSHAIR_NEAREST, reach)))
            return
        length = preview_length(app.game.aim_aid_strength(), contact, PREVIEW_REACH)
        if length > 0:
            app.view.show_aim(origin, self.direction, length, contact)
        else:
            app.view.hide_aim()

    def exit(self) -> None:
        self._hide_pointer(False)
        if self.app.view.mode == ViewMode.SIGHT:
            self.app.view.set_mode(ViewMode.KNUCKLE)  # the shot is watched as from the knuckle-down view
        self.coach.cancel()
        self.app.view.hide_aim()
        if self.app.game is not None:
            self.app.game.hud.set_power(None)
        super().exit()
