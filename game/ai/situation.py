"""What a plan needs to know about the game: a plain, picklable snapshot.

Built from the match's view in the parent process and shipped to the
planning workers, where every rollout builds a fresh physics world from
``positions`` (bit-identical to the game's own world for the same shot).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from game.rules.house import HouseRules
from game.rules.layout import Layout, Point
from game.rules.state import RuleState


@dataclass(frozen=True)
class Situation:
    layout: Layout
    house: HouseRules
    state: RuleState                # before the shot
    shooter: str                    # planet name of the player about to shoot
    positions: Mapping[str, Point]  # bodies at rest on the ground
    placement_orbits: tuple[str, ...]  # lines the taw may be laid on; () = shoot from where it lies
    max_speed: float
    # How many of the shooter's turns in a row the Sun has lain where it lies (``game.ai.player.AIPlayer``
    # remembers; 0 when nobody does: the coach, the lookahead's tables).  Medium and hard break a stand-off.
    standoff: int = 0

    @property
    def taw(self) -> str:
        return f"{self.shooter}.taw"

    def opponents(self) -> tuple[str, ...]:
        return tuple(p for p in self.state.active if p != self.shooter)

