"""The game's replay, written as it is played: each finished shot is encoded and the file rewritten off the main thread.

A ``GameRecorder`` rewrites its file atomically after every shot, so the
file always holds the whole game so far.  A file that cannot be written
(a full disk, a folder gone) never stops the game: the replay is kept in
memory and ``error`` says why.
"""

from __future__ import annotations

from concurrent.futures import Executor, Future
from pathlib import Path

from game.app.hud import file_problem
from game.errors import UserError
from game.fileio import FileWriteError

from game.app.session.live_shot import FRAME_HZ, PlayedShot
from game.replay.model import GameMeta, Replay
from game.replay.recorder import GameRecorder, record_result


def not_saved(err: BaseException) -> str:
    """What the HUD says when the replay cannot be written: the reason in a player's words where we know it."""
    return f"Replays are not being saved: {file_problem.reason(err, 'replays folder')}"


class Recording:
    def __init__(self, executor: Executor) -> None:
        self._executor = executor
        self.recorder: GameRecorder | None = None
        self._writing: Future | None = None  # the last shot being encoded and written
        self.error: str | None = None  # why the replay file could not be written, if it could not

    def start(self, path: Path | None, meta: GameMeta) -> GameRecorder:
        """Record every shot from now on into ``path`` (None: in memory only)."""
        try:
            if path is not None:
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as err:
                    raise FileWriteError(f"{path.parent}: cannot create the folder ({err.strerror})", err.errno) \
                        from None
            self.recorder = GameRecorder(path, meta)
        except (UserError, OSError) as err:  # a read-only or full disk: the game is played, in memory only
            self.error = not_saved(err)
            self.recorder = GameRecorder(None, meta)
        return self.recorder

    def add(self, live: PlayedShot) -> None:
        """Queue ``live``'s shot for the replay (10-30 ms of encoding and writing, on the worker, before the next shot)."""
        if self.recorder is not None:
            self._writing = self._executor.submit(self._write, live)

    def _write(self, live: PlayedShot) -> None:
        assert self.recorder is not None
        shot = record_result(live.result(), live.frames, rate=FRAME_HZ)
        try:
            self.recorder.add_shot(shot)
        except (UserError, OSError) as err:  # the disk filled or the folder went away: keep playing, say so
            self.error = not_saved(err)
            self.recorder.path = None   # the file keeps every shot written before; the rest stay in memory

    def wait(self) -> None:
        """Until the last finished shot is in the replay (and its file): a few milliseconds at most."""
        if self._writing is not None:
            self._writing.result()
            self._writing = None

    def replay(self) -> Replay | None:
        """The game so far as a replay, or None before its first shot."""
        self.wait()
        if self.recorder is None or not self.recorder.replay.shots:
            return None
        return self.recorder.replay
