"""The mouse-sensitivity slider's scale: logarithmic, so 0.5 and 2 sit equally far from 1.

A linear slider from 0.1 to 5 puts 1.0 a fifth of the way along and gives
the low end no room; on a log scale every doubling is the same width, and a
small band around 1.0 snaps to it exactly, so the default can always be found
again.
"""

from __future__ import annotations

import math

LOWEST = 0.1
HIGHEST = 5.0
SNAP = 0.02  # slider units either side of 1.0 that snap to it


def sensitivity_at(position: float) -> float:
    """The sensitivity at a slider position 0..1 (clamped); near the 1.0 mark it is exactly 1.0."""
    p = min(1.0, max(0.0, position))
    if abs(p - ONE_AT) <= SNAP:
        return 1.0
    return round(LOWEST * (HIGHEST / LOWEST) ** p, 3)


def position_of(sensitivity: float) -> float:
    """Where a sensitivity sits on the slider, 0..1 (clamped to the slider's range)."""
    s = min(HIGHEST, max(LOWEST, sensitivity))
    return math.log(s / LOWEST) / math.log(HIGHEST / LOWEST)


ONE_AT = position_of(1.0)  # where the slider marks 1.0


class LogScale:
    """The slider scale of ``game.app.widgets.LabelledSlider`` for sensitivity."""

    @staticmethod
    def value_at(position: float) -> float:
        return sensitivity_at(position)

    @staticmethod
    def position_of(value: float) -> float:
        return position_of(value)
