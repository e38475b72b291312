"""An arrow on the window's edge pointing to the Sun while it is out of the knuckle-down picture.

``place_indicator`` is pure geometry (no Panda3D), so it is tested on its own:
it takes the Sun in camera space (x right, y forward, z up, as Panda's camera
sees it), the lens's half-angle tangents and the window's aspect, and says
whether the arrow is needed, where on the edge it sits (aspect2d units) and
which way it points.  ``SunIndicator`` is the widget: it projects through the
camera each frame and moves one small node; it builds nothing after creation.

The arrow keeps clear of the HUD: it slides along an edge only within a band
that misses the purse panel (top right), the ruling feed (bottom left), the
power meter and the spin panel over it (bottom right) and the top and bottom bars.
Panels that come and go (a lesson's card, the coach's advice) are passed in as
``keep_out`` boxes: the arrow and its label take the free stretch of the band
nearest where they would sit, and only where none is left do they sit over one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

INSET = 0.09            # the arrow's centre this far inside the side edges (aspect2d units)
TOP_INSET = 0.24        # below the top bar (0.14 high) and its text
BOTTOM_INSET = 0.16     # above the hint strip (0.06 high)
# Bands an arrow may slide along, measured from the window's corners, clear of the HUD panels.
RIGHT_BAND = (0.70, 1.02)   # up from the bottom (over the power meter and the spin) / down from the top (under the purses)
LEFT_BAND = (0.56, 0.26)    # up from the bottom (over the ruling feed) / down from the top
TOP_BAND = (0.12, 0.76)     # in from the left / in from the right (left of the purse panel)
BOTTOM_BAND = (1.62, 0.92)  # in from the left (right of the ruling feed) / in from the right (the power meter)
# Further off the line of sight than this, the Sun is "behind you": the arrow points straight to the
# side to turn to.  (Beyond about 70 degrees the projected direction says "down" for a Sun lying
# just under the eye, which is no help to a player who can only turn.)
TURN_CONE_DEG = 70.0
# From this far off the line of sight to TURN_CONE_DEG the arrow swings smoothly from where the Sun projects
# to the side to turn to, so it glides round the edge as the aim turns instead of jumping.
BLEND_FROM_DEG = 45.0
# Within this of dead behind, either way is as short: the arrow keeps the side it was on (``side_before``),
# so a tap of the aim never throws it across the window.
KEEP_SIDE_DEG = 15.0


def _smoothstep(a: float, b: float, v: float) -> float:
    t = min(1.0, max(0.0, (v - a) / (b - a)))
    return t * t * (3.0 - 2.0 * t)


def turn_side(x: float, forward: float, side_before: str = "") -> str:
    """The side to turn to for a point at camera-space ``x`` (right) and ``forward``: the side it lies on,
    or, nearly dead behind, the side the arrow was on already."""
    behind = abs(math.degrees(math.atan2(x, forward))) > 180.0 - KEEP_SIDE_DEG
    if behind and side_before in ("left", "right"):
        return side_before
    return "left" if x < 0 else "right"


@dataclass(frozen=True)
class Placement:
    """Where the Sun indicator goes: ``visible`` means the Sun is in the picture, so no arrow is drawn."""

    visible: bool
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0   # degrees counter-clockwise from pointing right
    edge: str = ""       # "left", "right", "top" or "bottom"


def half_extents(aspect: float) -> tuple[float, float]:
    """aspect2d's half width and half height for a window of this aspect (width / height)."""
    if aspect >= 1.0:
        return aspect, 1.0
    return 1.0, 1.0 / aspect


def _band(low: float, high: float) -> tuple[float, float]:
    """A band that a very narrow window squeezed shut becomes its middle."""
    if low > high:
        mid = (low + high) / 2
        return mid, mid
    return low, high


# What the arrow and its label take up round the arrow's centre (aspect2d units): the chevron is
# ARROW_SIZE (0.06) across, the label runs LABEL_GAP plus about "Sun 0.28 m"'s width towards the middle.
ALONG_HALF = 0.07       # along the edge, either side of the centre (the chevron, the label's card)
INWARD_REACH = 0.42     # from the centre into the picture (the label on a side edge)
OUTWARD_REACH = 0.08    # from the centre towards the window's edge

# A box on aspect2d: left, right, bottom, top.
KeepOut = tuple[float, float, float, float]


def _free_spot(want: float, low: float, high: float, blocked: Sequence[tuple[float, float]]) -> float:
    """The point of [low, high] nearest ``want`` outside every blocked stretch; ``want`` clamped to the band
    when the band has none left."""
    spots = [low, high] + [edge for a, b in blocked for edge in (a, b)]
    free = [v for v in spots if low <= v <= high and not any(a < v < b for a, b in blocked)]
    clamped = min(high, max(low, want))
    if not any(a < clamped < b for a, b in blocked):
        return clamped
    return min(free, key=lambda v: abs(v - want)) if free else clamped


def _blocked_along(edge: str, across: float, keep_out: Sequence[KeepOut]) -> list[tuple[float, float]]:
    """The stretches along ``edge`` (y for a side, x for the top and bottom) where the arrow's centre may not go:
    those of the boxes that reach into the strip the arrow and its label take up at ``across``."""
    side = edge in ("left", "right")
    sign = 1.0 if edge in ("right", "top") else -1.0   # the window's edge lies this way from the arrow
    lo_strip = across - sign * (INWARD_REACH if side else ALONG_HALF + 0.05)
    hi_strip = across + sign * OUTWARD_REACH
    lo_strip, hi_strip = min(lo_strip, hi_strip), max(lo_strip, hi_strip)
    out = []
    for left, right, bottom, top in keep_out:
        near_lo, near_hi = (left, right) if side else (bottom, top)
        along_lo, along_hi = (bottom, top) if side else (left, right)
        if near_hi > lo_strip and near_lo < hi_strip:
            reach = ALONG_HALF if side else INWARD_REACH / 2
            out.append((along_lo - reach, along_hi + reach))
    return out


def place_indicator(camera_point: tuple[float, float, float], tan_half_fov: tuple[float, float],
                    aspect: float, keep_out: Sequence[KeepOut] = (), side_before: str = "") -> Placement:
    """Where the arrow to ``camera_point`` goes for a lens of these half-angle tangents (horizontal, vertical),
    clear of the ``keep_out`` boxes (aspect2d units) where the edge's band leaves room.  ``side_before``: the
    edge the arrow was on a frame ago (it keeps a side while the Sun is nearly dead behind)."""
    x, forward, z = camera_point
    tx, tz = tan_half_fov
    hx, hy = half_extents(aspect)
    length = math.sqrt(x * x + forward * forward + z * z) or 1.0
    off = math.degrees(math.acos(max(-1.0, min(1.0, forward / length))))
    # Behind the eye the projection would flip; the player must turn, so the arrow points
    # straight to the side to turn to (right when dead behind or dead below).
    dx, dy = (-1.0 if turn_side(x, forward, side_before) == "left" else 1.0), 0.0
    if off < TURN_CONE_DEG and forward > 0.0:
        fx, fz = x / (forward * tx), z / (forward * tz)
        if abs(fx) <= 1.0 and abs(fz) <= 1.0:
            return Placement(visible=True)
        norm = math.hypot(fx * hx, fz * hy)
        w = _smoothstep(BLEND_FROM_DEG, TURN_CONE_DEG, off)
        dx, dy = (1.0 - w) * fx * hx / norm + w * dx, (1.0 - w) * fz * hy / norm
    # Where the ray from the centre along (dx, dy) meets the inset frame.
    ex, top, bottom = hx - INSET, hy - TOP_INSET, hy - BOTTOM_INSET
    ey = top if dy > 0 else bottom
    tx_hit = ex / abs(dx) if dx else math.inf
    ty_hit = ey / abs(dy) if dy else math.inf
    angle = math.degrees(math.atan2(dy, dx))
    if tx_hit <= ty_hit:
        edge = "right" if dx > 0 else "left"
        band = RIGHT_BAND if dx > 0 else LEFT_BAND
        low, high = _band(-hy + band[0], hy - band[1])
        px = math.copysign(ex, dx)
        py = _free_spot(dy * tx_hit, low, high, _blocked_along(edge, px, keep_out))
    else:
        edge = "top" if dy > 0 else "bottom"
        band = TOP_BAND if dy > 0 else BOTTOM_BAND
        low, high = _band(-hx + band[0], hx - band[1])
        py = math.copysign(ey, dy)
        px = _free_spot(dx * ty_hit, low, high, _blocked_along(edge, py, keep_out))
    return Placement(visible=False, x=px, y=py, angle=angle, edge=edge)


def distance_label(sun: tuple[float, float], taw: tuple[float, float]) -> str:
    return f"Sun {math.dist(sun, taw):.2f} m"


# -- the widget ------------------------------------------------------------------

ARROW_SIZE = 0.06
LABEL_SCALE = 0.046
LABEL_GAP = 0.085       # from the arrow's centre to the label, towards the picture's centre


class SunIndicator:
    """The brass chevron and its label on aspect2d; ``update`` every frame, ``destroy`` when aiming ends."""

    def __init__(self, app) -> None:
        from panda3d.core import (Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexFormat,
                                  GeomVertexWriter, LineSegs, TextNode)

        from game.app.hud import theme

        self.app = app
        self.root = app.aspect2d.attachNewNode("sun-indicator")
        self.arrow = self.root.attachNewNode("sun-indicator-arrow")
        s = ARROW_SIZE
        outline = [(s, 0.0), (-0.7 * s, 0.85 * s), (-0.25 * s, 0.0), (-0.7 * s, -0.85 * s)]
        data = GeomVertexData("sun-arrow", GeomVertexFormat.getV3(), Geom.UHStatic)
        writer = GeomVertexWriter(data, "vertex")
        for px, pz in outline:
            writer.addData3(px, 0.0, pz)
        tris = GeomTriangles(Geom.UHStatic)
        tris.addVertices(0, 1, 2)
        tris.addVertices(0, 2, 3)
        geom = Geom(data)
        geom.addPrimitive(tris)
        fill = GeomNode("sun-arrow-fill")
        fill.addGeom(geom)
        fill_np = self.arrow.attachNewNode(fill)
        fill_np.setColor(*theme.BRASS)
        fill_np.setTwoSided(True)
        edge = LineSegs("sun-arrow-edge")
        edge.setThickness(2.0)
        edge.setColor(0.12, 0.08, 0.03, 0.9)
        edge.moveTo(outline[-1][0], 0.0, outline[-1][1])
        for px, pz in outline:
            edge.drawTo(px, 0.0, pz)
        self.arrow.attachNewNode(edge.create())
        text = TextNode("sun-indicator-label")
        text.setTextColor(*theme.BRASS)
        text.setShadow(0.05, 0.05)
        text.setShadowColor(0.0, 0.0, 0.0, 0.7)
        # A dark card like the HUD's panels, so the words read over chalk lines and sky alike.
        text.setCardColor(0.06, 0.045, 0.03, 0.72)
        text.setCardAsMargin(0.35, 0.35, 0.2, 0.15)
        text.setCardDecal(True)
        self.text = text
        self.label = self.root.attachNewNode(text)
        self.label.setScale(LABEL_SCALE)
        self.placement = Placement(visible=True)
        self.root.hide()

    @property
    def shown(self) -> bool:
        return not self.root.isHidden()

    def hide(self) -> None:
        if self.shown:
            self.root.hide()

    def update(self, sun: tuple[float, float, float], taw: tuple[float, float],
               panels: Sequence[tuple[float, float, float, float]] = ()) -> None:
        """Project the Sun through the app's camera; show the arrow only when it is out of the picture, clear
        of ``panels`` (boxes in render2d units: left, right, bottom, top)."""
        from panda3d.core import Point3, TextNode

        app = self.app
        lens = app.camLens
        fov = lens.getFov()
        tangents = (math.tan(math.radians(fov[0]) / 2), math.tan(math.radians(fov[1]) / 2))
        local = app.cam.getRelativePoint(app.render, Point3(*sun))
        aspect = app.getAspectRatio()
        hx, hy = half_extents(aspect)
        keep_out = [(left * hx, right * hx, bottom * hy, top * hy) for left, right, bottom, top in panels]
        before = self.placement.edge if not self.placement.visible else ""
        placed = place_indicator((local.x, local.y, local.z), tangents, aspect, keep_out, side_before=before)
        self.placement = placed
        if placed.visible:
            self.hide()
            return
        self.root.setPos(placed.x, 0.0, placed.y)
        self.arrow.setR(-placed.angle)
        words = distance_label(sun[:2], taw)
        if self.text.getText() != words:
            self.text.setText(words)
        # The label sits on the picture's side of the arrow, so it never runs off the window.
        if placed.edge == "right":
            self.text.setAlign(TextNode.ARight)
            self.label.setPos(-LABEL_GAP, 0.0, -0.014)
        elif placed.edge == "left":
            self.text.setAlign(TextNode.ALeft)
            self.label.setPos(LABEL_GAP, 0.0, -0.014)
        elif placed.edge == "top":
            self.text.setAlign(TextNode.ACenter)
            self.label.setPos(0.0, 0.0, -LABEL_GAP - 0.02)
        else:
            self.text.setAlign(TextNode.ACenter)
            self.label.setPos(0.0, 0.0, LABEL_GAP)
        if not self.shown:
            self.root.show()

    def destroy(self) -> None:
        self.root.removeNode()
