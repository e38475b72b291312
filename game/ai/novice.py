"""The ``novice``: a model newcomer who trusts the coach, to measure the first game with (issue 45).

It plays the coach's plan (``game.coach.advice``'s: the hard AI's plan among
the shots that keep it in with no foul, weighed against the next adversary's
replies at his own level and with his hands, after the shot drawn with the
novice's own hands, ``game.ai.reply_guard``; its robust stage with a
person's hands, ``levels.coach_level``) and shoots it
with a person's hands: 3° of aim noise and 10 % of power
(``levels.LEVELS["novice"]``).  Like the coach it keeps no memory of the
game (no stand-off count).  What the coach adds beyond its plan (the widest
winning window when the Sun is within reach of Herschel's line, a lesson's
goal) lives in ``game.coach``, above this package, and is not played.

A benchmark player for ``taw tournament`` and ``taw simulate``; the New game
screen does not offer it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping

from game.ai.hand_noise import seed_for
from game.ai.levels import Level, coach_level, get_level
from game.ai.planner import Decision, plan
from game.ai.player import AIPlayer
from game.ai.reply_guard import Hands, ReplyGuard
from game.ai.situation import Situation
from game.ai.workers import PlanHandle


@dataclass
class NovicePlayer(AIPlayer):
    """Plans as the coach at ``level.coached_by``; shoots with ``level``'s hands, which the coach is told of."""

    guard: ReplyGuard = field(default_factory=ReplyGuard)

    @property
    def hands(self) -> Hands:
        return Hands(self.level.angle_noise_deg, self.level.speed_noise_frac)

    def seat_adversaries(self, levels: Mapping[str, str]) -> None:
        """The other seats' levels by planet, once the hat has dealt the planets (the coach weighs their replies)."""
        self.guard = ReplyGuard(levels={p: get_level(name) for p, name in levels.items()})

    def plan_situation(self, sit: Situation, key: tuple[int, int]) -> PlanHandle[Decision]:
        coach: Level = coach_level(self.level.coached_by or "hard")
        seed = seed_for(self.seed, "coach", key[0], key[1], sit.shooter)
        guard, calm = replace(self.guard, hands=self.hands), replace(sit, standoff=0)
        return PlanHandle(self.pool, lambda ctx: plan(ctx, calm, coach, seed, safe_only=True, guard=guard))
