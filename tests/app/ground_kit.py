"""Grounds for the renderer's tests: the game's own ``Terrain``, rough earth and a known incline."""

from __future__ import annotations

from game.physics.terrain import Terrain
from game.rules.house import GroundKind


def rough(rms_mm: float = 3.0, seed: int = 1) -> Terrain:
    return Terrain.rough(rms_mm, seed)


def tilted(slope_x: float, slope_y: float = 0.0) -> Terrain:
    """A plain incline: rough earth of no roughness, tilted (the renderer draws it as a mesh)."""
    return Terrain(GroundKind.ROUGH, 0.0, 0, tilt=(slope_x, slope_y))
