"""The title screen."""

from __future__ import annotations

from game.app.hud import theme
from game.app.hud.corner_note import Corner, CornerNote
from game.app.screens.base import State
from game.app.screens.screen import Screen


class MenuState(State):
    name = "menu"

    def enter(self) -> None:
        app = self.app
        app.end_game()
        app.view.sync(app.view.layout.home_positions())
        app.view.show_menu_view()
        # The panel sits to the left so the painted system stays in view behind it.
        x = 0.75
        root = self.keep(theme.panel(app.a2dLeftCenter, (-0.55, 0.55, -0.5, 0.4), pos=(x, 0, -0.2)))
        self.title = self.keep(theme.label(app.aspect2d, "Sun and Planet Taw", (0, 0.7), scale=0.14, colour=theme.BRASS))
        self.keep(theme.label(app.aspect2d, "William Martin's marble game from The Book of Sports", (0, 0.6),
                              scale=0.05, colour=theme.INK))
        self.buttons = {
            "new": theme.button(root, "New game", (0, 0.27), self.go, extra_args=[Screen.NEW_GAME], width=12),
            "learn": theme.button(root, "Learn the game", (0, 0.14), self.go, extra_args=[Screen.LEARN], width=12),
            "settings": theme.button(root, "Settings", (0, 0.01), self.go, extra_args=[Screen.SETTINGS], width=12),
            "rules": theme.button(root, "The seventeen rules", (0, -0.12), self.go, extra_args=[Screen.RULES], width=12),
            "replays": theme.button(root, "Watch a replay", (0, -0.25), self.go, extra_args=[Screen.REPLAYS], width=12),
            "quit": theme.button(root, "Quit", (0, -0.38), app.quit_game, width=12),
        }
        self.keep(theme.label(app.a2dLeftCenter, "F11 fullscreen   F12 screenshot   F1 rules", (x, -0.8), scale=0.04,
                              colour=theme.INK))
        # The last two, one under the other on one card, however many lines each wraps to.
        self.warnings = self.keep(CornerNote(app, "\n".join(app.warnings_seen[-2:]), Corner.BOTTOM_RIGHT, width=1.3,
                                             scale=0.035, colour=theme.BAD)) if app.warnings_seen else None
