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

The shot itself is a person's to play, and his hands leave the taw
elsewhere than the shot as intended does: a 3° stray can leave it by the
inner ring where the shot as aimed left it safe.  So the shot is drawn a
few times with the hands the guard is told of (``ReplyGuard.hands``: a
person's 3° and 10 % by default, the novice's own), each draw seeded by the
shot, and each table a draw leaves faces the adversaries as above; the
chance is the share of all their samples that put us out.  A draw that puts
us out by our own hand, or ends the game, leaves nobody a reply (the plan's
robust stage prices our own outs): it counts as a draw he did not put us
out.  With steady hands (``AS_INTENDED``) the shot is reckoned once, as
intended.

That is a model of him, not him: a sampled few of his candidates, and a few
draws of our hands and of his.  It is the same reckoning for the
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
from game.ai.levels import PERSON_AIM_DEG, PERSON_POWER_FRAC, Level, get_level
from game.ai.rollout import WIN_BONUS, EvalJob, EvalResult, evaluate, ground_pool, shooters_before
from game.ai.situation import Situation
from game.ai.value import ValueWeights
from game.ai.workers import PlanContext

GUARD_REPLIES = 16   # the next adversary's candidates (as hard's lookahead gives him)
GUARD_RING = 4       # ... and his rule 13 shots at our taw, if his level makes them
GUARD_CHOSEN = 2     # his best few replies played again with his hands
GUARD_SAMPLES = 6    # ... this many times each, after our shot as intended (steady hands)
OWN_DRAWS = 2        # our shot drawn this many times with our hands (``ReplyGuard.hands``), unless told; his
#                      best replies are played ``GUARD_SAMPLES // draws`` times each after every draw (six in all)
# What being put out costs, in the score's unit: a game lost (``rollout.WIN_BONUS``).  The coach takes the
# shot whose score less chance × this is best, so a shot of near worth that is safer wins.
KNOCKOUT_COST = WIN_BONUS
LIKELY = 1.0 / 3.0   # from this chance on, the advice says the risk in words
DEFAULT_ADVERSARY = "medium"  # a person at the table is reckoned at medium: he may aim rule 13 shots, as easy never does


class OutKind(Enum):
    RING = "ring"    # rule 13: his shot leaves our taw in the inner ring
    PURSE = "purse"  # our purse emptied: we cannot pay, and are out


@dataclass(frozen=True)
class Hands:
    """A player's hands as the guard draws his shot: standard deviations of the aim (degrees) and the power."""

    aim_deg: float
    power_frac: float

    @property
    def steady(self) -> bool:
        return self.aim_deg <= 0 and self.power_frac <= 0


PERSON = Hands(PERSON_AIM_DEG, PERSON_POWER_FRAC)
AS_INTENDED = Hands(0.0, 0.0)


@dataclass(frozen=True)
class Exposure:
    """What the next adversary's reply is likely to do to the player who shot."""

    chance: float               # of being put out by his reply, with his hands (0..1)
    by: str | None = None       # the next adversary (a planet), None when nobody replies
    level: str = ""             # the level he was reckoned at
    kind: OutKind | None = None  # how he puts us out, in most of the samples that do
    gap: float | None = None    # m: our taw's distance outside the inner ring's edge after our shot (the median
    #                             over the draws of our hands)
    samples: int = 0            # his noisy replies counted, over all the draws
    draws: int = 0              # our shot's draws with our hands (1: as intended)
    hands: Hands = AS_INTENDED  # the hands our shot was drawn with
    own: float = 0.0            # of ``chance``, the share of draws in which our own shot puts us out (``kind``
    #                             says how, when it is most of the chance): nobody need reply to it

    @property
    def by_own_shot(self) -> bool:
        """Most of the chance is our own shot's: the words name the player's own hands, not an adversary."""
        return self.own > 0 and 2 * self.own >= self.chance

    @property
    def likely(self) -> bool:
        return self.chance >= LIKELY - 1e-9


NO_REPLY = Exposure(0.0)


@dataclass(frozen=True)
class ReplyGuard:
    """Who the adversaries are: their levels by planet; anyone else is reckoned at ``default``; and the hands
    our shots are drawn with (a person's unless told: the coach's advice is a person's to play)."""

    levels: Mapping[str, Level] = field(default_factory=dict)
    default: str = DEFAULT_ADVERSARY
    hands: Hands = PERSON

    def level_of(self, planet: str) -> Level:
        return self.levels.get(planet) or get_level(self.default)


def _their_weights(level: Level) -> ValueWeights:
    from game.ai.planner import level_weights

    return level_weights(level)


def _their_replies(nxt: Situation, me: str, level: Level) -> list[Candidate]:
    from game.ai.planner import candidates_for

    ring = GUARD_RING if level.ring_candidates > 0 else 0
    return candidates_for(nxt, GUARD_REPLIES, 2, ring, ring_at=(me,))


# One draw of one of our shots: (the shot's index, the draw's number; None: the shot as intended).
Draw = tuple[int, int | None]


@dataclass
class _Reckoning:
    """One guard run: our shots' draws with our hands, the tables they leave, his replies to each, his hands on
    the best of them.

    The tables that face one adversary level go to the workers together, one
    batch per stage, so two workers share the work.
    """

    ctx: PlanContext
    sit: Situation
    guard: ReplyGuard
    shots: Sequence[Candidate]
    drawn: Sequence[bool] = ()   # per shot, whether it is drawn with our hands (else reckoned as intended)
    times: int = OWN_DRAWS       # ... and how many times
    grounds: Any = field(default_factory=ground_pool)
    rollouts: int = 0

    def draws(self) -> list[Draw]:
        """Each shot ``times`` times with the guard's hands; once as intended if its hands are steady or it is
        not to be drawn (``drawn``)."""
        steady = self.guard.hands.steady
        return [(s, d) for s in range(len(self.shots))
                for d in ([None] if steady or not self.drawn[s] else range(self.times))]

    def _drawn(self, draw: Draw) -> EvalJob:
        """Our shot as this draw of our hands plays it, seeded by the shot (``shot_key``) and the draw."""
        s, d = draw
        shot, hands = self.shots[s], self.guard.hands
        noise = None if d is None else (hands.aim_deg, hands.power_frac, seed_for("own hands", shot_key(shot), d))
        return EvalJob(0, shot, noise, want_next=True)

    def tables(self, draws: Sequence[Draw]) -> list[list[Situation] | Exposure]:
        """Per draw of our shot, the table it leaves each adversary who shoots before our next turn, as if he
        shot next ([]: the game is over with us in it); or, when the draw puts us out by our own hand (our taw
        left in the inner ring, our purse emptied), that certainty (``_own_out``)."""
        jobs = [self._drawn(draw) for draw in draws]
        self.rollouts += len(jobs)
        afters = self.ctx.map(evaluate, ((self.sit,), ValueWeights(), self.grounds), jobs)
        me = self.sit.shooter
        out: list[list[Situation] | Exposure] = []
        for after in afters:
            nxt = after.next_situation
            if me in after.out:
                out.append(_own_out(me in after.ringed, None if nxt is None else _ring_gap(nxt, me)))
            elif after.finished or nxt is None:
                out.append([])
            else:
                out.append([_as_shooter(nxt, p) for p in shooters_before(nxt.state, me)])
        return out

    def _map(self, tables: Sequence[Situation], level: Level, jobs: list[EvalJob]) -> list[EvalResult]:
        self.rollouts += len(jobs)
        return self.ctx.map(evaluate, (tuple(tables), _their_weights(level), self.grounds), jobs)

    def _his_seed(self, draw: Draw, planet: str, k: int, n: int) -> int:
        """His hands on his ``k``-th best reply, sample ``n``, after this draw of our shot (as intended: the seed
        the guard used before it drew our hands, so a steady-handed reckoning is the same as then)."""
        s, d = draw
        if d is None:
            return seed_for("guard", shot_key(self.shots[s]), planet, k, n)
        return seed_for("guard", shot_key(self.shots[s]), d, planet, k, n)

    def facing(self, tables: Sequence[Situation], tags: Sequence[Draw], level: Level) -> list[Exposure]:
        """The exposure of each table, all facing an adversary of ``level``; ``tags``: the draw behind each."""
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
        count = [GUARD_SAMPLES if tag[1] is None else max(1, GUARD_SAMPLES // self.times) for tag in tags]
        jobs = [EvalJob(t, flat[j], (*noise, self._his_seed(tags[t], tables[t].shooter, k, n)))
                for t, picks in enumerate(best) for k, j in enumerate(picks) for n in range(count[t])]
        noisy = iter(self._map(tables, level, jobs))
        out = []
        for t, picks in enumerate(best):
            rows = [[next(noisy) for _ in range(count[t])] for _ in picks]
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


def _own_out(ringed: bool, gap: float | None) -> Exposure:
    """A draw of our shot that puts us out by our own hand: certain, whoever replies.  A coach that counted it
    as nobody's reply would find a shot that often rings its own taw safer than one that never does."""
    return Exposure(1.0, None, "", OutKind.RING if ringed else OutKind.PURSE, gap, 0, own=1.0)


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


def _over_draws(found: Sequence[Exposure | None], hands: Hands) -> Exposure:
    """One shot's exposure over the draws of our hands (None: a draw after which nobody replies, the game
    over with us in it; an ``own`` exposure: a draw that puts us out by our own hand): the chance is the mean
    over all the draws; named for the adversary likeliest to put us out; the kind most of the chance comes
    by (our own draws' included); the median gap."""
    seen = [e for e in found if e is not None]
    if not seen:
        return NO_REPLY
    replies = [e for e in seen if not e.own] or [NO_REPLY]
    chance_by: dict[str | None, float] = {}
    for e in replies:
        chance_by[e.by] = chance_by.get(e.by, 0.0) + e.chance
    by = max(chance_by, key=lambda planet: chance_by[planet])  # the first named, when nobody puts us out
    ring = sum(e.chance for e in seen if e.kind is OutKind.RING)
    purse = sum(e.chance for e in seen if e.kind is OutKind.PURSE)
    kind = None if ring + purse <= 0 else OutKind.RING if ring >= purse else OutKind.PURSE
    gaps = [e.gap for e in seen if e.gap is not None]
    named = next(e for e in replies if e.by == by)
    n = len(found)
    return Exposure(sum(e.chance for e in seen) / n, by, named.level, kind, statistics.median(gaps) if gaps else None,
                    sum(e.samples for e in replies), n, hands, own=sum(e.own for e in seen) / n)


def exposures(ctx: PlanContext, sit: Situation, shots: Sequence[Candidate], guard: ReplyGuard,
              counts: dict[str, int] | None = None, drawn: Sequence[bool] | None = None,
              times: int = OWN_DRAWS) -> list[Exposure]:
    """For each of ``sit``'s shooter's ``shots``: how likely an adversary puts him out before his next turn,
    the shot played with the guard's hands (``drawn``: per shot, False to reckon it as intended, the cheaper
    screen the planner ranks its other finalists by; all drawn unless told), ``times`` times each (the coach's
    first answer draws once).

    Each draw of the shot (``_Reckoning.draws``) leaves a table; every
    adversary who shoots before our next turn is reckoned against it, as if
    he shot next (the shots between are not played: most leave our taw
    where it lies), at his own level and with his hands; after a draw we
    stay in only if none puts us out, and the chance is the mean over the
    draws.  Our hands and his are seeded by the shot (``shot_key``), the
    draw and his planet, so the same shot from the same table gets the same
    chance wherever it is asked.  ``counts``: a plan's stage counts, to
    which the rollouts are added under ``"guard"``.
    """
    reckon = _Reckoning(ctx, sit, guard, shots, [True] * len(shots) if drawn is None else drawn, max(1, times))
    draws = reckon.draws()
    found: list[list[Exposure]] = [[] for _ in draws]
    by_level: dict[str, list[tuple[int, Situation]]] = {}
    for n, faced in enumerate(reckon.tables(draws)):
        if isinstance(faced, Exposure):
            found[n].append(faced)
            continue
        for nxt in faced:
            level = guard.level_of(nxt.shooter)
            if level.random_play:
                found[n].append(Exposure(0.0, nxt.shooter, level.name, None, _ring_gap(nxt, sit.shooter), 0))
            else:
                by_level.setdefault(level.name, []).append((n, nxt))
    for members in by_level.values():
        ctx.check()
        level = guard.level_of(members[0][1].shooter)
        tags = [draws[n] for n, _ in members]
        for (n, _), exposure in zip(members, reckon.facing([t for _, t in members], tags, level)):
            found[n].append(exposure)
    if counts is not None:
        counts["guard"] = counts.get("guard", 0) + reckon.rollouts
    per_draw = [_combined(f) if f else None for f in found]
    return [_over_draws([e for (s, _), e in zip(draws, per_draw) if s == shot],
                        guard.hands if reckon.drawn[shot] else AS_INTENDED)
            for shot in range(len(shots))]
