"""The shot as the shooter is aiming it: a direction, where the taw is laid, the set power and the spin.

Pure state and geometry, no Panda3D (``AimState`` feeds it from the keys and
the pointer, ``AimDisplay`` draws it): what the Aim screen would shoot now is
``shot(level)``, and everything that moves the aim (a turn, a slide along the
line, the coach's advice, a lesson's opening) is one method here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.app.input.aiming import MIN_POWER, ThumbSpin, aim_towards, launch_speed, level_for_speed, turn_start
from game.match.players import MatchView, Shot, TawPlacement
from game.match.table import body_radius, free_spot_on_line
from game.rules.layout import Point

PLANNED_LEVEL = 0.5  # the power the preview shows before the button is held (the wheel changes it)


@dataclass
class TawAim:
    """One turn's aim over a frozen ``MatchView``; ``planned`` is the power level (0..1) a shot without the
    meter goes at."""

    view: MatchView
    direction: float
    placement: TawPlacement | None
    planned: float = PLANNED_LEVEL
    line_index: int = 0  # which of the offered lines the taw is laid on
    spin: ThumbSpin = field(default_factory=ThumbSpin)  # none at the start of every turn: see docs/decisions.md

    @classmethod
    def start(cls, view: MatchView, planned: float = PLANNED_LEVEL, opening: Shot | None = None) -> "TawAim":
        """A turn's first aim: toward the Sun from the taw's spot, clear of his own marbles (``turn_start``), or a
        lesson's opening shot."""
        _origin, direction, placement = turn_start(view)
        if opening is None:
            return cls(view, direction, placement, planned)
        aim = cls(view, opening.direction, opening.placement, level_for_speed(opening.speed, view.max_speed))
        if opening.placement is not None and view.placements is not None:
            aim.line_index = view.placements.orbits.index(opening.placement.orbit)
        return aim

    def origin(self) -> Point:
        """Where the taw is shot from: its spot on the line it is laid on, else where it lies."""
        if self.placement is not None:
            return self.view.layout.home_on_line(self.placement.orbit, self.placement.angle)
        pos = self.view.taw_position()
        assert pos is not None, "a shooter with no taw on the ground must be offered a placement"
        return pos

    def positions(self) -> dict[str, Point]:
        """Every body where it lies, the shooter's taw where it would be shot from."""
        positions = dict(self.view.positions)
        positions[self.view.taw] = self.origin()
        return positions

    def bodies(self) -> dict[str, tuple[Point, float]]:
        """Every body on the ground but the shooter's taw, as (centre, radius)."""
        layout = self.view.layout
        return {b: (p, body_radius(layout, b)) for b, p in self.view.positions.items() if b != self.view.taw}

    def turn(self, degrees: float) -> None:
        self.direction = (self.direction + degrees) % 360.0

    def aim_at(self, target: Point) -> None:
        """Aim at ``target`` (a ball's centre: a full hit); a target on the taw itself leaves the aim."""
        origin = self.origin()
        if math.dist(target, origin) > 1e-4:
            self.direction = aim_towards(origin, target)

    def slide(self, degrees: float) -> None:
        """Move a placeable taw along its line, onto the nearest free spot."""
        if self.placement is None:
            if self.view.placements is None:
                return
            orbit = self.view.placements.orbits[self.line_index]
            self.placement = TawPlacement(orbit, self.view.layout.default_taw_angle(orbit))
        others = {k: v for k, v in self.view.positions.items() if k != self.view.taw}
        angle, _spot = free_spot_on_line(self.view.layout, others, self.view.taw, self.placement.orbit,
                                         (self.placement.angle + degrees) % 360.0)
        self.placement = TawPlacement(self.placement.orbit, angle)

    def change_line(self, step: int) -> None:
        """A comet's next (or previous) line, at the same angle, onto its nearest free spot."""
        if self.view.placements is None or len(self.view.placements.orbits) < 2:
            return
        self.line_index = (self.line_index + step) % len(self.view.placements.orbits)
        angle = self.placement.angle if self.placement else 0.0
        self.placement = TawPlacement(self.view.placements.orbits[self.line_index], angle)
        self.slide(0.0)

    def nudge_power(self, step: float) -> None:
        self.planned = min(1.0, max(MIN_POWER, self.planned + step))

    def take(self, shot: Shot) -> Shot:
        """Snap the aim, the taw's place, the set power and the spin to ``shot`` (the coach's advice); the
        shot as aimed now, which the coach keeps to tell when the aim has left its advice."""
        self.direction = shot.direction % 360.0
        if shot.placement is not None and self.view.placements is not None:
            self.placement = shot.placement
            if shot.placement.orbit in self.view.placements.orbits:
                self.line_index = self.view.placements.orbits.index(shot.placement.orbit)
        self.planned = level_for_speed(shot.speed, self.view.max_speed)
        self.spin.set(shot.spin)
        return self.shot(self.planned)

    def shot(self, level: float) -> Shot:
        """The shot as aimed, at power ``level``."""
        return Shot(direction=self.direction, speed=launch_speed(level, self.view.max_speed),
                    placement=self.placement, spin=self.spin.value)
