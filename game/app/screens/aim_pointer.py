"""The pointer on the Aim screen: sideways it turns the aim (or slides the taw), pulled back it drags the power,
from above it aims where it points; and the cursor hidden while it turns the low view.

``AimState`` routes the mouse here and keeps the power gesture itself; this
class moves the ``TawAim`` and the meter's drag, and owns the cursor.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from panda3d.core import GraphicsWindow, WindowProperties

from game.app.input.aiming import PowerMeter
from game.app.input.overhead_aim import PICK_SLACK_PX, RoundSweep, ball_under, bearing
from game.app.input.pointer_aim import PointerSweep
from game.app.input.taw_aim import TawAim
from game.app.scene.table_view import ViewMode
from game.rules.layout import Point

AIM_DEG_PER_SCREEN = 120.0   # a full sweep of the mouse across the window turns this far
PLACE_DEG_PER_SCREEN = 90.0  # right button held: a sweep of the mouse slides the taw this far round
DRAG_FULL = 2.0 / 3.0        # pointer units (the window is 2 high): a third of its height pulled is full power
DRAG_START = 0.04            # a pull shorter than this is a hand's wobble, not a drag
FINE = 0.1                   # Shift held: aim (mouse and keys) ten times slower


class AimPointer:
    """The mouse over the table during a person's aim: ``blocked()`` while a tip or a question is open,
    ``busy()`` while a released shot waits to be checked."""

    def __init__(self, app: Any, aiming: TawAim, meter: PowerMeter, blocked: Callable[[], bool],
                 busy: Callable[[], bool]) -> None:
        self.app = app
        self.aiming = aiming
        self.meter = meter
        self.blocked = blocked
        self.busy = busy
        self.sweep = PointerSweep()
        self.round_sweep = RoundSweep()  # the left button held in the overhead view: the pointer turns the aim
        self.hidden = False  # the cursor, while the pointer turns the low view (``hide``)
        self.placing = False  # right button held: the mouse slides the taw along its line
        self.press_y: float | None = None  # where the pointer was when the power button went down

    def fine(self) -> float:
        """The fine key held: the aim turns ten times slower."""
        return FINE if self.app.keys.is_down(self.app, "fine") else 1.0

    def follow(self, dt: float) -> None:
        """Once a frame: the pointer where it is now (or gone from the window)."""
        watcher = self.app.mouseWatcherNode
        if watcher is None or not watcher.hasMouse():
            self.sweep.forget()
            self.hide(False)
            return
        x, y = watcher.getMouseX(), watcher.getMouseY()
        self.move(x, y, watcher.isOverRegion(), dt)
        if self.round_sweep.held:
            self.overhead_drag(x, y)

    def move(self, x: float, y: float, over_gui: bool = False, dt: float = 0.0) -> None:
        """The pointer is at (x, y), window units -1..1: sideways turns the aim (or slides the taw);
        once the button is down only pulling back counts, and it drags the power.

        Only motion over the table aims (``pointer_aim``): not over a button or a panel (``over_gui``),
        not while a tip or a question is open, and a sweep that ends on a button is taken back.
        """
        mode = self.app.view.mode
        free = mode == ViewMode.FREE
        if self.meter.charging and not free:
            self._drag_power(x, y)
            return
        if mode == ViewMode.OVERHEAD:
            self.sweep.forget()  # up there the pointer aims by where it points on the ground (overhead_press)
            self.hide(False)
            return
        dx, undo = self.sweep.motion(x, dt, over_gui, blocked=self.blocked())
        self.aiming.turn(undo)
        if dx and not free:
            sens = self.app.game.turn_settings().mouse_sensitivity * self.fine()
            if self.placing and self.aiming.view.placements is not None:
                self.aiming.slide(-dx * 0.5 * PLACE_DEG_PER_SCREEN * sens)
            else:
                turned = -dx * 0.5 * AIM_DEG_PER_SCREEN * sens / self.app.view.rig.zoom  # the sight turns finer
                self.aiming.turn(turned)
                self.sweep.turned(turned)
        if self.sweep.last_x is not None:
            self.sweep.moved_to(self._recentre(x))
        self.hide(self.sweep.turning and mode in (ViewMode.KNUCKLE, ViewMode.SIGHT))

    def _drag_power(self, x: float, y: float) -> None:
        if self.press_y is None:
            self.press_y = y
        pulled = self.press_y - y
        if self.meter.dragging or pulled > DRAG_START:
            self.meter.drag(pulled / DRAG_FULL)
        self.sweep.moved_to(x)

    def overhead_press(self, x: float, y: float) -> None:
        """The button down at (x, y), window units, in the overhead view: aim there, then follow the pointer."""
        if self.busy() or self.blocked() or self.meter.charging:
            return
        ground = self.aim_at_screen(x, y)
        if ground is not None:
            self.round_sweep.press(self.pixel(x, y), bearing(self.aiming.origin(), ground))

    def overhead_drag(self, x: float, y: float) -> None:
        """The button held at (x, y): the aim turns by the pointer's sweep round the taw (a tenth, fine)."""
        ground = self.app.view.rig.pointer_on_ground(x, y)
        origin = self.aiming.origin()
        if ground is None or self.meter.charging or math.dist(ground, origin) < 1e-4:
            return
        self.aiming.turn(self.round_sweep.move(self.pixel(x, y), bearing(origin, ground), self.fine()))

    def aim_at_screen(self, x: float, y: float) -> Point | None:
        """Aim at what the pointer at (x, y) shows from above: a ball, full on (its centre), else the ground
        point.  Returns the ground point under the pointer (None: off the ground)."""
        rig = self.app.view.rig
        ground = rig.pointer_on_ground(x, y)
        if ground is None:
            return None
        beside = rig.pointer_on_ground(x + 2.0 * PICK_SLACK_PX / max(1, self.app.win.getXSize()), y)
        slack = math.dist(ground, beside) if beside is not None else 0.0
        ball = ball_under(ground, self.aiming.bodies(), slack)
        self.aiming.aim_at(self.aiming.view.positions[ball] if ball is not None else ground)
        return ground

    def zoom_at(self, x: float, y: float, notches: int) -> None:
        """Zoom the overhead view ``notches`` in (out, negative) about the ground under (x, y), window units."""
        self.app.view.zoom_overhead(x, y, notches)

    def pixel(self, x: float, y: float) -> tuple[float, float]:
        win = self.app.win
        return ((x + 1.0) * 0.5 * win.getXSize(), (1.0 - y) * 0.5 * win.getYSize())

    def cursor_task(self, task: Any) -> Any:
        """A menu or the replay viewer over the game: the cursor is shown to use it."""
        if self.app.is_held():
            self.hide(False)
        return task.cont

    def forget(self) -> None:
        """The game goes on after a pause or a replay: the pointer's earlier motion is not a sweep."""
        self.sweep.forget()

    def hide(self, hidden: bool) -> None:
        """While the pointer turns the low view the cursor is hidden, as a mouse-look is: the picture turns
        under it, and a cursor sliding over a turning picture (and put back in the middle) seems to fight the
        aim.  It comes back once the pointer rests, leaves the table or the view changes."""
        if hidden == self.hidden:
            return
        self.hidden = hidden
        if isinstance(self.app.win, GraphicsWindow):
            props = WindowProperties()
            props.setCursorHidden(hidden)
            self.app.win.requestProperties(props)

    def _recentre(self, x: float) -> float:
        """In a real window, put the pointer back in the middle so aiming never hits the screen's edge."""
        win = self.app.win
        if not isinstance(win, GraphicsWindow) or self.app.view.mode == ViewMode.FREE or abs(x) < 0.5:
            return x
        # Only sideways: moving it up or down would read as a pull on the next press (a drag-back).
        pointer = win.getPointer(0)  # its x and y are floats; movePointer takes whole pixels
        if win.movePointer(0, win.getXSize() // 2, int(pointer.getY())):
            return 0.0
        return x
