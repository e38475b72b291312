"""The frame rate's cap: the display's rate always, and lower while a worker plans.

A window without vsync (a driver that ignores ``sync-video``, Xvfb, a
remote display) draws frames back to back: Python, Panda3D and, on a
software renderer, the drawing itself take a core for frames no screen
shows.  Like most desktop games the app therefore never draws faster than
the display refreshes (its current mode's rate, 60 Hz where the pipe does
not say).  While the coach or an AI plans its shot (``TawApp.planning``),
the table stands still but for the thinking line and the camera, and the
plan's worker processes need the cores: the cap drops to ``PLANNING_FPS``.
Measured in docs/performance.md, "Frames while a worker thinks".

The cap is Panda's own: the global ``ClockObject`` in ``MLimited`` mode,
which sleeps in each frame's tick as needed.  The clock belongs to whoever
set its mode last: a test or a benchmark that puts it in non-real-time mode
(frames of a fixed 1/60 s) keeps it, and the cap stands aside.
"""

from __future__ import annotations

from typing import Callable

from panda3d.core import ClockObject

DISPLAY_FPS_UNKNOWN = 60.0  # the usual desktop refresh rate, where the pipe reports none
PLANNING_FPS = 20.0         # while a worker plans: the scene stands nearly still
TASK = "taw-frame-cap"


def display_fps(pipe) -> float:
    """The refresh rate of the display's current mode, or ``DISPLAY_FPS_UNKNOWN`` where the pipe does not say."""
    info = pipe.getDisplayInformation() if pipe is not None else None
    if info is None:
        return DISPLAY_FPS_UNKNOWN
    index = info.getCurrentDisplayModeIndex()
    if not 0 <= index < info.getTotalDisplayModes():
        return DISPLAY_FPS_UNKNOWN
    rate = float(info.getDisplayModeRefreshRate(index))
    return rate if 10.0 <= rate <= 1000.0 else DISPLAY_FPS_UNKNOWN


def cap_for(planning: bool, display: float) -> float:
    """The most frames a second to draw: the display's rate, or ``PLANNING_FPS`` while a plan is in flight."""
    return min(display, PLANNING_FPS) if planning else display


class FrameCap:
    """Keeps the global clock's limit at ``cap_for(planning(), display)``, checked at the start of every frame."""

    def __init__(self, task_mgr, planning: Callable[[], bool], display: float,
                 clock: ClockObject | None = None) -> None:
        self.task_mgr = task_mgr
        self.planning = planning
        self.display = display
        self.clock = clock if clock is not None else ClockObject.getGlobalClock()
        self.clock.setMode(ClockObject.MLimited)
        self.rate = display
        self._owned = True
        self.clock.setFrameRate(display)
        task_mgr.add(self._tick, TASK, sort=-100)

    @property
    def owns_clock(self) -> bool:
        """The clock is still in the cap's mode (a test or benchmark that changed it keeps it)."""
        return self.clock.getMode() == ClockObject.MLimited

    def _tick(self, task):
        owns = self.owns_clock
        if owns:
            rate = cap_for(self.planning(), self.display)
            if rate != self.rate or not self._owned:  # a clock given back may keep another's frame rate
                self.rate = rate
                self.clock.setFrameRate(rate)
        self._owned = owns
        return task.cont

    def destroy(self) -> None:
        """Stop capping: the clock back in its normal, unlimited mode (if it is still the cap's)."""
        self.task_mgr.remove(TASK)
        if self.owns_clock:
            self.clock.setMode(ClockObject.MNormal)
