"""Rule 1, the pure part: the hat turned over the Sun hands out the planets.

The match drops each player's marble (the physics decides where they fall);
this assigns planets by how near each marble came to rest to the Sun,
Mercury to the nearest.  Ties are broken by an order drawn from ``seed``.
"""

from __future__ import annotations

import math
import random
from typing import Mapping

from game.rules.layout import PLANETS


class HatError(ValueError):
    """Nobody, or too many, or a distance that is not a distance."""


def assign_planets(distances: Mapping[str, float], seed: int) -> dict[str, str]:
    """``{player: planet}``: nearest the Sun takes Mercury, the next Venus, and so on.

    A marble that rolled out of the play area can be given ``math.inf``.
    """
    players = list(distances)
    if not 1 <= len(players) <= len(PLANETS):
        raise HatError(f"the hat takes 1 to {len(PLANETS)} players, not {len(players)}")
    for player, d in distances.items():
        if math.isnan(d) or d < 0:
            raise HatError(f"{player}: distance must be zero or more, not {d}")
    tiebreak = list(players)
    random.Random(seed).shuffle(tiebreak)
    rank = {p: i for i, p in enumerate(tiebreak)}
    ordered = sorted(players, key=lambda p: (distances[p], rank[p]))
    return {player: PLANETS[i] for i, player in enumerate(ordered)}
