"""The setup: before the game's first shot every player lays his taw on his own line.

"Each boy, having taken his place in this manner, lays down his taw on any
part of the orbit of his planet he pleases."  The AIs choose at once; then
each person at the machine, in turn order, slides his taw along his line
over the whole table (A/D or the arrows, every tap a little; the mouse with
the right button held) and lays it with Enter, Space or the Lay button.
The taws lie on the ground from then on and can be struck; after the first
shot everyone shoots from where his taw rests (rule 17).
"""

from __future__ import annotations

import math

from game.app.hud import theme
from game.app.input.bindings import TapCounter
from game.app.screens.base import State
from game.match.players import TawPlacement
from game.match.table import free_spot_on_line
from game.rules.layout import taw_id
from game.rules.names import you_are
from game.app.scene.table_view import ViewMode
from game.app.screens.screen import Screen

SLIDE_DEG_PER_S = 30.0
TAP_DEG = 1.0
MOUSE_DEG_PER_SCREEN = 90.0


BANNER_HALF = 0.85  # the setup banner's half width (aspect2d units)


def setup_banner(name: str, planet: str) -> str:
    """'Ann, you are Venus: lay your taw on your own line'."""
    return f"{you_are(name, planet)}: lay your taw on your own line"


class LayTawsState(State):
    name = "lay-taws"

    def enter(self) -> None:
        app = self.app
        session = app.game.session
        session.lay_ai_taws()
        self.match = session.match
        self.queue = [p for p in self.match.taws_to_lay if p in session.people]
        app.view.set_mode(ViewMode.OVERHEAD)
        self.panel = None
        self.taps = TapCounter(app.keys.held)
        self.taps.listen(self)
        self.placing = False
        self._last_x: float | None = None
        self.on_action("power-press", self.lay)
        self.on_action("fast-forward", self.lay)
        self.on_action("place-press", lambda: setattr(self, "placing", True))
        self.on_action("place-release", lambda: setattr(self, "placing", False))
        self.add_task(self._frame, "frame")
        if self.queue:
            self._next_person()
        else:  # nobody at the machine lays a taw: on next frame, since the flow cannot move on inside enter()
            self.add_countdown(0.0, self._next_person)

    def _next_person(self) -> None:
        if not self.queue:
            self.app.game.session.setup_done()
            self.go(self.app.next_turn_state())
            return
        app, game = self.app, self.app.game
        self.planet = self.queue[0]
        spot = self.match.state.positions[taw_id(self.planet)]
        self.angle = free_angle(self.match, self.planet, _angle_of(spot))
        if self.panel is not None:
            self.panel.destroy()
        game.feed = ("The taws are laid before the first shot: each player lays his on his own line.",)
        game.feed_title = "The setup"
        # The HUD first: the purse panel as wide as this game's names, before the banner goes beside it.
        game.refresh_hud(shooter="", hint="A/D or arrows: slide the taw along your line   "
                                          "Right button + mouse: slide   Enter or Space: lay it here")
        self.panel = self.keep(theme.panel(app.aspect2d, (-BANNER_HALF, BANNER_HALF, -0.2, 0.16),
                                           colour=(0.07, 0.055, 0.04, 0.9), pos=(0, 0, 0.72)))
        game.hud.place_banner(self.panel, BANNER_HALF)
        theme.label(self.panel, setup_banner(game.naming.name(self.planet), self.planet), (0, 0.06), scale=0.06,
                    colour=theme.planet_colour(self.planet))
        theme.label(self.panel, "Every taw is laid before the first shot, and can be struck from then on.",
                    (0, -0.02), scale=0.038)
        theme.button(self.panel, "Lay it here", (0, -0.13), self.lay, width=7, scale=0.045)
        self._show()

    def _show(self) -> None:
        positions = dict(self.match.state.positions)
        positions[taw_id(self.planet)] = self.match.layout.home_on_line(self.planet, self.angle)
        self.app.view.sync(positions)

    def slide(self, degrees: float) -> None:
        self.angle = free_angle(self.match, self.planet, (self.angle + degrees) % 360.0)
        self._show()

    def lay(self) -> None:
        if self.app.flow.state != Screen.LAY_TAWS or not self.queue:
            return
        self.match.lay_taw(self.planet, TawPlacement(self.planet, self.angle))
        self.queue.pop(0)
        self._next_person()

    def _frame(self, task):
        app = self.app
        dt = min(0.1, app.clock.getDt())
        slid = 0.0
        for name, sign in (("left", 1.0), ("right", -1.0)):
            held = SLIDE_DEG_PER_S * dt if app.keys.is_down(app, name) else 0.0
            slid += sign * (self.taps.taps(name) * TAP_DEG + held)
        if app.mouseWatcherNode is not None and app.mouseWatcherNode.hasMouse():
            x = app.mouseWatcherNode.getMouseX()
            if self.placing and self._last_x is not None:
                slid -= (x - self._last_x) * 0.5 * MOUSE_DEG_PER_SCREEN
            self._last_x = x
        if slid and self.queue:
            self.slide(slid)
        return task.cont

    def resumed(self) -> None:
        self._last_x = None
        self.taps.forget()


def _angle_of(spot: tuple[float, float]) -> float:
    return math.degrees(math.atan2(spot[1], spot[0])) % 360.0


def free_angle(match, planet: str, angle: float) -> float:
    """The free spot on the planet's line nearest ``angle`` (another marble may lie there)."""
    taw = taw_id(planet)
    others = {b: p for b, p in match.state.positions.items() if b != taw}
    return free_spot_on_line(match.layout, others, taw, planet, angle)[0]
