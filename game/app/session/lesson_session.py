"""A lesson as the app plays it: one shot from the lesson's table, judged by the lesson's goal.

It answers the screens as a game in progress does (``GameSession``): the
table is the lesson scenario's after its setup shots, the player is whoever
shoots next there, the shot runs off the main thread through the match and
the referee, and it is kept in memory for R (lessons are not saved among
the replays).  After the shot the lesson is over and ``outcome`` says
whether the referee's ruling met the goal.
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Mapping

from game.app.session.playback import PlayedShot, play_in_background
from game.app.session.recording import Recording
from game.app.session.seats import HatRow
from game.app.session.tally import SummaryRow, Tally
from game.app.session.thinking import ShotChoice
from game.coach.goals import Outcome
from game.coach.lessons import Lesson, judge, start_state
from game.coach.preview import match_for
from game.match.players import MatchView, Shot
from game.replay.model import Replay
from game.replay.recorder import GameRecorder, meta_from
from game.rules.layout import SUN, Point
from game.rules.ruling import Ruling


class LessonSession:
    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.seed = 0
        self.house = lesson.scenario.house
        self.layout = lesson.scenario.layout
        state = start_state(lesson)
        self.match = match_for(state, self.house, self.layout)
        self.players: tuple[str, ...] = tuple(state.players)
        shooter = state.next_shooter()
        assert shooter is not None, "a lesson's table always has someone to shoot"
        self.human: str | None = shooter
        self.people: frozenset[str] = frozenset({shooter})  # the one person taking the lesson
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="taw-lesson")
        self.recording = Recording(self._executor)
        self.tally = Tally.starting(self.players, state.purses)
        self.outcome: Outcome | None = None
        self._live: PlayedShot | None = None

    @property
    def state(self):
        return self.match.state

    @property
    def recorder(self) -> GameRecorder | None:
        return self.recording.recorder

    @property
    def replay_error(self) -> str | None:
        """Always None: a lesson's shot is kept in memory only, so no file can fail to be written."""
        return None

    @property
    def last_ruling(self) -> Ruling | None:
        return self.tally.last_ruling

    def hat_result(self) -> list[HatRow]:
        return []

    def hat_frames(self) -> list:
        return []

    def positions(self) -> dict[str, Point]:
        return dict(self.state.positions)

    def purses(self) -> Mapping[str, int]:
        return self.state.purses

    def stakes(self) -> int:
        return self.state.stakes

    def active_players(self) -> tuple[str, ...]:
        return tuple(self.state.active)

    def level_of(self, planet: str) -> str:
        return ""

    def sun_orbit(self) -> str:
        sun = self.state.positions.get(SUN)
        return self.layout.region_at_radius(math.hypot(*sun)) if sun else ""

    def view(self) -> MatchView:
        return self.match.view()

    def shooter(self) -> str:
        return self.human or ""

    def is_human_turn(self) -> bool:
        return self.outcome is None

    def name_of(self, planet: str) -> str:
        """A lesson seats no one by name: each player is their planet."""
        return planet

    def think(self) -> ShotChoice:
        raise RuntimeError("a lesson has no AI to think: the player takes its one shot")

    def start_shot(self, shot: Shot) -> PlayedShot:
        self._live = play_in_background(self._executor, self.match, shot)
        return self._live

    def finish_shot(self, live: PlayedShot) -> Ruling:
        result = live.result()
        self.recording.add(live)
        self._live = None
        self.outcome = judge(self.lesson, result)
        return self.tally.account(result.ruling, self.state.purses)

    def is_over(self) -> bool:
        return self.outcome is not None

    def winner(self) -> str | None:
        return self.match.winner

    def end_reason(self) -> str:
        return self.outcome.reason if self.outcome is not None else ""

    def summary(self) -> list[SummaryRow]:
        return self.tally.summary(self.state)

    def purse_history(self) -> list[dict[str, int]]:
        return list(self.tally.history)

    def record_to(self, path: Path | None) -> GameRecorder:
        """Kept in memory only, whatever ``path``: R shows the shot again, the replay list stays for games."""
        players = [{"planet": p, "controller": "human" if p == self.human else "none"} for p in self.players]
        return self.recording.start(None, meta_from(None, players, self.house.to_dict(), self.layout,
                                                    source="lesson", lesson=self.lesson.id))

    def replay(self) -> Replay | None:
        return self.recording.replay()

    def close(self) -> None:
        self.recording.wait()
        if self._live is not None:
            self._live.close()
            self._live = None
        self._executor.shutdown(wait=True, cancel_futures=True)
