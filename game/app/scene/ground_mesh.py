"""The rough ground as a mesh: the same heights Bullet rolls on, drawn by the ground shader.

The physics and the renderer share one source of heights, the game's
``Terrain`` (``game.physics.terrain``): the physics builds its collision
ground from it, and this module samples the same ``height_at`` and
``gradient_at`` on a square grid over the play area.  The chalk lines are
painted by the ground shader in the horizontal plane, so they follow the
mesh wherever it rises or falls; the names, paths and markers laid on the
ground ask ``GroundHeights`` for their height (``lay_on``).

Past the grid a skirt runs from the grid's edge, at the ground's height
there, out to the far flat earth at height 0, so the ground has no hole and
no step.  A grid ``s`` apart differs from the true surface by at most
``κ s² / 8``, κ the sharpest crest rough earth can make (0.5 per metre):
at 6 cm the mesh lies at most 0.18 mm above the true surface in a hollow
(measured on every roughness), under the 0.4 mm lift of the lines laid on
the ground, so none is buried.  The grid is no finer because a software
rasteriser pays for small triangles: in the overhead view at 1280x720 a
3 cm grid cost 1.6 times the flat ground's frame, a 6 cm grid 1.3 times.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

import numpy as np

from game.app.scene.numpy_geom import triangles_node
from game.physics.terrain import Terrain
from game.rules.house import HouseRules

GRID_SPACING = 0.06    # metres between the grid's points
GRID_MARGIN = 0.3      # metres past the play area's edge the grid runs
MAX_SEGMENT = 0.01     # metres: a line laid on the ground is cut this fine, so it bends with it


class GroundHeights(Protocol):
    """What the renderer reads of the game's ``Terrain``."""

    @property
    def is_flat(self) -> bool: ...

    @property
    def roughness_mm(self) -> float: ...

    def height_at(self, x: Any, y: Any) -> Any: ...

    def gradient_at(self, x: Any, y: Any) -> tuple[Any, Any]: ...


def height_scale(ground: GroundHeights, half: float) -> float:
    """The ground's rms height (m): its roughness as the house rules name it (the contour lines then fall
    on round figures: every 0.75 mm at 3 mm), else measured over the grid (a plain incline)."""
    if ground.roughness_mm > 0:
        return ground.roughness_mm * 1e-3
    xs = np.linspace(-half, half, 64)
    return max(float(np.std(heights_under(ground, *np.meshgrid(xs, xs)))), 1e-4)


def ground_of(house: HouseRules) -> GroundHeights | None:
    """The ground a game's house rules name, as the renderer takes it: None for the smooth plane."""
    terrain = Terrain.from_house(house)
    return None if terrain.is_flat else terrain


def grid_vertices(ground: GroundHeights, half: float, spacing: float = GRID_SPACING
                  ) -> tuple[np.ndarray, np.ndarray, int]:
    """The grid's vertices (x, y, z, nx, ny, nz) as float32, its triangles' indices, and its points per side.

    Row-major: vertex ``j * n + i`` lies at ``(xs[i], xs[j])``.  Normals are
    the surface's own (``-dh/dx, -dh/dy, 1`` normalised), not the facets'.
    """
    n = int(math.ceil(2.0 * half / spacing)) + 1
    xs = np.linspace(-half, half, n)
    x, y = np.meshgrid(xs, xs)
    z = np.asarray(ground.height_at(x, y), dtype=np.float64)
    gx, gy = (np.asarray(g, dtype=np.float64) for g in ground.gradient_at(x, y))
    norm = np.sqrt(1.0 + gx * gx + gy * gy)
    verts = np.stack([x, y, z, -gx / norm, -gy / norm, 1.0 / norm], axis=-1).reshape(-1, 6)
    k = (np.arange(n - 1)[None, :] + n * np.arange(n - 1)[:, None]).reshape(-1)
    # two triangles a cell, anticlockwise seen from above (Panda's front faces)
    tris = np.stack([k, k + 1, k + n + 1, k, k + n + 1, k + n], axis=1)
    return verts.astype(np.float32), tris.reshape(-1).astype(np.uint32), n


def boundary_ring(n: int) -> np.ndarray:
    """Indices of a grid's edge vertices, anticlockwise from the south-west corner (no repeats)."""
    south = np.arange(0, n - 1)
    east = (n - 1) + n * np.arange(0, n - 1)
    north = n * (n - 1) + np.arange(n - 1, 0, -1)
    west = n * np.arange(n - 1, 0, -1)
    return np.concatenate([south, east, north, west])


def skirt(verts: np.ndarray, n: int, far: float) -> tuple[np.ndarray, np.ndarray]:
    """Vertices and triangles joining the grid's edge to a square ``far`` out at height 0.

    The triangles index the grid's vertices first and the skirt's after
    them, so both go in one vertex table: the grid's edge vertices are
    shared, and no crack can open between the two.
    """
    ring = boundary_ring(n)
    half = float(abs(verts[0, 0]))
    outer = np.zeros((len(ring), 6), dtype=np.float32)
    outer[:, :2] = verts[ring, :2] * (far / half)
    outer[:, 5] = 1.0
    base = len(verts)
    inner_a, inner_b = ring, np.roll(ring, -1)
    outer_a = base + np.arange(len(ring))
    outer_b = np.roll(outer_a, -1)
    tris = np.stack([inner_a, outer_a, outer_b, inner_a, outer_b, inner_b], axis=1)
    return outer, tris.reshape(-1).astype(np.uint32)


def ground_geom_node(ground: GroundHeights, half: float, far: float, spacing: float = GRID_SPACING):
    """A GeomNode of the rough ground: the grid over the play area and its skirt to ``far``."""
    verts, tris, n = grid_vertices(ground, half, spacing)
    outer, skirt_tris = skirt(verts, n, far)
    return triangles_node("rough-ground", np.concatenate([verts, outer]), np.concatenate([tris, skirt_tris]))


def densify(points: np.ndarray, max_segment: float = MAX_SEGMENT) -> np.ndarray:
    """A polyline (x, y) with points added so no segment is longer than ``max_segment``; its corners kept."""
    pts = np.asarray(points, dtype=np.float64)[:, :2]
    if len(pts) < 2:
        return pts
    seg = np.diff(pts, axis=0)
    cuts = np.maximum(1, np.ceil(np.linalg.norm(seg, axis=1) / max_segment).astype(int))
    if int(cuts.max()) == 1:
        return pts
    parts = [pts[i] + seg[i] * (np.arange(cuts[i])[:, None] / cuts[i]) for i in range(len(seg))]
    return np.concatenate([*parts, pts[-1:]])


def heights_under(ground: GroundHeights | None, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The ground's height under each (x, y): zeros on the flat plane."""
    if ground is None or ground.is_flat:
        return np.zeros(np.broadcast(x, y).shape)
    return np.asarray(ground.height_at(x, y), dtype=np.float64)


def lay_on(ground: GroundHeights | None, node: Any, lift: float) -> None:
    """Set every vertex of the GeomNodes under ``node`` to ``lift`` above the ground under it.

    For flat things built level (the chalked names): their x and y stay, their
    height becomes the ground's there plus ``lift``.
    """
    from panda3d.core import GeomVertexReader, GeomVertexWriter

    for path in node.findAllMatches("**/+GeomNode"):
        geom_node = path.node()
        for gi in range(geom_node.getNumGeoms()):
            vdata = geom_node.modifyGeom(gi).modifyVertexData()
            rows = vdata.getNumRows()
            reader = GeomVertexReader(vdata, "vertex")
            xy = np.empty((rows, 2))
            for row in range(rows):
                v = reader.getData3()
                xy[row] = (v.x, v.y)
            z = heights_under(ground, xy[:, 0], xy[:, 1]) + lift
            writer = GeomVertexWriter(vdata, "vertex")
            for row in range(rows):
                writer.setData3(float(xy[row, 0]), float(xy[row, 1]), float(z[row]))
