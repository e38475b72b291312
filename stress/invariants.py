"""Checks that hold after every frame and every shot of any game.

* Frames: every pose is finite, no two bodies overlap by more than a small
  tolerance (no tunnelling, no sinking into each other).
* Shots: every body that was on the ground before the shot is accounted for
  after it: at rest on the ground, or gone by a ``BodyOut`` whose fate the
  referee ruled on (taken into a purse, put back), or taken off by a ruling.
* The ledger balances and the marble count never changes.
* The shot came to rest by itself, before the physics' time bound.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from typing import Callable, Mapping

import numpy as np

from game.rules.events import AllAtRest, BodyOut, Event
from game.rules.layout import SUN, Point


# Resting bodies may overlap by up to 0.5 mm (the physics' placement
# tolerance).  In flight Bullet sees a hit up to one substep late, the balls
# already overlapping by up to v * h (7.9 mm at the 3.8 m/s cap and 480 Hz),
# and the physics corrects the velocities, not the positions: a frame sampled
# at that instant shows the overlap (docs/stress.md).  Tunnelling would show
# as an overlap approaching a whole diameter, so in flight the bound is one
# substep's travel at the cap plus the resting tolerance.
REST_TOLERANCE = 0.0005 + 1e-6  # m
SINK_TOLERANCE = 5e-4           # m: how far below its radius a ball's centre may dip (Bullet corrects a contact pressed in by a hit over a few substeps)


def flight_tolerance(max_shot_speed: float = 3.8, substep_hz: float = 480.0) -> float:
    """Deepest overlap a sampled frame may show without a hit having been missed."""
    return max_shot_speed / substep_hz + REST_TOLERANCE


OVERLAP_TOLERANCE = flight_tolerance()


class FrameFault(enum.Enum):
    """What a frame can show wrong."""

    NON_FINITE = "non-finite pose"
    UNDER_GROUND = "ball under the ground"
    OVERLAP = "overlap beyond the flight bound"


def rest_heights(ground: object, xy: np.ndarray, radius: np.ndarray) -> np.ndarray:
    """Where the centres of balls of ``radius`` resting at ``xy`` are: the radius on the plane, else above the ground.

    ``ground`` is a ``game.physics.terrain.Terrain`` (or None, the plane);
    on a slope a ball's centre is h + R·sqrt(1 + |∇h|²) above (x, y).
    """
    if ground is None or ground.is_flat:   # type: ignore[attr-defined]
        return radius
    x, y = xy[:, 0], xy[:, 1]
    gx, gy = ground.gradient_at(x, y)   # type: ignore[attr-defined]
    return ground.height_at(x, y) + radius * np.sqrt(1.0 + gx * gx + gy * gy)   # type: ignore[attr-defined]


@dataclass
class FrameStats:
    """What the frame checker saw over a run: counts and the worst values."""

    frames: int = 0
    worst_overlap: float = 0.0          # m: deepest overlap of two bodies in any frame
    worst_overlap_pair: tuple[str, str] = ("", "")
    problems: list[str] = field(default_factory=list)


class FrameChecker:
    """An ``on_frame`` listener that checks poses: finite, not under the ground, not overlapping.

    ``ground``: the ``Terrain`` the balls are on (None: the plane); a ball
    is under it when its centre is more than ``SINK_TOLERANCE`` below where
    a ball resting at its (x, y) has it.  ``on_problem``: given, it hears
    every problem with its kind (nothing is dropped); else problems go to
    ``stats.problems``, at most ``limit_problems`` of them.
    """

    def __init__(self, radii: Mapping[str, float], stats: FrameStats, *, tolerance: float = OVERLAP_TOLERANCE,
                 limit_problems: int = 20, ground: object = None,
                 on_problem: Callable[[FrameFault, str], None] | None = None) -> None:
        self.radii = dict(radii)
        self.stats = stats
        self.tolerance = tolerance
        self.limit = limit_problems
        self.ground = ground
        self.on_problem = on_problem
        self.context = ""
        self._ids: list[str] | None = None
        self._rsum: np.ndarray | None = None

    def _problem(self, fault: FrameFault, text: str) -> None:
        text = f"{self.context}: {text}" if self.context else text
        if self.on_problem is not None:
            self.on_problem(fault, text)
        elif len(self.stats.problems) < self.limit:
            self.stats.problems.append(text)

    def __call__(self, t: float, ids: list[str], poses: np.ndarray) -> None:
        self.stats.frames += 1
        if not np.all(np.isfinite(poses)):
            bad = [ids[i] for i in range(len(ids)) if not np.all(np.isfinite(poses[i]))]
            self._problem(FrameFault.NON_FINITE, f"t={t:.4f}: non-finite pose of {bad[0]}")
            return
        if self._ids != ids:
            self._ids = list(ids)
            r = np.array([self.radii[b] for b in ids])
            self._rsum = r[:, None] + r[None, :]
        assert self._rsum is not None
        # z is Bullet's height of the centre: on the ground it is where a
        # ball resting there has it, less the few micrometres gravity presses
        # a ball in; more than SINK_TOLERANCE below means under the ground.
        rest = rest_heights(self.ground, poses[:, :2], np.diag(self._rsum) / 2.0)
        sunk = poses[:, 2] < rest - SINK_TOLERANCE
        if np.any(sunk):
            i = int(np.argmax(sunk))
            self._problem(FrameFault.UNDER_GROUND, f"t={t:.4f}: {ids[i]} under the ground "
                                                   f"(z={poses[i, 2]:.5f}, resting {rest[i]:.5f})")
        xy = poses[:, :2]
        d = np.sqrt(((xy[:, None, :] - xy[None, :, :]) ** 2).sum(axis=2))
        overlap = self._rsum - d
        np.fill_diagonal(overlap, -1.0)
        k = int(np.argmax(overlap))
        i, j = divmod(k, len(ids))
        worst = float(overlap[i, j])
        if worst > self.stats.worst_overlap:
            self.stats.worst_overlap = worst
            self.stats.worst_overlap_pair = (ids[i], ids[j])
        if worst > self.tolerance:
            self._problem(FrameFault.OVERLAP, f"t={t:.4f}: {ids[i]} and {ids[j]} overlap by {worst * 1000:.2f} mm")


def rest_overlaps(positions: Mapping[str, Point], radii: Mapping[str, float],
                  tolerance: float = REST_TOLERANCE) -> list[str]:
    """Pairs of resting bodies that overlap by more than ``tolerance``."""
    ids = list(positions)
    if len(ids) < 2:
        return []
    xy = np.array([positions[b] for b in ids], dtype=np.float64)
    r = np.array([radii[b] for b in ids])
    d = np.sqrt(((xy[:, None, :] - xy[None, :, :]) ** 2).sum(axis=2))
    overlap = r[:, None] + r[None, :] - d
    np.fill_diagonal(overlap, -1.0)
    problems = []
    for i, j in zip(*np.nonzero(np.triu(overlap > tolerance))):
        problems.append(f"{ids[i]} and {ids[j]} rest overlapping by {overlap[i, j] * 1000:.2f} mm")
    return problems


def check_shot_accounting(before: Mapping[str, Point], events: list[Event], ruling: object,
                          after: Mapping[str, Point]) -> list[str]:
    """Every body on the ground before the shot is accounted for after it; the problems found.

    ``ruling`` is a ``game.rules.ruling.Ruling``; ``after`` the table once the
    match carried the ruling out.
    """
    problems: list[str] = []
    rest = [e for e in events if isinstance(e, AllAtRest)]
    if len(rest) != 1 or not isinstance(events[-1], AllAtRest):
        return [f"{len(rest)} AllAtRest events, last event {type(events[-1]).__name__ if events else None}"]
    on_ground = set(rest[0].positions)
    gone = [e.body for e in events if isinstance(e, BodyOut)]
    if len(gone) != len(set(gone)):
        problems.append(f"a body left twice: {sorted(gone)}")
    gone_set = set(gone)
    if on_ground & gone_set:
        problems.append(f"{sorted(on_ground & gone_set)[0]} left the play area yet rests on the ground")
    missing = set(before) - on_ground - gone_set
    if missing:
        problems.append(f"{sorted(missing)[0]} vanished: neither at rest nor out")
    found = (on_ground | gone_set) - set(before)
    if found:
        problems.append(f"{sorted(found)[0]} appeared during the shot")
    for body, (x, y) in rest[0].positions.items():
        if not (math.isfinite(x) and math.isfinite(y)):
            problems.append(f"{body} rests at a non-finite place")
    taken = {t.body for t in ruling.take_off}            # type: ignore[attr-defined]
    put = {p.body for p in ruling.put_down}              # type: ignore[attr-defined]
    paid_bodies = {b for t in ruling.transfers for b in t.bodies}  # type: ignore[attr-defined]
    state = ruling.state                                 # type: ignore[attr-defined]
    for body in sorted(gone_set):
        # A body that left must be ruled on: taken into a purse, put back (a
        # taw left as stakes goes back into the inner ring), or (the Sun on a
        # winning shot) the game is over.
        ruled = body in taken or body in put or body in paid_bodies or (body == SUN and state.finished)
        if body == SUN and not ruled and body in after:
            ruled = True  # the referee keeps the Sun where it left (docs/rules.md)
        if not ruled:
            problems.append(f"{body} left the play area and no ruling accounts for it")
        if body in after and body not in put and body != SUN:
            problems.append(f"{body} left the play area yet lies on the table after the ruling")
    for body in sorted(on_ground - set(after)):
        if body not in taken:
            problems.append(f"{body} rested on the ground but is off the table without a ruling")
    for body in sorted(set(after) - on_ground):
        if body not in put and body != SUN:
            problems.append(f"{body} is on the table after the ruling but was not put down")
    return problems


def check_ledger(state: object, marbles: int) -> list[str]:
    """The ledger balances and still holds ``marbles``."""
    problems: list[str] = []
    try:
        state.check_ledger()  # type: ignore[attr-defined]
    except AssertionError as err:
        problems.append(f"ledger: {err}")
    if state.marbles_in_game != marbles:  # type: ignore[attr-defined]
        problems.append(f"marbles in the game changed: {marbles} -> {state.marbles_in_game}")  # type: ignore
    return problems
