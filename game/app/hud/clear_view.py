"""Nothing hides the play: a HUD panel fades while the Sun, the shooter's taw or a body the preview moves lies under it.

A panel takes part by carrying the ``HIDES_PLAY`` tag (``mark``); it may be
built by any screen (the HUD's purses and feed, the spin panel, the verdict
box, the lesson card).  Every frame the watched points on the ground are
projected through the camera that draws the table, and a panel whose
on-screen box holds one (with a margin of a marble or so) eases to
``FADED`` opacity; it comes back when the point has gone.  A faded panel
still takes clicks: it is only see-through.

``covered`` is the pure test of boxes against points (tests use it on
plain numbers).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

HIDES_PLAY = "hides-play"   # the tag a fading panel carries
FADED = 0.18                # a covered panel's opacity
MARGIN = 0.035              # render2d units round a point (the window's height is 2)
EASE_PER_S = 6.0            # opacity change per second, so a panel fades rather than blinks
REFIND_FRAMES = 10          # how often (in frames) the tagged panels are looked up again

Point3 = tuple[float, float, float]


@dataclass(frozen=True)
class Box:
    """A panel's extent on screen in render2d units: x -1..1 left to right, y -1..1 bottom to top."""

    left: float
    right: float
    bottom: float
    top: float

    def holds(self, x: float, y: float, margin: float = 0.0) -> bool:
        return self.left - margin <= x <= self.right + margin and self.bottom - margin <= y <= self.top + margin


def covered(boxes: Mapping[str, Box], points: Iterable[tuple[float, float]], margin: float = MARGIN) -> set[str]:
    """The names of the boxes that hold at least one of ``points``."""
    points = list(points)
    return {name for name, box in boxes.items() if any(box.holds(x, y, margin) for x, y in points)}


def gui_items(panel) -> list:
    """The panel and its descendants that are GUI items (they draw their own frames)."""
    from panda3d.core import PGItem

    return [item for item in [panel, *panel.findAllMatches("**")] if isinstance(item.node(), PGItem)]


def box_of(panel, render2d, items: Sequence | None = None) -> Box | None:
    """A panel's extent in render2d units: its geometry's, and the frames its GUI items draw themselves
    (a DirectFrame's card is no Geom, so tight bounds alone miss it)."""
    from panda3d.core import Point3 as P3

    xs: list[float] = []
    ys: list[float] = []
    tight = panel.getTightBounds(render2d)
    if tight is not None:
        xs += [tight[0].x, tight[1].x]
        ys += [tight[0].z, tight[1].z]
    for item in gui_items(panel) if items is None else items:
        if item.isEmpty() or item.isHidden():
            continue
        left, right, bottom, top = item.node().getFrame()
        if right <= left or top <= bottom:
            continue
        for x, z in ((left, bottom), (right, top), (left, top), (right, bottom)):
            p = render2d.getRelativePoint(item, P3(x, 0, z))
            xs.append(p.x)
            ys.append(p.z)
    return Box(min(xs), max(xs), min(ys), max(ys)) if xs else None


def mark(node, opacity: float = FADED) -> None:
    """Make ``node`` (a panel's root) a panel that fades to ``opacity`` when the play lies under it
    (words the player needs while aiming, the verdict, fade less)."""
    node.setTag(HIDES_PLAY, f"{opacity:.2f}")


def eased(current: float, goal: float, dt: float) -> float:
    step = EASE_PER_S * dt
    return goal if abs(goal - current) <= step else current + step * (1 if goal > current else -1)


class ClearView:
    """Watches ``points()`` (world x, y, z) and fades the tagged panels under them, every frame."""

    def __init__(self, base, points: Callable[[], Sequence[Point3]], task_name: str = "clear-view") -> None:
        self.base = base
        self.points = points
        self.task_name = task_name
        self._panels: list = []
        self._items: dict[int, list] = {}  # a panel's GUI items, found with it
        self._alpha: dict[int, float] = {}
        self._frames = 0
        self.faded: set[str] = set()  # names of the panels faded after the last update (tests read it)
        self.last_boxes: dict[str, Box] = {}  # the tagged panels' boxes at the last update (the Sun arrow avoids them)
        base.taskMgr.add(self._task, task_name, sort=45)

    def screen_points(self) -> list[tuple[float, float]]:
        """The watched points in render2d units; points behind the camera are left out."""
        from panda3d.core import Point2, Point3 as P3

        cam, lens = self.base.cam, self.base.camLens
        render = self.base.render
        out = []
        for x, y, z in self.points():
            local = cam.getRelativePoint(render, P3(x, y, z))
            film = Point2()
            if lens.project(local, film):
                out.append((film.x, film.y))
        return out

    def boxes(self) -> dict[str, Box]:
        """Each visible tagged panel's box in render2d units, by node name and id."""
        found = {}
        for node in self._panels:
            if node.isEmpty() or node.isHidden():
                continue
            box = box_of(node, self.base.render2d, self._items.get(node.getKey()))
            if box is not None:
                found[self._key(node)] = box
        return found

    @staticmethod
    def _key(node) -> str:
        return f"{node.getName()}#{node.getKey()}"

    def update(self, dt: float) -> None:
        from panda3d.core import TransparencyAttrib

        if self._frames % REFIND_FRAMES == 0:
            self._panels = list(self.base.aspect2d.findAllMatches(f"**/={HIDES_PLAY}"))
            self._items = {node.getKey(): gui_items(node) for node in self._panels}
        self._frames += 1
        boxes = self.last_boxes = self.boxes()
        self.faded = covered(boxes, self.screen_points())
        for node in self._panels:
            if node.isEmpty():
                continue
            key = self._key(node)
            goal = float(node.getTag(HIDES_PLAY) or FADED) if key in self.faded else 1.0
            alpha = eased(self._alpha.get(node.getKey(), 1.0), goal, dt)
            self._alpha[node.getKey()] = alpha
            if alpha >= 1.0:
                node.clearColorScale()
            else:
                node.setTransparency(TransparencyAttrib.MAlpha)
                node.setAlphaScale(alpha)

    def _task(self, task):
        self.update(min(0.1, self.base.clock.getDt()))
        return task.cont

    def destroy(self) -> None:
        self.base.taskMgr.remove(self.task_name)
        for node in self._panels:
            if not node.isEmpty():
                node.clearColorScale()
        self._panels = []
