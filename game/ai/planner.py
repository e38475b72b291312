"""Choosing a shot: generate candidates, roll them out, keep the robust best.

Three stages, each a batch of independent rollouts run in the planning
workers (``PlanContext.map``):

1. every candidate once, exactly as intended, scored by the referee's ruling
   (marbles won relative to the others, a win) plus the value of the
   position left behind; with a screen (medium, hard: ``Level.screen_keep``)
   every candidate first in the screen's coarser physics, then the best few
   again in the match's own: only those can be chosen, so the chosen shot
   and its predicted outcome are always the real physics';
2. the best few again under the level's own aim noise (each sample seeded by
   the plan seed, the candidate's index and the sample's number): a shot that
   only works when struck perfectly scores its average, so robust shots win
   over razor-edge ones;
3. (hard) for the best three, the table each leaves (in the real physics),
   the next player's best replies from it, and our own best shot after them
   (estimates: in the screen's physics when the level screens).

Every score is a pure function of the situation and the candidate, and ties
go to the lower candidate index, so the choice does not depend on the number
of workers or on timing.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from game.ai.candidates import Candidate, generate, placement_points
from game.ai.levels import Level
from game.ai.hand_noise import seed_for
from game.ai.reply_guard import KNOCKOUT_COST, NO_REPLY, OWN_DRAWS, Exposure, ReplyGuard, exposures
from game.ai.rollout import EvalJob, EvalResult, evaluate, ground_pool, sun_moved
from game.ai.situation import Situation
from game.ai.value import ValueWeights
from game.ai.workers import PlanContext
from game.match.table import free_spot_on_line
from game.rules.layout import SUN, taw_id

MIN_SPEED = 0.45          # m/s: slower shots barely reach anything (a flick at 0.45 goes 10 cm)
REPLY_WEIGHT = 0.8        # how much of the next player's best reply we count against a shot
REPLY_RING = 4            # rule 13 shots among the next player's replies (hard's lookahead)
SECOND_WEIGHT = 0.5       # how much of our own best shot after that reply we count for a shot
MOVERS_KEPT = 3           # shots that move the Sun among those the screen keeps, when it has them
GUARD_TOP = 3             # the coach's finalists whose exposure to the next reply is reckoned (``reply_guard``)
FIRST_DRAWS = 1           # the first answer draws its best shot with the player's hands once (the full: ``OWN_DRAWS``)
# The coach's first answer (``plan``'s ``on_first``): every other candidate screened, the best of them played
# in the real physics, the best few of those under the hands with fewer samples, and the best one guarded.
FIRST_KEEP = 8
FIRST_ROBUST = 3
FIRST_SAMPLES = 3


@dataclass(frozen=True)
class Decision:
    candidate: Candidate
    score: float
    summary: str
    rollouts: int
    seconds: float
    considered: int
    stages: dict[str, int] = field(default_factory=dict)
    safe: bool = True  # the chosen shot, as intended, keeps the shooter in with no foul
    exposure: Exposure = NO_REPLY  # with a reply guard (the coach): the next adversary's chance to put us out
    exposed_all: bool = False      # ... and every guarded finalist was likely to be put out


def origins_for(sit: Situation, count: int) -> list[tuple[tuple[float, float], str | None, float]]:
    """Where the taw can shoot from: where it lies, or the best spots on the allowed lines."""
    taw_pos = sit.positions.get(sit.taw)
    if not sit.placement_orbits:
        return [(taw_pos, None, 0.0)] if taw_pos is not None else []
    sun = sit.positions.get(SUN, (0.0, 0.0))
    found: list[tuple[tuple[float, float], str | None, float]] = []
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
                   spin_shots: bool = False, stop_by_ring: bool = False, positional: bool = False,
                   ring_at: tuple[str, ...] | None = None) -> list[Candidate]:
    """The shooter's candidates; ``ring_at``: the players whose taws its rule 13 shots aim at (default: every
    adversary still in)."""
    rivals = tuple(taw_id(p) for p in (sit.opponents() if ring_at is None else ring_at)) if ring_budget > 0 else ()
    return generate(layout=sit.layout, bodies=sit.positions, shooter=sit.shooter,
                    origins=origins_for(sit, origins), speed_range=(MIN_SPEED, sit.max_speed), budget=budget,
                    ring_targets=rivals, ring_budget=ring_budget, spin_shots=spin_shots,
                    stop_by_ring=stop_by_ring, positional=positional)


def _best(indices: list[int], scores: list[float], k: int) -> list[int]:
    return sorted(indices, key=lambda i: (-scores[i], i))[:k]


def _with_movers(ranked: list[int], k: int, moves: list[bool], reserve: int) -> list[int]:
    """The first ``k`` of ``ranked``, with at least ``reserve`` shots that move the Sun among them if
    ``ranked`` has them: each best mover left out takes the place of the worst kept shot that leaves it.

    A stage that keeps only its best few can keep a few nudges of one line
    that differ by a tenth of a marble; the next, truer stage (the real
    physics, the aim noise, the replies) then never weighs a drive against
    a pass, which is the choice that decides how a game ends.
    """
    kept = ranked[:k]
    short = reserve - sum(1 for i in kept if moves[i])
    extra = [i for i in ranked[k:] if moves[i]][:max(0, short)]
    passes = [n for n, i in enumerate(kept) if not moves[i]]
    for n, i in zip(reversed(passes), extra):
        kept[n] = i
    return kept


def own_turn(sit: Situation, after: Situation) -> Situation | None:
    """The table ``after`` (another player's reply) with ``sit``'s shooter to play it, if he is still in.

    With two players this is the next turn exactly; with more, the others
    between are skipped (the estimate of what the table offers him).
    """
    from game.rules.state import start_options

    state = after.state
    me = sit.shooter
    if state.finished or me not in state.active:
        return None
    options = start_options(state, me, after.house)
    orbits = tuple(options.orbits) if options is not None else ()
    return Situation(after.layout, after.house, replace(state, turn=state.players.index(me)), me,
                     dict(after.positions), orbits, after.max_speed)


@dataclass
class _Search:
    """One plan's stages, sharing its candidates, scores and the situations the rollouts start from."""

    ctx: PlanContext
    sit: Situation
    level: Level
    seed: int
    weights: ValueWeights
    cands: list[Candidate] = field(default_factory=list)
    nominal: list[EvalResult] = field(default_factory=list)
    final: list[float] = field(default_factory=list)
    pool: list[int] = field(default_factory=list)
    situations: list[Situation] = field(default_factory=list)
    stages: dict[str, int] = field(default_factory=dict)
    safe_only: bool = False
    guard: ReplyGuard | None = None
    exposure: dict[int, Exposure] = field(default_factory=dict)   # the exposures counted in ``final`` now
    # Every guard reckoning made, by (candidate, the player's hands drawn so many times; 0: the screen), each a
    # function of the shot.
    reckoned: dict[tuple[int, int], Exposure] = field(default_factory=dict)
    drawn: set[int] = field(default_factory=set)   # the candidates this pass counts drawn (the first answer's own)
    grounds: Any = field(default_factory=ground_pool)   # spare ground bodies the plan's rollouts share
    # What the coach's first answer played, kept for the full one: the screen's results (None: not yet
    # screened), the real physics' nominal results, the robust stage's samples' scores by (candidate, number).
    rough: list[EvalResult | None] = field(default_factory=list)
    real: dict[int, EvalResult] = field(default_factory=dict)
    noisy: dict[tuple[int, int], float] = field(default_factory=dict)

    def run(self, fn: Any, jobs: list[Any], stage: str) -> list[Any]:
        results = self.ctx.map(fn, (tuple(self.situations), self.weights, self.grounds), jobs)
        self.stages[stage] = self.stages.get(stage, 0) + len(jobs)
        return results

    def add_situation(self, sit: Situation) -> int:
        self.situations.append(sit)
        return len(self.situations) - 1

    def score(self, result: EvalResult) -> float:
        return result.score(self.level.position_weight)

    @property
    def robust(self) -> bool:
        return self.level.robust_top > 0 and self.level.noise_samples > 0

    @property
    def coarse(self) -> bool:
        """Whether this level's estimates (the screen, the replies, its own next shot) use the coarse physics."""
        return self.level.screen_keep > 0

    def nominal_stage(self, first: bool = False) -> None:
        """Stage 1: every candidate once, as intended (screened first when the level screens).

        ``first`` (the coach's first answer): only every other candidate is
        screened and the best ``FIRST_KEEP`` of them played in the real
        physics; called again without it, the rest are screened and the
        screen's best ``screen_keep`` of all are played (those already played
        are not played again), leaving the scores exactly as a single call
        would.
        """
        level, sit = self.level, self.sit
        if not self.cands:
            self.cands = candidates_for(sit, level.max_candidates, level.origins, level.ring_candidates,
                                        level.spin_shots, level.stop_by_ring, level.position_shots)
            if not self.cands:
                raise ValueError(f"{sit.shooter} has no shot to consider")
            self.situations = [sit]
            self.rough = [None] * len(self.cands)
        chosen = self._screen(first)
        todo = [i for i in chosen if i not in self.real]
        for i, result in zip(todo, self.run(evaluate, [EvalJob(0, self.cands[i]) for i in todo], "candidates")):
            self.real[i] = result
        self.nominal = list(self.rough)  # type: ignore[arg-type]  # every entry read is filled in below or screened
        self.final = [-math.inf] * len(self.cands)
        self.exposure.clear()  # this pass's guard counts them afresh, from what it has reckoned
        self.drawn.clear()
        for i in chosen:
            self.nominal[i] = self.real[i]
            self.final[i] = self.score(self.real[i])
        self.pool = chosen
        if self.safe_only:
            # The coach: only shots that, as intended, keep the shooter in with no foul (when there are some).
            self.pool = [i for i in self.pool if self.nominal[i].safe] or self.pool

    def _screen(self, first: bool) -> list[int]:
        """The candidates to play in the real physics: all, or the screen's best ``screen_keep``.

        Screened out, a candidate keeps its coarse result and a score of
        minus infinity: it is never chosen.  The coach keeps shots the screen
        found safe ahead of the others.  ``first``: every other candidate,
        and its best ``FIRST_KEEP`` (``nominal_stage``).
        """
        keep = self.level.screen_keep
        if keep <= 0 or len(self.cands) <= keep:
            return list(range(len(self.cands)))
        part = list(range(0, len(self.cands), 2 if first else 1))
        todo = [i for i in part if self.rough[i] is None]
        for i, result in zip(todo, self.run(evaluate, [EvalJob(0, self.cands[i], coarse=True) for i in todo],
                                            "screen")):
            self.rough[i] = result
        rough: list[EvalResult] = self.rough  # type: ignore[assignment]  # the part's entries are all filled in
        scores = {i: self.score(rough[i]) for i in part}
        ranked = sorted(part, key=lambda i: (self.safe_only and not rough[i].safe, -scores[i], i))
        sun = self.sit.positions.get(SUN)
        moves = [r is not None and (r.finished or sun_moved(sun, r.sun)) for r in self.rough]
        return sorted(_with_movers(ranked, FIRST_KEEP if first else keep, moves, MOVERS_KEPT))

    @property
    def moves(self) -> list[bool]:
        """Per candidate, whether its latest rollout moved the Sun (``sun_moved``) or ended the game."""
        sun = self.sit.positions.get(SUN)
        return [r is not None and (r.finished or sun_moved(sun, r.sun)) for r in self.nominal]

    def _finalists(self, k: int) -> list[int]:
        """The pool's best ``k`` for the next stage, the best shot that moves the Sun among them."""
        return _with_movers(_best(self.pool, self.final, len(self.pool)), k, self.moves, 1)

    def robust_stage(self, first: bool = False) -> None:
        """Stage 2: the best few again under the level's own aim noise (``first``: fewer, with fewer samples;
        a sample drawn once is not drawn again: each is seeded by the candidate and its number)."""
        level = self.level
        if not self.robust:
            return
        top = self._finalists(min(FIRST_ROBUST, level.robust_top) if first else level.robust_top)
        k = min(FIRST_SAMPLES, level.noise_samples) if first else level.noise_samples
        todo = [(i, n) for i in top for n in range(k) if (i, n) not in self.noisy]
        jobs = [EvalJob(0, self.cands[i], (level.angle_noise_deg, level.speed_noise_frac,
                                           seed_for(self.seed, "robust", i, n)))
                for i, n in todo]
        for key, result in zip(todo, self.run(evaluate, jobs, "robust")):
            self.noisy[key] = self.score(result)
        for i in top:
            samples = [self.score(self.nominal[i])] + [self.noisy[(i, n)] for n in range(k)]
            # Mostly the average, with a little weight on the worst case: rule 13
            # and rule 9 are cliffs, and one bad sample in five is a real warning.
            self.final[i] = 0.75 * statistics.fmean(samples) + 0.25 * min(samples)
            self.exposure.pop(i, None)
        self.pool = top

    def lookahead_stage(self) -> None:
        """Stage 3: for the finalists, the next player's best reply, then our own best shot after his best few."""
        level = self.level
        if level.lookahead_top <= 0 or level.reply_candidates <= 0:
            return
        top = self._finalists(level.lookahead_top)
        afters = self.run(evaluate, [EvalJob(0, self.cands[i], want_next=True) for i in top], "lookahead")
        replies = self._replies([a.next_situation if not a.finished else None for a in afters])
        seconds = self._second_shots(replies)
        for n, i in enumerate(top):
            best_reply = replies[n][0][0] if replies[n] else 0.0
            # What the next shots are worth replaces the threat heuristic for these finalists.
            self.final[i] += (self.level.position_weight * self.nominal[i].threat
                              - REPLY_WEIGHT * best_reply + SECOND_WEIGHT * seconds[n])
        self.pool = top

    def guard_stage(self, top: int = GUARD_TOP, times: int = OWN_DRAWS) -> None:
        """(The coach) the best few against the next adversary's replies with his hands (``reply_guard``).

        Each guarded shot's score loses its chance of our being put out times
        ``KNOCKOUT_COST`` (a game lost), so a shot of near worth that is safer
        wins.  The pool's best, the shot about to be advised, is reckoned
        with the player's hands on it (``ReplyGuard.hands``: drawn a few
        times, as a person would play it); the rest of its best ``top`` only
        as intended, a screen at about 60 % of the cost, which ranks them
        until one becomes the best (then it is drawn in turn: its drawn
        chance replaces the screen's).  It stops once the best is drawn and
        the rest screened, so the shot advised is always weighed with the
        hands (``times`` draws; the first answer guards ``top`` 1, its best
        only, and draws it ``FIRST_DRAWS`` times: a cheaper look the full
        answer's draws replace).  Once drawn, a shot keeps its drawn chance
        for the rest of the pass (so the stage ends).  The full answer's
        pass counts afresh from the scores before any guard
        (``nominal_stage``), and a reckoning is made once and kept
        (``reckoned``: a function of the shot), so it counts exactly what
        the plan without a first answer would, whatever the first answer
        reckoned.
        """
        if self.guard is None:
            return
        while True:
            best = _best(self.pool, self.final, top)
            wanted = [(i, n == 0 or i in self.drawn) for n, i in enumerate(best)
                      if i not in self.exposure or (n == 0 and i not in self.drawn)]
            if not wanted:
                return
            self._reckon(wanted, times)
            for i, hands in wanted:
                self._count(i, self.reckoned[self._key(i, hands, times)])
            self.drawn.update(i for i, hands in wanted if hands)

    def _key(self, i: int, hands: bool, times: int) -> tuple[int, int]:
        """Where candidate ``i``'s reckoning is kept (with steady hands, drawn is the screen's reckoning)."""
        return i, times if hands and self.guard is not None and not self.guard.hands.steady else 0

    def _reckon(self, wanted: list[tuple[int, bool]], times: int) -> None:
        """The guard's reckonings of these (candidate, drawn ``times`` times or screened) not yet made, in one
        batch."""
        assert self.guard is not None
        todo = [key for key in dict.fromkeys(self._key(i, hands, times) for i, hands in wanted)
                if key not in self.reckoned]
        if todo:
            found = exposures(self.ctx, self.sit, [self.cands[i] for i, _ in todo], self.guard, self.stages,
                              drawn=[n > 0 for _, n in todo], times=times)
            self.reckoned.update(zip(todo, found))

    def _count(self, i: int, exposure: Exposure | None) -> None:
        """Candidate ``i``'s score with ``exposure`` counted in place of the one it had (None: none)."""
        old = self.exposure.pop(i, None)
        if old is not None:
            self.final[i] += KNOCKOUT_COST * old.chance
        if exposure is not None:
            self.exposure[i] = exposure
            self.final[i] = guarded_score(self.final[i], exposure)

    def decision(self, started: float) -> Decision:
        """The pool's best as a decision, with its exposure when guarded."""
        choice = _best(self.pool, self.final, 1)[0]
        guarded = [self.exposure[i] for i in _best(self.pool, self.final, GUARD_TOP) if i in self.exposure]
        return Decision(candidate=self.cands[choice], score=self.final[choice],
                        summary=self.nominal[choice].summary, rollouts=sum(self.stages.values()),
                        seconds=time.perf_counter() - started, considered=len(self.cands), stages=dict(self.stages),
                        safe=self.nominal[choice].safe, exposure=self.exposure.get(choice, NO_REPLY),
                        exposed_all=bool(guarded) and all(e.likely for e in guarded))

    def _replies(self, tables: list[Situation | None]) -> list[list[tuple[float, Situation | None]]]:
        """Per table, the next player's replies, best first (his own score), with the tables they leave."""
        jobs: list[EvalJob] = []
        owners: list[int] = []
        for n, nxt in enumerate(tables):
            if nxt is None:
                continue
            index = self.add_situation(nxt)
            # The reply may put our taw in the ring (rule 13) if we leave it lined up.
            for reply in candidates_for(nxt, self.level.reply_candidates, 2,
                                        min(REPLY_RING, self.level.ring_candidates)):
                jobs.append(EvalJob(index, reply, want_next=self.level.second_candidates > 0, coarse=self.coarse))
                owners.append(n)
        results = self.run(evaluate, jobs, "replies")
        found: list[list[tuple[float, int, Situation | None]]] = [[] for _ in tables]
        for j, (owner, r) in enumerate(zip(owners, results)):
            found[owner].append((self.score(r), j, None if r.finished else r.next_situation))
        return [[(value, table) for value, _, table in sorted(rows, key=lambda row: (-row[0], row[1]))]
                for rows in found]

    def _second_shots(self, replies: list[list[tuple[float, Situation | None]]]) -> list[float]:
        """Per finalist, our best shot after each of the next player's best few replies, averaged.

        The next player is not the model we hold of him (his hands, his
        candidates): averaging over his ``second_replies`` best replies, not
        trusting the single best, keeps one guess from steering the choice.
        A reply that ends the game leaves us nothing (0).
        """
        out = [0.0] * len(replies)
        if self.level.second_candidates <= 0:
            return out
        jobs: list[EvalJob] = []
        owners: list[tuple[int, int]] = []
        for n, rows in enumerate(replies):
            for k, (_, after) in enumerate(rows[:self.level.second_replies]):
                mine = own_turn(self.sit, after) if after is not None else None
                if mine is None:
                    continue
                index = self.add_situation(mine)
                for shot in candidates_for(mine, self.level.second_candidates, 2):
                    jobs.append(EvalJob(index, shot, coarse=self.coarse))
                    owners.append((n, k))
        results = self.run(evaluate, jobs, "second")
        best: dict[tuple[int, int], float] = {}
        for owner, r in zip(owners, results):
            best[owner] = max(best.get(owner, -math.inf), self.score(r))
        for n, rows in enumerate(replies):
            counted = rows[:self.level.second_replies]
            if counted:
                out[n] = statistics.fmean(best.get((n, k), 0.0) for k in range(len(counted)))
        return out


def guarded_score(score: float, exposure: Exposure) -> float:
    """A shot's score once the next adversary's reply is weighed: less its chance of putting us out times a
    game lost (``KNOCKOUT_COST``)."""
    return score - KNOCKOUT_COST * exposure.chance


def level_weights(level: Level, weights: ValueWeights = ValueWeights()) -> ValueWeights:
    """The value weights a level plans with: ``weights`` with the level's drive plan on or off."""
    return replace(weights, drive_plan=level.drive_plan)


def plan(ctx: PlanContext, sit: Situation, level: Level, seed: int,
         weights: ValueWeights = ValueWeights(), safe_only: bool = False, guard: ReplyGuard | None = None,
         on_first: Callable[[Decision], None] | None = None) -> Decision:
    """The level's shot for ``sit``: candidates, nominal rollouts, the robust stage, the lookahead.

    ``safe_only`` (the coach): choose among the candidates that, played as
    intended, keep the shooter in with no foul, when any does.  ``guard``
    (the coach): weigh the best few against the next adversary's replies at
    his own level and with his hands (``guard_stage``), before the lookahead
    and again after it.  ``on_first``: called with the choice before the
    lookahead (a first answer while the lookahead runs; a level without one
    has nothing more to do).
    """
    started = time.perf_counter()
    search = _Search(ctx, sit, level, seed, level_weights(level, weights), safe_only=safe_only, guard=guard)
    if on_first is not None and level.lookahead_top > 0:
        # The first answer: half the screen, fewer and shorter robust samples, its best shot guarded.
        search.nominal_stage(first=True)
        search.robust_stage(first=True)
        search.guard_stage(top=1, times=FIRST_DRAWS)
        on_first(search.decision(started))
    search.nominal_stage()
    search.robust_stage()
    search.guard_stage()
    search.lookahead_stage()
    search.guard_stage()
    return search.decision(started)


def direction_deg(candidate: Candidate) -> float:
    return math.degrees(candidate.angle) % 360.0
