"""The aiming aid: chalk dashes laid on the ground along a path the app computes,
and a solid ring where the taw would first touch another body; or, where the
shot preview is off, only a crosshair on the line of aim (it shows the way
without predicting what the shot meets)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from game.app.scene.ground_mesh import GroundHeights, densify, heights_under
from game.app.scene.numpy_geom import triangles_node

if TYPE_CHECKING:
    from panda3d.core import NodePath

AIM_COLOR = (0.98, 0.96, 0.86)
RING_COLOR = (1.0, 0.8, 0.3)
RING_SEGMENTS = 48
CROSS_GAP = 0.35  # the crosshair's arms start this share of its size out from the centre
LIFT = 0.0004  # metres above the ground, under any ball
MIN_WIDTH = 5.0 / 720.0  # the least width of a line on the screen, a share of the window's height (5 px at 720)
U, V = 6, 7  # a vertex's columns: x y z (an edge), the step out to it from the centre line, then u v


def ribbon(points: np.ndarray, width: float, ground: GroundHeights | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Vertices (x, y, z, nx, ny, nz, u, v) of a strip along a polyline on the ground, and triangle indices.

    On a rough ``ground`` the polyline is first cut into pieces of at most
    ``ground_mesh.MAX_SEGMENT`` and each vertex lies ``LIFT`` above the
    ground under it, so the strip bends over crests and into hollows.

    (x, y, z) is an edge of the strip ``width`` wide, (nx, ny, nz) the step
    from the centre line out to it: the vertex shader widens the strip along
    it wherever it would be thinner than ``MIN_WIDTH`` on the screen.  ``u``
    is the distance along the path in metres, ``v`` is -1 and 1 on the two
    edges; the fragment shader turns those into dashes and soft edges.
    """
    pts = np.asarray(points, dtype=np.float64)[:, :2]
    # drop repeated points, which have no direction
    keep = np.ones(len(pts), dtype=bool)
    keep[1:] = np.any(np.abs(np.diff(pts, axis=0)) > 1e-9, axis=1)
    pts = pts[keep]
    if len(pts) < 2:
        return np.zeros((0, 8), dtype=np.float32), np.zeros(0, dtype=np.uint32)
    if ground is not None and not ground.is_flat:
        pts = densify(pts)
    seg = np.diff(pts, axis=0)
    seg_len = np.linalg.norm(seg, axis=1)
    seg_dir = seg / seg_len[:, None]
    tangent = np.empty_like(pts)
    tangent[0], tangent[-1] = seg_dir[0], seg_dir[-1]
    tangent[1:-1] = seg_dir[:-1] + seg_dir[1:]
    tangent /= np.maximum(np.linalg.norm(tangent, axis=1), 1e-12)[:, None]
    normal = np.stack([-tangent[:, 1], tangent[:, 0]], axis=1)
    u = np.concatenate([[0.0], np.cumsum(seg_len)])
    half = width / 2.0
    n = len(pts)
    verts = np.zeros((2 * n, 8), dtype=np.float32)
    verts[0::2, :2] = pts + normal * half
    verts[1::2, :2] = pts - normal * half
    verts[:, 2] = heights_under(ground, verts[:, 0].astype(np.float64), verts[:, 1].astype(np.float64)) + LIFT
    verts[0::2, 3:5] = normal * half
    verts[1::2, 3:5] = -normal * half
    verts[0::2, U] = u
    verts[1::2, U] = u
    verts[0::2, V] = 1.0
    verts[1::2, V] = -1.0
    quads = np.arange(n - 1, dtype=np.uint32) * 2
    tris = np.stack([quads, quads + 1, quads + 2, quads + 2, quads + 1, quads + 3], axis=1)
    return verts, tris.reshape(-1)


def circle(centre: Sequence[float], radius: float, segments: int = RING_SEGMENTS) -> np.ndarray:
    """A closed polyline round ``centre`` (its last point repeats its first)."""
    a = np.linspace(0.0, 2.0 * np.pi, segments + 1)
    return np.stack([centre[0] + radius * np.cos(a), centre[1] + radius * np.sin(a)], axis=1)


def crosshair_arms(centre: Sequence[float], heading_deg: float, size: float) -> list[np.ndarray]:
    """Four arms of a crosshair round ``centre``, along and across ``heading_deg``, with a gap in the middle."""
    a = np.radians(heading_deg)
    along = np.array([np.cos(a), np.sin(a)])
    across = np.array([-along[1], along[0]])
    c = np.asarray(centre, dtype=np.float64)[:2]
    return [np.stack([c + axis * size * CROSS_GAP, c + axis * size]) for axis in (along, -along, across, -across)]


def _geom_node(name: str, verts: np.ndarray, tris: np.ndarray):
    """A GeomNode of ``ribbon`` vertices and triangle indices, written straight from numpy."""
    return triangles_node(name, verts, tris, with_uv=True)


class AimLine:
    """A dashed line on the ground; ``set_path`` replaces it, ``strength`` sets its opacity.

    ``set_path(..., ring=(centre, radius))`` also draws a solid ring (where
    the taw meets the first body it would touch).
    """

    def __init__(
        self,
        parent: Any,
        shader: Any,
        width: float = 0.005,
        dash: float = 0.022,
        duty: float = 0.55,
        color: tuple[float, float, float] = AIM_COLOR,
        hidden_from: Any = None,
        ground: GroundHeights | None = None,
    ) -> None:
        from panda3d.core import TransparencyAttrib, Vec3, Vec4

        self.ground = ground  # the heights it is laid on (None: the smooth plane)
        self.width = width
        self.dash = dash
        self.duty = duty
        self.node = parent.attachNewNode("aim-line")
        self.node.setShader(shader)
        self.node.setShaderInput("u_aim_color", Vec3(*color))
        self.node.setShaderInput("u_aim", Vec4(dash, duty, 0.0, 1.0))
        self.node.setShaderInput("u_min_width", MIN_WIDTH)
        self.node.setTransparency(TransparencyAttrib.MAlpha)
        self.node.setDepthWrite(False)
        self.node.setBin("fixed", 20)
        self.node.setTwoSided(True)
        if hidden_from is not None:
            self.node.hide(hidden_from)
        self._geom_np: NodePath | None = None   # the ribbon, its end ring, the crosshair: each drawn or not
        self._ring_np: NodePath | None = None
        self._cross_np: NodePath | None = None
        self.length = 0.0
        self.strength = 0.0

    def set_path(self, points: Sequence[Sequence[float]], strength: float = 1.0,
                 ring: tuple[Sequence[float], float] | None = None) -> None:
        """Lay the line along ``points`` (x, y[, z]) with opacity ``strength`` in 0..1, and the ring if given."""
        from panda3d.core import Vec3

        self.clear()
        verts, tris = ribbon(np.asarray(points, dtype=np.float64).reshape(len(points), -1), self.width, self.ground)
        if len(tris):
            self._geom_np = self.node.attachNewNode(_geom_node("aim-ribbon", verts, tris))
            self.length = float(verts[-1, U])
        if ring is not None:
            ring_verts, ring_tris = ribbon(circle(ring[0], ring[1]), self.width * 0.8, self.ground)
            ring_verts[:, U] += 1.0  # away from u = 0, where the dash pattern starts
            self._ring_np = self.node.attachNewNode(_geom_node("aim-ring", ring_verts, ring_tris))
            self._ring_np.setShaderInput("u_aim_color", Vec3(*RING_COLOR))
        self.set_strength(strength)

    def set_crosshair(self, centre: Sequence[float], heading_deg: float, size: float, strength: float = 1.0) -> None:
        """Only a crosshair (no path): four solid arms ``size`` metres long and a ring inside them."""
        self.clear()
        parts = [ribbon(arm, self.width, self.ground) for arm in crosshair_arms(centre, heading_deg, size)]
        parts.append(ribbon(circle(centre, size * 0.6), self.width * 0.8, self.ground))
        offset, verts, tris = 0, [], []
        for part_verts, part_tris in parts:
            part_verts[:, U] += 1.0  # away from u = 0, where the dash pattern starts
            verts.append(part_verts)
            tris.append(part_tris + offset)
            offset += len(part_verts)
        self._cross_np = self.node.attachNewNode(_geom_node("aim-crosshair", np.concatenate(verts),
                                                            np.concatenate(tris).astype(np.uint32)))
        self.set_strength(strength)

    def set_strength(self, strength: float) -> None:
        from panda3d.core import Vec4

        self.strength = min(max(float(strength), 0.0), 1.0)
        self.node.setShaderInput("u_aim", Vec4(self.dash, self.duty, self.strength, max(self.length, 1e-4)))
        for solid in (self._ring_np, self._cross_np):
            if solid is not None:
                # one dash longer than the ring, never faded: a solid circle
                solid.setShaderInput("u_aim", Vec4(1000.0, 1.0, self.strength, 1e4))

    @property
    def shown(self) -> bool:
        """Something is drawn: a path, a ring or the crosshair."""
        return self.path_shown or self.crosshair_shown

    @property
    def path_shown(self) -> bool:
        """The aim line itself: a path or its ring."""
        return self._geom_np is not None or self._ring_np is not None

    @property
    def crosshair_shown(self) -> bool:
        return self._cross_np is not None

    def clear(self) -> None:
        for part in (self._geom_np, self._ring_np, self._cross_np):
            if part is not None:
                part.removeNode()
        self._geom_np = None
        self._ring_np = None
        self._cross_np = None
        self.length = 0.0

    def show(self, visible: bool = True) -> None:
        if visible:
            self.node.show()
        else:
            self.node.hide()
