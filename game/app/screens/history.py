"""L or the HUD's History button: every shot of this game, its rulings and the purses after, over the game.

Opaque and modal like the pause menu: while it is open the game stands still
(``TawApp.is_held``), a charging shot is let go, and clicks and keys reach
only the panel.  It lists what the session kept (``session.judged_shots()``, the
purses after each); nothing is judged again.
"""

from __future__ import annotations

from typing import Any

from direct.showbase.DirectObject import DirectObject

from game.app.hud import theme
from game.app.hud.history_panel import WIDTH_CHARS, HistoryPanel
from game.app.hud.history_text import history_lines, shot_entries
from game.app.input.bindings import action_event
from game.app.screens.screen import IN_GAME, Screen

HISTORY_STATES = IN_GAME | {Screen.GAME_OVER}
# While the panel is open: action -> lines to scroll (the wheel, the arrows), and pages (PgUp/PgDn).
LINE_ACTIONS = {"power-up": -3, "power-down": 3, "list-up": -1, "list-down": 1}
PAGE_ACTIONS = {"list-prev-page": -1, "list-next-page": 1}


class HistoryOverlay:
    def __init__(self, app) -> None:
        self.app = app
        self.panel: HistoryPanel | None = None
        self.shade: Any = None
        self.keys = DirectObject()  # the panel's own keys, heard only while it is open
        self.opener = DirectObject()
        self.opener.accept(action_event("history"), self.toggle)

    @property
    def active(self) -> bool:
        return self.panel is not None

    def toggle(self) -> None:
        if self.active:
            self.close()
        else:
            self.open()

    def open(self) -> bool:
        app = self.app
        if self.active or app.game is None or app.pause.active or app.watching is not None \
                or app.flow.state not in HISTORY_STATES:
            return False
        if app.flow.current is not None:
            app.flow.current.cancel_gesture()  # nothing fires behind the panel
        game, session = app.game, app.game.session
        entries = shot_entries(session.judged_shots(), session.players, session.human, game.naming.label)
        self.shade = theme.modal(app.aspect2d, 55)
        self.panel = HistoryPanel(self.shade, history_lines(entries, WIDTH_CHARS), len(entries), self.close)
        for action, step in LINE_ACTIONS.items():
            self.keys.accept(action_event(action), self.panel.scroll, [step])
        for action, step in PAGE_ACTIONS.items():
            self.keys.accept(action_event(action), self.panel.page, [step])
        return True

    def close(self) -> None:
        if self.panel is None:
            return
        self.keys.ignoreAll()
        self.panel.destroy()
        self.shade.destroy()
        self.panel = self.shade = None
        if self.app.flow.current is not None:
            self.app.flow.current.resumed()

    def destroy(self) -> None:
        self.close()
        self.opener.ignoreAll()
