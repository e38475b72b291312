"""Layer 2: the Bullet world of the Sun and planets, and its event stream.

See ``docs/architecture.md`` (the physics API) and ``docs/physics.md`` (the
numbers and why).
"""

from game.physics.bodies import (
    GLASS,
    LEAD,
    MARBLE_MASS,
    SUN_MASS,
    BodySpec,
    Material,
    spec_for,
    specs_from_positions,
)
from game.physics.config import PhysicsConfig
from game.physics.errors import PhysicsError, PlacementError, ShotError, UnknownBodyError
from game.physics.simulation import FrameCallback, Simulation, shot_velocity

__all__ = [
    "GLASS",
    "LEAD",
    "MARBLE_MASS",
    "SUN_MASS",
    "BodySpec",
    "FrameCallback",
    "Material",
    "PhysicsConfig",
    "PhysicsError",
    "PlacementError",
    "ShotError",
    "Simulation",
    "UnknownBodyError",
    "shot_velocity",
    "spec_for",
    "specs_from_positions",
]
