"""Small composite widgets: a cycling chooser and a labelled slider.

Choosers cycle on click (left button forward); they are easy to drive from a
test through the messenger and need no drop-down list.
"""

from __future__ import annotations

from typing import Callable, Generic, Sequence, TypeVar

from direct.gui.DirectGui import DirectSlider
from panda3d.core import TextNode

from game.app.hud import theme

T = TypeVar("T")


class Chooser(Generic[T]):
    """``Title: value`` on a button; each click moves to the next choice."""

    def __init__(self, parent, title: str, choices: Sequence[T], value: T, pos: tuple[float, float],
                 describe: Callable[[T], str] = str, on_change: Callable[[T], None] | None = None,
                 width: float = 13.0, scale: float = 0.05) -> None:
        self.title = title
        self.choices = list(choices)
        self.index = self.choices.index(value) if value in self.choices else 0
        self.describe = describe
        self.on_change = on_change
        self.button = theme.button(parent, "", pos, self.next, scale=scale, width=width)
        self._refresh()

    @property
    def value(self) -> T:
        return self.choices[self.index]

    def set(self, value: T) -> None:
        self.index = self.choices.index(value)
        self._refresh()

    def next(self) -> None:
        self.index = (self.index + 1) % len(self.choices)
        self._refresh()
        if self.on_change:
            self.on_change(self.value)

    def _refresh(self) -> None:
        self.button["text"] = f"{self.title}:  {self.describe(self.value)}"

    def destroy(self) -> None:
        self.button.destroy()


class LabelledSlider:
    """A slider with its title and current value beside it."""

    def __init__(self, parent, title: str, value: float, value_range: tuple[float, float],
                 pos: tuple[float, float], fmt: str = "{:.2f}") -> None:
        self.fmt = fmt
        self.title = theme.label(parent, title, (pos[0] - 0.62, pos[1] - 0.015), scale=0.05, align=TextNode.ALeft)
        self.readout = theme.label(parent, fmt.format(value), (pos[0] + 0.62, pos[1] - 0.015), scale=0.05,
                                   align=TextNode.ALeft)
        self.slider = DirectSlider(parent=parent, range=value_range, value=value, pageSize=(value_range[1] - value_range[0]) / 20,
                                   pos=(pos[0] + 0.22, 0, pos[1]), scale=0.36, command=self._moved,
                                   frameColor=theme.BUTTON, thumb_frameColor=theme.BRASS)

    def _moved(self) -> None:
        self.readout["text"] = self.fmt.format(self.value)

    @property
    def value(self) -> float:
        return float(self.slider["value"])

    def set(self, value: float) -> None:
        self.slider["value"] = value
        self._moved()

    def destroy(self) -> None:
        for widget in (self.title, self.readout, self.slider):
            widget.destroy()
