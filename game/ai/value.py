"""The value of the position a shot leaves behind, for the player who shot.

The referee's ruling says what a shot earned at once; this says what the
ground left behind is worth next, in the same unit (marbles), following the
text's advice to a good shooter:

* the Sun on the line of the shooter's own orbit (rule 6) pays a toll from
  every other shooter while it stays there; on an adversary's line it costs;
* a Sun left close to the Herschel line invites the next player to drive it
  out and win (rule 9): worth less the fatter the inner ring, because that is
  what the winner takes;
* the shooter's own taw in the inner ring ends his play (rule 13); an
  adversary's taw there is a gain;
* a taw left near the Sun with a clear line to it is a chance next turn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

from game.ai.candidates import path_blockers
from game.rules.layout import SUN, Layout, taw_id

Point = tuple[float, float]


@dataclass(frozen=True)
class ValueWeights:
    own_line_toll: float = 0.6       # expected shots by others while the Sun stays on my line
    rival_line_toll: float = 0.6
    threat: float = 0.8              # share of the next player's winning chance we count
    own_taw_in_ring: float = 8.0
    rival_taw_in_ring: float = 3.0
    near_sun: float = 0.4
    # How far (m) a good shot can drive the Sun; beyond it the next player cannot win at once.
    sun_reach: float = 0.24


def distance_to_win(layout: Layout, sun: Point) -> float:
    """How far the Sun must still travel outward to be beyond Herschel's line (rule 9)."""
    return max(0.0, layout.line_radii["herschel"] + layout.line_width / 2 - math.hypot(*sun))


def win_chance(layout: Layout, sun: Point, weights: ValueWeights) -> float:
    """A rough chance that a good next shot drives the Sun out from here."""
    d = distance_to_win(layout, sun)
    return max(0.0, min(1.0, 1.0 - d / weights.sun_reach)) ** 2


def position_value(*, layout: Layout, positions: Mapping[str, Point], shooter: str,
                   others: Sequence[str], stakes: int, weights: ValueWeights = ValueWeights()) -> float:
    """Marbles the left-behind ground is worth to ``shooter``; ``others`` are the adversaries still playing."""
    value = 0.0
    sun = positions.get(SUN)
    n_others = len(others)
    if sun is not None:
        line = layout.line_touched(math.hypot(*sun), layout.sun_radius)
        if line == shooter:
            value += weights.own_line_toll * n_others
        elif line in others:
            value -= weights.rival_line_toll
        # The next player's chance of winning costs us our one marble and the ring we hoped to take.
        if n_others:
            value -= weights.threat * win_chance(layout, sun, weights) * (1.0 + stakes / (n_others + 1))
    own = positions.get(taw_id(shooter))
    if own is not None:
        r_own = math.hypot(*own)
        if r_own <= layout.inner_ring_radius:
            value -= weights.own_taw_in_ring
        elif sun is not None:
            gap = math.dist(own, sun)
            clear = path_blockers(own, sun, positions, (SUN, taw_id(shooter)), 2 * layout.marble_radius) == 0
            if clear and gap < 0.4:
                value += weights.near_sun * (1.0 - gap / 0.4)
    for rival in others:
        where = positions.get(taw_id(rival))
        if where is not None and math.hypot(*where) <= layout.inner_ring_radius:
            value += weights.rival_taw_in_ring
    return value
