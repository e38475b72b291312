"""Once the player is out: "Play to the end" (the rest of the game at once) or "Leave" to the menu."""

from __future__ import annotations

from typing import Callable

from game.app.hud import theme
from game.app.screens.screen import Screen


class OutOffer:
    """Two buttons at the bottom right, shown only while everyone at the machine is out of a game still going.

    ``play_out`` is the screen's own: a shot already being computed is handed on, never dropped.
    """

    def __init__(self, app, play_out: Callable[[], None]) -> None:
        # Bottom right, where the power meter sits on the player's own turns: clear of the AI's caption.
        self.frame = theme.panel(app.a2dBottomRight, (-1.3, -0.05, 0.09, 0.33), colour=theme.PANEL)
        lone = app.game is not None and len(app.game.session.people) == 1
        self.title = theme.label(self.frame, "You are out" if lone else "You are all out", (-0.675, 0.26), scale=0.045, colour=theme.BRASS)
        self.play_button = theme.button(self.frame, "Play to the end", (-0.92, 0.14), play_out, scale=0.05,
                                        width=8.5)
        self.leave_button = theme.button(self.frame, "Leave", (-0.33, 0.14), app.flow.request, scale=0.05,
                                         width=6.5, extra_args=[Screen.MENU])

    @staticmethod
    def wanted(app) -> bool:
        session = app.game.session if app.game is not None else None
        if session is None or app.game.lesson is not None or not session.people or session.is_over():
            return False
        return not any(p in session.people for p in session.active_players())

    def destroy(self) -> None:
        self.frame.destroy()
