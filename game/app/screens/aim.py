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

from game.app.hud.first_tip import FirstTurnTip, first_shot_of, tip_text
from game.app.hud.game_hud import sun_words
from game.app.hud.spin_dot import SpinDot
from game.app.input.aiming import SPIN_HOLD_DELAY, SPIN_PER_S, SPIN_TAP, PowerMeter, launch_speed, level_for_speed, tap_degrees
from game.app.input.bindings import TapCounter
from game.app.input.taw_aim import PLANNED_LEVEL, TawAim
from game.app.scene.table_view import ViewMode
from game.app.screens.aim_check import ShotCheck
from game.app.screens.aim_coach import ShotCoach
from game.app.screens.aim_display import AimDisplay
from game.app.screens.aim_pointer import AimPointer
from game.app.screens.aim_preview import ShotPreview
from game.app.screens.base import State
from game.app.screens.screen import Screen
from game.match.players import Shot

KEY_AIM_DEG_PER_S = 40.0
TAP_DEG = 0.5                # one tap of Q/E at most (near targets); a quarter marble at the target (tap_degrees)
PLACE_DEG_PER_S = 30.0
WHEEL_STEP = 0.02


class AimState(State):
    """The turn's wiring: the keys and the power gesture here; the aim itself in ``aiming`` (``TawAim``), the
    mouse in ``pointer`` (``AimPointer``), what is drawn of it in ``display`` (``AimDisplay``), and the shot
    preview, the coach and the question before a warned shot in their own classes."""

    name = "aim"

    def enter(self) -> None:
        app = self.app
        game = app.game
        self.view = game.session.view()
        app.use_keys(game.turn_settings().keys)  # this shooter's own keys (a person's, in a hot-seat game)
        self.meter = PowerMeter()
        # The shooter's last power carries over; a lesson opens on its own aim.
        self.aiming = TawAim.start(self.view, game.power.get(self.view.shooter, PLANNED_LEVEL), game.opening)
        self.spin_dot = self.keep(SpinDot(app))
        self._spin_held = {"topspin": 0.0, "backspin": 0.0}  # how long each spin key has been down
        goal = game.session.coach_goal()
        self.shot_preview = self.keep(ShotPreview(app, self.view, game.preview_mode(), goal))
        self.coach = self.keep(ShotCoach(app, self.view, lambda advice: self.aiming.take(advice.shot), goal,
                                         on_panel_resize=game.lesson_panel.make_room if game.lesson_panel else None))
        self.check = self.keep(ShotCheck(app, self.shot_preview, lambda shot: self.go(Screen.SHOT, shot)))
        self.tip = self._first_turn_tip()
        self.pointer = AimPointer(app, self.aiming, self.meter, self.dialog_open, lambda: self.check.busy)
        self.display = self.keep(AimDisplay(app, self.aiming, self.shot_preview))
        app.view.sync(self.aiming.positions())
        app.view.set_mode(ViewMode.KNUCKLE)
        self.display.update()
        app.view.snap()
        game.fast_forward = False
        game.refresh_hud(power=0.0, hint=self.display.hint())
        self.taps = TapCounter(app.keys.held)
        self._listen()
        self.add_task(self._frame, "frame")
        # The Sun indicator runs after the camera has moved (sort 40) and before the frame is drawn,
        # and while held too, so it can hide itself while the game is paused or a replay is watched.
        self.add_task(self.display.sun_indicator_task, "sun-indicator", sort=45, while_held=True)
        self.add_task(self.pointer.cursor_task, "cursor-back", while_held=True)

    def _listen(self) -> None:
        """Each action of the turn to what it moves: the power here, the aim, the pointer or the view."""
        view, pointer, aiming = self.app.view, self.pointer, self.aiming
        self.on_action("shoot-press", self.mouse_press)
        self.on_action("power-press", self.press)
        self.on_action("shoot-release", self.mouse_release)
        self.on_action("power-release", self.release)
        self.on_action("place-press", self._right_button)
        self.on_action("place-release", lambda: setattr(pointer, "placing", False))
        self.on_action("line-next", aiming.change_line, [1])
        self.on_action("line-prev", aiming.change_line, [-1])
        self.on_action("overhead", self.toggle_view, [ViewMode.OVERHEAD])
        self.on_action("sight", self.toggle_view, [ViewMode.SIGHT])
        self.on_action("free-camera", lambda: view.set_mode(ViewMode.FREE))
        self.on_action("knuckle-down", lambda: view.set_mode(ViewMode.KNUCKLE))
        self.taps.listen(self)
        self.on_action("coach", self.coach.ask)
        self.on_action("shoot-planned", self.shoot_planned)
        self.on_action("power-up", self.wheel, [1])
        self.on_action("power-down", self.wheel, [-1])
        self.on_action("whole-ground", self.display.whole_ground)

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

    # -- the buttons and the views -------------------------------------------------

    def _right_button(self) -> None:
        """Right button: lets go of a charging shot, else slides the taw while held."""
        if not self.cancel_gesture():
            self.pointer.placing = True

    def planning(self) -> bool:
        return self.coach.thinking

    def cancel_gesture(self) -> bool:
        """Esc or the right button while the power is charging, or while a released shot waits to be
        checked: let go, shoot nothing.  Esc while the coach thinks stops it."""
        if self.check.drop() or self.coach.stop_thinking():
            return True
        if not self.meter.charging:
            return False
        self.meter.cancel()
        self.pointer.press_y = None
        self.app.game.hud.set_power(0.0)
        return True

    def toggle_view(self, mode: ViewMode) -> None:
        """Tab: the overhead view; Z: the sight, zoomed on the aim point (a far target drawn large); again: back."""
        self.app.view.set_mode(ViewMode.KNUCKLE if self.app.view.mode == mode else mode)
        self.pointer.round_sweep.release()
        self.app.game.refresh_hud(hint=self.display.hint())

    def mouse_press(self) -> None:
        """The left button: in the overhead view it aims where it is pressed (a ball: a full hit) and, held,
        turns the aim as the pointer goes round the taw; elsewhere it starts the power meter."""
        if self.app.view.mode != ViewMode.OVERHEAD:
            self.press()
            return
        watcher = self.app.mouseWatcherNode
        if watcher is not None and watcher.hasMouse():
            self.pointer.overhead_press(watcher.getMouseX(), watcher.getMouseY())

    def mouse_release(self) -> None:
        if self.pointer.round_sweep.held:
            self.pointer.round_sweep.release()
            return
        self.release()

    def wheel(self, notches: int) -> None:
        """The wheel: in the overhead view it zooms about the pointer; elsewhere it sets the power."""
        if self.app.view.mode != ViewMode.OVERHEAD:
            if not self.meter.charging:
                self.aiming.nudge_power(notches * WHEEL_STEP)
            return
        watcher = self.app.mouseWatcherNode
        if watcher is not None and watcher.hasMouse():
            self.pointer.zoom_at(watcher.getMouseX(), watcher.getMouseY(), notches)

    # -- the power and the shot ----------------------------------------------------

    def press(self) -> None:
        if self.check.busy or self.dialog_open():
            return
        self.meter.press(self.app.clock.getFrameTime())
        self.pointer.press_y = None

    def release(self) -> None:
        """Shoot at the power the meter showed when the button came up (``PowerMeter.let_go``)."""
        if not self.meter.charging:
            return
        level = self.meter.let_go()
        if level > 0:
            self.aiming.planned = level
        self._fire(self.aiming.shot(level))

    def shoot_planned(self) -> None:
        """G: shoot now at the set power (the wheel's, the coach's, or the last shot's)."""
        if self.meter.charging or self.check.busy or self.dialog_open():
            return
        self._fire(self.coach.follow(self.aiming.shot(self.aiming.planned)))

    def _fire(self, shot: Shot) -> None:
        """Shoot, unless the preview of this very shot warns: then ask first (``aim_check``)."""
        self.coach.cancel()
        self.app.game.power[self.view.shooter] = level_for_speed(shot.speed, self.view.max_speed)
        self.check.submit(shot, self.app.clock.getFrameTime())

    # -- each frame ----------------------------------------------------------------

    def _frame(self, task):
        app = self.app
        dt = min(0.1, app.clock.getDt())
        if self.check.busy:  # the aim, the power and the spin stay as released while it is checked
            self.check.poll(app.clock.getFrameTime())
            return task.cont
        self.pointer.follow(dt)
        self._aim_keys(dt)
        self._spin_keys(dt)
        self.meter.update(app.clock.getFrameTime())
        level = self.meter.level if self.meter.charging else self.aiming.planned
        speed = launch_speed(level, self.view.max_speed)
        app.game.hud.set_power(speed / self.view.max_speed, speed=speed)
        self.display.update()
        aimed = self.coach.follow(self.aiming.shot(self.aiming.planned))   # the coach's ghost goes once the aim leaves it
        self.shot_preview.update(self.aiming.shot(level) if self.meter.charging else aimed)
        self.coach.poll()
        return task.cont

    def _aim_keys(self, dt: float) -> None:
        """Q / E turn the aim (every tap counts, a tap scaled to the target's range); Left / Right (A / D)
        slide a taw that may be laid.  The aim is fixed once the power gesture has begun."""
        app, keys, fine = self.app, self.app.keys, self.pointer.fine()
        if not self.meter.charging:
            rate = app.game.turn_settings().mouse_sensitivity * fine
            tap = tap_degrees(self.display.target_range, self.view.layout.marble_radius, TAP_DEG)
            for name, sign in (("aim-left", 1.0), ("aim-right", -1.0)):
                held = KEY_AIM_DEG_PER_S * tap / TAP_DEG * dt if keys.is_down(app, name) else 0.0
                self.aiming.turn(sign * (self.taps.taps(name) * tap + held) * rate)
        if app.view.mode != ViewMode.FREE and self.view.placements is not None:
            for name, sign in (("left", 1.0), ("right", -1.0)):
                slid = self.taps.taps(name) * TAP_DEG + (PLACE_DEG_PER_S * dt if keys.is_down(app, name) else 0.0)
                if slid:
                    self.aiming.slide(sign * slid * fine)
        else:
            self.taps.taps("left"), self.taps.taps("right")

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
            self.aiming.spin.add(sign * (taps * SPIN_TAP + SPIN_PER_S * swept))
        self.spin_dot.show(self.aiming.spin.value)

    def dialog_open(self) -> bool:
        """A tip or a question is on the screen: nothing aims or shoots behind it."""
        return (self.tip is not None and self.tip.shown) or self.check.confirm is not None

    def resumed(self) -> None:
        self.pointer.forget()
        self.taps.forget()

    def exit(self) -> None:
        self.pointer.hide(False)
        if self.app.view.mode == ViewMode.SIGHT:
            self.app.view.set_mode(ViewMode.KNUCKLE)  # the shot is watched as from the knuckle-down view
        self.coach.cancel()
        self.app.view.hide_aim()
        if self.app.game is not None:
            self.app.game.hud.set_power(None)
        super().exit()
