"""The ground's words with a labelled diagram, then the seventeen rules a page at a time: Martin's words, then our reading.

The reading is the rules layer's own line for each rule under the game's
house rules (``game.rules.readings``), the same line docs/rules.md opens each
rule with; the screen words none of its own.
"""

from __future__ import annotations

from direct.gui.DirectGui import DirectFrame
from panda3d.core import TextNode

from game.app.hud import theme
from game.app.hud.ground_diagram import GroundDiagram
from game.app.hud.ground_words import ground_line
from game.app.hud.rules_text import RULES
from game.rules.house import HouseRules
from game.rules.readings import readings

PER_PAGE = 3


class RulesPanel:
    def __init__(self, parent, on_close, house: HouseRules | None = None) -> None:
        self.readings = readings(house)
        self.page = 0
        self.pages = 1 + (len(RULES) + PER_PAGE - 1) // PER_PAGE  # page 0: the ground and its words
        self.frame = DirectFrame(parent=parent, frameColor=theme.OPAQUE_PANEL, frameSize=(-1.25, 1.25, -0.9, 0.9))
        theme.label(self.frame, "The Laws of Sun and Planet Taw", (0, 0.76), scale=0.075, colour=theme.BRASS)
        self.body_labels = []
        for slot in range(PER_PAGE):
            top = 0.58 - slot * 0.44
            number = theme.label(self.frame, "", (-1.15, top), scale=0.06, colour=theme.BRASS, align=TextNode.ALeft)
            text = theme.label(self.frame, "", (-1.02, top), scale=0.045, align=TextNode.ALeft, wordwrap=46)
            reading = theme.label(self.frame, "", (-1.02, top - 0.2), scale=0.04, colour=theme.DIM_INK,
                                  align=TextNode.ALeft, wordwrap=51)
            self.body_labels.append((number, text, reading))
        self.diagram = GroundDiagram(self.frame, ground=None if house is None else ground_line(house))
        self.footer = theme.label(self.frame, "", (0, -0.72), scale=0.045, colour=theme.DIM_INK)
        self.prev_button = theme.button(self.frame, "< Previous", (-0.75, -0.84), self.turn, scale=0.05, width=6, extra_args=[-1])
        self.next_button = theme.button(self.frame, "Next >", (0.75, -0.84), self.turn, scale=0.05, width=6, extra_args=[1])
        self.close_button = theme.button(self.frame, "Close", (0, -0.84), on_close, scale=0.05, width=5)
        self.show()

    def numbers_on_page(self) -> list[int]:
        if self.page == 0:
            return []
        first = (self.page - 1) * PER_PAGE + 1
        return [n for n in range(first, first + PER_PAGE) if n in RULES]

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % self.pages
        self.show()

    def show(self) -> None:
        numbers = self.numbers_on_page()
        for slot, (number, text, reading) in enumerate(self.body_labels):
            if slot < len(numbers):
                n = numbers[slot]
                number["text"] = f"{n}."
                text["text"] = RULES[n]
                reading["text"] = "Our reading: " + self.readings[n]
            else:
                number["text"] = text["text"] = reading["text"] = ""
        self.diagram.show() if self.page == 0 else self.diagram.hide()
        self.footer["text"] = f"Page {self.page + 1} of {self.pages}"

    def destroy(self) -> None:
        self.diagram.destroy()  # its labels hang under a plain node, which the frame's destroy() passes by
        self.frame.destroy()
