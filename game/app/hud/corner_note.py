"""A short notice on a card in the window's bottom-right corner, growing upward as its words wrap.

The first start's graphics-quality note is one: its wording depends on the
machine (the renderer's name, the frame time), so its height is not known
until it is written.  Anchored to the corner, it stays inside the window at
any size and clear of the title menu's panel and its key line on the left.
"""

from __future__ import annotations

from panda3d.core import Point3, TextNode

from game.app.hud import theme

MARGIN = 0.04  # from the window's edges
PAD = 0.025    # between the card's edge and the words


class CornerNote:
    def __init__(self, app, text: str, width: float = 1.0, scale: float = 0.042) -> None:
        self.app = app
        self.card = theme.panel(app.a2dBottomRight, (0, 0, 0, 0), colour=(0.07, 0.055, 0.04, 0.88))
        self.text = theme.label(self.card, "", (0, 0), scale=scale, colour=theme.BRASS, align=TextNode.ALeft,
                                wordwrap=width / scale)
        self.set_text(text)

    def set_text(self, text: str) -> None:
        """New words, the card refitted round them and its bottom right corner kept at the margins."""
        self.text["text"] = text
        self.text.setPos(0, 0, 0)
        self.text.resetFrameSize()  # the label's frame is its words' box
        left, right, bottom, top = self.text.guiItem.getFrame()
        low = self.card.getRelativePoint(self.text, Point3(left, 0, bottom))
        high = self.card.getRelativePoint(self.text, Point3(right, 0, top))
        # Move the words so their box ends at the corner (less the margins), then size the card round them.
        dx, dz = -MARGIN - PAD - high.x, MARGIN + PAD - low.z
        self.text.setPos(dx, 0, dz)
        self.card["frameSize"] = (low.x + dx - PAD, -MARGIN, MARGIN, high.z + dz + PAD)

    def destroy(self) -> None:
        self.card.destroy()
