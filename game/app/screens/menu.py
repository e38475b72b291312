"""The title screen.

*Continue* heads the menu when the last game a person played here is
unfinished (``game_to_continue``: left from the pause menu, or cut short when
the app was closed or killed mid-game); a line under it says which game.
It takes the game up as the Replays screen's Continue does (``take_up``).
"""

from __future__ import annotations

from game.app.hud import theme
from game.app.hud.corner_note import Corner, CornerNote
from game.app.replay.library import ReplayEntry, game_to_continue, list_replays
from game.app.screens.base import State
from game.app.screens.screen import Screen
from game.app.screens.take_up import SETTING_UP, take_up

PANEL_X = 0.75  # the panel sits to the left so the painted system stays in view behind it
PANEL = (-0.55, 0.55, -0.5, 0.4)
PANEL_WITH_CONTINUE = (-0.55, 0.55, -0.5, 0.56)


def continue_caption(entry: ReplayEntry) -> str:
    """Which game Continue takes up: "You (Earth), 06 Dec 2026 14:02, after 12 shots"."""
    players = dict(entry.players())
    who = players.get(entry.human() or "", "your game")
    return f"{who}, {entry.when()}, after {entry.shots()}"


class MenuState(State):
    name = "menu"

    def enter(self) -> None:
        app = self.app
        app.end_game()
        app.view.sync(app.view.layout.home_positions())
        app.view.show_menu_view()
        self.to_continue = game_to_continue(list_replays(app.app_config.paths.replay_dir))
        root = self.keep(theme.panel(app.a2dLeftCenter, PANEL if self.to_continue is None else PANEL_WITH_CONTINUE,
                                     pos=(PANEL_X, 0, -0.2)))
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
        self.continue_note = None
        if self.to_continue is not None:
            self.buttons["continue"] = theme.button(root, "Continue", (0, 0.45), self.continue_game, width=12)
            self.continue_note = theme.label(root, continue_caption(self.to_continue), (0, 0.365), scale=0.034,
                                             colour=theme.DIM_INK, wordwrap=30)
        self.setting_up = False
        self.keep(theme.label(app.a2dLeftCenter, "F11 fullscreen   F12 screenshot   F1 rules", (PANEL_X, -0.8),
                              scale=0.04, colour=theme.INK))
        # The last two, one under the other on one card, however many lines each wraps to.
        self.warnings = self.keep(CornerNote(app, "\n".join(app.warnings_seen[-2:]), Corner.BOTTOM_RIGHT, width=1.3,
                                             scale=0.035, colour=theme.BAD)) if app.warnings_seen else None

    def continue_game(self) -> bool:
        """Continue: say the game is being set up, draw that one frame, then rebuild it; False if not offered."""
        if self.to_continue is None or self.setting_up or self.continue_note is None:
            return False
        self.setting_up = True
        self.continue_note["text"] = SETTING_UP
        self.continue_note["text_fg"] = theme.INK
        waited = [0]

        def set_up(task):
            if waited[0] < 1:
                waited[0] += 1
                return task.cont
            self._take_up()
            return task.done

        self.add_task(set_up, "continue")
        return True

    def _take_up(self) -> None:
        entry, note = self.to_continue, self.continue_note
        if entry is None or note is None:
            return
        refusal = take_up(self.app, entry)
        if refusal is None:
            return
        # Refused after all (a shot that does not replay the same): say why and offer it no more.
        self.setting_up = False
        self.to_continue = None
        note["text"] = refusal
        note["text_fg"] = theme.BAD
        button = self.buttons["continue"]
        button["state"] = "disabled"
        button["text_fg"] = theme.OFF_INK
