"""Small composite widgets: a cycling chooser and a labelled slider.

Choosers cycle on click (left button forward); they are easy to drive from a
test through the messenger and need no drop-down list.
"""

from __future__ import annotations

from typing import Callable, Generic, Protocol, Sequence, TypeVar

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
        self.width = width
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
        theme.fit_text(self.button, self.width)

    def destroy(self) -> None:
        self.button.destroy()


class LabelledSlider:
    """A slider with its title and current value beside it.

    ``scale`` maps between a value and the slider's position (0..1) for a
    slider that is not linear, such as mouse sensitivity; ``marks`` are
    values shown as a tick with their number under the track.
    """

    def __init__(self, parent, title: str, value: float, value_range: tuple[float, float],
                 pos: tuple[float, float], fmt: str = "{:.2f}", scale: "SliderScale | None" = None,
                 marks: Sequence[float] = ()) -> None:
        self.fmt = fmt
        self.scale = scale
        self.title = theme.label(parent, title, (pos[0] - 0.62, pos[1] - 0.015), scale=0.05, align=TextNode.ALeft)
        self.readout = theme.label(parent, fmt.format(value), (pos[0] + 0.62, pos[1] - 0.015), scale=0.05,
                                   align=TextNode.ALeft)
        track = (0.0, 1.0) if scale else value_range
        self.slider = DirectSlider(parent=parent, range=track, value=self._position(value),
                                   pageSize=(track[1] - track[0]) / 20,
                                   pos=(pos[0] + 0.22, 0, pos[1]), scale=0.36, command=self._moved,
                                   frameColor=theme.BUTTON, thumb_frameColor=theme.BRASS)
        self.marks = []
        for mark in marks:  # DirectSlider's track runs -1..1 in its own units, scaled by 0.36
            at = (self._position(mark) - track[0]) / (track[1] - track[0])
            x = pos[0] + 0.22 + 0.36 * (2.0 * at - 1.0)
            self.marks.append(theme.label(parent, "|\n" + fmt.format(mark), (x, pos[1] - 0.055), scale=0.03,
                                          colour=theme.DIM_INK))

    def _position(self, value: float) -> float:
        return self.scale.position_of(value) if self.scale else value

    def _moved(self) -> None:
        self.readout["text"] = self.fmt.format(self.value)

    @property
    def value(self) -> float:
        position = float(self.slider["value"])
        return self.scale.value_at(position) if self.scale else position

    def set(self, value: float) -> None:
        self.slider["value"] = self._position(value)
        self._moved()

    def destroy(self) -> None:
        for widget in (self.title, self.readout, self.slider, *self.marks):
            widget.destroy()


class SliderScale(Protocol):
    """How a non-linear slider turns a position 0..1 into a value, and back."""

    def value_at(self, position: float) -> float: ...

    def position_of(self, value: float) -> float: ...
