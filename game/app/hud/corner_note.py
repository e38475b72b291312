"""A short notice on a card in a corner of the window, growing away from the edge as its words wrap.

The first start's graphics-quality note is one (top right): its wording
depends on the machine (the renderer's name, the frame time), so its height
is not known until it is written.  The title menu's warnings are another
(bottom right).  Anchored to a corner, a note stays inside the window at any
size and clear of the title, the menu's panel and its key line.
"""

from __future__ import annotations

from enum import Enum

from panda3d.core import Point3, TextNode

from game.app.hud import theme

MARGIN = 0.04  # from the window's edges
PAD = 0.025    # between the card's edge and the words


class Corner(Enum):
    TOP_RIGHT = "top right"
    BOTTOM_RIGHT = "bottom right"


class CornerNote:
    def __init__(self, app, text: str, corner: Corner, width: float = 1.0, scale: float = 0.042,
                 colour=theme.BRASS) -> None:
        self.app = app
        self.corner = corner
        anchor = app.a2dTopRight if corner is Corner.TOP_RIGHT else app.a2dBottomRight
        self.card = theme.panel(anchor, (0, 0, 0, 0), colour=theme.OPAQUE_PANEL)
        # In front of the HUD, opaque: a game started at once (``taw play --seats``) has its round and purses
        # in the top right, and a note drawn under them read as one jumble of words.
        self.card.setBin("gui-popup", 90)
        self.text = theme.label(self.card, "", (0, 0), scale=scale, colour=colour, align=TextNode.ALeft,
                                wordwrap=width / scale)
        self.set_text(text)

    def set_text(self, text: str) -> None:
        """New words, the card refitted round them and kept in its corner, at the margins."""
        self.text["text"] = text
        self.text.setPos(0, 0, 0)
        self.text.resetFrameSize()  # the label's frame is its words' box
        left, right, bottom, top = self.text.guiItem.getFrame()
        low = self.card.getRelativePoint(self.text, Point3(left, 0, bottom))
        high = self.card.getRelativePoint(self.text, Point3(right, 0, top))
        # Move the words so their box ends at the corner (less the margins), then size the card round them.
        dx = -MARGIN - PAD - high.x
        if self.corner is Corner.TOP_RIGHT:
            dz = -MARGIN - PAD - high.z
            self.card["frameSize"] = (low.x + dx - PAD, -MARGIN, low.z + dz - PAD, -MARGIN)
        else:
            dz = MARGIN + PAD - low.z
            self.card["frameSize"] = (low.x + dx - PAD, -MARGIN, MARGIN, high.z + dz + PAD)
        self.text.setPos(dx, 0, dz)

    def destroy(self) -> None:
        self.card.destroy()
