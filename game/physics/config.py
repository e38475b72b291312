"""The numbers that fix how the world is stepped."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.rules.layout import Layout

GRAVITY = 9.81  # m/s^2: only enters through rolling resistance (mu_r * g)


@dataclass(frozen=True)
class PhysicsConfig:
    """Step, speed cap, time bound and play circle of one world.

    * ``substep_hz``: Bullet's fixed substep.  480 Hz with the cap below keeps
      ``max_shot_speed / substep_hz <= marble radius`` (7.9 mm < 8 mm), the
      bound under which no hit is missed.
    * ``substeps_per_call``: substeps per ``doPhysics`` call (8 gives 60 Hz):
      the granularity of ``advance`` and of replay frames.  Every world steps
      in calls of exactly this size, which keeps runs bit-identical.
    * ``substeps_per_tick``: substeps between two control ticks, where rolling
      resistance, leaving the circle and rest are applied (16 gives 30 Hz); a
      whole number of calls.
    * ``max_shot_time``: simulated seconds after which every body is stopped
      and the shot declared at rest.
    * ``rest_speed``: speed under which a body counts as stopped when the world
      confirms rest (rolling resistance normally zeroes speeds exactly).
    """

    substep_hz: int = 480
    substeps_per_call: int = 8
    substeps_per_tick: int = 16
    max_shot_speed: float = 3.8
    max_shot_time: float = 60.0
    play_radius: float = Layout().play_radius
    rest_speed: float = 1e-4
    gravity: float = GRAVITY

    def __post_init__(self) -> None:
        if self.substep_hz <= 0 or self.substeps_per_tick <= 0 or self.substeps_per_call <= 0:
            raise ValueError("substep_hz, substeps_per_call and substeps_per_tick must be positive")
        if self.substeps_per_tick % self.substeps_per_call:
            raise ValueError("substeps_per_tick must be a whole number of substeps_per_call")
        if not (math.isfinite(self.max_shot_speed) and self.max_shot_speed > 0):
            raise ValueError("max_shot_speed must be a positive number")
        if not (self.max_shot_time > 0 and self.play_radius > 0):
            raise ValueError("max_shot_time and play_radius must be positive")

    @property
    def substep(self) -> float:
        return 1.0 / self.substep_hz

    @property
    def call(self) -> float:
        """Simulated seconds stepped by one doPhysics call."""
        return self.substeps_per_call / self.substep_hz

    @property
    def tick(self) -> float:
        return self.substeps_per_tick / self.substep_hz

    @staticmethod
    def for_layout(layout: Layout, **changes: object) -> "PhysicsConfig":
        """The default config with the play circle of ``layout``."""
        return PhysicsConfig(play_radius=layout.play_radius, **changes)  # type: ignore[arg-type]
