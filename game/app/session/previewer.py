"""Shot previews computed in a worker process while the player aims; the newest request wins.

A preview is a whole shot played to rest and judged (``game.coach.preview``,
about 4 ms); run in the app's own process it would hold the interpreter
while the frame is due, so it runs in one spawned worker process.  At most
one preview is in flight: a request made meanwhile waits as the *pending*
one, and a newer request replaces it, so the queue never grows however fast
the aim moves.  An answer whose serial is not the newest is stale and is
dropped.  One ``Previewer`` serves the whole app (the worker starts once).
"""

from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field

from game.ai.workers import watch_parent
from game.coach.preview import Preview, PreviewRequest, preview_shot
from game.match.players import Shot
from game.rules.house import HouseRules
from game.rules.layout import Layout
from game.rules.state import RuleState


def _warm() -> bool:
    """Import the physics and the referee in the worker before the first real request."""
    import game.coach.preview  # noqa: F401

    return True


@dataclass
class PreviewTimes:
    """What the benchmarks and the tests read: how long previews took, and how many went stale."""

    computed: list[float] = field(default_factory=list)   # ask -> answer in hand (s)
    dropped: int = 0


class Previewer:
    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._executor: ProcessPoolExecutor | None = ProcessPoolExecutor(
            max_workers=1, mp_context=context, initializer=watch_parent, initargs=(os.getpid(),))
        self._executor.submit(_warm)
        self._serial = 0
        self._future: Future | None = None
        self._pending: PreviewRequest | None = None
        self._asked_at: dict[int, float] = {}
        self.times = PreviewTimes()
        self.error = ""  # why the newest request could not be previewed ('' when it could)

    def ask(self, state: RuleState, house: HouseRules, layout: Layout, shot: Shot) -> int:
        """Request a preview of ``shot``; returns its serial.  Any older request becomes stale."""
        self._serial += 1
        request = PreviewRequest(state, house, layout, shot, serial=self._serial)
        self._asked_at = {self._serial: time.perf_counter()}
        if self._future is None:
            self._submit(request)
        else:
            self._pending = request
        return self._serial

    def asked_at(self, serial: int) -> float | None:
        return self._asked_at.get(serial)

    def _submit(self, request: PreviewRequest) -> None:
        if self._executor is None:
            return
        try:
            self._future = self._executor.submit(preview_shot, request)
        except RuntimeError:  # the pool is shutting down with the app
            self._future = None

    def poll(self) -> Preview | None:
        """The newest preview if it has just arrived; None otherwise (still working, or stale and dropped)."""
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        if self._pending is not None:
            pending, self._pending = self._pending, None
            self._submit(pending)
        try:
            preview: Preview = future.result()
        except Exception as err:  # an illegal placement, say: nothing to draw, and why
            self.error = str(err).splitlines()[0] if str(err) else type(err).__name__
            return None
        if preview.serial != self._serial:
            self.times.dropped += 1
            return None
        self.error = ""
        asked = self._asked_at.get(preview.serial)
        if asked is not None:
            self.times.computed.append(time.perf_counter() - asked)
        return preview

    def cancel(self) -> None:
        """Forget every request: whatever is in flight will be dropped as stale."""
        self._pending = None
        self._serial += 1

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
