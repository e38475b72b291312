"""The viewer's "Export video" button and the panel that follows the export: a progress bar, Cancel, and then
where the video was saved or the one line saying why it was not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from direct.gui.DirectGui import DirectWaitBar
from panda3d.core import TextNode

from game.app.hud import theme
from game.app.replay.video_job import JobState, VideoJob, video_path
from game.replay.model import Replay

TOP_RIGHT = (-0.85, -0.08)    # left of the viewer's Back button, in its row above the captions (a2dTopRight units)
PANEL = (-1.12, -0.02, -0.5, -0.27)
WORDS_WIDTH = 1.0
VIDEO_SIZE = (1280, 720)      # the video's picture, as ``taw replay --export`` makes it by default


class VideoExport:
    """The button, and while or after an export runs, its panel (``poll`` every frame)."""

    def __init__(self, app: Any, replay: Replay, data_dir: Path) -> None:
        self.app = app
        self.replay = replay
        self.data_dir = data_dir
        self.job: VideoJob | None = None
        parent = app.a2dTopRight
        self.button = theme.button(parent, "Export video", TOP_RIGHT, self.start, scale=0.05, width=10)
        self.panel = theme.panel(parent, PANEL)
        self.words = theme.label(self.panel, "", (-1.08, -0.33), scale=0.04, align=TextNode.ALeft,
                                 wordwrap=WORDS_WIDTH / 0.04)
        # the bar from the panel's left margin to short of Cancel (DirectWaitBar is 2 wide before scaling)
        self.bar = DirectWaitBar(parent=self.panel, range=1000, value=0, pos=(-0.71, 0, -0.41), scale=(0.35, 1, 0.6),
                                 barColor=theme.BRASS, frameColor=(0.32, 0.27, 0.2, 1))
        self.cancel_button = theme.button(self.panel, "Cancel", (-0.17, -0.43), self.cancel, scale=0.04, width=5)
        self.panel.hide()
        self._task = app.taskMgr.add(self._tick, "replay-video-export", sort=46)

    def start(self) -> None:
        """Export the replay being watched to a new file in the videos folder."""
        if self.job is not None and self.job.running:
            return
        self.job = VideoJob(self.replay, video_path(self.data_dir), size=VIDEO_SIZE)
        self.panel.show()
        self.cancel_button.show()
        self.bar.show()
        self._show_status(self.job)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def _tick(self, task: Any) -> Any:
        if self.job is not None:
            self.job.poll()
            self._show_status(self.job)
        return task.cont

    def _show_status(self, job: VideoJob) -> None:
        status = job.status
        if status.state is JobState.RUNNING:
            self.bar["value"] = round(1000 * status.fraction)
            self.words["text"] = (f"Exporting video: {100 * status.fraction:.0f}%  (frame {status.done} of "
                                  f"{status.total})" if status.total else "Exporting video: starting...")
            return
        self.cancel_button.hide()
        self.bar.hide()
        if status.state is JobState.DONE:
            self.words["text"] = f"Video saved: {status.path}" + (f" {status.message}" if status.message else "")
            self.words["text_fg"] = theme.GOOD
        else:
            self.words["text"] = status.message[:200]
            self.words["text_fg"] = theme.BAD if status.state is JobState.FAILED else theme.INK

    def destroy(self) -> None:
        """Leaving the viewer ends an export still running (its half-written file is removed)."""
        self.app.taskMgr.remove(self._task)
        if self.job is not None:
            self.job.close()
        for part in (self.cancel_button, self.bar, self.words, self.panel, self.button):
            part.destroy()
