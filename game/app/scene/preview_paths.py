"""Paths drawn on the ground: the shot preview (each body in its own colour) and the coach's ghost.

Each path is a ribbon (``aim_line.ribbon``) laid just above the ground (at
the rough ground's height under each point: the paths are Bullet's, so on
rough earth they curve with its slopes),
solid for the preview and dashed for the ghost, with a ring where the body
comes to rest.  A warning puts a ring of the warning colour round the
shooter's taw where it would stop.  Lines are kept per key and rebuilt only
from new points, so a preview redrawn every few frames allocates little.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from game.app.scene.aim_line import AimLine
from game.app.scene.palette import planet_colors
from game.rules.layout import SUN, Point, body_planet


SUN_PATH = (0.97, 0.88, 0.58)     # the lead Sun is dark on the ground; its path is drawn in pale brass
GHOST = (0.90, 0.94, 1.0)         # the coach's ghost: one pale colour, dashed
WARNING = (1.0, 0.25, 0.18)


@dataclass(frozen=True)
class PathStyle:
    width: float
    dash: float
    duty: float
    ghost: bool = False


PREVIEW_STYLE = PathStyle(width=0.005, dash=0.02, duty=1.0)
GHOST_STYLE = PathStyle(width=0.006, dash=0.03, duty=0.5, ghost=True)


def path_colour(key: str, palette: str = "standard") -> tuple[float, float, float]:
    """A body's path in the body's colour in ``palette`` (a key may carry a '#part' suffix, the Guide's taw
    after contact)."""
    body = key.split("#", 1)[0]
    if body == SUN:
        return SUN_PATH
    return planet_colors(palette).get(body_planet(body) or "", (0.9, 0.9, 0.9))


class _SolidLine(AimLine):
    """An aim line without the aiming aid's fade at its far end, its rings in its own colour."""

    def __init__(self, parent: Any, shader: Any, *, color: tuple[float, float, float], **kwargs: Any) -> None:
        super().__init__(parent, shader, color=color, **kwargs)
        self.colour = color

    def set_path(self, points: Sequence[Sequence[float]], strength: float = 1.0,
                 ring: tuple[Sequence[float], float] | None = None) -> None:
        from panda3d.core import Vec3

        super().set_path(points, strength, ring)
        if self._ring_np is not None:
            self._ring_np.setShaderInput("u_aim_color", Vec3(*self.colour))

    def set_strength(self, strength: float) -> None:
        from panda3d.core import Vec4

        self.strength = min(max(float(strength), 0.0), 1.0)
        self.node.setShaderInput("u_aim", Vec4(self.dash, self.duty, self.strength, 1e4))
        if self._ring_np is not None:
            self._ring_np.setShaderInput("u_aim", Vec4(1000.0, 1.0, self.strength, 1e4))


class GroundPaths:
    """A set of paths on the ground under one node; ``draw`` replaces them all."""

    def __init__(self, scene: Any, style: PathStyle, name: str) -> None:
        self.scene = scene
        self.style = style
        self.node = scene.root.attachNewNode(name)
        self._lines: dict[str, AimLine] = {}
        self.drawn: tuple[str, ...] = ()
        self._points: list[Point] = []
        scene.path_layers.append(self)  # so the HUD can keep the paths clear of its panels

    def _line(self, key: str, colour: tuple[float, float, float]) -> AimLine:
        line = self._lines.get(key)
        if line is None:
            s = self.style
            line = _SolidLine(self.node, self.scene.shaders.aim, width=s.width, dash=s.dash, duty=s.duty,
                              color=colour, hidden_from=self.scene._shadow_mask, ground=self.scene.ground_heights)
            self._lines[key] = line
        return line

    def draw(self, paths: Mapping[str, Sequence[Point]], rest_rings: bool = True,
             warn_at: Point | None = None, start_ring: Point | None = None) -> None:
        """Lay every path; a ring where each ends (if ``rest_rings``), a warning ring, a ring to lay the taw on."""
        radius = self.scene.layout.marble_radius
        keep: list[str] = []
        self._points = []
        for key, points in paths.items():
            if len(points) < 2:
                continue
            self._points.extend((float(x), float(y)) for x, y in (*points[::4], points[-1]))
            colour = GHOST if self.style.ghost else path_colour(key, self.scene.palette)
            ring = (points[-1], radius) if rest_rings and "#" not in key else None
            self._line(key, colour).set_path(points, strength=0.95, ring=ring)
            keep.append(key)
        extras = {"#warning": (warn_at, WARNING), "#start": (start_ring, GHOST)}
        for key, (at, colour) in extras.items():
            if at is None:
                continue
            line = self._line(key, colour)
            line.set_path([at, at], strength=1.0, ring=(at, radius * 1.6))
            keep.append(key)
        for key, line in self._lines.items():
            if key not in keep:
                line.clear()
        self.drawn = tuple(keep)
        self.node.show()

    def points(self) -> list[Point]:
        """Points along the paths drawn (every fourth, and each end), while they are shown."""
        return [] if self.node.isHidden() or not self.drawn else list(self._points)

    def clear(self) -> None:
        for line in self._lines.values():
            line.clear()
        self.drawn = ()
        self._points = []

    def hide(self) -> None:
        self.node.hide()

    def destroy(self) -> None:
        self.clear()
        if self in self.scene.path_layers:
            self.scene.path_layers.remove(self)
        self.node.removeNode()
        self._lines.clear()
