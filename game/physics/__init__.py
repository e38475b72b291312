"""Layer 2: the Bullet world of the Sun and planets, and its event stream.

See ``docs/architecture.md`` (the physics API) and ``docs/physics.md`` (the
numbers and why).  The names below load on first use, so the pure modules
(``motion``, ``impulse_law``, ``units``, ``clock``, ``materials``, ``config``)
import without Panda3D.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    "GLASS": "materials",
    "LEAD": "materials",
    "MARBLE_MASS": "materials",
    "SUN_MASS": "materials",
    "BodySpec": "materials",
    "Material": "materials",
    "spec_for": "materials",
    "specs_from_positions": "materials",
    "PhysicsConfig": "config",
    "PhysicsError": "physics_errors",
    "PlacementError": "physics_errors",
    "ShotError": "physics_errors",
    "UnknownBodyError": "physics_errors",
    "FrameCallback": "simulation",
    "Simulation": "simulation",
    "shot_velocity": "simulation",
}

__all__ = [   # spelt out, not sorted(_WHERE), so a type checker sees what the package exports
    "BodySpec",
    "FrameCallback",
    "GLASS",
    "LEAD",
    "MARBLE_MASS",
    "Material",
    "PhysicsConfig",
    "PhysicsError",
    "PlacementError",
    "SUN_MASS",
    "ShotError",
    "Simulation",
    "UnknownBodyError",
    "shot_velocity",
    "spec_for",
    "specs_from_positions",
]

if TYPE_CHECKING:
    from game.physics.materials import (
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
    from game.physics.physics_errors import PhysicsError, PlacementError, ShotError, UnknownBodyError
    from game.physics.simulation import FrameCallback, Simulation, shot_velocity


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'game.physics' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"game.physics.{module}"), name)
    globals()[name] = value
    return value
