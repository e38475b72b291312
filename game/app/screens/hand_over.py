"""The turn passes to another person at the machine: a banner names them before they aim.

"Ann, you are Venus: your shot".  The camera is already behind their taw;
nothing aims or shoots until they say they have the mouse (the Ready button,
Space or Enter), so the last person's hand cannot fire the next person's shot.
The banner also shows the person's own aiming settings (mouse sensitivity,
shot preview, aiming aid), kept by name in the people file
(``game.app.people``): they apply on this person's turns only.
"""

from __future__ import annotations

from game.app.hud import theme
from game.app.hud.widgets import Chooser
from game.app.input.aiming import turn_start
from game.app.screens.base import State
from game.app.session.preview_mode import PreviewMode
from game.rules.names import you_are
from game.app.scene.table_view import ViewMode
from game.app.screens.screen import Screen

SENSITIVITIES = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0)
AIM_AIDS = (0.0, 0.25, 0.5, 1.0)
AID_WORDS = {0.0: "off", 0.25: "short", 0.5: "half", 1.0: "full"}


def banner_text(name: str, planet: str) -> str:
    return f"{you_are(name, planet)}: your shot"


def _nearest(choices: tuple[float, ...], value: float) -> float:
    return min(choices, key=lambda c: abs(c - value))


class HandOverState(State):
    name = "hand-over"

    def enter(self) -> None:
        app = self.app
        game = app.game
        session = game.session
        self.planet = session.shooter()
        self.person = game.naming.name(self.planet)
        view = session.view()
        origin, direction, _placement = turn_start(view)
        positions = dict(view.positions)
        positions[view.taw] = origin
        app.view.sync(positions)
        app.view.set_mode(ViewMode.KNUCKLE)
        app.view.knuckle_down(origin, direction)
        app.view.snap()
        game.refresh_hud(hint=f"Pass the mouse to {self.person}, then click Ready or press Space")
        mine = game.turn_settings()
        # Above the table, clear of the purses (top right) and of the Sun and the taw (the middle).
        root = self.banner = self.keep(theme.panel(app.aspect2d, (-0.78, 0.78, -0.24, 0.18),
                                                   colour=(0.07, 0.055, 0.04, 0.9), pos=(0, 0, 0.6)))
        game.hud.place_banner(root, 0.78)
        self.title = theme.label(root, banner_text(self.person, self.planet), (0, 0.07), scale=0.07,
                                 colour=theme.planet_colour(self.planet))
        self.sensitivity = Chooser(root, "Mouse", list(SENSITIVITIES), _nearest(SENSITIVITIES, mine.mouse_sensitivity),
                                   (-0.5, -0.05), width=12, scale=0.036, describe=lambda v: f"{v:g}",
                                   on_change=lambda _v: self._remember())
        self.preview = Chooser(root, "Shot preview", list(PreviewMode), game.preview_mode(), (0.0, -0.05),
                               width=12, scale=0.036, describe=lambda mode: mode.label, on_change=lambda _v: self._remember())
        self.aim_aid = Chooser(root, "Aiming aid", list(AIM_AIDS), _nearest(AIM_AIDS, mine.aim_aid), (0.5, -0.05),
                               width=12, scale=0.036, describe=lambda v: AID_WORDS[v],
                               on_change=lambda _v: self._remember())
        self.ready_button = theme.button(root, "Ready", (0, -0.18), self.ready, width=5, scale=0.05)
        self.on_action("fast-forward", self.ready)
        self.on_action("power-press", self.ready)

    def _remember(self) -> None:
        problem = self.app.people.remember(self.person, {"mouse_sensitivity": self.sensitivity.value,
                                                         "preview": self.preview.value.value, "aim_aid": self.aim_aid.value})
        if problem:
            self.app.game.feed = (problem,)
            self.app.game.refresh_hud()

    def ready(self) -> None:
        if self.app.flow.state != Screen.HAND_OVER:
            return
        self.app.game.handed_to = self.planet
        self.go(Screen.AIM)

    def exit(self) -> None:
        self.sensitivity.destroy()
        self.preview.destroy()
        self.aim_aid.destroy()
        super().exit()
