"""What a game and a lesson answer alike: the table as the HUD reads it, and each shot played, recorded and tallied.

``MatchSession`` and ``LessonSession`` build on this one class so that a
lesson's shot is played back, kept for R and counted exactly as a game's is.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Mapping

from game.app.session.live_shot import PlayedShot, play_in_background
from game.app.session.recording import Recording
from game.app.session.tally import JudgedShot, SummaryRow, Tally
from game.coach.goals import Goal
from game.match.match import Match, ShotResult
from game.match.players import MatchView, Shot
from game.replay.model import Replay
from game.replay.recorder import GameRecorder
from game.rules import names
from game.rules.layout import SUN, Layout, Point
from game.rules.ruling import Ruling
from game.rules.state import RuleState


class TableSession:
    def __init__(self, match: Match, layout: Layout, executor: ThreadPoolExecutor) -> None:
        """``executor`` is the session's one worker thread (shots, their recording), shut down by ``close``."""
        self.match = match
        self.layout = layout
        self.players: tuple[str, ...] = tuple(match.state.players)
        self._executor = executor
        self.recording = Recording(self._executor)
        self.tally = Tally.starting(self.players, match.state)
        self._live: PlayedShot | None = None

    # -- what the HUD and the screens read -------------------------------------------

    @property
    def state(self) -> RuleState:
        return self.match.state

    def positions(self) -> dict[str, Point]:
        return dict(self.state.positions)

    def purses(self) -> Mapping[str, int]:
        return self.state.purses

    def stakes(self) -> int:
        return self.state.stakes

    def active_players(self) -> tuple[str, ...]:
        return tuple(self.state.active)

    def sun_place(self) -> str:
        """Where the Sun lies, in the words the referee and the coach use ("in Venus's orbit, on Venus's line")."""
        sun = self.state.positions.get(SUN)
        return names.resting_place(self.layout, sun, self.layout.sun_radius) if sun else ""

    def view(self) -> MatchView:
        return self.match.view()

    def coach_goal(self) -> Goal | None:
        """A game has no goal but the game: the coach gives the AI's best shot."""
        return None

    def winner(self) -> str | None:
        return self.match.winner

    @property
    def last_ruling(self) -> Ruling | None:
        return self.tally.last_ruling

    def purse_history(self) -> list[dict[str, int]]:
        return list(self.tally.history)

    def worth_history(self) -> list[dict[str, int]]:
        """Each player's worth (in hand and on the ground) at the start and after every shot: the chart's lines."""
        return list(self.tally.worths)

    def judged_shots(self) -> list[JudgedShot]:
        """Every shot of the game so far, in order, with its ruling and the purses after (the history lists them)."""
        return self.tally.judged_shots()

    def summary(self) -> list[SummaryRow]:
        """Marbles each player won and lost in rulings (from purses or off the board), and where they stand."""
        return self.tally.summary(self.state)

    def stakes_summary(self) -> SummaryRow:
        """The stakes' row of the table: the pot, and the marbles on the ground no player holds."""
        return self.tally.stakes_row(self.state)

    # -- shots ---------------------------------------------------------------------

    def start_shot(self, shot: Shot) -> PlayedShot:
        self._live = play_in_background(self._executor, self.match, shot)
        return self._live

    def finish_shot(self, live: PlayedShot) -> Ruling:
        result = live.result()
        self.recording.add(live)
        self._live = None
        self.shot_finished(result)
        return self.tally.account(result.ruling, self.state.purses)

    def shot_finished(self, result: ShotResult) -> None:
        """What a session does with a finished shot beyond recording and tallying it (a lesson judges its goal)."""

    # -- the replay ------------------------------------------------------------------

    @property
    def recorder(self) -> GameRecorder | None:
        return self.recording.recorder

    def replay(self) -> Replay | None:
        """The game so far as a replay, or None before its first shot."""
        return self.recording.replay()

    def close(self) -> None:
        self.recording.wait()  # the last shot reaches the file even when the player leaves at once
        if self._live is not None:
            self._live.close()
            self._live = None
        self._executor.shutdown(wait=True, cancel_futures=True)
