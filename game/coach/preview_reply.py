"""The preview's warning of exposure: the aimed shot weighed against the next adversary's reply.

The same reckoning as the coach's (``game.ai.reply_guard.exposures``: the
shot drawn with the player's hands, then the adversaries' replies with
theirs, all seeded by the shot itself), so the coach's shot aimed by hand
gets the coach's own chance.  It costs a few dozen rollouts, so the app asks for it in
its coach planner once the aim has settled, and words it beside the verdict
(``exposure_words``).
"""

from __future__ import annotations

import math
from typing import Sequence

from game.ai.candidates import Candidate
from game.ai.reply_guard import Exposure, ReplyGuard, exposures
from game.ai.workers import PlanHandle, PlannerPool
from game.coach.advice import situation_for
from game.match.players import Shot
from game.rules.house import HouseRules
from game.rules.layout import Layout, Point
from game.rules.state import RuleState


def aimed_candidate(shot: Shot, start: Point) -> Candidate:
    """The shot as aimed, from ``start`` (where the preview laid or found the taw), as the planner plays it."""
    placement = start if shot.placement is not None else None
    orbit = shot.placement.orbit if shot.placement is not None else None
    orbit_angle = shot.placement.angle if shot.placement is not None else 0.0
    return Candidate(origin=start, angle=math.radians(shot.direction), speed=shot.speed, placement=placement,
                     target="aimed", orbit=orbit, orbit_angle=orbit_angle, spin=shot.spin)


def start_exposure(state: RuleState, house: HouseRules, layout: Layout, shot: Shot, start: Point,
                   pool: PlannerPool, guard: ReplyGuard,
                   lines: Sequence[str] | None = None) -> PlanHandle[Exposure]:
    """Ask in the background how likely the next adversary puts the shooter out after ``shot``."""
    sit = situation_for(state, house, layout, lines)
    candidate = aimed_candidate(shot, start)
    return PlanHandle(pool, lambda ctx: exposures(ctx, sit, [candidate], guard)[0])
