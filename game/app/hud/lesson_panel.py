"""A lesson's words beside the table: the rules as Martin printed them, what to do, what counts."""

from __future__ import annotations

from panda3d.core import TextNode

from game.app.hud.clear_view import mark
from game.app.hud import theme
from game.app.hud.rules_text import RULES
from game.coach.lessons import Lesson

SCALE = 0.036
MIN_SCALE = 0.028  # never smaller than this (10 pixels a line in a 720-pixel window)
WIDTH = 1.32


def lesson_lines(lesson: Lesson) -> list[str]:
    """The rules whole, as Martin printed them (rule 5 runs to a paragraph), what to do, and what counts."""
    rules = [f"Rule {n}: {RULES[n]}" for n in lesson.rules]
    return rules + ["", f"What to do: {lesson.do}", "", f"To pass: {lesson.goal.describe()}"]


TOP = -0.52    # the panel's top edge, below the coach's button (a2dTopLeft units)
TEXT_TOP = -0.65
PAD = 0.04     # between the words' last line and the panel's bottom edge
FLOOR = -1.45  # the lowest the panel reaches in place: clear of the feed panel (its top 1.56 below the window's)
GAP = 0.02


class LessonPanel:
    def __init__(self, app, lesson: Lesson) -> None:
        self.root = app.a2dTopLeft.attachNewNode("lesson-panel")
        mark(self.root)  # it fades while the play lies under it (clear_view)
        self.frame = theme.panel(self.root, (0.02, WIDTH + 0.08, -1.2, TOP))
        self.title = theme.label(self.root, lesson.title, (0.06, -0.58), scale=0.05, colour=theme.BRASS,
                                 align=TextNode.ALeft)
        self.text = theme.label(self.root, "\n".join(lesson_lines(lesson)), (0.06, TEXT_TOP), scale=SCALE,
                                align=TextNode.ALeft, wordwrap=WIDTH / SCALE)
        self.frame["frameSize"] = (0.02, WIDTH + 0.08, self._fit_words(), TOP)

    def _fit_words(self) -> float:
        """The panel's bottom edge, below the words' last line; a text too long to end above ``FLOOR`` is set
        smaller (never below ``MIN_SCALE``) and wrapped again, so no lesson's words run out of the panel."""
        scale = SCALE
        while True:
            self.text.resetFrameSize()
            bottom = TEXT_TOP + self.text.guiItem.getFrame()[2] * scale - PAD
            if bottom >= FLOOR or scale <= MIN_SCALE:
                return bottom
            scale = max(MIN_SCALE, scale * 0.94)
            self.text.setScale(scale)
            self.text["text_wordwrap"] = WIDTH / scale

    def make_room(self, above_bottom: float | None) -> None:
        """Move down so that the panel starts below ``above_bottom`` (the coach's advice); None: back in place."""
        if self.root.isEmpty():
            return   # the lesson closed before the coach's panel went
        self.root.setZ(0.0 if above_bottom is None else min(0.0, above_bottom - GAP - TOP))

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        for part in (self.frame, self.title, self.text):
            part.destroy()
        self.root.removeNode()
