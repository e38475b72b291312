"""The rules screen reached from the menu."""

from __future__ import annotations

from game.app.hud.rules_panel import RulesPanel
from game.app.screens.base import State
from game.app.screens.screen import Screen


class RulesState(State):
    name = "rules"

    def enter(self) -> None:
        self.panel = self.keep(RulesPanel(self.app.aspect2d, self.back))
        self.on_action("pause", self.back)

    def back(self) -> None:
        self.go(Screen.MENU)
