"""The rules screen's first page: a labelled diagram of the painted ground and the words for it.

The words and their definitions are ``game.rules.vocabulary``'s, the same
the HUD, the rulings, the lessons and docs/vocabulary.md use.  The diagram
is schematic: the seven lines at their true proportions, the play area's
edge drawn nearer than its true 2.5 m so that the lines stay readable, one
orbit (Venus's) shaded, and each term's label joined to what it names.
"""

from __future__ import annotations

import math

from panda3d.core import GeomVertexFormat, LineSegs, TextNode

from game.app.hud import theme
from game.rules import vocabulary
from game.rules.layout import PLANETS, Layout
from game.app.hud.ground_words import LEVEL_READING

CENTRE = (-0.62, -0.05)
LINES_RADIUS = 0.5      # Herschel's line on the diagram; the others in proportion
EDGE_RADIUS = 0.62      # the play area's edge (schematic)
CHALK = (0.93, 0.92, 0.86, 1.0)
SHADE = (0.86, 0.66, 0.26, 0.35)
SHADED = "venus"        # the orbit shown shaded
WRAP = 30               # the definitions' width, in letters


class GroundDiagram:
    """The diagram and the definitions, as children of ``parent``; ``show``/``hide`` as a page."""

    def __init__(self, parent, layout: Layout | None = None, ground: str | None = None) -> None:
        self.layout = layout or Layout()
        self.ground = ground  # this game's ground in words ("rough earth, 3 mm, seed 7"), under the words
        self.scale = LINES_RADIUS / self.layout.line_radii["herschel"]
        self.root = parent.attachNewNode("ground-diagram")
        self.labels: list = []
        self._draw_ground()
        self._label_parts()
        self._definitions()

    def _label(self, *args, **kwargs):
        """A label of the diagram, kept for ``destroy``: a DirectGUI widget under a plain node is not destroyed
        with its panel (DirectGuiWidget.guiDict keeps it), so the diagram destroys each of its own."""
        label = theme.label(self.root, *args, **kwargs)
        self.labels.append(label)
        return label

    def radius(self, metres: float) -> float:
        return metres * self.scale

    def at(self, radius: float, degrees: float) -> tuple[float, float]:
        a = math.radians(degrees)
        return (CENTRE[0] + radius * math.cos(a), CENTRE[1] + radius * math.sin(a))

    def _circle(self, segs: LineSegs, centre, radius: float, dashed: bool = False) -> None:
        steps = 96
        for i in range(steps):
            if dashed and i % 2:
                continue
            a0, a1 = 2 * math.pi * i / steps, 2 * math.pi * (i + 1) / steps
            segs.moveTo(centre[0] + radius * math.cos(a0), 0, centre[1] + radius * math.sin(a0))
            segs.drawTo(centre[0] + radius * math.cos(a1), 0, centre[1] + radius * math.sin(a1))

    def _draw_ground(self) -> None:
        self._shade_orbit(SHADED)
        segs = LineSegs("ground-lines")
        segs.setThickness(2.0)
        segs.setColor(*CHALK)
        for planet in PLANETS:
            self._circle(segs, CENTRE, self.radius(self.layout.line_radii[planet]))
        self._circle(segs, CENTRE, self.radius(self.layout.inner_ring_radius))
        sx, sy = self.layout.saturn_home()
        saturn = (CENTRE[0] + self.radius(sx), CENTRE[1] + self.radius(sy))
        self._circle(segs, saturn, max(self.radius(self.layout.saturn_ring_radius), 0.025))
        self._circle(segs, CENTRE, EDGE_RADIUS, dashed=True)
        self.root.attachNewNode(segs.create())
        self.saturn = saturn

    def _shade_orbit(self, planet: str) -> None:
        from panda3d.core import Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexWriter, TransparencyAttrib

        inner, outer = (self.radius(r) for r in self.layout.region_bounds(planet))
        data = GeomVertexData("orbit", GeomVertexFormat.getV3(), Geom.UHStatic)
        writer = GeomVertexWriter(data, "vertex")
        steps = 96
        for i in range(steps + 1):
            a = 2 * math.pi * i / steps
            for r in (inner, outer):
                writer.addData3(CENTRE[0] + r * math.cos(a), 0, CENTRE[1] + r * math.sin(a))
        tris = GeomTriangles(Geom.UHStatic)
        for i in range(steps):
            k = 2 * i
            tris.addVertices(k, k + 1, k + 2)
            tris.addVertices(k + 1, k + 3, k + 2)
        geom = Geom(data)
        geom.addPrimitive(tris)
        node = GeomNode("shaded-orbit")
        node.addGeom(geom)
        band = self.root.attachNewNode(node)
        band.setColor(*SHADE)
        band.setTransparency(TransparencyAttrib.MAlpha)
        band.setTwoSided(True)

    def _callout(self, text: str, target: tuple[float, float], label_at: tuple[float, float]) -> None:
        """A label at ``label_at`` joined by a thin line to the point it names."""
        segs = LineSegs("callout")
        segs.setThickness(1.0)
        segs.setColor(*theme.BRASS)
        segs.moveTo(label_at[0], 0, label_at[1])
        segs.drawTo(target[0], 0, target[1])
        self.root.attachNewNode(segs.create())
        align = TextNode.ALeft if label_at[0] >= target[0] else TextNode.ARight
        nudge = 0.01 if align == TextNode.ALeft else -0.01
        self._label( text, (label_at[0] + nudge, label_at[1] - 0.012), scale=0.036, colour=theme.INK,
                    align=align)

    def _label_parts(self) -> None:
        mars = self.radius(self.layout.line_radii["mars"])
        self._callout(theme.signed_name("mars", vocabulary.line_label("mars")), self.at(mars, 135),
                      self.at(EDGE_RADIUS + 0.08, 128))
        inner, outer = (self.radius(r) for r in self.layout.region_bounds(SHADED))
        self._callout(vocabulary.orbit_label(SHADED), self.at((inner + outer) / 2, 235), (-0.95, -0.74))
        self._callout(vocabulary.INNER_RING, self.at(self.radius(self.layout.inner_ring_radius), 60),
                      self.at(EDGE_RADIUS + 0.08, 62))
        self._callout(vocabulary.SATURN_RING, (self.saturn[0] + 0.02, self.saturn[1] - 0.02),
                      (self.saturn[0] + 0.3, self.saturn[1] - 0.06))
        self._callout(vocabulary.PLAY_AREA_EDGE, self.at(EDGE_RADIUS, -25), (0.02, -0.5))

    def _definitions(self) -> None:
        self._label( "The ground and its words", (0.42, 0.62), scale=0.06, colour=theme.BRASS)
        y = 0.5
        for term, definition in vocabulary.TERMS.items():
            self._label( theme.title_case(term), (0.02, y), scale=0.045, colour=theme.BRASS,
                        align=TextNode.ALeft)
            self._label( definition, (0.02, y - 0.055), scale=0.034, colour=theme.INK,
                        align=TextNode.ALeft, wordwrap=WRAP)
            y -= 0.075 + 0.042 * rows_of(definition)
        if self.ground is not None:
            self._label( "This game's ground", (0.02, y), scale=0.045, colour=theme.BRASS,
                        align=TextNode.ALeft)
            self._label( f"{theme.title_case(self.ground)}. {LEVEL_READING}", (0.02, y - 0.055),
                        scale=0.034, colour=theme.INK, align=TextNode.ALeft, wordwrap=WRAP)

    def show(self) -> None:
        self.root.show()

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        for label in self.labels:
            label.destroy()
        self.labels = []
        self.root.removeNode()


def rows_of(text: str) -> int:
    """How many rows ``text`` takes wrapped at WRAP in the default font."""
    node = TextNode("measure")
    node.setWordwrap(WRAP)
    node.setText(text)
    return node.getNumRows()
