"""The title screen."""

from __future__ import annotations

from game.app import theme
from game.app.states.base import State


class MenuState(State):
    name = "menu"

    def enter(self) -> None:
        app = self.app
        app.end_game()
        app.view.sync(app.view.layout.home_positions())
        app.view.show_menu_view()
        root = self.keep(theme.panel(app.aspect2d, (-0.62, 0.62, -0.62, 0.42), pos=(0, 0, -0.1)))
        self.title = self.keep(theme.label(app.aspect2d, "Sun and Planet Taw", (0, 0.62), scale=0.13, colour=theme.BRASS))
        self.keep(theme.label(app.aspect2d, "a marble game from William Martin's Book of Sports", (0, 0.52),
                              scale=0.045, colour=theme.INK))
        self.buttons = {
            "new": theme.button(root, "New game", (0, 0.2), self.go, extra_args=["NewGame"]),
            "settings": theme.button(root, "Settings", (0, 0.03), self.go, extra_args=["Settings"]),
            "rules": theme.button(root, "The seventeen rules", (0, -0.14), self.go, extra_args=["Rules"]),
            "quit": theme.button(root, "Quit", (0, -0.42), app.quit_game),
        }
        for warning in app.warnings_seen[-2:]:
            self.keep(theme.label(app.aspect2d, warning, (0, -0.85), scale=0.035, colour=theme.BAD, wordwrap=60))
