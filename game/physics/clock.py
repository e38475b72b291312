"""The shot clock: the substep and tick arithmetic of one world.

Time advances in whole substeps of ``1 / substep_hz``, stepped in
``doPhysics`` calls of ``substeps_per_call`` and controlled every
``substeps_per_tick``.  The clock counts them, knows when the shot began
and when it must be stopped, when the next control tick and the next frame
are due, and how much wall time ``advance`` still owes; nothing else does
this arithmetic.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.physics.config import PhysicsConfig

_FRAME_SLACK_S = 1e-9   # a frame time reached within this counts as reached
_CALL_SLACK = 1e-9      # wall time within this of a whole call counts as one


@dataclass(slots=True)
class ShotClock:
    """Substeps since the world was built, and the shot's marks on that count."""

    config: PhysicsConfig
    substep: int = 0          # substeps stepped since the world was built
    shot_start: int = 0       # ``substep`` when the current (or last) shot began
    limit: int = 0            # the substep after which the shot is stopped
    next_control: int = 0     # the substep of the next control tick
    next_frame_s: float = 0.0  # shot time of the next frame owed to a sampler
    owed_s: float = 0.0       # wall time not yet stepped by ``advance``
    stepped: int = 0          # substeps of this shot Bullet stepped (the others glided)
    h: float = field(init=False)   # one substep, in seconds

    def __post_init__(self) -> None:
        self.h = self.config.substep

    @property
    def time_s(self) -> float:
        """Simulated seconds since the current (or last) shot started."""
        return (self.substep - self.shot_start) * self.h

    def start_shot(self) -> None:
        """A shot starts now: bound it by ``max_shot_time``; the first tick and frame are due."""
        config = self.config
        self.shot_start = self.substep
        self.stepped = 0
        self.limit = self.substep + round(config.max_shot_time * config.substep_hz)
        self.owed_s = 0.0
        self.next_frame_s = 0.0
        self.next_control = self.substep + config.substeps_per_tick

    def bound(self, max_time_s: float) -> None:
        """Stop the current shot ``max_time_s`` after it started (at least one substep)."""
        self.limit = self.shot_start + max(1, round(max_time_s * self.config.substep_hz))

    def past_limit(self) -> bool:
        return self.substep >= self.limit

    def at_shot_start(self) -> bool:
        return self.substep == self.shot_start

    def take_tick(self) -> bool:
        """Is a control tick due now?  If so the next one is booked."""
        if self.substep >= self.next_control:
            self.next_control += self.config.substeps_per_tick
            return True
        return False

    def to_next_tick(self) -> int:
        """Substeps from now to the next control tick."""
        return self.next_control - self.substep

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
        return (self.substep - self.shot_start) * self.h + _FRAME_SLACK_S >= due or (at_rest and due != math.inf)

    def frame_taken(self, at_rest: bool, period_s: float) -> None:
        """A frame was sampled now: the next is the first frame time after now (none after the rest)."""
        if at_rest:
            self.next_frame_s = math.inf
            return
        t = self.time_s
        while self.next_frame_s <= t + _FRAME_SLACK_S:
            self.next_frame_s += period_s
