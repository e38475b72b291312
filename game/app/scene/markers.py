"""Body markers: flat discs and rings on the ground that make a high view readable.

True to scale, a marble is about 6 px across in the overhead view at
1280x720, too small to tell whose it is.  Each body therefore gets a marker
on the earth under it: a filled disc in its planet's colour for a planet or
a satellite (the planet's with a chalk rim, so it stands out from its
moons), a ring in that colour for a taw, and a gold ring for the Sun.

Two things are worked out on the GPU for every marker in every frame, from
whatever camera is drawing (the game's rig, the replay viewer's cameras, an
offscreen snapshot), so no caller has to feed the camera in:

* size -- a fixed fraction of the picture's height, so markers read the same
  from any height, and never smaller than the body, so a marker is always a
  ring around its ball rather than a dot hidden under it;
* fade -- from the camera's height above the ground and how steeply it looks
  down at the marker.  Low views (knuckle-down, chase cameras, close-ups) and
  shallow ones (the title screen's circling) get nothing; the overhead and
  orrery views get full markers, with a short fade while the rig glides
  between them.

A faded-out marker collapses to a point in the vertex shader
(``shaders/marker.vert``; ``marker.frag`` draws the disc or ring), so it
costs no fragments.  Markers are drawn straight after the ground with neither depth
test nor depth write: every ball, contact shadow and chalk label is drawn
later and over them, so a marker can never hide a marble.

Over each marble's marker lies its planet's sign (palette.PLANET_SYMBOLS,
from the atlas in ``symbols.py``), drawn after the balls on a badge of the
marker's colour: overhead a marble is six pixels, so the sign on the glass
cannot be read, and colour must never be the only cue.  The badge covers
that speck of glass, so the ink (about 14 px high at 720 lines) never lies
on its highlights.  It fades with the marker, in dark ink on a light colour
and pale ink on a dark one.

A marker is a child of its body's ground node, so it follows the body, is
stashed with it when the body leaves the table, and goes when it is removed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.app.scene.palette import planet_colors
from game.app.scene.symbols import symbol_atlas, symbol_index
from game.rules.layout import SUN, body_planet, is_planet, is_taw

# The ground is drawn in the "background" bin at sort 0, its chalked names at 1; markers right after them.
MARKER_BIN = ("background", 2)
SIGN_BIN = ("fixed", 30)  # the signs after the balls (the scene's decals and aim line sort lower)
MARKER_LIFT = 0.0005  # metres above the ground (no depth test, so only for looks)

# Diameters as fractions of the picture's height: 18-20 px at 720 px high.
SATELLITE_SIZE = 18.0 / 720.0
PLANET_SIZE = 20.0 / 720.0
TAW_SIZE = 20.0 / 720.0
OWN_TAW_SIZE = 25.0 / 720.0
SUN_SIZE = 28.0 / 720.0
LEAST_RADIUS = 1.6  # times the body's radius: a marker always shows round its ball

# Fade: camera height above the ground (m) and steepness of the line of sight
# (sine of its angle to the ground), each a smoothstep from the first number
# to the second.  Knuckle-down sits at 0.06 m, the replay's chase cameras at
# 0.12-0.32 m and the title screen looks down at 25 degrees (0.42); overhead
# is ~3 m looking down at 66 degrees and more, the orrery ~2.6 m straight down.
FADE_HEIGHT = (0.45, 1.1)
FADE_STEEPNESS = (0.62, 0.80)

SUN_GOLD = (1.0, 0.78, 0.16)
CHALK_RIM = (0.97, 0.95, 0.88)
DARK_RIM = (0.06, 0.05, 0.04)
OWN_RIM = (1.0, 1.0, 1.0)
RING_HOLE = 0.56  # inner radius of a ring, as a fraction of the outer
SUN_HOLE = 0.62
SIGN_SIZE = 19.0 / 720.0  # the sign's cell: its glyph is about 14 px high, on a badge of its colour
BADGE = 0.9               # the badge's radius, as a fraction of the sign's cell
DARK_INK = (0.05, 0.04, 0.03)
PALE_INK = (0.98, 0.97, 0.92)



@dataclass(frozen=True)
class MarkerStyle:
    """How one body's marker looks: colour, size on screen, disc or ring, rim."""

    color: tuple[float, float, float]
    size: float            # diameter as a fraction of the picture's height
    hole: float            # 0 for a disc, else the ring's inner radius / outer
    rim: tuple[float, float, float]
    rim_width: float       # fraction of the outer radius
    opacity: float = 0.92


def style_for(body_id: str, own: bool = False, palette: str = "standard") -> MarkerStyle:
    """The marker for a body: the Sun a gold ring, taws rings, planets and satellites discs.

    ``own`` marks the human player's taw: bigger, with a white rim.
    """
    if body_id == SUN:
        return MarkerStyle(SUN_GOLD, SUN_SIZE, SUN_HOLE, DARK_RIM, 0.12, 0.96)
    color = planet_colors(palette).get(body_planet(body_id) or "", (0.8, 0.8, 0.8))
    if is_taw(body_id):
        if own:
            return MarkerStyle(color, OWN_TAW_SIZE, RING_HOLE, OWN_RIM, 0.14, 0.96)
        return MarkerStyle(color, TAW_SIZE, RING_HOLE, DARK_RIM, 0.12)
    if is_planet(body_id):
        return MarkerStyle(color, PLANET_SIZE, 0.0, CHALK_RIM, 0.2)
    return MarkerStyle(color, SATELLITE_SIZE, 0.0, DARK_RIM, 0.16)


def ink_for(color: tuple[float, float, float]) -> tuple[float, float, float]:
    """The sign's ink over a marker of ``color``: dark on a light colour, pale on a dark one."""
    luma = 0.2126 * color[0] + 0.7152 * color[1] + 0.0722 * color[2]
    return DARK_INK if luma > 0.38 else PALE_INK


class MarkerLayer:
    """Creates, restyles and shows or hides the markers under a table's bodies."""

    def __init__(self, shader: Any, hidden_from: Any = None) -> None:
        """``shader``: the scene's ``marker`` pair (shaders/marker.vert, marker.frag)."""
        from panda3d.core import CardMaker, NodePath, TransparencyAttrib, Vec4

        self.shader = shader
        self._markers: dict[str, tuple[Any, float]] = {}  # body id -> (marker node, body radius)
        self._own: str | None = None
        self.palette = "standard"
        self.enabled = True
        self.signs_enabled = True
        maker = CardMaker("body-marker")
        maker.setFrame(-1, 1, -1, 1)
        card = NodePath(maker.generate())
        card.setP(-90)
        card.flattenStrong()  # the card's corners now lie in the xy plane, (+-1, +-1, 0)
        card.setShader(self.shader)
        card.setShaderInput("u_marker_fade", Vec4(*FADE_HEIGHT, *FADE_STEEPNESS))
        card.setTransparency(TransparencyAttrib.MAlpha)
        card.setDepthWrite(False)
        card.setDepthTest(False)
        card.setTwoSided(True)
        card.setLightOff(1)
        card.setBin(*MARKER_BIN)
        if hidden_from is not None:
            card.hide(hidden_from)
        card.setShaderInput("u_signs", symbol_atlas())
        self._card = card
        sign = card.copyTo(NodePath("sign-card"))
        sign.setBin(*SIGN_BIN)
        self._sign_card = sign

    def attach(self, body_id: str, body_node: Any, radius: float) -> Any:
        """A marker under ``body_node`` (the body's ground node); returns it."""
        self.detach(body_id)
        marker = body_node.attachNewNode(f"marker-{body_id}")
        self._card.instanceTo(marker)
        marker.setZ(MARKER_LIFT)
        if symbol_index(body_id) >= 0 and body_id != SUN:
            sign = marker.attachNewNode("sign")
            self._sign_card.instanceTo(sign)
            if not self.signs_enabled:
                sign.hide()
        self._markers[body_id] = (marker, radius)
        self._restyle(body_id)
        if not self.enabled:
            marker.hide()
        return marker

    def detach(self, body_id: str) -> None:
        """Forget (and remove) a body's marker; the table calls it as the body goes."""
        held = self._markers.pop(body_id, None)
        if held is not None and not held[0].isEmpty():
            held[0].removeNode()

    def marker(self, body_id: str) -> Any:
        return self._markers[body_id][0]

    def body_ids(self) -> list[str]:
        return list(self._markers)

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = bool(enabled)
        for marker, _ in self._markers.values():
            if self.enabled:
                marker.show()
            else:
                marker.hide()

    def set_signs(self, enabled: bool) -> None:
        """The planets' signs over the markers on or off (they show only where the markers do)."""
        self.signs_enabled = bool(enabled)
        for marker, _ in self._markers.values():
            sign = marker.find("sign")
            if not sign.isEmpty():
                sign.show() if self.signs_enabled else sign.hide()

    def set_palette(self, palette: str) -> None:
        """Recolour every marker from the named palette (``palette.PALETTES``)."""
        planet_colors(palette)  # KeyError for an unknown name, before anything changes
        self.palette = palette
        for body_id in self._markers:
            self._restyle(body_id)

    def set_own_taw(self, body_id: str | None) -> None:
        """Emphasise the human player's taw (None: nobody's)."""
        if body_id == self._own:
            return
        before, self._own = self._own, body_id
        for changed in {before, body_id}:
            if changed in self._markers:
                self._restyle(changed)

    @property
    def own_taw(self) -> str | None:
        return self._own

    def _restyle(self, body_id: str) -> None:
        from panda3d.core import Vec3, Vec4

        marker, radius = self._markers[body_id]
        style = style_for(body_id, own=(body_id == self._own), palette=self.palette)
        marker.setShaderInput("u_marker_color", Vec4(*style.color, style.opacity))
        marker.setShaderInput("u_marker_shape", Vec4(style.size, LEAST_RADIUS * radius,
                                                     style.hole, style.rim_width))
        marker.setShaderInput("u_marker_rim", Vec3(*style.rim))
        marker.setShaderInput("u_marker_sign", Vec4(-1.0, 0.0, 0.0, 0.0))  # the disc; its child draws the sign
        sign = marker.find("sign")
        if not sign.isEmpty():
            sign.setShaderInput("u_marker_sign", Vec4(symbol_index(body_id), *ink_for(style.color)))
            badge = 0.0 if is_taw(body_id) else BADGE  # a taw keeps its ring in sight: the ink alone over it
            sign.setShaderInput("u_marker_shape", Vec4(SIGN_SIZE, LEAST_RADIUS * radius, badge, 0.0))

    def destroy(self) -> None:
        for body_id in list(self._markers):
            self.detach(body_id)
        self._card.removeNode()
        self._sign_card.removeNode()
