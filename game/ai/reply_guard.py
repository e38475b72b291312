"""The reply guard: how likely the adversaries are to put a player out after a shot, before his next turn.

The coach (and the ``novice`` who trusts it) must not walk its player into a
knock-out it could have avoided (rule 13: a taw in the inner ring is out of
the game; or a purse emptied).  A shot's own ruling cannot see that: the
danger is the next shot, by another pair of hands.  So, for a shot as
intended, the table it leaves is handed to the next player and his replies
are played as *he* would play them, at his own level:

* his candidates as his level makes them (16 of them, and his rule 13 shots
  at our taw when his level makes such shots: easy makes none), rolled out in
  the screen's physics and scored from his point of view with his level's
  weights;
* his best two again with his hands (his level's aim and power noise), six
  times each, in the match's physics; the one he would choose is the best by
  his robust score (``0.75 × mean + 0.25 × worst``, as the planner's robust
  stage scores);
* his chance is the share of those six noisy shots that put us out; with
  several adversaries before our next turn, we stay in only if none does.

That is a model of him, not him: a sampled few of his candidates, and six
draws of his hands (a chance in sixths).  It is the same reckoning for the
coach's advice, for ``taw hint --json`` and for the preview's warning.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, Mapping, Sequence

from game.ai.candidates import Candidate
from game.ai.hand_noise import seed_for
from game.ai.levels import Level, get_level
from game.ai.rollout import WIN_BONUS, EvalJob, EvalResult, evaluate, ground_pool, shooters_before
from game.ai.situation import Situation
from game.ai.value import ValueWeights
from game.ai.workers import PlanContext

GUARD_REPLIES = 16   # the next adversary's candidates (as hard's lookahead gives him)
GUARD_RING = 4       # ... and his rule 13 shots at our taw, if his level makes them
GUARD_CHOSEN = 2     # his best few replies played again with his hands
GUARD_SAMPLES = 6    # ... this many times each: the chance is counted in sixths
# What being put out costs, in the score's unit: a game lost (``rollout.WIN_BONUS``).  The coach takes the
# shot whose score less chance × this is best, so a shot of near worth that is safer wins.
KNOCKOUT_COST = WIN_BONUS
LIKELY = 1.0 / 3.0   # from this chance on, the advice says the risk in words
DEFAULT_ADVERSARY = "medium"  # a person at the table is reckoned at medium: he may aim rule 13 shots, as easy never does


class OutKind(Enum):
    RING = "ring"    # rule 13: his shot leaves our taw in the inner ring
    PURSE = "purse"  # our purse emptied: we cannot pay, and are out


@dataclass(frozen=True)
class Exposure:
    """What the next adversary's reply is likely to do to the player who shot."""

    chance: float               # of being put out by his reply, with his hands (0..1)
    by: str | None = None       # the next adversary (a planet), None when nobody replies
    level: str = ""             # the level he was reckoned at
    kind: OutKind | None = None  # how he puts us out, in most of the samples that do
    gap: float | None = None    # m: our taw's distance outside the inner ring's edge after our shot
    samples: int = 0

    @property
    def likely(self) -> bool:
        return self.chance >= LIKELY - 1e-9


NO_REPLY = Exposure(0.0)


@dataclass(frozen=True)
class ReplyGuard:
    """Who the adversaries are: their levels by planet; anyone else is reckoned at ``default``."""

    levels: Mapping[str, Level] = field(default_factory=dict)
    default: str = DEFAULT_ADVERSARY

    def level_of(self, planet: str) -> Level:
        return self.levels.get(planet) or get_level(self.default)


def _their_weights(level: Level) -> ValueWeights:
    from game.ai.planner import level_weights

    return level_weights(level)


def _their_replies(nxt: Situation, me: str, level: Level) -> list[Candidate]:
    from game.ai.planner import candidates_for

    ring = GUARD_RING if level.ring_candidates > 0 else 0
    return candidates_for(nxt, GUARD_REPLIES, 2, ring, ring_at=(me,))


@dataclass
class _Reckoning:
    """One guard run: our shots' tables, his replies to each, his hands on the best of them.

    The tables that face one adversary level go to the workers together, one
    batch per stage, so two workers share the work.
    """

    ctx: PlanContext
    sit: Situation
    guard: ReplyGuard
    shots: Sequence[Candidate]
    grounds: Any = field(default_factory=ground_pool)
    rollouts: int = 0

    def tables(self, shots: Sequence[Candidate]) -> list[list[Situation]]:
        """Per shot, as intended, the table it leaves each adversary who shoots before our next turn, as if he
        shot next ([]: the game is over, or we are out)."""
        jobs = [EvalJob(0, c, want_next=True) for c in shots]
        self.rollouts += len(jobs)
        afters = self.ctx.map(evaluate, ((self.sit,), ValueWeights(), self.grounds), jobs)
        me = self.sit.shooter
        out: list[list[Situation]] = []
        for after in afters:
            nxt = after.next_situation
            if after.finished or me in after.out or nxt is None:
                out.append([])
            else:
                out.append([_as_shooter(nxt, p) for p in shooters_before(nxt.state, me)])
        return out

    def _map(self, tables: Sequence[Situation], level: Level, jobs: list[EvalJob]) -> list[EvalResult]:
        self.rollouts += len(jobs)
        return self.ctx.map(evaluate, (tuple(tables), _their_weights(level), self.grounds), jobs)

    def facing(self, tables: Sequence[Situation], tags: Sequence[int], level: Level) -> list[Exposure]:
        """The exposure of each table, all facing an adversary of ``level``."""
        me, weight = self.sit.shooter, level.position_weight
        cands = [_their_replies(nxt, me, level) for nxt in tables]
        nominal = self._map(tables, level, [EvalJob(t, c, coarse=True) for t, row in enumerate(cands) for c in row])
        best: list[list[int]] = []
        at = 0
        for row in cands:
            scores = [r.score(weight) for r in nominal[at:at + len(row)]]
            best.append([at + i for i in sorted(range(len(row)), key=lambda i: (-scores[i], i))[:GUARD_CHOSEN]])
            at += len(row)
        flat = [c for row in cands for c in row]
        noise = (level.angle_noise_deg, level.speed_noise_frac)
        jobs = [EvalJob(t, flat[j], (*noise, seed_for("guard", shot_key(self.shots[tags[t]]), tables[t].shooter,
                                                       k, n)))
                for t, picks in enumerate(best) for k, j in enumerate(picks) for n in range(GUARD_SAMPLES)]
        noisy = iter(self._map(tables, level, jobs))
        out = []
        for t, picks in enumerate(best):
            rows = [[next(noisy) for _ in range(GUARD_SAMPLES)] for _ in picks]
            robust = [_robust([nominal[j].score(weight)] + [r.score(weight) for r in row])
                      for j, row in zip(picks, rows)]
            chosen = rows[max(range(len(rows)), key=lambda k: (robust[k], -k))] if rows else []
            out.append(_exposure(tables[t], me, level, chosen))
        return out


def _exposure(nxt: Situation, me: str, level: Level, chosen: Sequence[EvalResult]) -> Exposure:
    """What his chosen reply, with his hands, does to us: the share of samples that put us out, and how."""
    outs = [r for r in chosen if me in r.out]
    rings = sum(1 for r in outs if me in r.ringed)
    kind = None if not outs else OutKind.RING if 2 * rings >= len(outs) else OutKind.PURSE
    chance = len(outs) / len(chosen) if chosen else 0.0
    return Exposure(chance, nxt.shooter, level.name, kind, _ring_gap(nxt, me), len(chosen))


def _robust(samples: list[float]) -> float:
    return 0.75 * statistics.fmean(samples) + 0.25 * min(samples)


def _ring_gap(nxt: Situation, me: str) -> float | None:
    taw = nxt.positions.get(f"{me}.taw")
    return None if taw is None else math.hypot(*taw) - nxt.layout.inner_ring_radius


def shot_key(shot: Candidate) -> str:
    """The shot as a person sets it (direction, speed, spin, where the taw is laid), rounded: it seeds his
    hands, so the coach's reckoning of a shot and the preview's of the same shot aimed by hand agree."""
    place = None if shot.placement is None else tuple(round(v, 4) for v in shot.placement)
    return f"{math.degrees(shot.angle) % 360.0:.4f}/{shot.speed:.4f}/{shot.spin:.3f}/{place}"


def _as_shooter(nxt: Situation, planet: str) -> Situation:
    """The table ``nxt`` with ``planet`` to shoot it (a later adversary, reckoned as if he shot next)."""
    from game.rules.state import start_options

    if planet == nxt.shooter:
        return nxt
    state = replace(nxt.state, turn=nxt.state.players.index(planet))
    options = start_options(state, planet, nxt.house)
    return Situation(nxt.layout, nxt.house, state, planet, dict(nxt.positions),
                     tuple(options.orbits) if options is not None else (), nxt.max_speed)


def _combined(found: Sequence[Exposure]) -> Exposure:
    """Several adversaries before our next turn: we stay in only if none puts us out (``1 − Π(1 − p)``);
    named for the likeliest."""
    worst = max(found, key=lambda e: e.chance)
    stays = math.prod(1.0 - e.chance for e in found)
    return replace(worst, chance=1.0 - stays)


def exposures(ctx: PlanContext, sit: Situation, shots: Sequence[Candidate], guard: ReplyGuard,
              counts: dict[str, int] | None = None) -> list[Exposure]:
    """For each of ``sit``'s shooter's ``shots`` (as intended): how likely an adversary puts him out before
    his next turn.

    Every adversary who shoots before then is reckoned against the table the
    shot leaves, as if he shot next (the shots between are not played: most
    leave our taw where it lies), at his own level and with his hands; we
    stay in only if none puts us out.  His hands are seeded by the shot
    (``shot_key``) and his planet, so the same shot from the same table gets
    the same chance wherever it is asked.  ``counts``: a plan's stage counts,
    to which the rollouts are added under ``"guard"``.
    """
    reckon = _Reckoning(ctx, sit, guard, shots)
    found: list[list[Exposure]] = [[] for _ in shots]
    by_level: dict[str, list[tuple[int, Situation]]] = {}
    for n, faced in enumerate(reckon.tables(shots)):
        for nxt in faced:
            level = guard.level_of(nxt.shooter)
            if level.random_play:
                found[n].append(Exposure(0.0, nxt.shooter, level.name, None, _ring_gap(nxt, sit.shooter), 0))
            else:
                by_level.setdefault(level.name, []).append((n, nxt))
    for members in by_level.values():
        ctx.check()
        level = guard.level_of(members[0][1].shooter)
        for (n, _), exposure in zip(members, reckon.facing([t for _, t in members], [n for n, _ in members], level)):
            found[n].append(exposure)
    if counts is not None:
        counts["guard"] = counts.get("guard", 0) + reckon.rollouts
    return [_combined(f) if f else NO_REPLY for f in found]
