"""A lesson's words beside the table: the rules as Martin printed them, what to do, what counts."""

from __future__ import annotations

from panda3d.core import TextNode

from game.app.hud import theme
from game.app.hud.rules_text import RULES
from game.coach.lessons import Lesson

SCALE = 0.036
WIDTH = 1.05
# Printed rules longer than this are cut with an ellipsis (rule 5 runs to a paragraph); the rules screen has them whole.
RULE_CHARS = 230


def lesson_lines(lesson: Lesson) -> list[str]:
    rules = []
    for n in lesson.rules:
        text = RULES[n]
        rules.append(f"Rule {n}: {text if len(text) <= RULE_CHARS else text[:RULE_CHARS - 3].rstrip() + '...'}")
    return rules + ["", f"What to do: {lesson.do}", "", f"To pass: {lesson.goal.describe()}"]


TOP = -0.52   # the panel's top edge, below the coach's button (a2dTopLeft units)
GAP = 0.02


class LessonPanel:
    def __init__(self, app, lesson: Lesson) -> None:
        self.root = app.a2dTopLeft.attachNewNode("lesson-panel")
        self.frame = theme.panel(self.root, (0.02, WIDTH + 0.08, -1.2, TOP))
        self.title = theme.label(self.root, lesson.title, (0.06, -0.58), scale=0.05, colour=theme.BRASS,
                                 align=TextNode.ALeft)
        self.text = theme.label(self.root, "\n".join(lesson_lines(lesson)), (0.06, -0.65), scale=SCALE,
                                align=TextNode.ALeft, wordwrap=WIDTH / SCALE)

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
