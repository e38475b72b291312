"""The spin on the aim HUD: a picture of the taw with a dot where the thumb strikes it, as pool games draw it.

A dot above the centre is topspin (the taw follows on after what it hits),
below it backspin (it stops, or draws back), in the middle no spin.  Beside
the picture a word says which, with how much.  The panel sits in the right
column over the power meter, clear of the purses above it and of the Sun
indicator's band on the right edge (``sun_indicator.RIGHT_BAND``).
"""

from __future__ import annotations

import math

from panda3d.core import (Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexFormat, GeomVertexWriter,
                          LineSegs, NodePath)

from game.app.hud.clear_view import mark
from game.app.hud import theme
from game.app.input.aiming import spin_words

# Bottom-right anchor units: the panel spans the power meter's width, above its label.
PANEL = (-0.85, -0.05, 0.29, 0.63)
TAW_AT = (-0.70, 0.46)
TAW_RADIUS = 0.12
DOT_RADIUS = 0.028
DOT_TRAVEL = TAW_RADIUS - DOT_RADIUS - 0.012  # spin 1 puts the dot this far above the centre
GLASS_CENTRE = (0.93, 0.95, 0.96, 1.0)
GLASS_RIM = (0.55, 0.64, 0.70, 1.0)
DOT_COLOUR = (0.85, 0.16, 0.12, 1.0)
SEGMENTS = 40


def _disc(name: str, radius: float, centre_colour, rim_colour) -> GeomNode:
    """A filled disc in the x-z plane, shaded from its centre to its rim so it reads as a sphere."""
    data = GeomVertexData(name, GeomVertexFormat.getV3c4(), Geom.UHStatic)
    vertex, colour = GeomVertexWriter(data, "vertex"), GeomVertexWriter(data, "color")
    # The highlight sits up and to the left, where the sky lights the marble.
    vertex.addData3(-0.3 * radius, 0.0, 0.3 * radius)
    colour.addData4(*centre_colour)
    for k in range(SEGMENTS):
        a = 2.0 * math.pi * k / SEGMENTS
        vertex.addData3(radius * math.cos(a), 0.0, radius * math.sin(a))
        colour.addData4(*rim_colour)
    tris = GeomTriangles(Geom.UHStatic)
    for k in range(SEGMENTS):
        tris.addVertices(0, 1 + k, 1 + (k + 1) % SEGMENTS)
    geom = Geom(data)
    geom.addPrimitive(tris)
    node = GeomNode(name)
    node.addGeom(geom)
    return node


def _outline(name: str, radius: float, colour, thickness: float = 2.0) -> NodePath:
    lines = LineSegs(name)
    lines.setThickness(thickness)
    lines.setColor(*colour)
    lines.moveTo(radius, 0.0, 0.0)
    for k in range(1, SEGMENTS + 1):
        a = 2.0 * math.pi * k / SEGMENTS
        lines.drawTo(radius * math.cos(a), 0.0, radius * math.sin(a))
    return NodePath(lines.create())


def dot_height(spin: float) -> float:
    """How far above the picture's centre the dot sits for ``spin`` (below for backspin)."""
    return max(-1.0, min(1.0, spin)) * DOT_TRAVEL


class SpinDot:
    """``show(spin)`` every frame while aiming (it touches the nodes only when the spin changes)."""

    def __init__(self, app) -> None:
        self.root = app.a2dBottomRight.attachNewNode("spin-dot")
        mark(self.root)  # it fades while the play lies under it (clear_view)
        self.panel = theme.panel(self.root, PANEL)
        self.taw = self.root.attachNewNode("spin-taw")
        self.taw.setPos(TAW_AT[0], 0.0, TAW_AT[1])
        self.taw.attachNewNode(_disc("spin-taw-glass", TAW_RADIUS, GLASS_CENTRE, GLASS_RIM)).setTwoSided(True)
        _outline("spin-taw-rim", TAW_RADIUS, (0.12, 0.09, 0.05, 1.0)).reparentTo(self.taw)
        axis = LineSegs("spin-axis")  # the dot's track: a faint vertical line, and a tick at the centre
        axis.setThickness(1.0)
        axis.setColor(0.35, 0.40, 0.45, 0.8)
        axis.moveTo(0.0, 0.0, -DOT_TRAVEL)
        axis.drawTo(0.0, 0.0, DOT_TRAVEL)
        axis.moveTo(-0.03, 0.0, 0.0)
        axis.drawTo(0.03, 0.0, 0.0)
        self.taw.attachNewNode(axis.create())
        self.dot = self.taw.attachNewNode(_disc("spin-dot-fill", DOT_RADIUS, DOT_COLOUR, DOT_COLOUR))
        self.dot.setTwoSided(True)
        _outline("spin-dot-rim", DOT_RADIUS, (0.25, 0.03, 0.02, 1.0), 1.5).reparentTo(self.dot)
        text_x = (TAW_AT[0] + TAW_RADIUS + PANEL[1]) / 2.0
        self.title = theme.label(self.root, "Spin", (text_x, 0.555), scale=0.044, colour=theme.BRASS)
        self.word = theme.label(self.root, "", (text_x, 0.48), scale=0.056)
        self.detail = theme.label(self.root, "", (text_x, 0.415), scale=0.042, colour=theme.DIM_INK)
        self.keys = theme.label(self.root, "W / S to set", (text_x, 0.325), scale=0.038, colour=theme.DIM_INK)
        self.spin: float | None = None
        self.show(0.0)

    def show(self, spin: float) -> None:
        if spin == self.spin:
            return
        self.spin = spin
        self.dot.setZ(dot_height(spin))
        word, _, detail = spin_words(spin).partition(": ")
        self.word["text"] = word
        self.word["text_fg"] = theme.INK if spin == 0 else theme.GOOD if spin > 0 else theme.BRASS
        self.detail["text"] = detail

    @property
    def text(self) -> str:
        """What the panel says, as one line (tests and the tour read it)."""
        return f"{self.word['text']} {self.detail['text']}".strip()

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        for widget in (self.panel, self.title, self.word, self.detail, self.keys):
            widget.destroy()
        self.root.removeNode()
