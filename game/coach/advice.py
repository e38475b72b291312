"""The coach: a planning AI's best shot from here, played noise-free, with a reason.

The plan is the AI's own (``game.ai.planner.plan``), run through a
``PlannerPool`` so the app never waits on it; the chosen candidate is turned
into the shot as intended (no aim noise: the coach shows what to aim at),
previewed through the real physics and referee, and explained by ``why``.
The coach never advises a shot that puts its own player out (rule 13, or
running out) or fouls while some candidate does neither: the plan chooses
among such safe shots, and if the shot's preview is not safe after all, the
best safe candidate is shown instead.  When no candidate is safe the advice
says so (``Advice.safe``, and the first words of ``why``).
In a lesson the coach is given the lesson's goal: when the AI's best shot
would not meet it, the best of the AI's candidates that does is shown
instead (a lesson asks for one thing, which is not always the shot a game
would call best).
"""

from __future__ import annotations

import math
import time
from functools import partial
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from game.ai.candidates import Candidate
from game.ai.levels import Level, coach_level, get_level
from game.ai.hand_noise import seed_for
from game.ai.planner import Decision, candidates_for, plan
from game.ai.reply_guard import NO_REPLY, Exposure, ReplyGuard, exposures
from game.ai.rollout import play, score_outcome
from game.ai.situation import Situation
from game.ai.value import ValueWeights
from game.ai.workers import PlanContext, PlanHandle, PlannerPool
from game.coach.exposure_words import exposure_words
from game.coach.goals import Goal, GoalKind, judge_goal
from game.coach.preview import Preview, PreviewRequest, preview_shot
from game.coach.why import why
from game.coach.win_search import WIN, Window, find_win
from game.match.players import Shot, TawPlacement
from game.physics import PhysicsConfig
from game.rules.house import HouseRules
from game.rules.layout import Layout
from game.rules.state import RuleState, start_options

DEFAULT_LEVEL = "hard"


@dataclass(frozen=True)
class Advice:
    """The coach's shot, what it would do, and one sentence why."""

    shooter: str
    shot: Shot
    preview: Preview
    why: str
    seconds: float  # wall time from asking to the advice
    safe: bool = True  # the shot keeps its player in with no foul (False: no candidate does)
    exposure: Exposure = NO_REPLY  # the next adversary's chance to put the player out after it (``reply_guard``)
    exposed_all: bool = False      # every shot the coach weighed was likely to be answered so
    final: bool = True  # False: a first answer, before the hard coach's lookahead (``PlanHandle.first_answer``)


def situation_for(state: RuleState, house: HouseRules, layout: Layout,
                  lines: Sequence[str] | None = None) -> Situation:
    """What the planner needs to know for the player whose turn it is.

    ``lines``: the lines the match lets him lay his taw on before this shot
    (``MatchView.placements``; empty: he shoots from where it lies).  The
    rule state alone cannot tell a taw laid at the setup from one still to be
    laid, and after the setup every player shoots from where his taw rests
    (rule 17), so a game passes what its match offers.  None: what the rule
    state offers, as a match started from that state (a scenario, a lesson)
    plays it.
    """
    shooter = state.next_shooter()
    if shooter is None or state.finished:
        raise ValueError("the game is over: nobody is to shoot")
    if lines is None:
        options = start_options(state, shooter, house)
        orbits = tuple(options.orbits) if options is not None else ()
    else:
        orbits = tuple(lines)
    max_speed = PhysicsConfig.for_layout(layout).max_shot_speed
    return Situation(layout=layout, house=house, state=state, shooter=shooter, positions=dict(state.positions),
                     placement_orbits=orbits, max_speed=max_speed)


def intended_shot(decision: Decision, max_speed: float) -> Shot:
    """The chosen candidate as a shot, exactly as intended (its spin too: a stop or follow shot)."""
    chosen = decision.candidate
    placement = TawPlacement(chosen.orbit, chosen.orbit_angle) if chosen.orbit is not None else None
    # A hair below zero is 360.0 after one modulo; a second makes it 0.0, as a scenario file reads it back.
    return Shot(direction=math.degrees(chosen.angle) % 360.0 % 360.0, speed=min(chosen.speed, max_speed),
                placement=placement, spin=chosen.spin)


NO_SAFE_SHOT = "No shot I found keeps you in the game without a foul; this one costs least"
ALL_EXPOSED = "every shot I weighed leaves you open to a knock-out; this one"
STAY_IN = Goal(GoalKind.STAY_IN)


@dataclass(frozen=True)
class _Asked:
    """What one request for advice knows: the position, the coach's level, the lesson's goal, the adversaries."""

    state: RuleState
    house: HouseRules
    layout: Layout
    sit: Situation
    level: Level
    goal: Goal | None
    guard: ReplyGuard
    seed: int
    started: float
    # What the first answer found beyond the plan, kept for the full one (each depends only on the position):
    # the win's window, a goal's best shot, another shot's exposure.  The full answer reckons none of it again.
    found: dict[Any, Any] = field(default_factory=dict)

    def once(self, key: Any, work: Callable[[], Any]) -> Any:
        """``work()``, or what it gave the first time ``key`` was asked for in this request."""
        if key not in self.found:
            self.found[key] = work()
        return self.found[key]


def _advise(ctx: PlanContext, state: RuleState, house: HouseRules, layout: Layout, level: str,
            seed: int, goal: Goal | None, lines: Sequence[str] | None, guard: ReplyGuard, first: bool) -> Advice:
    """The plan, then its shot as advice; with ``first``, a first answer for the caller before the lookahead
    (``publish``).  The full answer is the same either way (``game.ai.planner.plan``)."""
    started = time.perf_counter()
    sit = situation_for(state, house, layout, lines)
    plan_seed = seed_for(seed, "coach", state.round, state.shots, sit.shooter)
    asked = _Asked(state, house, layout, sit, coach_level(level), goal, guard, plan_seed, started)
    decision = plan(ctx, sit, asked.level, plan_seed, safe_only=True, guard=guard,
                    on_first=(lambda early: ctx.publish(_advice_for(ctx, asked, early, final=False))) if first else None)
    ctx.check()
    return _advice_for(ctx, asked, decision, final=True)


def _advice_for(ctx: PlanContext, asked: _Asked, decision: Decision, final: bool) -> Advice:
    """The decision's shot previewed and explained; a win's window or a lesson's goal may replace it."""
    sit, state, house, layout = asked.sit, asked.state, asked.house, asked.layout
    candidate = decision.candidate
    preview = _preview_of(state, house, layout, decision, candidate, sit.max_speed)
    window = None
    if (asked.goal is None or asked.goal.kind is GoalKind.WIN) and not judge_goal(WIN, preview.ruling,
                                                                                  sit.shooter).passed:
        window = asked.once("win", lambda: find_win(ctx, sit))
        if window is not None:
            candidate = window.candidate
            preview = _preview_of(state, house, layout, decision, candidate, sit.max_speed)
    for wanted in ([asked.goal] if asked.goal is not None else []) + [STAY_IN]:
        # A lesson's goal first (it includes staying in with no foul, but for a win), then plain safety.
        if judge_goal(wanted, preview.ruling, sit.shooter).passed:
            break
        better = asked.once(wanted, partial(_best_for_goal, ctx, sit, asked.level, wanted))
        if better is not None:
            candidate = better
            preview = _preview_of(state, house, layout, decision, candidate, sit.max_speed)
            break
    exposure = decision.exposure
    if candidate is not decision.candidate:  # another shot than the plan's: its own reckoning
        exposure = asked.once(candidate, lambda: exposures(ctx, sit, [candidate], asked.guard)[0])
    safe = judge_goal(STAY_IN, preview.ruling, sit.shooter).passed
    words = why(preview, layout)
    if window is not None and judge_goal(WIN, preview.ruling, sit.shooter).passed:
        words = f"{words}; {fine_shot_words(window)}"
    if not safe:
        words = f"{NO_SAFE_SHOT}: {words[0].lower()}{words[1:]}"
    elif exposure.likely and exposure_words(exposure):
        words = f"{words}; but {ALL_EXPOSED if decision.exposed_all else 'this shot'} {exposure_words(exposure)}"
    shot = intended_shot(replace(decision, candidate=candidate), sit.max_speed)
    return Advice(sit.shooter, shot, preview, words, time.perf_counter() - asked.started, safe, exposure,
                  decision.exposed_all, final)


def fine_shot_words(window: Window) -> str:
    """How much room a winning shot leaves the hand, in words a newcomer can act on.

    The fan measures the room in its own steps (``find_win``'s fine pass): ``n``
    steps either side of the middle win and the next does not, so the room
    lies between ``n`` and ``n + 1`` steps.  With no step either side the room
    is below what the fan resolves, and its figure ("0.00°") would tell the
    player nothing true: the shot needs the aim exactly as advised (H taken
    again, then G, shoots it so).  The same holds for a room that would print
    as 0.00° (one step under 0.005°: a taw more than 3 m from the Sun).
    """
    if window.steps_either_side < 1 or round(window.room_deg, 2) == 0.0:
        return "a fine shot: it needs the aim exactly as advised"
    return f"a fine shot: it wins with the aim up to {window.room_deg:.2f}° either way, not more"


def _preview_of(state: RuleState, house: HouseRules, layout: Layout, decision: Decision, candidate: Candidate,
                max_speed: float) -> Preview:
    shot = intended_shot(replace(decision, candidate=candidate), max_speed)
    return preview_shot(PreviewRequest(state, house, layout, shot))


def goal_rollout(shared: tuple[Situation, Goal, float], candidate: Candidate) -> tuple[bool, float]:
    """A worker's unit: does this candidate, as intended, meet the goal, and how does the AI score it?"""
    sit, goal, position_weight = shared
    ruling, table = play(sit, candidate)
    score = score_outcome(sit, ruling, table, ValueWeights()).score(position_weight)
    return judge_goal(goal, ruling, sit.shooter).passed, score


def _best_for_goal(ctx: PlanContext, sit: Situation, level: Level, goal: Goal) -> Candidate | None:
    """The AI's best-scored candidate that meets ``goal``; None if none does."""
    cands = candidates_for(sit, level.max_candidates, level.origins, level.ring_candidates, level.spin_shots,
                           level.stop_by_ring)
    results = ctx.map(goal_rollout, (sit, goal, level.position_weight), cands)
    passing = [(score, -i) for i, (passed, score) in enumerate(results) if passed]
    return cands[-max(passing)[1]] if passing else None


def start_advice(state: RuleState, house: HouseRules, layout: Layout, pool: PlannerPool,
                 level: str = DEFAULT_LEVEL, seed: int = 0, goal: Goal | None = None,
                 lines: Sequence[str] | None = None, guard: ReplyGuard = ReplyGuard(),
                 first_answer: bool = True) -> PlanHandle[Advice]:
    """Ask for advice in the background: poll ``done()``, then ``result()``; ``cancel()`` returns at once.

    ``goal``: a lesson's, which the advice meets if any of the AI's candidates does.
    ``lines``: where the match lets the shooter lay his taw (``situation_for``).
    ``guard``: the adversaries' levels, whose replies the advice weighs (``game.ai.reply_guard``).
    ``first_answer``: publish a first answer (``PlanHandle.first_answer``) for a caller who shows it.
    """
    if get_level(level).random_play:
        raise ValueError(f"the {level} level does not plan; the coach needs a planning level")
    situation_for(state, house, layout, lines)  # refuse a finished game here, not in the thread
    return PlanHandle(pool, lambda ctx: _advise(ctx, state, house, layout, level, seed, goal, lines, guard,
                                                first_answer))


def advise(state: RuleState, house: HouseRules, layout: Layout, level: str = DEFAULT_LEVEL, seed: int = 0,
           pool: PlannerPool | None = None, goal: Goal | None = None,
           lines: Sequence[str] | None = None, guard: ReplyGuard = ReplyGuard()) -> Advice:
    """The coach's advice, waiting for it (headless use: ``taw hint``, tests): no first answer, the same full one."""
    if pool is not None:
        return start_advice(state, house, layout, pool, level, seed, goal, lines, guard, first_answer=False).result()
    with PlannerPool(0) as inline:
        return start_advice(state, house, layout, inline, level, seed, goal, lines, guard, first_answer=False).result()
