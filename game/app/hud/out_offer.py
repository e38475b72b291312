"""Once the player is out: "Play to the end" (the rest of the game at once) or "Leave" to the menu."""

from __future__ import annotations

from typing import Callable

from game.app.hud import theme


class OutOffer:
    """Two buttons under the top bar, shown only while a human player is out of a game still going.

    ``play_out`` is the screen's own: a shot already being computed is handed on, never dropped.
    """

    def __init__(self, app, play_out: Callable[[], None]) -> None:
        self.frame = theme.panel(app.a2dTopCenter, (-0.62, 0.62, -0.36, -0.2), colour=theme.PANEL)
        self.play_button = theme.button(self.frame, "Play to the end", (-0.3, -0.3), play_out, scale=0.05,
                                        width=10)
        self.leave_button = theme.button(self.frame, "Leave", (0.35, -0.3), app.flow.request, scale=0.05,
                                         width=7, extra_args=["Menu"])

    @staticmethod
    def wanted(app) -> bool:
        session = app.game.session if app.game is not None else None
        return (session is not None and session.human is not None and app.game.lesson is None
                and session.human not in session.active_players() and not session.is_over())

    def destroy(self) -> None:
        self.frame.destroy()
