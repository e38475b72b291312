"""The coach looks for a win by rule 9 before it advises anything else.

Why: the planner aims at the Sun along a handful of lines (full on, and cut
by 0.3 and 0.6 of a contact each way), which is enough to rank the shots of
a game.  But a Sun a few centimetres inside Herschel's line, with another
body beside it, may go out only through a window a few tenths of a degree
wide, and those lines can miss it: in a played game the coach said
"nothing here pays" where a full-power shot 0.4° wide won the game.  A
player who asks at that moment must be shown the win.  So when the Sun is
within reach of the line (``game.ai.value.drive_chance``), the coach plays a
fine fan of full-power shots across the Sun, plain, with topspin and with
backspin, and shows the middle of the widest winning window: the aim with
the most room for the player's hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Sequence

from game.ai.candidates import Candidate
from game.ai.rollout import play
from game.ai.situation import Situation
from game.ai.value import ValueWeights, drive_chance
from game.ai.workers import PlanContext
from game.coach.goals import Goal, GoalKind, judge_goal
from game.rules.layout import SUN

FAN_STEPS = 41         # shots across the fan
FAN_HALF_WIDTHS = 1.6  # the fan spans this many times the Sun's half-width (a contact) each way: a body beside it too
SPINS = (0.0, 1.0, -1.0)  # plain first: a tie goes to the simplest shot
WIN = Goal(GoalKind.WIN)


@dataclass(frozen=True)
class Window:
    """The winning shot chosen, and how many fan steps on either side of it win too."""

    candidate: Candidate
    steps_either_side: int
    step_deg: float

    @property
    def room_deg(self) -> float:
        """The aim may be off by this much either way and the shot still wins (to the fan's step)."""
        return self.steps_either_side * self.step_deg


def in_reach(sit: Situation) -> bool:
    """A win is worth searching for: the Sun within reach of Herschel's line from where the taw lies."""
    sun = sit.positions.get(SUN)
    taw = sit.positions.get(sit.taw)
    if sun is None or taw is None or sit.placement_orbits:
        return False
    return drive_chance(sit.layout, sun, taw, ValueWeights()) > 0.0


def fan(sit: Situation, spin: float) -> list[Candidate]:
    """Full-power shots from the taw across the Sun, evenly spaced in angle."""
    sun, taw = sit.positions[SUN], sit.positions[sit.taw]
    dx, dy = sun[0] - taw[0], sun[1] - taw[1]
    gap = math.hypot(dx, dy)
    contact = sit.layout.sun_radius + sit.layout.marble_radius
    half = math.asin(min(1.0, contact / max(gap, contact)))
    centre = math.atan2(dy, dx)
    span = FAN_HALF_WIDTHS * half
    return [Candidate(origin=taw, angle=centre - span + 2 * span * k / (FAN_STEPS - 1), speed=sit.max_speed,
                      placement=None, target="sun", spin=spin) for k in range(FAN_STEPS)]


def wins(sit: Situation, candidate: Candidate) -> bool:
    """A worker's unit: does this shot, as intended, win the game for the shooter?"""
    ruling, _ = play(sit, candidate)
    return judge_goal(WIN, ruling, sit.shooter).passed


def widest_run(passed: Sequence[bool]) -> tuple[int, int] | None:
    """The middle index of the longest run of True, and how many Trues lie on either side of it in that run."""
    best: tuple[int, int] | None = None
    start = None
    for i, ok in enumerate([*passed, False]):
        if ok and start is None:
            start = i
        elif not ok and start is not None:
            length = i - start
            if best is None or length > best[1]:
                best = (start, length)
            start = None
    if best is None:
        return None
    start, length = best
    return start + (length - 1) // 2, (length - 1) // 2


def find_win(ctx: PlanContext, sit: Situation) -> Window | None:
    """The winning shot with the most room for the hand, or None when no shot of the fan wins."""
    if not in_reach(sit):
        return None
    best: Window | None = None
    for spin in SPINS:
        shots = fan(sit, spin)
        run = widest_run(ctx.map(wins, sit, shots))
        if run is None:
            continue
        middle, either_side = run
        step = math.degrees(shots[1].angle - shots[0].angle)
        if best is None or either_side > best.steps_either_side:
            best = Window(shots[middle], either_side, step)
    return None if best is None else refine(ctx, sit, best)


def refine(ctx: PlanContext, sit: Situation, coarse: Window) -> Window:
    """The coarse window again in steps a fifth as wide, out to two coarse steps beyond the run either side.

    A window is often one coarse step wide: its middle and its room are
    known only to that step until the shots between are played.
    """
    reach = math.radians((coarse.steps_either_side + 2) * coarse.step_deg)
    count = 10 * (coarse.steps_either_side + 2) + 1
    centre = coarse.candidate.angle
    shots = [replace(coarse.candidate, angle=centre - reach + 2 * reach * k / (count - 1)) for k in range(count)]
    run = widest_run(ctx.map(wins, sit, shots))
    if run is None:  # cannot happen: the coarse middle is among them, and it wins
        return coarse
    middle, either_side = run
    return Window(shots[middle], either_side, math.degrees(2 * reach / (count - 1)))
