"""The words beside the preview and the coach: the verdict in its tone's colour, the coach's advice.

The verdict sits under the top bar, between the coach's panel and the purses, wrapped:
plain ink for a quiet shot, green for a gain, brass for a cost, and the
warning colour, with "Warning:" before it, for a shot that would put the
player out or be a foul.  While the play lies under it the line thins
(``clear_view``), except a warning (the warning colour, or the next
player's reply that may put the taw in the inner ring): that is what the
player must read before he shoots.  The coach's panel (top left, under the turn line)
says what to do and why, and how to take its aim.
"""

from __future__ import annotations

from typing import Callable

from panda3d.core import TextNode

from game.app.hud import theme
from game.app.hud.clear_view import mark
from game.app.hud.ruling_feed import rule_numbers_unbroken
from game.coach.verdict import Tone, Verdict

WARNING_COLOUR = (1.0, 0.36, 0.26, 1.0)
WARNING_TONES = frozenset({Tone.OUT, Tone.FOUL, Tone.LOSS})
TONE_COLOURS = {
    **{tone: WARNING_COLOUR for tone in WARNING_TONES},
    Tone.COST: theme.BRASS, Tone.WIN: theme.GOOD, Tone.GAIN: theme.GOOD, Tone.QUIET: theme.INK,
}


# In a 16:9 window the coach's panel ends 0.46 left of the centre and the purses' wide panel starts
# 0.78 right of it: the verdict is centred in between.
VERDICT_CENTRE = 0.16
VERDICT_HALF_WIDTH = 0.60
VERDICT_SCALE = 0.038
VERDICT_LINE = 0.043       # one line's height in the frame


def verdict_text(verdict: Verdict) -> str:
    return rule_numbers_unbroken(("Warning: " if verdict.warning else "") + verdict.sentence + ".")


YOUR_AIM = "Your aim \N{EM DASH} "   # whose shot the line judges: the player's aim as it stands
VERDICT_FADED = 0.55  # the verdict is read while aiming: over the play it only thins

class VerdictLine:
    """One line of text over the table: what the aimed shot would do."""

    def __init__(self, app) -> None:
        # Between the coach's panel (top left) and the purses (top right) of a 16:9 window, never under them.
        self.root = app.a2dTopCenter.attachNewNode("verdict")
        mark(self.root, VERDICT_FADED)  # it fades while the play lies under it (clear_view), still legible
        self.frame = theme.panel(self.root, (-VERDICT_HALF_WIDTH, VERDICT_HALF_WIDTH, -0.075, 0.0),
                                 colour=(0.06, 0.045, 0.03, 0.7), pos=(VERDICT_CENTRE, 0, -0.16))
        self.text = theme.label(self.root, "", (VERDICT_CENTRE, -0.2), scale=VERDICT_SCALE,
                                wordwrap=2 * (VERDICT_HALF_WIDTH - 0.03) / VERDICT_SCALE)
        self.verdict: Verdict | None = None
        self.colour = theme.INK
        self.hide()

    def show(self, verdict: Verdict, reply: str = "") -> None:
        """The verdict; ``reply``: what the next adversary's reply is likely to do (a second sentence)."""
        self.verdict = verdict
        self.colour = TONE_COLOURS[verdict.tone]
        # "Your aim": the coach's shot has its own prediction in its panel, and until it is taken the two differ.
        said = f"{YOUR_AIM}{verdict_text(verdict)}"
        self.text["text"] = said + (f"\n{rule_numbers_unbroken(reply)}" if reply else "")
        self.text["text_fg"] = self.colour
        mark(self.root, 1.0 if verdict.tone in WARNING_TONES or reply else VERDICT_FADED)
        rows = self.text.component("text0").textNode.getNumRows()
        self.frame["frameSize"] = (-VERDICT_HALF_WIDTH, VERDICT_HALF_WIDTH, -0.03 - rows * VERDICT_LINE, 0.0)
        self.frame.show()
        self.text.show()

    def hide(self) -> None:
        self.verdict = None
        self.frame.hide()
        self.text.hide()

    def destroy(self) -> None:
        self.frame.destroy()
        self.text.destroy()
        self.root.removeNode()


class CoachPanel:
    """The coach's button (H) and, once asked, its advice."""

    def __init__(self, app, on_ask, on_resize: Callable[[float | None], None] | None = None) -> None:
        self.button = theme.button(app.a2dTopLeft, "Coach (H)", (0.2, -0.22), on_ask, scale=0.045, width=6)
        self.panel = theme.panel(app.a2dTopLeft, (0.02, 1.32, -0.48, -0.27))
        self.top = -0.27
        self.text = theme.label(app.a2dTopLeft, "", (0.06, -0.33), scale=0.04, align=TextNode.ALeft, wordwrap=31)
        self.panel.hide()
        self.text.hide()
        # Told the advice's bottom edge when it shows, None when it goes: what lies below makes room.
        self.on_resize = on_resize

    def say(self, text: str, colour=theme.INK) -> None:
        self.text["text"] = text
        self.text["text_fg"] = colour
        rows = self.text.component("text0").textNode.getNumRows()
        bottom = self.top - 0.08 - rows * 0.047
        self.panel["frameSize"] = (0.02, 1.32, bottom, self.top)
        self.panel.show()
        self.text.show()
        if self.on_resize is not None:
            self.on_resize(bottom)

    def quiet(self) -> None:
        self.panel.hide()
        self.text.hide()
        if self.on_resize is not None:
            self.on_resize(None)

    @property
    def saying(self) -> str:
        return self.text["text"] if not self.text.isHidden() else ""

    def destroy(self) -> None:
        if self.on_resize is not None:
            self.on_resize(None)
        for part in (self.button, self.panel, self.text):
            part.destroy()
