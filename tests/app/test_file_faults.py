"""The desktop app survives the file system: a read-only or full disk, a settings path through a file.

Real faults where the machine allows them: a small tmpfs is mounted for the
full disk and remounted read-only for the read-only folder (root only; the
tests say why they skip elsewhere).  In each case the game goes on, the HUD
or the menu says what could not be done, and what was written stays intact.
"""

from __future__ import annotations

import dataclasses
import subprocess
from contextlib import closing
from pathlib import Path

import pytest

from game.app.session.continuing import CannotContinue
from game.app.session.match_session import MatchSession
from game.app.settings import Settings, save_settings
from game.errors import UserError
from game.fileio import FileWriteError
from game.replay import load_replay, save_replay
from tests.app.helpers_app import click, play_until, step
from tests.app.session_kit import play_one, recorded_file, recorded_game


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MB tmpfs of our own; ``remount(ro=True)`` makes it read-only."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.decode().strip()[:80]})")

    def remount(ro: bool) -> None:
        subprocess.run(["mount", "-o", f"remount,{'ro' if ro else 'rw'}", str(mount)], check=True)

    try:
        yield mount, remount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def _fill(folder: Path) -> None:
    with open(folder / "filler", "wb") as handle:
        try:
            while True:
                handle.write(b"\0" * 65536)
                handle.flush()
        except OSError:
            pass


def test_a_read_only_replays_folder_at_new_game_plays_on_in_memory(small_disk):
    mount, remount = small_disk
    remount(True)
    session, _ = recorded_game(mount / "replays" / "game.replay", 3)
    with closing(session):
        assert session.replay_error == "Replays are not being saved: the replays folder is read-only"
        assert len(session.replay().shots) == 3 and session.state.shots == 3


def test_a_full_disk_mid_game_keeps_the_file_written_so_far_and_the_game_going(small_disk):
    mount, _ = small_disk
    path = mount / "game.replay"
    session, hand = recorded_game(path, 2)
    with closing(session):
        assert session.replay_error is None and len(load_replay(path).shots) == 2
        _fill(mount)
        for _ in range(3):
            play_one(session, hand)
        session.wait_for_replay()
        assert session.replay_error == "Replays are not being saved: the disk is full"
        assert len(load_replay(path).shots) == 2       # intact, every shot written before the disk filled
        assert len(session.replay().shots) == 5        # the game goes on, in memory
        assert not [p for p in mount.iterdir() if p.name.endswith(".tmp")]


def test_continue_in_a_read_only_folder_plays_on_and_leaves_the_file_alone(small_disk):
    mount, remount = small_disk
    path = mount / "game.replay"
    hand = recorded_file(path, 5)
    before = path.read_bytes()
    remount(True)
    with closing(MatchSession.continue_from(path)) as session:
        assert session.replay_error == "Replays are not being saved: the replays folder is read-only"
        play_one(session, hand)
        session.wait_for_replay()
        assert len(session.replay().shots) == 6 and path.read_bytes() == before


def test_continue_with_invalid_house_rules_is_refused_in_one_line(tmp_path):
    path = tmp_path / "game.replay"
    recorded_file(path, 3)
    replay = load_replay(path)
    replay.meta = dataclasses.replace(replay.meta, house_rules={**replay.meta.house_rules, "starting_purse": -4})
    save_replay(replay, path)
    with pytest.raises(CannotContinue, match="its setup cannot be used") as caught:
        MatchSession.continue_from(path)
    assert "\n" not in str(caught.value) and "starting_purse" in str(caught.value)


def test_continue_refuses_a_fifo_at_once(tmp_path):
    import os

    fifo = tmp_path / "game.replay"
    os.mkfifo(fifo)
    with pytest.raises(CannotContinue, match="FIFO"):
        MatchSession.continue_from(fifo)


@pytest.mark.parametrize("where", ["through a file", "read-only"])
def test_saving_settings_where_they_cannot_go_is_one_line(tmp_path, small_disk, where):
    if where == "through a file":
        (tmp_path / "config").write_text("a file where the config folder should be")
        target = tmp_path / "config" / "taw" / "settings.json"
    else:
        mount, remount = small_disk
        (mount / "taw").mkdir()
        remount(True)
        target = mount / "taw" / "settings.json"
    with pytest.raises(FileWriteError) as caught:
        save_settings(Settings(volume=0.2), target)
    assert isinstance(caught.value, UserError) and "\n" not in str(caught.value)


def test_the_app_says_what_it_could_not_save_and_goes_on(app, tmp_path, small_disk):
    from game.app.paths import UserPaths

    mount, remount = small_disk
    (tmp_path / "config").write_text("a file where the config folder should be")
    remount(True)
    app.app_config = dataclasses.replace(app.app_config, paths=UserPaths(config_dir=tmp_path / "config" / "taw",
                                                                         data_dir=mount / "taw"))
    click(app, app.flow.current.buttons["settings"])
    click(app, app.flow.current.panel.save_button)
    assert app.flow.state == "Menu"
    assert any(w.startswith("The settings were not saved") for w in app.warnings_seen)
    click(app, app.flow.current.buttons["new"])
    click(app, app.flow.current.start_button)
    play_until(app, ("Ruling", "GameOver"))  # a shot played and judged with nothing saved
    step(app, 2)
    assert app.game.hud.notice_text["text"] == "Replays are not being saved: the replays folder is read-only"
    assert app.game.session.replay() is not None


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, "cannot read the settings file"),
    ('{"volume": ' + "9" * 5000 + "}", "cannot read the settings file"),
    ('{"volume": ' + "[" * 20 + "]" * 20 + "}", "nested more than"),
    ('{"\\u001b[31mkey\\n": 1}', "unknown setting"),
])
def test_settings_nested_deep_or_holding_huge_numbers_fall_back_to_the_defaults_with_a_one_line_warning(
        tmp_path, text, words):
    import warnings

    from game.app.settings import SettingsWarning, load_settings

    path = tmp_path / "settings.json"
    path.write_text(text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert load_settings(path) == Settings()
    messages = [str(w.message) for w in caught if issubclass(w.category, SettingsWarning)]
    assert len(messages) == 1 and words in messages[0] and messages[0].isprintable()
