"""F12 says what it did: "Saved to ..." with the path, or why the picture could not be saved."""

import errno
import os
from pathlib import Path

import pytest

from game.app.window import NOTICE_SECONDS, shown_path

from tests.app.helpers_app import step

pytestmark = pytest.mark.gui


def test_the_screenshot_key_flashes_saved_to_with_the_path_and_the_notice_goes_away(app):
    step(app)
    app.messenger.send("taw-screenshot")
    step(app)
    (path,) = app.app_config.paths.screenshot_dir.iterdir()
    notice = app.window.notice
    assert notice is not None and not notice.isHidden()
    assert notice["text"] == f"Saved to {shown_path(path)}" and path.name in notice["text"]
    assert app.taskMgr.hasTaskNamed("taw-screenshot-notice")
    task = app.taskMgr.getTasksNamed("taw-screenshot-notice")[0]
    assert task.delayTime == pytest.approx(NOTICE_SECONDS)
    app.window.clear_notice()
    assert app.window.notice is None and not app.taskMgr.hasTaskNamed("taw-screenshot-notice")


def test_a_second_screenshot_replaces_the_first_notice(app):
    step(app)
    first = app.window.screenshot()
    second = app.window.screenshot()
    assert first != second and second.name in app.window.notice["text"]
    assert len(app.taskMgr.getTasksNamed("taw-screenshot-notice")) == 1
    app.window.clear_notice()


def test_a_folder_that_cannot_be_written_says_why_on_screen(app, tmp_path, monkeypatch):
    def read_only(self, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", read_only)
    step(app)
    assert app.window.screenshot() is None
    assert app.window.notice["text"] == "Screenshot not saved: the screenshots folder is read-only"
    app.window.clear_notice()


def test_a_full_disk_says_so_on_screen(app, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("game.fileio.os.replace", full)  # the move over the target, as fileio makes it
    step(app)
    assert app.window.screenshot() is None
    assert app.window.notice["text"] == "Screenshot not saved: the disk is full"
    assert not any(p.name.endswith(".partial.png") for p in app.app_config.paths.screenshot_dir.iterdir())
    app.window.clear_notice()


def test_paths_under_home_are_shown_from_the_tilde():
    home = Path("/home/ann")
    assert shown_path(home / ".local/share/sun-planet-taw/screenshots/a.png", home) == \
        "~/.local/share/sun-planet-taw/screenshots/a.png"
    assert shown_path(Path("/mnt/shots/a.png"), home) == "/mnt/shots/a.png"


def test_a_link_planted_at_the_old_partial_name_is_never_written_through(app, tmp_path, monkeypatch):
    import time

    monkeypatch.setattr(time, "strftime", lambda *a: "20261206-080000")
    folder = app.app_config.paths.screenshot_dir
    folder.mkdir(parents=True, exist_ok=True)
    victim = tmp_path / "thesis.txt"
    victim.write_text("mine")
    count = app.window._count + 1
    (folder / f".taw-20261206-080000-{count:03d}.partial.png").symlink_to(victim)
    step(app)
    path = app.window.screenshot()
    assert path is not None and path.read_bytes()[:4] == b"\x89PNG" and victim.read_text() == "mine"
    assert (folder / f".taw-20261206-080000-{count:03d}.partial.png").is_symlink()
    assert not [p for p in folder.iterdir() if p.name.endswith(".tawtmp")]
    app.window.clear_notice()


def test_a_disk_that_fills_while_the_picture_is_written_costs_the_picture_and_says_so(app, monkeypatch):
    # The picture's bytes are written by fileio, which sees the failed write; Panda's own image writer had said
    # "Error writing 4096 bytes" and reported success, and a truncated picture was moved into place ("Saved to").
    real_write = os.write

    def filling(fd, data):
        if len(data) > 1000:
            real_write(fd, bytes(data[:512]))
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    folder = app.app_config.paths.screenshot_dir
    folder.mkdir(parents=True, exist_ok=True)
    before = set(folder.iterdir())
    monkeypatch.setattr("game.fileio.os.write", filling)
    step(app)
    assert app.window.screenshot() is None
    assert app.window.notice["text"] == "Screenshot not saved: the disk is full"
    assert set(folder.iterdir()) == before   # no truncated picture, no temporary file
    app.window.clear_notice()
