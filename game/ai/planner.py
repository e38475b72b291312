"""Choosing a shot: generate candidates, roll them out, keep the robust best.

Three stages, each a batch of independent rollouts run in the planning
workers (``PlanContext.map``):

1. every candidate once, exactly as intended, scored by the referee's ruling
   (marbles won relative to the others, a win) plus the value of the
   position left behind;
2. the best few again under the level's own aim noise (each sample seeded by
   the plan seed, the candidate's index and the sample's number): a shot that
   only works when struck perfectly scores its average, so robust shots win
   over razor-edge ones;
3. (hard) for the best two or three, the next player's best reply from the
   table left behind: what he can do with the Sun replaces the rough threat
   heuristic.

Every score is a pure function of the situation and the candidate, and ties
go to the lower candidate index, so the choice does not depend on the number
of workers or on timing.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field

from game.ai.candidates import Candidate, generate, placement_points
from game.ai.levels import Level
from game.ai.hand_noise import seed_for
from game.ai.rollout import EvalJob, EvalResult, evaluate
from game.ai.situation import Situation
from game.ai.value import ValueWeights
from game.ai.workers import PlanContext
from game.match.table import free_spot_on_line
from game.rules.layout import SUN, taw_id

MIN_SPEED = 0.45          # m/s: slower shots barely reach anything (a flick at 0.45 goes 10 cm)
REPLY_WEIGHT = 0.8        # how much of the next player's best reply we count against a shot
REPLY_RING = 4            # rule 13 shots among the next player's replies (hard's lookahead)


@dataclass(frozen=True)
class Decision:
    candidate: Candidate
    score: float
    summary: str
    rollouts: int
    seconds: float
    considered: int
    stages: dict[str, int] = field(default_factory=dict)


def origins_for(sit: Situation, count: int) -> list[tuple[tuple[float, float], str | None, float]]:
    """Where the taw can shoot from: where it lies, or the best spots on the allowed lines."""
    taw_pos = sit.positions.get(sit.taw)
    if not sit.placement_orbits:
        return [(taw_pos, None, 0.0)] if taw_pos is not None else []
    sun = sit.positions.get(SUN, (0.0, 0.0))
    found = []
    seen: set[tuple[float, float]] = set()
    for orbit, angle, _point in placement_points(sit.layout, sit.placement_orbits, sun, sit.positions,
                                                 sit.taw, count * 2):
        try:
            real_angle, spot = free_spot_on_line(sit.layout, sit.positions, sit.taw, orbit, angle)
        except ValueError:
            continue
        key = (round(spot[0], 4), round(spot[1], 4))
        if key in seen:
            continue
        seen.add(key)
        found.append((spot, orbit, real_angle))
        if len(found) >= count:
            break
    if taw_pos is not None and (not found or len(sit.placement_orbits) > 1):
        # A comet may also shoot from where its taw lies, often nearest the Sun.
        found = [(taw_pos, None, 0.0)] + found[:max(0, count - 1)]
    return found


def candidates_for(sit: Situation, budget: int, origins: int, ring_budget: int = 0,
                   spin_shots: bool = False, stop_by_ring: bool = False) -> list[Candidate]:
    rivals = tuple(taw_id(p) for p in sit.opponents()) if ring_budget > 0 else ()
    return generate(layout=sit.layout, bodies=sit.positions, shooter=sit.shooter,
                    origins=origins_for(sit, origins), speed_range=(MIN_SPEED, sit.max_speed), budget=budget,
                    ring_targets=rivals, ring_budget=ring_budget, spin_shots=spin_shots,
                    stop_by_ring=stop_by_ring)


def _best(indices: list[int], scores: list[float], k: int) -> list[int]:
    return sorted(indices, key=lambda i: (-scores[i], i))[:k]


def plan(ctx: PlanContext, sit: Situation, level: Level, seed: int,
         weights: ValueWeights = ValueWeights()) -> Decision:
    started = time.perf_counter()
    cands = candidates_for(sit, level.max_candidates, level.origins, level.ring_candidates, level.spin_shots,
                           level.stop_by_ring)
    if not cands:
        raise ValueError(f"{sit.shooter} has no shot to consider")
    situations: list[Situation] = [sit]
    shared = (tuple(situations), weights)
    pw = level.position_weight
    stages: dict[str, int] = {}

    # Stage 1: every candidate as intended.
    nominal: list[EvalResult] = ctx.map(evaluate, shared, [EvalJob(0, c) for c in cands])
    stages["candidates"] = len(cands)
    scores = [r.score(pw) for r in nominal]
    final = list(scores)
    pool = list(range(len(cands)))

    # Stage 2: the best few under the level's own aim noise.
    if level.robust_top > 0 and level.noise_samples > 0:
        top = _best(pool, scores, level.robust_top)
        jobs = [EvalJob(0, cands[i], (level.angle_noise_deg, level.speed_noise_frac,
                                      seed_for(seed, "robust", i, k)))
                for i in top for k in range(level.noise_samples)]
        noisy = ctx.map(evaluate, shared, jobs)
        stages["robust"] = len(jobs)
        for n, i in enumerate(top):
            samples = [scores[i]] + [r.score(pw) for r in noisy[n * level.noise_samples:(n + 1) * level.noise_samples]]
            # Mostly the average, with a little weight on the worst case: rule 13
            # and rule 9 are cliffs, and one bad sample in five is a real warning.
            final[i] = 0.75 * statistics.fmean(samples) + 0.25 * min(samples)
        pool = top

    # Stage 3: the next player's best reply to the best two or three.
    if level.lookahead_top > 0 and level.reply_candidates > 0:
        top = _best(pool, final, level.lookahead_top)
        afters = ctx.map(evaluate, shared, [EvalJob(0, cands[i], want_next=True) for i in top])
        stages["lookahead"] = len(top)
        reply_jobs: list[EvalJob] = []
        owners: list[int] = []
        for n, after in enumerate(afters):
            nxt = after.next_situation
            if nxt is None or after.finished:
                continue
            situations.append(nxt)
            index = len(situations) - 1
            # The reply may put our taw in the ring (rule 13) if we leave it lined up.
            for reply in candidates_for(nxt, level.reply_candidates, 2, min(REPLY_RING, level.ring_candidates)):
                reply_jobs.append(EvalJob(index, reply))
                owners.append(n)
        shared = (tuple(situations), weights)
        replies = ctx.map(evaluate, shared, reply_jobs)
        stages["replies"] = len(reply_jobs)
        best_reply = [0.0] * len(top)
        for owner, r in zip(owners, replies):
            best_reply[owner] = max(best_reply[owner], r.score(pw))
        for n, i in enumerate(top):
            # The reply replaces the threat heuristic for these finalists.
            final[i] = final[i] + pw * nominal[i].threat - REPLY_WEIGHT * best_reply[n]
        pool = top

    choice = _best(pool, final, 1)[0]
    return Decision(candidate=cands[choice], score=final[choice], summary=nominal[choice].summary,
                    rollouts=sum(stages.values()),
                    seconds=time.perf_counter() - started, considered=len(cands), stages=stages)


def direction_deg(candidate: Candidate) -> float:
    return math.degrees(candidate.angle) % 360.0
