"""A lesson as the app plays it: one shot from the lesson's table, judged by the lesson's goal.

It answers the screens as a game in progress does (``GameSession``): the
table is the lesson scenario's after its setup shots, the player is whoever
shoots next there, the shot is played, recorded and tallied as a game's
(``TableSession``), and it is kept in memory for R (lessons are not saved
among the replays).  After the shot the lesson is over and ``outcome`` says
whether the referee's ruling met the goal.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from game.app.session.seats import HatRow
from game.app.session.table_session import TableSession
from game.app.session.shot_choice import ShotChoice
from game.coach.goals import Goal, Outcome
from game.coach.lessons import Lesson, judge, start_state
from game.coach.preview import match_for
from game.match.match import ShotResult
from game.replay.recorder import GameRecorder, meta_from


class LessonSession(TableSession):
    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.seed = 0
        self.house = lesson.scenario.house
        state = start_state(lesson)
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="taw-lesson")
        super().__init__(match_for(state, self.house, lesson.scenario.layout), lesson.scenario.layout, executor)
        shooter = state.next_shooter()
        assert shooter is not None, "a lesson's table always has someone to shoot"
        self.human: str | None = shooter
        self.people: frozenset[str] = frozenset({shooter})  # the one person taking the lesson
        self.outcome: Outcome | None = None

    @property
    def replay_error(self) -> str | None:
        """Always None: a lesson's shot is kept in memory only, so no file can fail to be written."""
        return None

    def hat_result(self) -> list[HatRow]:
        return []

    def hat_frames(self) -> list:
        return []

    def level_of(self, planet: str) -> str:
        return ""

    def shooter(self) -> str:
        return self.human or ""

    def is_human_turn(self) -> bool:
        return self.outcome is None

    def name_of(self, planet: str) -> str:
        """A lesson seats no one by name: each player is their planet."""
        return planet

    def think(self) -> ShotChoice:
        raise RuntimeError("a lesson has no AI to think: the player takes its one shot")

    def coach_goal(self) -> Goal:
        """The coach's advice meets the lesson's goal when any of its shots can."""
        return self.lesson.goal

    def shot_finished(self, result: ShotResult) -> None:
        self.outcome = judge(self.lesson, result)

    def is_over(self) -> bool:
        return self.outcome is not None

    def end_reason(self) -> str:
        return self.outcome.reason if self.outcome is not None else ""

    def record_to(self, path: Path | None) -> GameRecorder:
        """Kept in memory only, whatever ``path``: R shows the shot again, the replay list stays for games."""
        players = [{"planet": p, "controller": "human" if p == self.human else "none"} for p in self.players]
        return self.recording.start(None, meta_from(None, players, self.house.to_dict(), self.layout,
                                                    source="lesson", lesson=self.lesson.id))
