"""The shot as aimed, played noise-free in the real physics and judged by the real referee.

A preview is the match's own ``play_shot`` on a private copy of the game:
the same placement search, the same fresh Bullet world built from the
resting table, the same referee, so what it predicts is what the shot will
do, bit for bit (the physics is deterministic for identical inputs).  While
the shot runs, each body's ground position is sampled; bodies that moved
keep their path to rest.  A ``PreviewRequest`` and its ``Preview`` are plain
picklable data, so the app computes previews in a worker process.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping

import numpy as np

from game.coach.verdict import Verdict, verdict_of
from game.match.match import Match, ShotResult
from game.match.players import RandomPlayer, Shot, TawPlacement
from game.physics import PhysicsConfig
from game.rules.events import Contact
from game.rules.house import HouseRules
from game.rules.layout import Layout, Point
from game.rules.ruling import Ruling
from game.rules.state import RuleState


# A body whose path to rest is shorter than this did not move (resting touches).
MOVED = 1e-3
# Path points closer than this are merged: the ground line is drawn, not the frames.
SAMPLE_STEP = 4e-3
# How far the Guide strength draws the lines after the first contact (metres).
GUIDE_REACH = 0.3


@dataclass(frozen=True)
class PreviewRequest:
    """A shot to preview: the rule state before it (the shooter is the one whose turn it is)."""

    state: RuleState
    house: HouseRules
    layout: Layout
    shot: Shot
    serial: int = 0  # the asker's counter: a stale answer is recognised and dropped


@dataclass(frozen=True)
class Preview:
    """What the shot would do: each moving body's path to rest, the ruling and its verdict."""

    serial: int
    shooter: str
    shot: Shot
    start: Point
    placement: TawPlacement | None
    paths: Mapping[str, tuple[Point, ...]]  # body -> ground points from where it lay to where it rests
    rest: Mapping[str, Point]               # where every body comes to rest (before the referee's changes)
    ruling: Ruling
    verdict: Verdict
    seconds: float = 0.0                    # wall time spent computing it
    times: Mapping[str, tuple[float, ...]] = None  # type: ignore[assignment]  # preview_shot always gives it; shot time of each path point
    first_hit: tuple[float, str] | None = None       # when the taw first strikes a body, and which

    def guide_paths(self, reach: float = GUIDE_REACH) -> dict[str, tuple[Point, ...]]:
        """The Guide strength: the taw to its first contact, then the struck body's line and the
        taw's line after contact, each cut at ``reach`` metres (as pool games draw them)."""
        taw = f"{self.shooter}.taw"
        taw_path = self.paths.get(taw, ())
        if self.first_hit is None:
            return {taw: _cut(taw_path, reach * 4)} if taw_path else {}
        t_hit, struck = self.first_hit
        out: dict[str, tuple[Point, ...]] = {}
        before, after = _split(taw_path, self.times.get(taw, ()), t_hit)
        if before:
            out[taw] = before
        if after:
            out[taw + "#after"] = _cut(after, reach)
        struck_path = self.paths.get(struck)
        if struck_path:
            out[struck] = _cut(struck_path, reach)
        return out


def _cut(path: tuple[Point, ...] | list[Point], reach: float) -> tuple[Point, ...]:
    """The start of ``path`` up to ``reach`` metres along it."""
    if not path:
        return ()
    out = [path[0]]
    left = reach
    for a, b in zip(path, path[1:]):
        step = math.dist(a, b)
        if step >= left:
            f = left / step if step > 0 else 0.0
            out.append((a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1])))
            return tuple(out)
        out.append(b)
        left -= step
    return tuple(out)


def _split(path: tuple[Point, ...], times: tuple[float, ...], t: float) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """``path`` before and from the moment ``t`` (the point nearest ``t`` belongs to both)."""
    if not path or len(times) != len(path):
        return tuple(path), ()
    k = min(range(len(times)), key=lambda i: abs(times[i] - t))
    return tuple(path[:k + 1]), tuple(path[k:])


class _PathRecorder:
    """``on_frame`` hook: each body's ground position, thinned to one point every few millimetres."""

    def __init__(self) -> None:
        self.points: dict[str, list[Point]] = {}
        self.times: dict[str, list[float]] = {}
        self._last: np.ndarray | None = None

    def __call__(self, t: float, ids: list[str], poses: np.ndarray) -> None:
        xy = poses[:, :2]
        rows: Iterable[int]
        if self._last is not None and self._last.shape == xy.shape:
            # Only the rows that moved since the last kept point are looked at one by one.
            rows = np.nonzero(np.abs(xy - self._last).max(axis=1) >= SAMPLE_STEP * 0.5)[0]
        else:
            rows = range(len(ids))
            self._last = xy.copy()
        for i in rows:
            body = ids[i]
            x, y = float(xy[i, 0]), float(xy[i, 1])
            path = self.points.get(body)
            if path is None:
                self.points[body] = [(x, y)]
                self.times[body] = [t]
            elif math.hypot(x - path[-1][0], y - path[-1][1]) >= SAMPLE_STEP:
                path.append((x, y))
                self.times[body].append(t)
                self._last[i] = xy[i]

    def paths(self, rest: Mapping[str, Point]) -> tuple[dict[str, tuple[Point, ...]], dict[str, tuple[float, ...]]]:
        out: dict[str, tuple[Point, ...]] = {}
        times: dict[str, tuple[float, ...]] = {}
        for body, path in self.points.items():
            end = rest.get(body, path[-1])
            stamps = self.times[body]
            if math.dist(path[-1], end) >= 1e-6:
                path, stamps = path + [end], stamps + [stamps[-1]]
            travel = sum(math.dist(a, b) for a, b in zip(path, path[1:]))
            if travel >= MOVED:
                out[body] = tuple(path)
                times[body] = tuple(stamps)
        return out, times


def match_for(state: RuleState, house: HouseRules, layout: Layout,
              config: PhysicsConfig | None = None) -> Match:
    """A private match from ``state``: nobody is asked for a shot, the caller plays them."""
    players = {p: RandomPlayer(0) for p in state.players}
    return Match(players, house=house, layout=layout, config=config or PhysicsConfig.for_game(layout, house),
                 state=state)


def _first_hit(result: ShotResult, taw: str) -> tuple[float, str] | None:
    for event in result.events:
        if isinstance(event, Contact) and event.involves(taw):
            return event.t, event.b if event.a == taw else event.a
    return None


def preview_shot(request: PreviewRequest) -> Preview:
    """Play ``request.shot`` for the player whose turn it is; the ruling and every path to rest.

    Raises ``game.match.match.IllegalShotError`` for a shot the match would
    refuse (a placement the rules do not allow, a speed above the cap).
    """
    import time

    started = time.perf_counter()
    match = match_for(request.state, request.house, request.layout)
    shooter = match.next_shooter()
    if shooter is None:
        raise ValueError("the game is over: nobody is to shoot")
    before = dict(request.state.positions)
    recorder = _PathRecorder()
    result = match.play_shot(request.shot, on_frame=recorder)
    rest = dict(result.rest.positions) if result.rest is not None else {}
    before[f"{shooter}.taw"] = result.start
    verdict = verdict_of(result.ruling, shooter, request.layout, before, rest)
    paths, times = recorder.paths(rest)
    return Preview(serial=request.serial, shooter=shooter, shot=request.shot, start=result.start,
                   placement=result.placement, paths=paths, rest=rest, ruling=result.ruling,
                   verdict=verdict, seconds=time.perf_counter() - started, times=times,
                   first_hit=_first_hit(result, f"{shooter}.taw"))
