"""The shot clock: the substep arithmetic of one world.

Time advances in whole substeps of ``1 / substep_hz``, stepped in
``doPhysics`` calls of ``substeps_per_call``; the control tick runs after
every call.  The clock counts substeps, knows when the shot began and when
it must be stopped, when the next frame is due, and how much wall time
``advance`` still owes; nothing else does this arithmetic.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.physics.config import PhysicsConfig

_FRAME_SLACK_S = 1e-9   # a frame time reached within this counts as reached
_CALL_SLACK = 1e-9      # wall time within this of a whole call counts as one


@dataclass(slots=True)
class ShotClock:
    """Substeps since the shot began, and the shot's marks on that count."""

    config: PhysicsConfig
    substep: int = 0          # substeps stepped in the current (or last) shot
    limit: int = 0            # the substep after which the shot is stopped
    next_frame_s: float = 0.0  # shot time of the next frame owed to a sampler
    owed_s: float = 0.0       # wall time not yet stepped by ``advance``
    h: float = field(init=False)   # one substep, in seconds

    def __post_init__(self) -> None:
        self.h = self.config.substep

    @property
    def time_s(self) -> float:
        """Simulated seconds since the current (or last) shot started."""
        return self.substep * self.h

    def start_shot(self) -> None:
        """A shot starts now: bound it by ``max_shot_time``; the first frame is due."""
        config = self.config
        self.substep = 0
        self.limit = round(config.max_shot_time * config.substep_hz)
        self.owed_s = 0.0
        self.next_frame_s = 0.0

    def call_stepped(self) -> None:
        """One ``doPhysics`` call's worth of substeps went by."""
        self.substep += self.config.substeps_per_call

    def bound(self, max_time_s: float) -> None:
        """Stop the current shot ``max_time_s`` after it started (at least one substep)."""
        self.limit = max(1, round(max_time_s * self.config.substep_hz))

    def past_limit(self) -> bool:
        return self.substep >= self.limit

    def at_shot_start(self) -> bool:
        return self.substep == 0

    def calls_owed(self, dt: float, most_s: float) -> int:
        """Whole ``doPhysics`` calls that ``dt`` more wall time pays for; at most ``most_s`` is owed."""
        call = self.config.call
        self.owed_s = min(self.owed_s + dt, most_s)
        due = int(self.owed_s / call + _CALL_SLACK)
        self.owed_s = max(0.0, self.owed_s - due * call)
        return due

    def forgive(self) -> None:
        """Nothing is owed (no shot runs)."""
        self.owed_s = 0.0

    def frame_due(self, at_rest: bool) -> bool:
        """Is a frame owed now: the next frame time is reached, or the shot's last instant?"""
        due = self.next_frame_s
        return self.time_s + _FRAME_SLACK_S >= due or (at_rest and due != math.inf)

    def frame_taken(self, at_rest: bool, period_s: float) -> None:
        """A frame was sampled now: the next is the first frame time after now (none after the rest)."""
        if at_rest:
            self.next_frame_s = math.inf
            return
        t = self.time_s
        while self.next_frame_s <= t + _FRAME_SLACK_S:
            self.next_frame_s += period_s
