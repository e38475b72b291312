"""A video export from the running game: rendered in a worker process, so the game keeps drawing and answering.

The worker (spawned, as the AI's planners are; a frozen build's
``freeze_support`` covers it) opens its own offscreen window, runs
``video.export_video`` and reports through a queue: progress, then the
video's path, or the one-line reason it could not be written. ``poll()`` is
called every frame by the panel that shows it; ``cancel()`` asks the worker
to stop, and what ffmpeg wrote is removed.
"""

from __future__ import annotations

import multiprocessing
import os
import queue as queue_module
import tempfile
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from game.errors import UserError
from game.replay.model import Replay

FOLDER = "videos"   # in the player's data folder


class JobState(Enum):
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


@dataclass
class JobStatus:
    state: JobState = JobState.RUNNING
    done: int = 0
    total: int = 0
    path: Path | None = None
    message: str = ""

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0


def video_path(data_dir: Path, stamp: float | None = None) -> Path:
    """A new file in the player's videos folder, named for when it was made (``replay-20261203-101500.mp4``)."""
    folder = data_dir / FOLDER
    name = time.strftime("replay-%Y%m%d-%H%M%S", time.localtime(stamp))
    path = folder / f"{name}.mp4"
    n = 2
    while path.exists() or path.is_symlink():
        path = folder / f"{name}-{n}.mp4"
        n += 1
    return path


def _work(source: str, target: str, size: tuple[int, int], fps: int, report: Any, stop: Any) -> None:
    """The worker process: read the replay the game handed over in ``source``, export it, reporting
    ("progress", done, total), then ("done", path, frames, capped) or ("failed", reason) or ("cancelled",)."""
    import signal

    from game.app.replay.video import Cancelled, export_video
    from game.errors import UserError
    from game.replay import load_replay

    def stop_now(_signum: int, _frame: Any) -> None:
        raise Cancelled()   # ``close`` ends a worker that did not stop: ffmpeg and its folder go with it

    signal.signal(signal.SIGTERM, stop_now)
    last = [-1]

    def progress(done: int, total: int) -> None:
        if done * 100 // total != last[0] or done == total:
            last[0] = done * 100 // total
            report.put(("progress", done, total))

    try:
        result = export_video(load_replay(source), target, size=size, fps=fps, progress=progress,
                              cancelled=stop.is_set)
    except Cancelled:
        report.put(("cancelled",))
    except UserError as err:
        report.put(("failed", str(err)))
    except Exception as err:  # the worker must always answer: the panel would wait for ever
        report.put(("failed", f"video export failed ({type(err).__name__}: {err})"))
    else:
        report.put(("done", str(result.path), result.frames, result.capped))


class VideoJob:
    """One export of ``replay`` to ``target`` in a worker process."""

    def __init__(self, replay: Replay, target: Path, size: tuple[int, int] = (1280, 720), fps: int = 30) -> None:
        from game.app.replay.video import check_target
        from game.fileio import clean_stale_temps

        self.target = target
        self.status = JobStatus()
        self._process: Any = None
        self._handover: Path | None = None
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            clean_stale_temps(target.parent, None)   # what a killed export left in the game's videos folder
            check_target(target)
        except OSError as err:
            self._fail(f"{target.parent}: cannot make the videos folder ({err.strerror})")
            return
        except UserError as err:
            self._fail(str(err))
            return
        try:
            self._start(replay, size, fps)
        except (OSError, UserError) as err:
            self._fail(f"cannot start the video export ({getattr(err, 'strerror', None) or err})")

    def _start(self, replay: Replay, size: tuple[int, int], fps: int) -> None:
        """Hand the replay over as a file (a replay read from disk decodes lazily and cannot be pickled) and
        start the worker on it."""
        from game.replay.fileformat import save_replay

        handle, name = tempfile.mkstemp(prefix="taw-video-", suffix=".replay")
        os.close(handle)
        self._handover = Path(name)
        save_replay(replay, self._handover)
        context = multiprocessing.get_context("spawn")
        self._report = context.Queue()
        self._stop = context.Event()
        self._process = context.Process(target=_work, args=(name, str(self.target), size, fps, self._report,
                                                            self._stop), name="taw-video", daemon=True)
        self._process.start()

    def _fail(self, message: str) -> None:
        self.status = JobStatus(JobState.FAILED, message=message)
        self._process = None
        self._drop_handover()

    def _drop_handover(self) -> None:
        if self._handover is not None:
            self._handover.unlink(missing_ok=True)
            self._handover = None

    @property
    def running(self) -> bool:
        return self.status.state is JobState.RUNNING

    def poll(self) -> JobStatus:
        """Take the worker's reports so far; a worker that died without a word is a failure."""
        while self.running and self._process is not None:
            try:
                message = self._report.get_nowait()
            except queue_module.Empty:
                if not self._process.is_alive() and self._report.empty():
                    self.status = JobStatus(JobState.FAILED, message="The video export stopped unexpectedly.")
                break
            self._take(message)
        if not self.running:
            self._reap()
        return self.status

    def _take(self, message: tuple) -> None:
        kind = message[0]
        if kind == "progress":
            self.status.done, self.status.total = message[1], message[2]
        elif kind == "done":
            capped = f"The replay runs longer than {message[2]} frames: the video stops there." if message[3] else ""
            self.status = JobStatus(JobState.DONE, self.status.total, self.status.total, Path(message[1]), capped)
        elif kind == "cancelled":
            self.status = JobStatus(JobState.CANCELLED, message="Video export cancelled.")
        else:
            self.status = JobStatus(JobState.FAILED, message=message[1])

    def cancel(self) -> None:
        """Ask the worker to stop; it answers "cancelled" after the frame it is on."""
        if self.running and self._process is not None:
            self._stop.set()

    def close(self) -> None:
        """Stop now (the viewer is closing): cancel, wait briefly, and end the worker if it has not gone."""
        if self._process is None:
            self._drop_handover()
            return
        self.cancel()
        self._process.join(timeout=5.0)
        if self._process.is_alive():
            self._process.terminate()   # the worker removes its ffmpeg and half-written video (``_work``)
            self._process.join(timeout=2.0)
        self._reap()

    def _reap(self) -> None:
        if self._process is not None and not self._process.is_alive():
            self._process.join(timeout=0)
            self._process = None
        if self._process is None:
            self._drop_handover()
