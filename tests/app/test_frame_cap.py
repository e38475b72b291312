"""The frame cap: the display's rate, lower while a worker plans, on a clock the cap owns (game.app.frame_cap).

Real ``ClockObject``s of the test's own (not the global one), ticked and timed:
the cap is Panda's ``MLimited`` sleep, so what is checked is the time frames take.
"""

from __future__ import annotations

import time

from panda3d.core import ClockObject

from game.app.frame_cap import DISPLAY_FPS_UNKNOWN, PLANNING_FPS, FrameCap, cap_for, display_fps


class _Tasks:
    """The task manager's two calls the cap makes, with its one task run by hand."""

    def __init__(self) -> None:
        self.tasks: dict = {}

    def add(self, func, name, sort=0) -> None:
        self.tasks[name] = func

    def remove(self, name) -> None:
        self.tasks.pop(name, None)

    def run(self) -> None:
        for func in list(self.tasks.values()):
            func(self)

    cont = 1


def _seconds_for(clock: ClockObject, frames: int) -> float:
    clock.tick()  # the first tick after a change waits out the frame before it
    started = time.perf_counter()
    for _ in range(frames):
        clock.tick()
    return time.perf_counter() - started


def test_the_cap_is_the_displays_rate_and_the_planning_rate_while_a_worker_plans():
    assert cap_for(False, 60.0) == 60.0 and cap_for(False, 144.0) == 144.0
    assert cap_for(True, 60.0) == PLANNING_FPS < 60.0
    assert cap_for(True, 15.0) == 15.0  # never above the display's own rate
    assert display_fps(None) == DISPLAY_FPS_UNKNOWN


def test_frames_are_held_to_the_planning_rate_only_while_planning():
    tasks, planning = _Tasks(), [False]
    clock = ClockObject(ClockObject.MNormal)
    cap = FrameCap(tasks, lambda: planning[0], display=500.0, clock=clock)
    tasks.run()
    assert _seconds_for(clock, 5) < 3 / PLANNING_FPS  # the display's 500 a second: no wait to speak of
    planning[0] = True
    tasks.run()
    assert _seconds_for(clock, 5) >= 0.9 * 5 / PLANNING_FPS
    planning[0] = False
    tasks.run()
    assert _seconds_for(clock, 5) < 3 / PLANNING_FPS
    cap.destroy()
    assert clock.getMode() == ClockObject.MNormal and not tasks.tasks


def test_a_clock_put_in_another_mode_is_left_to_whoever_did_it():
    tasks = _Tasks()
    clock = ClockObject(ClockObject.MNormal)
    cap = FrameCap(tasks, lambda: True, display=60.0, clock=clock)
    tasks.run()  # planning: the cap's rate is the planning rate
    clock.setMode(ClockObject.MNonRealTime)   # as the tests' and benchmarks' fixed 1/60 s frames do
    clock.setFrameRate(60.0)
    tasks.run()
    assert not cap.owns_clock
    clock.tick()
    assert abs(clock.getDt() - 1 / 60.0) < 1e-9  # not 1/20: the planning rate did not touch it
    clock.setMode(ClockObject.MLimited)  # given back (a benchmark's asks with and without the cap, in turn)
    tasks.run()
    assert cap.owns_clock and _seconds_for(clock, 5) >= 0.9 * 5 / PLANNING_FPS
    clock.setMode(ClockObject.MNonRealTime)
    cap.destroy()
    assert clock.getMode() == ClockObject.MNonRealTime
