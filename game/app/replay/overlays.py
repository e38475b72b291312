"""What the replay viewer draws over the table: contact flashes, trails, captions, HUD.

Each overlay is rebuilt from the pure playback model for the time shown, so
seeking backwards or exporting frame by frame draws exactly what playing
would.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

FLASH_COLOUR = (1.0, 0.92, 0.55)
TRAIL_COLOUR = (1.0, 0.72, 0.18)  # amber: apart from the white chalk of the orbit lines
TRAIL_LIFT = 0.003  # metres above the ground: clear of the painted lines, under a marble's middle
FLASH_POOL = 8
FLASH_RADIUS = 0.03  # metres at full strength


def _ring(radius: float = 1.0, steps: int = 48) -> Any:
    """A flat annulus lying on the ground, as one GeomNode (unit outer radius)."""
    from panda3d.core import Geom, GeomNode, GeomTristrips, GeomVertexData, GeomVertexFormat, GeomVertexWriter

    vdata = GeomVertexData("flash", GeomVertexFormat.getV3c4(), Geom.UHStatic)
    vertex = GeomVertexWriter(vdata, "vertex")
    colour = GeomVertexWriter(vdata, "color")
    strip = GeomTristrips(Geom.UHStatic)
    for k in range(steps + 1):
        a = 2 * np.pi * k / steps
        c, s = float(np.cos(a)), float(np.sin(a))
        vertex.addData3(0.45 * radius * c, 0.45 * radius * s, 0.0)
        colour.addData4(1, 1, 1, 1)
        vertex.addData3(radius * c, radius * s, 0.0)
        colour.addData4(1, 1, 1, 0)
        strip.addVertices(2 * k, 2 * k + 1)
    strip.closePrimitive()
    geom = Geom(vdata)
    geom.addPrimitive(strip)
    node = GeomNode("flash-ring")
    node.addGeom(geom)
    return node


class Flashes:
    """A small pool of glowing rings laid on the ground where bodies struck."""

    def __init__(self, parent: Any) -> None:
        from panda3d.core import ColorBlendAttrib, TransparencyAttrib

        self.root = parent.attachNewNode("replay-flashes")
        self.root.setLightOff(1)
        self.root.setDepthWrite(False)
        self.root.setBin("fixed", 40)
        self.root.setTransparency(TransparencyAttrib.MAlpha)
        self.root.setAttrib(ColorBlendAttrib.make(ColorBlendAttrib.MAdd, ColorBlendAttrib.OIncomingAlpha,
                                                  ColorBlendAttrib.OOne))
        ring = _ring()
        self.nodes = []
        for _ in range(FLASH_POOL):
            node = self.root.attachNewNode("flash")
            node.attachNewNode(ring.makeCopy())
            node.hide()
            self.nodes.append(node)

    def show(self, flashes: Sequence[tuple[Any, float]]) -> int:
        """Show (Flash, brightness) pairs; returns how many are lit."""
        lit = 0
        for node, (flash, brightness) in zip(self.nodes, flashes):
            grow = 0.4 + 0.6 * (1.0 - brightness / max(flash.strength, 1e-6))
            node.setPos(flash.position[0], flash.position[1], 0.0015)
            node.setScale(FLASH_RADIUS * (0.5 + flash.strength) * grow)
            node.setColorScale(*FLASH_COLOUR, float(np.clip(brightness, 0.0, 1.0)))
            node.show()
            lit += 1
        for node in self.nodes[lit:]:
            node.hide()
        return lit

    def destroy(self) -> None:
        self.root.removeNode()


class Trails:
    """Lines along the path each body has taken since the shot began, fading toward its start.

    ``thickness()`` gives the line's width in pixels (the viewer scales it
    with the window, so a 1080p picture shows them as plainly as a small one).
    """

    def __init__(self, parent: Any, thickness: Callable[[], float] = lambda: 3.0,
                 height: Callable[[float, float], float] = lambda x, y: 0.0) -> None:
        self.parent = parent
        self.thickness = thickness
        self.height = height  # the ground's height under a point: trails lie over rough earth as over the plane
        self.node: Any = None
        self.visible = False

    def show(self, paths: Sequence[np.ndarray]) -> None:
        from panda3d.core import LineSegs

        if self.node is not None:
            self.node.removeNode()
            self.node = None
        if not self.visible:
            return
        lines = LineSegs("replay-trails")
        lines.setThickness(self.thickness())
        drawn = False
        for path in paths:
            if len(path) < 2 or np.linalg.norm(path[-1] - path[0]) < 0.004:
                continue
            count = len(path)
            for i, point in enumerate(path):
                fade = (i + 1) / count
                lines.setColor(*TRAIL_COLOUR, 0.35 + 0.65 * fade)
                z = TRAIL_LIFT + self.height(float(point[0]), float(point[1]))
                if i == 0:
                    lines.moveTo(float(point[0]), float(point[1]), z)
                else:
                    lines.drawTo(float(point[0]), float(point[1]), z)
            drawn = True
        if drawn:
            from panda3d.core import TransparencyAttrib

            self.node = self.parent.attachNewNode(lines.create())
            self.node.setTransparency(TransparencyAttrib.MAlpha)
            self.node.setLightOff(1)
            self.node.setBin("fixed", 30)

    def destroy(self) -> None:
        if self.node is not None:
            self.node.removeNode()
            self.node = None


# Captions: on a dark card under the row of top buttons (the viewer's Back button ends
# 0.11 below the window's top edge), wrapped inside the window's width.
CAPTION_TOP = 0.15          # aspect2d units below the top edge where the first line's card starts
CAPTION_SIDE_MARGIN = 0.06  # each side, aspect2d units
CAPTION_SCALE = 0.055       # text height in aspect2d units (the window is 2 high)...
CAPTION_MIN_PX = 17.0       # ...but never under this many pixels a line, so a 640x360 export still reads
CAPTION_LINES = 3           # the latest captions shown
CAPTION_CARD = (0.05, 0.04, 0.03, 0.78)
CAPTION_PAD = 0.35          # card margin round the text, in text heights
STATUS_PAD = 0.3            # the status line's and key help's card margin, in text heights


@dataclass(frozen=True)
class CaptionLayout:
    """Where and how large the captions are drawn in a window of ``size`` pixels (aspect2d units)."""

    scale: float
    wordwrap: float  # in text heights, as TextNode counts it
    z: float         # the first line's baseline, below the top-centre anchor

    @classmethod
    def for_window(cls, size: tuple[int, int]) -> "CaptionLayout":
        width, height = max(1, size[0]), max(1, size[1])
        wide = width >= height  # aspect2d is 2 high in a wide window, 2 wide in a tall one
        half_width = width / height if wide else 1.0
        scale = max(CAPTION_SCALE, CAPTION_MIN_PX / ((height if wide else width) / 2.0))
        usable = 2.0 * half_width - 2.0 * CAPTION_SIDE_MARGIN
        pad = CAPTION_PAD * scale
        return cls(scale, usable / scale - 2.0 * CAPTION_PAD, -(CAPTION_TOP + pad + 0.8 * scale))


class TextOverlay:
    """Captions at the top on a backing card, wrapped inside the window; a status line at the bottom.

    ``window_size()`` gives the window's pixels; the captions are laid out
    again whenever it changes (a resized window, a small export).
    """

    def __init__(self, top_centre: Any, bottom_left: Any,
                 window_size: Callable[[], tuple[int, int]] = lambda: (1280, 720)) -> None:
        from direct.gui.OnscreenText import OnscreenText
        from panda3d.core import TextNode

        self.window_size = window_size
        self.captions = OnscreenText(parent=top_centre, text="", pos=(0.0, -0.2), scale=CAPTION_SCALE,
                                     fg=(1, 0.97, 0.9, 1), shadow=(0, 0, 0, 0.9), align=TextNode.ACenter,
                                     mayChange=True)
        node = self.captions.textNode
        node.setCardColor(*CAPTION_CARD)
        node.setCardAsMargin(CAPTION_PAD, CAPTION_PAD, CAPTION_PAD, CAPTION_PAD)
        node.setCardDecal(True)
        self.layout: CaptionLayout | None = None
        self.status = OnscreenText(parent=bottom_left, text="", pos=(0.04, 0.2), scale=0.045, fg=(1, 1, 0.9, 1),
                                   shadow=(0, 0, 0, 0.9), align=TextNode.ALeft, mayChange=True)
        # the key help on the captions' dark card: light words over the light ground were hard to read
        status = self.status.textNode
        status.setCardColor(*CAPTION_CARD)
        status.setCardAsMargin(STATUS_PAD, STATUS_PAD, STATUS_PAD, STATUS_PAD)
        status.setCardDecal(True)

    def _lay_out(self) -> None:
        layout = CaptionLayout.for_window(self.window_size())
        if layout != self.layout:
            self.layout = layout
            self.captions.setScale(layout.scale)
            self.captions.setPos(0.0, layout.z)
            self.captions.setWordwrap(layout.wordwrap)

    def set_captions(self, lines: Sequence[str]) -> None:
        self._lay_out()
        text = "\n".join(lines[-CAPTION_LINES:])
        if self.captions.text != text:
            self.captions.setText(text)
        # an empty caption draws no card at all
        self.captions.show() if text else self.captions.hide()

    def set_status(self, text: str) -> None:
        if self.status.text != text:
            self.status.setText(text)

    def show_status(self, visible: bool) -> None:
        self.status.show() if visible else self.status.hide()

    def destroy(self) -> None:
        self.captions.destroy()
        self.status.destroy()
