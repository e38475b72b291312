"""A shot computed in the background, then played back in real time with its contacts sounding at their moments."""

from __future__ import annotations

from concurrent.futures import Executor, Future
from typing import Mapping

import numpy as np

from game.match.match import Match, ShotResult
from game.match.players import Shot
from game.rules.events import Event
from game.rules.layout import Point

FRAME_HZ = 60.0  # the rate the shot's frames are recorded at, and the replay's


class PlayedShot:
    """A shot computed in the background, then played back frame by frame.

    Until the computation is done the table stands still at the start.
    """

    def __init__(self, future: Future, frames: list, start_positions: Mapping[str, Point]) -> None:
        self._future = future
        self.frames = frames  # (t, ids, poses) at FRAME_HZ, filled by the worker
        self._start = dict(start_positions)
        self.time = 0.0
        self._index = 0
        self._sounded = 0
        self._speed = 0.0

    @property
    def computed(self) -> bool:
        return self._future.done()

    def result(self) -> ShotResult:
        return self._future.result()

    def advance(self, dt: float) -> bool:
        """Move the playback on by ``dt`` seconds; True once the last frame is shown."""
        if not self._future.done():
            return False
        self._future.result()  # raise here if the shot failed
        if not self.frames:
            return True
        self.time += dt
        last = len(self.frames) - 1
        previous = self._index
        self._index = min(last, int(self.time * FRAME_HZ))
        if self._index != previous:
            a, b = self.frames[previous][2], self.frames[self._index][2]
            if a.shape == b.shape:
                steps = max(1, self._index - previous)
                self._speed = float(np.hypot(*(b[:, :2] - a[:, :2]).T).sum()) * FRAME_HZ / steps
        return self.time >= self.frames[last][0]

    def skip_to_end(self) -> None:
        """Jump the playback to the last frame (the contacts skipped are not sounded)."""
        if self._future.done() and self.frames:
            self.time = self.frames[-1][0]
            self._index = len(self.frames) - 1
            self._sounded = len(self._future.result().events)
            self._speed = 0.0

    def poses(self):
        if not self.frames:
            return [], np.empty((0, 7))
        _t, ids, poses = self.frames[self._index]
        return ids, poses

    def positions(self) -> dict[str, Point]:
        if not self.frames:
            return dict(self._start)
        ids, poses = self.poses()
        return {b: (float(p[0]), float(p[1])) for b, p in zip(ids, poses)}

    def total_speed(self) -> float:
        return self._speed

    def drain_events(self) -> list[Event]:
        """Events whose moment the playback has reached and that were not handed out yet."""
        if not self._future.done():
            return []
        events = self._future.result().events
        fresh = []
        while self._sounded < len(events) and events[self._sounded].t <= self.time:
            fresh.append(events[self._sounded])
            self._sounded += 1
        return fresh

    def close(self) -> None:
        self._future.cancel()


def play_in_background(executor: Executor, match: Match, shot: Shot) -> PlayedShot:
    """``shot`` played by the match on ``executor``, its frames recorded at ``FRAME_HZ`` for playback."""
    frames: list = []
    record = lambda t, ids, poses: frames.append((t, list(ids), poses.copy()))  # noqa: E731
    future = executor.submit(match.play_shot, shot, record)
    return PlayedShot(future, frames, match.state.positions)
