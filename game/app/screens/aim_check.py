"""Ask before a shot that the preview says would put the shooter out or be a foul.

A newcomer's natural first shot, a gentle roll at the Sun, leaves the taw in
the inner ring (rule 13), and a red line under the top bar is easy to miss
while watching the power bar.  So with the preview on (Learning or Guide) a
released shot waits for its own preview, a frame or two, and where that
preview warns, "Shoot anyway / Aim again" comes first.  With the preview off
the player asked for no help, and the shot goes at once.
"""

from __future__ import annotations

from typing import Callable

from game.app.hud.confirm import Confirm
from game.app.screens.aim_preview import ShotPreview
from game.match.players import Shot

WAIT_S = 1.0  # a preview arrives in about 50 ms; a worker that fails must not hold the shot longer


class ShotCheck:
    def __init__(self, app, preview: ShotPreview, fire: Callable[[Shot], None]) -> None:
        self.app = app
        self.preview = preview
        self.fire = fire
        self.pending: Shot | None = None
        self.confirm: Confirm | None = None
        self._since = 0.0

    @property
    def busy(self) -> bool:
        """A released shot is waiting for its preview or for the player's answer."""
        return self.pending is not None

    def submit(self, shot: Shot, now: float) -> None:
        if not self.preview.active:
            self.fire(shot)
            return
        self.pending, self._since = shot, now
        self.poll(now)  # its preview may be in already (G at a power the player has been looking at)

    def poll(self, now: float) -> None:
        """Every frame while a shot waits: shoot it, or ask, once its own preview is in."""
        if self.pending is None or self.confirm is not None:
            return
        self.preview.update(self.pending)
        current, shown = self.preview.current, self.preview.shown   # current: shown is of the shot as aimed
        if current and shown is not None and shown.verdict.warning:
            text = f"{shown.verdict.sentence}\n\nShoot anyway?"
            self.confirm = Confirm(self.app.aspect2d, text, "Shoot anyway", "Aim again", self._shoot,
                                   on_no=self._aim_again)
        elif current or now - self._since > WAIT_S:
            self._shoot()

    def _shoot(self) -> None:
        shot, self.pending, self.confirm = self.pending, None, None
        if shot is not None:
            self.fire(shot)

    def _aim_again(self) -> None:
        self.pending, self.confirm = None, None

    def drop(self) -> bool:
        """Aim again (Esc, the right button): the waiting shot is not played."""
        if self.pending is None:
            return False
        confirm, self.confirm, self.pending = self.confirm, None, None
        if confirm is not None:
            confirm.close()
        return True

    def destroy(self) -> None:
        self.drop()
