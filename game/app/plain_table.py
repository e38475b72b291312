"""A plain stand-in for the table: used when the shaded scene cannot be built.

Flat ground, the painted lines and rings, and spheres whose shading is baked
into their vertex colours, all drawn with Panda's default shader.  It keeps
the game playable (and testable) on a machine where the GLSL scene fails, and
it is what the app shows if ``game.app.scene`` is missing from an install.
"""

from __future__ import annotations

import math

from panda3d.core import (CardMaker, Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexFormat,
                          GeomVertexWriter, LineSegs, NodePath)

from game.rules.layout import PLANETS, SUN, Layout, body_planet, is_taw

GROUND = (0.36, 0.27, 0.18, 1.0)
CHALK = (0.93, 0.90, 0.82, 1.0)


def _sphere(radius: float, colour: tuple[float, float, float], rings: int = 10, segments: int = 16) -> GeomNode:
    vdata = GeomVertexData("sphere", GeomVertexFormat.getV3c4(), Geom.UHStatic)
    vertex = GeomVertexWriter(vdata, "vertex")
    col = GeomVertexWriter(vdata, "color")
    light = (-0.4, -0.5, 0.77)
    for i in range(rings + 1):
        theta = math.pi * i / rings
        for j in range(segments + 1):
            phi = 2 * math.pi * j / segments
            n = (math.sin(theta) * math.cos(phi), math.sin(theta) * math.sin(phi), math.cos(theta))
            vertex.addData3(radius * n[0], radius * n[1], radius * n[2])
            lambert = max(0.0, sum(a * b for a, b in zip(n, light)))
            shade = 0.35 + 0.75 * lambert
            spec = max(0.0, lambert) ** 24 * 0.6
            col.addData4(*(min(1.0, c * shade + spec) for c in colour), 1.0)
    tris = GeomTriangles(Geom.UHStatic)
    row = segments + 1
    for i in range(rings):
        for j in range(segments):
            a, b = i * row + j, (i + 1) * row + j
            tris.addVertices(a, b, a + 1)
            tris.addVertices(a + 1, b, b + 1)
    geom = Geom(vdata)
    geom.addPrimitive(tris)
    node = GeomNode("sphere")
    node.addGeom(geom)
    return node


def _circle(lines: LineSegs, cx: float, cy: float, radius: float, z: float = 0.0005, steps: int = 160) -> None:
    lines.moveTo(cx + radius, cy, z)
    for k in range(1, steps + 1):
        a = 2 * math.pi * k / steps
        lines.drawTo(cx + radius * math.cos(a), cy + radius * math.sin(a), z)


def body_colour(body_id: str, planet_colours) -> tuple[float, float, float]:
    if body_id == SUN:
        return (0.42, 0.42, 0.45)
    colour = planet_colours.get(body_planet(body_id), (0.9, 0.9, 0.9, 1))[:3]
    if is_taw(body_id):
        return tuple(min(1.0, 0.5 + c * 0.6) for c in colour)
    if body_id in PLANETS:
        return colour
    return tuple(0.55 * c + 0.3 for c in colour)


class PlainTable:
    def __init__(self, parent: NodePath, layout: Layout, planet_colours) -> None:
        self.layout = layout
        self.root = parent.attachNewNode("plain-table")
        self.planet_colours = planet_colours
        card = CardMaker("ground")
        extent = layout.play_radius
        card.setFrame(-extent, extent, -extent, extent)
        ground = self.root.attachNewNode(card.generate())
        ground.setP(-90)
        ground.setColor(*GROUND)
        lines = LineSegs("lines")
        lines.setThickness(2.0)
        lines.setColor(*CHALK)
        for planet in PLANETS:
            _circle(lines, 0.0, 0.0, layout.line_radius(planet))
        lines.setColor(0.86, 0.66, 0.26, 1.0)
        _circle(lines, 0.0, 0.0, layout.inner_ring_radius)
        sx, sy = layout.saturn_home()
        _circle(lines, sx, sy, layout.saturn_ring_radius)
        self.root.attachNewNode(lines.create())
        self.bodies: dict[str, NodePath] = {}

    def sync(self, positions) -> None:
        """Show exactly these bodies at these (x, y)."""
        for body in list(self.bodies):
            if body not in positions:
                self.bodies.pop(body).removeNode()
        for body, (x, y) in positions.items():
            node = self.bodies.get(body)
            if node is None:
                radius = self.layout.sun_radius if body == SUN else self.layout.marble_radius
                node = self.root.attachNewNode(_sphere(radius, body_colour(body, self.planet_colours)))
                self.bodies[body] = node
                node.setPythonTag("radius", radius)
            node.setPos(x, y, node.getPythonTag("radius"))

    def set_poses(self, ids, poses) -> None:
        for body, row in zip(ids, poses):
            node = self.bodies.get(body)
            if node is not None:
                node.setPos(float(row[0]), float(row[1]), float(row[2]))

    def destroy(self) -> None:
        self.root.removeNode()
        self.bodies.clear()
