"""Export video from the replay viewer in the running game: a worker process writes the MP4 while the game keeps
drawing, the panel shows its progress and then where it went, or one line saying why it could not."""

from __future__ import annotations

import time

import pytest

from game.app.replay.video_job import JobState
from game.replay import load_replay
from game.replay.fileformat import save_replay
from game.replay.model import GameMeta, Replay
from tests.app.helpers_app import click, step
from tests.replay.replay_synthetic import knock_shot

pytestmark = [pytest.mark.gui, pytest.mark.slow]


def _wait(app, video, limit: float = 240.0) -> list[float]:
    """Step the app until the export ends; the bar's values seen on the way."""
    seen = []
    end = time.monotonic() + limit
    while video.job.running:
        assert time.monotonic() < end, "the export never finished"
        step(app)
        seen.append(video.bar["value"])
        time.sleep(0.05)
    step(app)
    return seen


def test_export_video_in_the_viewer_writes_an_mp4_with_progress_and_says_where(app, tmp_path, monkeypatch):
    from game.app.replay import video_panel

    # A small picture: what is checked (a worker writes the MP4 while the game draws, the bar moves, the panel
    # says where) does not depend on its size, and a 1280x720 frame costs ~150 ms to draw in software GL.
    monkeypatch.setattr(video_panel, "VIDEO_SIZE", (320, 180))
    # A replay read from a file, as the Replays screen opens one (it decodes lazily: it once crashed the game).
    save_replay(Replay(GameMeta(seed=3), [knock_shot()]), tmp_path / "game.replay")
    assert app.watch(load_replay(tmp_path / "game.replay"))
    video = app.watching.video
    click(app, video.button)
    assert app.watching.viewer.camera_mode == "auto"   # the click was the button's, not an orbit drag
    frames_before = app.taskMgr.globalClock.getFrameCount()
    seen = _wait(app, video)
    status = video.job.status
    assert status.state is JobState.DONE, status.message
    assert app.taskMgr.globalClock.getFrameCount() > frames_before + 5   # the game kept drawing meanwhile
    assert any(0 < value < 1000 for value in seen) or len(seen) < 3
    path = status.path
    assert path.parent == app.app_config.paths.data_dir / "videos" and path.suffix == ".mp4"
    assert path.read_bytes()[4:8] == b"ftyp"
    assert str(path) in video.words["text"] and video.bar.isHidden()
    handover = video.job._handover
    end = time.monotonic() + 10
    while video.job._handover is not None and time.monotonic() < end:   # once the worker has exited
        step(app)
        time.sleep(0.05)
    assert handover is None or not handover.exists()   # the replay handed to the worker is removed
    app.stop_watching()


def test_a_videos_folder_that_cannot_be_made_is_one_line_and_the_viewer_goes_on(app):
    data = app.app_config.paths.data_dir
    data.mkdir(parents=True, exist_ok=True)
    blocker = data / "videos"
    if blocker.is_dir():
        for child in blocker.iterdir():
            child.unlink()
        blocker.rmdir()
    blocker.write_text("a file where the videos folder should be")
    try:
        assert app.watch(Replay(GameMeta(seed=3), [knock_shot()]))
        video = app.watching.video
        click(app, video.button)
        step(app)
        assert video.job.status.state is JobState.FAILED
        words = video.words["text"]
        assert "cannot make the videos folder" in words and "\n" not in words
        assert app.watching is not None
        app.stop_watching()
    finally:
        blocker.unlink()


def test_leaving_the_viewer_mid_export_stops_the_worker_and_leaves_no_file(app):
    folder = app.app_config.paths.data_dir / "videos"
    before = set(folder.iterdir()) if folder.is_dir() else set()
    long = Replay(GameMeta(seed=3), [knock_shot() for _ in range(6)])
    assert app.watch(long)
    video = app.watching.video
    click(app, video.button)
    end = time.monotonic() + 120
    while video.job.status.done < 2:
        assert time.monotonic() < end and video.job.running, video.job.status.message
        step(app)
        time.sleep(0.05)
    job = video.job
    app.stop_watching()
    assert not job.running or job._process is None   # the worker is gone, not left rendering
    assert set(folder.iterdir()) == before             # no video, no part file


def test_the_export_panel_keeps_its_bar_words_and_cancel_apart_inside_it(app):
    from tests.app.layout_kit import WINDOW, frame_box, inside, overlap, words_box

    assert app.watch(Replay(GameMeta(seed=3), [knock_shot()]))
    video = app.watching.video
    video.panel.show()
    video.words["text"] = "Exporting video: 100%  (frame 20000 of 20000)"
    step(app)
    panel, bar, cancel = frame_box(video.panel, app), frame_box(video.bar, app), frame_box(video.cancel_button, app)
    words = words_box(video.words, app)
    for part in (bar, cancel, words):
        assert inside(part, panel)
    assert inside(panel, WINDOW)
    assert not overlap(bar, cancel) and not overlap(words, bar) and not overlap(words, cancel)
    assert not overlap(panel, frame_box(video.button, app)) and not overlap(panel, frame_box(app.watching.back_button, app))
    app.stop_watching()
