"""A question before something that cannot be taken back: "Leave this game?" with Leave and Stay.

Built over the pause menu on its own modal shade, a child of the pause
menu's, so closing the pause menu (Esc) closes the question too.
"""

from __future__ import annotations

from typing import Callable

from game.app.hud import theme

LEAVE_TEXT = ("Leave this game? It is kept as a replay: Continue on the title screen takes it up again, "
              "and Watch a replay shows it.")


class Confirm:
    """Two buttons: ``yes`` runs ``on_yes``; ``no`` closes the question, shows what it covered again and runs ``on_no``."""

    def __init__(self, parent, text: str, yes: str, no: str, on_yes: Callable[[], None],
                 covers=None, on_no: Callable[[], None] | None = None) -> None:
        self.covers = covers
        self.shade = theme.modal(parent, 70)
        self.frame = theme.panel(self.shade, (-0.75, 0.75, -0.32, 0.32), colour=theme.OPAQUE_PANEL)
        self.label = theme.label(self.frame, text, (0, 0.17), scale=0.05, wordwrap=27)
        self.yes_button = theme.button(self.frame, yes, (-0.3, -0.2), self._yes, width=7)
        self.no_button = theme.button(self.frame, no, (0.3, -0.2), self._no, width=7)
        self._on_yes = on_yes
        self._on_no = on_no
        if covers is not None:
            covers.hide()  # one overlay at a time: nothing beneath shows through

    def _yes(self) -> None:
        self.close()
        self._on_yes()

    def _no(self) -> None:
        self.close()
        if self._on_no is not None:
            self._on_no()

    def close(self) -> None:
        if self.shade is not None:
            self.shade.destroy()
            self.shade = None
            if self.covers is not None and not self.covers.isEmpty():
                self.covers.show()


def ask_to_leave(pause) -> Confirm:
    """The pause menu's Leave to menu: asks first, over the pause menu."""
    pause.confirm = Confirm(pause.shade, LEAVE_TEXT, "Leave", "Stay", pause.leave, covers=pause.frame)
    return pause.confirm
