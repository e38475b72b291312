"""The course: short lessons, each a scenario file plus a short text, judged by the referee.

A lesson is a folder holding ``scenario.toml`` (the existing scenario
format, ``docs/scenario-format.md``; its last shot is the lesson's recorded
solution, any earlier shots set the table up) and ``lesson.toml``:

```toml
title = "The first shot, and the inner ring"
rules = [13]                  # printed beside the lesson, as Martin wrote them
do = "Strike the Sun at an angle ..."   # what to do, one or two sentences
[goal]                        # what counts as success (game.coach.goals)
kind = "release"
avoid = [12]
[start]                       # the aim and power the lesson opens with: a shot that must not pass
aim = "sun"                   # (a scenario shot table; the player must aim to pass)
speed = 1.5
```

The course ships inside the package (``game/coach/lessons/``).  A lesson
that fails to load is kept in the list with a one-line reason.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from game.coach.goals import Goal, GoalKind, Outcome, judge_goal
from game.coach.preview import match_for
from game.errors import UserError
from game.fileio import parse_toml, read_bounded
from game.match.match import IllegalShotError, ShotResult
from game.match.players import Shot, TawPlacement
from game.physics import PhysicsConfig
from game.rules.layout import PLANETS, taw_id
from game.rules.state import RuleState
from game.scenario.format import Scenario, ShotSpec, parse_scenario, read_shot, resolve_direction
from game.scenario.run import run_scenario, starting_state

LESSON_FILE = "lesson.toml"
SCENARIO_FILE = "scenario.toml"
MAX_FILE_BYTES = 64 * 1024
MAX_LESSONS = 200
LESSON_KEYS = frozenset({"title", "rules", "do", "goal", "start", "needs"})
GOAL_KEYS = frozenset({"kind", "rule", "payer", "avoid"})


class Needs(StrEnum):
    """What passing a lesson takes, from its opening: turning the aim and setting the power, or one alone
    (the lesson's ``do`` says why that one is enough; ``check_lesson`` holds the physics to the claim)."""

    BOTH = "aim and power"
    AIM = "aim"
    POWER = "power"


@dataclass(frozen=True)
class Lesson:
    id: str          # the folder's name; progress is kept by it
    title: str
    rules: tuple[int, ...]
    do: str
    goal: Goal
    scenario: Scenario   # its last shot is the solution
    start: ShotSpec      # the aim and power the player finds when the lesson opens; it fails the goal
    needs: Needs = Needs.BOTH

    @property
    def setup_shots(self) -> tuple[ShotSpec, ...]:
        return self.scenario.shots[:-1]

    @property
    def solution(self) -> ShotSpec:
        return self.scenario.shots[-1]


@dataclass(frozen=True)
class CourseEntry:
    """One lesson folder: the lesson, or why it could not be loaded."""

    id: str
    lesson: Lesson | None
    error: str = ""

    @property
    def title(self) -> str:
        return self.lesson.title if self.lesson is not None else self.id


def course_dir() -> Path:
    """The shipped course: beside this module (a checkout or a wheel), or beside a frozen build's executable."""
    here = Path(__file__).resolve().parent / "lessons"
    if getattr(sys, "frozen", False):
        frozen = Path(sys.executable).resolve().parent / "game" / "coach" / "lessons"
        if frozen.is_dir():
            return frozen
    return here


def _fail(source: str, key: str, problem: str) -> UserError:
    return UserError(f"{source}: {key}: {problem}" if key else f"{source}: {problem}")


def _goal(source: str, data: Any) -> Goal:
    if not isinstance(data, dict):
        raise _fail(source, "goal", "must be a table")
    extra = sorted(set(data) - GOAL_KEYS)
    if extra:
        raise _fail(source, f"goal.{extra[0]}", f"unknown key (expected one of {', '.join(sorted(GOAL_KEYS))})")
    try:
        kind = GoalKind(data.get("kind"))
    except ValueError:
        kinds = ", ".join(k.value for k in GoalKind)
        raise _fail(source, "goal.kind", f"must be one of {kinds}") from None
    rule = data.get("rule")
    if rule is not None and (isinstance(rule, bool) or not isinstance(rule, int) or not 1 <= rule <= 17):
        raise _fail(source, "goal.rule", "must be a rule number, 1 to 17")
    if kind is GoalKind.RECEIVE and rule is None:
        raise _fail(source, "goal.rule", "is missing (the rule under which you are paid)")
    payer = data.get("payer")
    if payer is not None and payer not in PLANETS and payer != "stakes":
        raise _fail(source, "goal.payer", f"unknown payer {payer!r}")
    avoid = data.get("avoid", [])
    if not isinstance(avoid, list) or not all(isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= 17
                                              for r in avoid):
        raise _fail(source, "goal.avoid", "must be an array of rule numbers")
    return Goal(kind, rule, payer, tuple(avoid))


def _text(source: str, data: dict, key: str, limit: int) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _fail(source, key, "is missing or empty")
    if len(value) > limit or any(ord(c) < 32 and c not in "\n" for c in value):
        raise _fail(source, key, f"must be plain text of at most {limit} characters")
    return " ".join(value.split())


def load_lesson(folder: Path, max_speed: float | None = None) -> Lesson:
    """Read and check one lesson folder; ``UserError`` (one line) if anything is wrong."""
    cap = max_speed if max_speed is not None else PhysicsConfig().max_shot_speed
    lesson_path, scenario_path = folder / LESSON_FILE, folder / SCENARIO_FILE
    source = f"{folder.name}/{LESSON_FILE}"
    try:
        lesson_bytes = read_bounded(lesson_path, MAX_FILE_BYTES, "lesson file")
        scenario_bytes = read_bounded(scenario_path, MAX_FILE_BYTES, "scenario file")
    except UserError as err:
        # Name the file from the course folder down: the player needs the lesson, not the install path.
        raise UserError(str(err).replace(f"{folder.parent}/", "")) from None
    scenario = parse_scenario(scenario_bytes, f"{folder.name}/{SCENARIO_FILE}", max_speed=cap)
    if scenario.hat is not None:
        raise _fail(source, "", "a lesson needs a shot to play; a hat scenario has none")
    data = parse_toml(lesson_bytes, source)
    extra = sorted(set(data) - LESSON_KEYS)
    if extra:
        raise _fail(source, extra[0], f"unknown key (expected one of {', '.join(sorted(LESSON_KEYS))})")
    rules = data.get("rules")
    if not isinstance(rules, list) or not rules or not all(
            isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= 17 for r in rules):
        raise _fail(source, "rules", "must be a non-empty array of rule numbers, 1 to 17")
    if "start" not in data:
        raise _fail(source, "start", "is missing (the aim and power the lesson opens with, which must not pass)")
    start = read_shot(source, "start", data["start"], shooter=scenario.shots[-1].shooter, players=scenario.players,
                      layout=scenario.layout, max_speed=cap)
    try:
        needs = Needs(data.get("needs", Needs.BOTH.value))
    except ValueError:
        raise _fail(source, "needs", f"must be one of {', '.join(repr(n.value) for n in Needs)}") from None
    return Lesson(id=folder.name, title=_text(source, data, "title", 80), rules=tuple(rules),
                  do=_text(source, data, "do", 400), goal=_goal(source, data.get("goal")), scenario=scenario,
                  start=start, needs=needs)


def load_course(folder: Path | None = None) -> list[CourseEntry]:
    """Every lesson folder, in name order; one that fails to load carries its reason."""
    root = folder or course_dir()
    try:
        names = sorted(p.name for p in root.iterdir() if p.is_dir() and not p.is_symlink()
                       and not p.name.startswith((".", "_")))
    except OSError as err:
        raise UserError(f"{root}: cannot list the lessons ({err.strerror})") from None
    entries = []
    for name in names[:MAX_LESSONS]:
        try:
            entries.append(CourseEntry(name, load_lesson(root / name)))
        except UserError as err:
            entries.append(CourseEntry(name, None, str(err)))
    return entries


# -- playing a lesson's shots through the match and the referee -------------------------


def start_state(lesson: Lesson, config: PhysicsConfig | None = None) -> RuleState:
    """The rule state the player shoots from: the scenario's, after its setup shots."""
    if not lesson.setup_shots:
        return starting_state(lesson.scenario)
    setup = replace(lesson.scenario, shots=lesson.setup_shots)
    result = run_scenario(setup, config or PhysicsConfig.for_game(lesson.scenario.layout, lesson.scenario.house))
    assert result.end is not None
    return result.end


def play_spec(lesson: Lesson, spec: ShotSpec, config: PhysicsConfig | None = None) -> ShotResult:
    """The lesson's table, its setup shots, then ``spec``: the last shot's result."""
    scenario = replace(lesson.scenario, shots=lesson.setup_shots + (spec,))
    result = run_scenario(scenario, config or PhysicsConfig.for_game(lesson.scenario.layout, lesson.scenario.house))
    return result.shots[-1]


def judge(lesson: Lesson, result: ShotResult) -> Outcome:
    return judge_goal(lesson.goal, result.ruling, result.shooter)


def opening_shot(lesson: Lesson, state: RuleState | None = None) -> Shot:
    """The aim, power and taw placement the player finds when the lesson opens: its ``[start]`` resolved on
    the table as the setup shots left it (``state``, if the caller has it already).

    The app opens every lesson on this shot and ``check_lesson`` plays this very shot, so the check is of
    what the player sees, not of a separate record.
    """
    state = state if state is not None else start_state(lesson)
    spec = lesson.start
    shooter = spec.shooter or state.next_shooter()
    assert shooter is not None, "a lesson's table always has someone to shoot"
    match = match_for(state, lesson.scenario.house, lesson.scenario.layout)
    placement = TawPlacement(*spec.place) if spec.place is not None else None
    try:
        origin, placement = match.start_of(Shot(0.0, spec.speed, placement), shooter)
    except IllegalShotError as err:
        raise UserError(f"{lesson.id}/{LESSON_FILE}: start: {err}") from None
    table = {body: pos for body, pos in state.positions.items() if body != taw_id(shooter)}
    direction = resolve_direction(spec, table, origin, f"{lesson.id}/{LESSON_FILE}")
    return Shot(direction, spec.speed, placement, spec.spin)


def as_spec(shot: Shot) -> ShotSpec:
    """A resolved shot written as a scenario shot (direction given, the taw laid where it was laid)."""
    place = (shot.placement.orbit, shot.placement.angle) if shot.placement is not None else None
    return ShotSpec(shooter=None, speed=shot.speed, key="start", direction=shot.direction, place=place,
                    spin=shot.spin)


@dataclass(frozen=True)
class LessonCheck:
    lesson_id: str
    solution: Outcome
    opening: Outcome      # the lesson's opening aim and power, played untouched
    aim_alone: Outcome    # the solution's aim at the opening's power
    power_alone: Outcome  # the opening's aim at the solution's power
    needs: Needs = Needs.BOTH

    @property
    def measured_needs(self) -> Needs | None:
        """What the physics says passing takes: both, or the one that passes alone (None: either does)."""
        aim, power = self.aim_alone.passed, self.power_alone.passed
        return None if aim and power else Needs.AIM if aim else Needs.POWER if power else Needs.BOTH

    @property
    def ok(self) -> bool:
        return self.solution.passed and not self.opening.passed and self.measured_needs == self.needs

    @property
    def reason(self) -> str:
        """Why the check fails ("" when it does not)."""
        if not self.solution.passed:
            return f"the solution does not pass: {self.solution.reason}"
        if self.opening.passed:
            return f"the opening aim and power pass untouched: {self.opening.reason}"
        if self.measured_needs != self.needs:
            measured = self.measured_needs.value if self.measured_needs else "either aim or power alone"
            return f"it says it needs {self.needs.value}, but passing takes {measured}"
        return ""


def check_lesson(lesson: Lesson, config: PhysicsConfig | None = None) -> LessonCheck:
    """Play the recorded solution and the opening shot (the referee must pass the one and not the other), and
    each change alone: the solution's aim at the opening's power, the opening's aim at the solution's power.
    Neither may pass where the lesson needs both; the one it names must, and only that one, where it needs one."""
    state = start_state(lesson, config)
    opening = opening_shot(lesson, state)
    solution = opening_shot(replace(lesson, start=lesson.solution), state)

    def outcome(shot: Shot) -> Outcome:
        return judge(lesson, play_spec(lesson, as_spec(shot), config))

    return LessonCheck(lesson.id, judge(lesson, play_spec(lesson, lesson.solution, config)), outcome(opening),
                       outcome(replace(solution, speed=opening.speed)),
                       outcome(replace(opening, speed=solution.speed, placement=solution.placement)), lesson.needs)
