"""The history panel: every shot of the game in a window of lines, opened at the latest, scrolled back.

What it says is ``history_text``'s; this module only shows a window of
those lines, a scroll bar beside them and where the window stands.
"""

from __future__ import annotations

from typing import Callable, Sequence

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectFrame
from panda3d.core import MouseButton, PGButton, TextNode

from game.app.hud import theme
from game.app.hud.history_text import HistoryLine, LineKind

ROWS = 19
WIDTH_CHARS = 112  # what a row holds at ROW_SCALE inside the panel
ROW_SCALE = 0.04
ROW_STEP = 0.066
TOP_ROW = 0.64
HALF_WIDTH = 1.3
TRACK = (0.68, -0.56)  # the scroll bar's top and bottom
# The wheel turned over a widget (the panel takes the pointer's buttons, so the app's wheel keys never hear it).
WHEEL_UP = PGButton.getPressPrefix() + MouseButton.wheelUp().getName() + "-"
WHEEL_DOWN = PGButton.getPressPrefix() + MouseButton.wheelDown().getName() + "-"
COLOURS = {LineKind.RULING: theme.INK, LineKind.PURSES: theme.DIM_INK}


class HistoryPanel:
    def __init__(self, parent, lines: Sequence[HistoryLine], shots: int, on_close: Callable[[], None]) -> None:
        self.lines = list(lines)
        self.shots = shots
        self.frame = DirectFrame(parent=parent, frameColor=theme.OPAQUE_PANEL,
                                 frameSize=(-HALF_WIDTH, HALF_WIDTH, -0.9, 0.9))
        theme.label(self.frame, "The game so far", (0, 0.76), scale=0.07, colour=theme.BRASS)
        self.rows = [theme.label(self.frame, "", (-1.2, TOP_ROW - i * ROW_STEP), scale=ROW_SCALE,
                                 align=TextNode.ALeft) for i in range(ROWS)]
        x = HALF_WIDTH - 0.06
        self.track = DirectFrame(parent=self.frame, frameColor=(0.2, 0.16, 0.1, 1.0),
                                 frameSize=(x - 0.012, x + 0.012, TRACK[1], TRACK[0]))
        self.thumb = DirectFrame(parent=self.frame, frameColor=theme.BRASS, frameSize=(x - 0.012, x + 0.012, 0, 0))
        self.footer = theme.label(self.frame, "", (0, -0.68), scale=0.04, colour=theme.DIM_INK)
        self.close_button = theme.button(self.frame, "Close", (0, -0.82), on_close, scale=0.05, width=5)
        self.empty = not self.lines
        if self.empty:
            self.lines = [HistoryLine("No shot has been played yet.", LineKind.RULING, 0)]
        self.top = self.last_top()  # it opens at the latest shot
        for event, step in ((WHEEL_UP, -3), (WHEEL_DOWN, 3)):  # the wheel over the panel, which takes it
            self.frame.bind(event, lambda _, s=step: self.scroll(s))
        self.frame["state"] = DGG.NORMAL
        self.show()

    def last_top(self) -> int:
        return max(0, len(self.lines) - ROWS)

    def scroll(self, step: int) -> None:
        """``step`` lines down (negative: back towards the first shot)."""
        self.top = min(max(self.top + step, 0), self.last_top())
        self.show()

    def page(self, step: int) -> None:
        self.scroll(step * (ROWS - 2))

    def visible(self) -> list[HistoryLine]:
        return self.lines[self.top:self.top + ROWS]

    def show(self) -> None:
        visible = self.visible()
        for row, line in zip(self.rows, visible + [None] * (ROWS - len(visible))):
            if line is None:
                row["text"] = ""
                continue
            row["text"] = theme.signed_name(line.planet, line.text) if line.kind is LineKind.HEADING else line.text
            row["text_fg"] = theme.planet_colour(line.planet) if line.kind is LineKind.HEADING else COLOURS[line.kind]
        self._place_thumb()
        hint = "Wheel, PgUp/PgDn or the arrows scroll   Esc or L closes"
        if self.empty:
            self.footer["text"] = hint
            return
        first, last = visible[0].shot or 1, visible[-1].shot
        shown = f"Shot {first}" if first == last else f"Shots {first}-{last}"
        self.footer["text"] = f"{shown} of {self.shots}   {hint}"

    def _place_thumb(self) -> None:
        top, bottom = TRACK
        total = max(len(self.lines), 1)
        height = (top - bottom) * min(1.0, ROWS / total)
        start = top - (top - bottom) * self.top / total
        x0, x1, _, _ = self.thumb["frameSize"]
        self.thumb["frameSize"] = (x0, x1, start - height, start)

    def destroy(self) -> None:
        self.frame.destroy()
