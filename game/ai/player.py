"""The AI player the match and the app talk to.

``choose_shot(view)`` blocks until the plan is made (headless matches);
``plan_async(view)`` returns a handle the app polls each frame, then
``shot_for(handle.result(), view)`` turns the decision into the executed
``Shot``: the intended shot plus the level's aim noise, seeded by the
player's seed and the turn, so a match replays identically.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace

from game.ai.levels import LEVELS, Level, get_level
from game.ai.hand_noise import jitter, seed_for
from game.ai.planner import Decision, plan
from game.ai.rollout import sun_moved
from game.ai.setup_spot import choose_setup_spot
from game.ai.situation import Situation
from game.ai.value import ValueWeights
from game.ai.workers import PlanHandle, PlannerPool
from game.match.players import MatchView, RandomPlayer, Shot, TawPlacement
from game.rules.layout import SUN, Point, is_taw
from game.rules.state import RuleState


# m: a Sun that moved less than this between two of our turns was not struck (rest jitter on rough earth).
SUN_UNTOUCHED = 0.001


def rule_state_of(view: MatchView) -> RuleState:
    """The referee's state behind a view (the match hands it over read-only)."""
    if view.rule_state is not None:
        return view.rule_state
    raise ValueError("the match view carries no rule state; the AI cannot plan without it")


def placement_lines(view: MatchView) -> tuple[str, ...]:
    """The lines the match lets the shooter lay his taw on before this shot; () for where it lies (rule 17)."""
    return tuple(view.placements.orbits) if view.placements is not None else ()


def situation_from_view(view: MatchView) -> Situation:
    orbits = placement_lines(view)
    return Situation(layout=view.layout, house=view.house, state=rule_state_of(view), shooter=view.shooter,
                     positions=dict(view.positions), placement_orbits=orbits, max_speed=view.max_speed)


@dataclass
class AIPlayer:
    """A planning player of one level.  Several players may share one ``PlannerPool``."""

    level: Level
    seed: int
    pool: PlannerPool
    weights: ValueWeights = field(default_factory=ValueWeights)
    decision_times: list[float] = field(default_factory=list)
    last_decision: Decision | None = None
    # The stand-off memory (``Situation.standoff``): the last turn planned, the table then (``StandStill``), and
    # for how many of our turns in a row before it nothing had moved.
    _still_memory: tuple[tuple[int, int], "StandStill", int] | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        return self.level.name

    def plan_situation(self, sit: Situation, key: tuple[int, int]) -> PlanHandle[Decision]:
        """Start planning for ``sit``; ``key`` (round, shot number) seeds the plan."""
        level, weights = self.level, self.weights
        seed = seed_for(self.seed, "plan", key[0], key[1], sit.shooter)
        return PlanHandle(self.pool, lambda ctx: plan(ctx, sit, level, seed, weights))

    def plan_async(self, view: MatchView) -> PlanHandle[Decision]:
        """Start planning the shot for ``view``; poll ``done()``, then ``shot_for(handle.result(), view)``."""
        key = (view.round, view.turn)
        sit = replace(situation_from_view(view), standoff=self.standoff_turns(key, StandStill.of(view)))
        return self.plan_situation(sit, key)

    def standoff_turns(self, key: tuple[int, int], now: "StandStill") -> int:
        """How many of our turns in a row, before this one, the game has stood still as it stands now.

        Remembered from turn to turn (the view carries no history): the same
        turn planned again keeps its count; an earlier turn (a new game), a
        Sun that moved or marbles that changed hands start it again.
        """
        memory = self._still_memory
        if memory is not None and memory[0] == key:
            return memory[2]
        still = memory[2] + 1 if memory is not None and memory[0] < key and memory[1].stands(now) else 0
        self._still_memory = (key, now, still)
        return still

    def executed(self, decision: Decision, key: tuple[int, int], shooter: str, max_speed: float) -> Shot:
        """The shot as this level's hands deliver it (the noise is seeded by the turn)."""
        self.last_decision = decision
        noisy = jitter(decision.candidate, self.level.angle_noise_deg, self.level.speed_noise_frac,
                       seed_for(self.seed, "hands", key[0], key[1], shooter), max_speed)
        chosen = decision.candidate
        placement = TawPlacement(chosen.orbit, chosen.orbit_angle) if chosen.orbit is not None else None
        return Shot(direction=math.degrees(noisy.angle) % 360.0, speed=min(noisy.speed, max_speed),
                    placement=placement, spin=chosen.spin)

    def shot_for(self, decision: Decision, view: MatchView) -> Shot:
        return self.executed(decision, (view.round, view.turn), view.shooter, view.max_speed)

    def lay_taw(self, view: MatchView) -> TawPlacement:
        """The setup: where on its own line the AI lays its taw (``game.ai.setup_spot``)."""
        return choose_setup_spot(view)

    def choose_shot(self, view: MatchView) -> Shot:
        started = time.perf_counter()
        decision = self.plan_async(view).result()
        shot = self.shot_for(decision, view)
        self.decision_times.append(time.perf_counter() - started)
        return shot


@dataclass(frozen=True)
class StandStill:
    """What a stand-off leaves as it was: where the Sun lies, the purses and stakes, and the bodies on the board."""

    sun: Point | None
    purses: tuple[tuple[str, int], ...]
    stakes: int
    bodies: int

    @classmethod
    def of(cls, view: MatchView) -> "StandStill":
        bodies = sum(1 for b in view.positions if b != SUN and not is_taw(b))
        return cls(view.positions.get(SUN), tuple(sorted(view.purses.items())), view.stakes, bodies)

    def stands(self, now: "StandStill") -> bool:
        """The game stood still from ``self`` to ``now``: the Sun moved less than ``SUN_STILL`` (``sun_moved``),
        and nobody was paid Sun money (rules 4, 7 and 8).

        Sun money needs the Sun struck: a Sun that did not move (``SUN_UNTOUCHED``) paid nobody, whatever
        the purses did (rule 10's knock-out and its replacement, rule 6's toll, rules 11, 12 and 16 gain no
        ground on the Sun).  A Sun that moved paid only if marbles changed hands beyond the bodies taken off
        the board.
        """
        if self.sun is None or now.sun is None or sun_moved(self.sun, now.sun):
            return False
        if math.dist(self.sun, now.sun) < SUN_UNTOUCHED:
            return True
        before, after = dict(self.purses), dict(now.purses)
        moved = sum(abs(after.get(p, 0) - before.get(p, 0)) for p in set(before) | set(after))
        return moved + abs(now.stakes - self.stakes) <= max(0, self.bodies - now.bodies)


@dataclass
class RandomAI:
    """The ``random`` level: the match's own random baseline, timed like the others."""

    level: Level
    seed: int
    decision_times: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._player = RandomPlayer(self.seed)

    @property
    def name(self) -> str:
        return self.level.name

    def lay_taw(self, view: MatchView) -> TawPlacement:
        return choose_setup_spot(view)

    def choose_shot(self, view: MatchView) -> Shot:
        started = time.perf_counter()
        shot = self._player.choose_shot(view)
        self.decision_times.append(time.perf_counter() - started)
        return shot


def make_player(level: str | Level, seed: int, pool: PlannerPool) -> AIPlayer | RandomAI:
    lv = get_level(level) if isinstance(level, str) else level
    if lv.random_play:
        return RandomAI(lv, seed)
    if lv.coached_by is not None:
        from game.ai.novice import NovicePlayer

        return NovicePlayer(lv, seed, pool)
    return AIPlayer(lv, seed, pool)


__all__ = ["AIPlayer", "RandomAI", "make_player", "situation_from_view", "LEVELS"]
