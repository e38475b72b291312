"""The credits, reached from the menu: who wrote the game and where its rules come from."""

from __future__ import annotations

from game.app.hud import theme
from game.app.screens.base import State


class CreditsState(State):
    name = "credits"

    def enter(self) -> None:
        root = self.keep(theme.panel(self.app.aspect2d, (-0.8, 0.8, -0.4, 0.4)))
        self.keep(theme.label(root, "Rules: William Martin, The Book of Sports (1830s)", (0, 0.15)))
        self.back_button = theme.button(root, "Back", (0, -0.25), self.back)
        self.on_action("pause", self.back)

    def back(self) -> None:
        self.go("Menu")
