"""The numbers that fix how the world is stepped."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.physics.terrain import Terrain
from game.rules.house import HouseRules
from game.rules.layout import Layout

if TYPE_CHECKING:   # ground_contact imports this module
    from game.physics.ground_contact import GroundPool

GRAVITY = 9.81  # m/s^2


@dataclass(frozen=True)
class PhysicsConfig:
    """Step, speed cap, time bound and play circle of one world.

    * ``substep_hz``: Bullet's fixed substep.  480 Hz with the cap below keeps
      ``max_shot_speed / substep_hz <= marble radius`` (7.9 mm < 8 mm): a ball
      never moves more than its radius in a substep (``docs/physics.md``,
      "Step, cap and tunnelling").
    * ``substeps_per_call``: substeps per ``doPhysics`` call (8 gives 60 Hz):
      the control tick (rolling resistance, rest, leaving the circle) runs
      between calls, and it is the granularity of ``advance`` and of replay
      frames.  Every world steps in calls of exactly this size, which keeps
      runs bit-identical.
    * ``max_shot_time``: simulated seconds after which every body is stopped
      and the shot declared at rest.
    * ``rest_speed``: speed under which a rolling body is stopped and put to
      sleep (the rolling resistance brings it there in the tick it stops).
    * ``ground``: the ground's heights (``terrain.py``); the smooth plane by
      default.  A game's comes from its house rules (``for_game``).
    * ``ground_pool``: on rough ground, spare ground bodies the worlds built
      with this config share (a ``ground_contact.GroundPool``, held by
      whoever builds them: a plan's rollouts, a benchmark); None, each
      ``Simulation`` keeps its own through its shots.  Not part of the
      config's value: it changes no bit of a shot.
    """

    substep_hz: int = 480
    substeps_per_call: int = 8
    max_shot_speed: float = 3.8
    max_shot_time: float = 60.0
    play_radius: float = Layout().play_radius
    rest_speed: float = 1e-3
    gravity: float = GRAVITY
    ground: Terrain = Terrain()
    ground_pool: GroundPool | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.substep_hz <= 0 or self.substeps_per_call <= 0:
            raise ValueError("substep_hz and substeps_per_call must be positive")
        if not (math.isfinite(self.max_shot_speed) and self.max_shot_speed > 0):
            raise ValueError("max_shot_speed must be a positive number")
        if not (self.max_shot_time > 0 and self.play_radius > 0 and self.rest_speed > 0):
            raise ValueError("max_shot_time, play_radius and rest_speed must be positive")

    @property
    def substep(self) -> float:
        return 1.0 / self.substep_hz

    @property
    def call(self) -> float:
        """Simulated seconds stepped by one doPhysics call (one control tick)."""
        return self.substeps_per_call / self.substep_hz

    @property
    def tick(self) -> float:
        """Simulated seconds between two control ticks: one call."""
        return self.call

    @staticmethod
    def for_layout(layout: Layout, **changes: object) -> "PhysicsConfig":
        """The default config with the play circle of ``layout``."""
        return PhysicsConfig(play_radius=layout.play_radius, **changes)  # type: ignore[arg-type]  # its own fields

    @staticmethod
    def for_game(layout: Layout, house: HouseRules, **changes: object) -> "PhysicsConfig":
        """The config of a game: the play circle of ``layout``, the ground ``house`` names."""
        return PhysicsConfig.for_layout(layout, ground=Terrain.from_house(house), **changes)
