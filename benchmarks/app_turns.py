"""The app's way from its menu to the person's first shot, shared by the benchmarks that time the aim screen.

Every wait here is bounded (``step_until``): when the app's screens change
under a benchmark, the benchmark stops in one line naming the screen it was
stuck in and what it waited for, instead of stepping frames for ever
(docs/decisions.md, issue 44: a first-turn tip held a shot back).
"""

from __future__ import annotations

import time
from typing import Any, Callable

FRAMES = 1200      # 20 s of game time at the benchmarks' 60 frames a second: no screen here needs more
SECONDS = 120.0    # and a wall-clock bound beside it, for a frame that takes long (a worker that never answers)
HOLD_FRAMES = 45   # the shoot button held 0.75 s: the meter's way up, a firm shot


class StuckScreen(SystemExit):
    """A screen that did not move on within the bound: a one-line exit (status 1) naming it, no traceback."""


def step_until(app: Any, done: Callable[[], bool], waiting_for: str, frames: int = FRAMES,
               seconds: float = SECONDS, each_frame: Callable[[], None] | None = None) -> int:
    """Step the app until ``done()``, calling ``each_frame`` before each step; the frames it took.

    Raises ``StuckScreen`` after ``frames`` frames or ``seconds`` of wall time, whichever comes first.
    """
    started = time.monotonic()
    for stepped in range(frames + 1):
        if done():
            return stepped
        if stepped == frames or time.monotonic() - started > seconds:
            break
        if each_frame is not None:
            each_frame()
        app.taskMgr.step()
    raise StuckScreen(f"stuck in {app.flow.state} waiting for {waiting_for} "
                      f"({stepped} frames, {time.monotonic() - started:.1f} s): did the app's screens change?")


def into_first_turn(app: Any) -> None:
    """New game, Start, the hat's fall, the setup's taws laid where offered: the first turn's aim screen."""
    from direct.gui import DirectGuiGlobals as DGG

    app.messenger.send(DGG.B1CLICK + app.flow.current.buttons["new"].guiId, [None])
    app.taskMgr.step()
    app.messenger.send(DGG.B1CLICK + app.flow.current.start_button.guiId, [None])
    app.taskMgr.step()
    # Space: the planets taken; each taw laid where offered
    step_until(app, lambda: app.flow.state not in ("HatDrop", "LayTaws"), "the hat and the setup to pass",
               frames=200, each_frame=lambda: app.messenger.send("taw-fast-forward"))
    if app.flow.state != "Aim":
        raise StuckScreen(f"expected the person's first turn (Aim), found {app.flow.state}")


def close_first_tip(app: Any) -> None:
    """The first-turn tip's "Got it", as a newcomer presses it: nothing aims or shoots while it is open."""
    from direct.gui import DirectGuiGlobals as DGG

    tip = app.flow.current.tip
    if tip is not None and tip.shown:
        app.messenger.send(DGG.B1CLICK + tip.ok_button.guiId, [None])
        app.taskMgr.step()


def shoot_from_aim(app: Any, hold_frames: int = HOLD_FRAMES) -> None:
    """Hold the shoot button, let go, and answer "Shoot anyway" if the preview warns: on until the shot plays."""
    close_first_tip(app)
    app.messenger.send("taw-shoot-press")
    for _ in range(hold_frames):
        app.taskMgr.step()
    app.messenger.send("taw-shoot-release")

    def answer() -> None:
        confirm = app.flow.current.check.confirm  # called only while the aim screen is up
        if confirm is not None:
            confirm.yes_button.commandFunc(None)

    step_until(app, lambda: app.flow.state != "Aim", "the released shot to start", each_frame=answer)
