"""Which pointer motion is aiming: only motion over the table, never the way to a button.

The knuckle-down view turns the aim with the pointer's sideways motion, and
the pointer is also how a player reaches the tip's *Got it*, the coach's
button or a question's answers.  So the pointer aims only while it is over
the table (not over a button or a panel) and no tip or question is open, and
a sweep that ends on a button or a panel is taken back: the aim returns to
where it stood when the pointer last rested.  Pure state, no Panda3D.
"""

from __future__ import annotations

from dataclasses import dataclass

REST_S = 0.25  # the pointer still this long: what it aimed so far was meant


@dataclass
class PointerSweep:
    """Follows the pointer's x from frame to frame and says how far it moved over the table."""

    rest_s: float = REST_S
    last_x: float | None = None
    swept_deg: float = 0.0   # the aim turned by the pointer since it last rested
    still_s: float = 0.0

    def motion(self, x: float | None, dt: float, over_gui: bool, blocked: bool) -> tuple[float, float]:
        """(dx, undo): the pointer's sideways move over the table this frame (window units), and the
        degrees to turn the aim back by because the pointer has just arrived on a button or a panel.

        ``x`` None: no pointer in the window.  ``blocked``: a tip or a question is open.
        """
        if x is None or blocked:
            self.forget()
            return 0.0, 0.0
        if over_gui:
            undo = -self.swept_deg if self.last_x is not None else 0.0
            self.forget()
            return 0.0, undo
        if self.last_x is None:
            self.last_x, self.still_s = x, 0.0
            return 0.0, 0.0
        dx, self.last_x = x - self.last_x, x
        if dx == 0.0:
            self.still_s += dt
            if self.still_s >= self.rest_s:
                self.swept_deg = 0.0
            return 0.0, 0.0
        self.still_s = 0.0
        return dx, 0.0

    def turned(self, degrees: float) -> None:
        """The aim was turned this far by the pointer's motion (kept, to take back if it ends on a button)."""
        self.swept_deg += degrees

    def moved_to(self, x: float) -> None:
        """The game put the pointer at ``x`` (recentring it): not a motion of the player's."""
        self.last_x = x

    @property
    def turning(self) -> bool:
        """The pointer has turned the aim since it last rested (and has not left the table)."""
        return self.last_x is not None and self.swept_deg != 0.0

    def forget(self) -> None:
        self.last_x = None
        self.swept_deg = 0.0
        self.still_s = 0.0
