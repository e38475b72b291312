"""File-system faults on the command line: one line, exit 2, no traceback; ``taw play`` starts anyway."""

from __future__ import annotations

import os

import pytest

from game.cli import main
from tests.stress.unprivileged import open_to_all, run_as_user, unprivileged_can_run

LONG = "d" * 300


@pytest.fixture
def shared(tmp_path):
    """A folder everyone may write in, holding a folder nobody but root may enter."""
    open_to_all(tmp_path)
    locked = tmp_path / "locked"
    (locked / "inner").mkdir(parents=True)
    os.chmod(locked, 0)   # as root, the command runs as nobody; as anyone else, it is their own folder
    unprivileged_can_run(tmp_path)
    yield tmp_path
    os.chmod(locked, 0o700)


def _one_line(done, code=2):
    assert done.returncode == code, (done.returncode, done.stderr[-600:])
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr[-600:]


@pytest.mark.parametrize("args", [["learn", "--dir", LONG], ["replay", "x.replay", "--export", LONG],
                                  ["simulate", "--out", f"{LONG}/x.replay"], ["scenario", LONG]])
def test_a_name_longer_than_the_file_system_allows_is_one_line_and_exit_2(capsys, args):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "255" in err


def test_a_folder_that_cannot_be_entered_is_one_line_and_exit_2(shared):
    _one_line(run_as_user(["learn", "--dir", str(shared / "locked" / "inner")], cwd=shared))
    _one_line(run_as_user(["scenario", str(shared / "locked" / "inner" / "x.toml")], cwd=shared))


def test_an_export_into_a_folder_that_cannot_be_entered_is_one_line_and_exit_2(shared):
    from tests.replay.replay_physics import record_game

    record_game(shared / "g.replay", seed=3, max_shots=1)
    os.chmod(shared / "g.replay", 0o644)
    _one_line(run_as_user(["replay", "g.replay", "--export", str(shared / "locked" / "inner" / "ex"),
                           "--shot", "1", "--size", "64x48", "--fps", "2", "--no-gif"], cwd=shared))


def test_an_os_error_on_a_named_file_that_a_command_did_not_foresee_is_one_line(monkeypatch, capsys):
    import game.cli.cmd_learn as learn

    def refuse(args):
        raise PermissionError(13, "Permission denied", "/home/someone/folder")

    monkeypatch.setattr(learn, "run", refuse)
    assert main(["learn"]) == 2
    assert capsys.readouterr().err == "taw: error: /home/someone/folder: Permission denied\n"


@pytest.mark.gui
@pytest.mark.slow
@pytest.mark.parametrize("case", ["home-locked", "config-locked", "app-config-locked", "xdg-too-long"])
def test_the_game_starts_when_its_folders_cannot_be_entered(shared, case):
    home = shared / "home"
    env = {"HOME": str(home)}
    if case == "home-locked":
        env["HOME"] = str(shared / "locked")
    elif case == "config-locked":
        (home / ".config").mkdir(parents=True)
        os.chmod(home / ".config", 0)
    elif case == "app-config-locked":
        (home / ".config" / "sun-planet-taw").mkdir(parents=True)
        os.chmod(home / ".config" / "sun-planet-taw", 0)
    else:
        env["XDG_CONFIG_HOME"] = str(shared / LONG)
    if home.exists():
        open_to_all(home)
    shot = shared / "title.png"
    done = run_as_user(["play", "--smoke-test", str(shot)], cwd=shared, env=env)
    assert done.returncode == 0, done.stderr[-800:]
    assert "Traceback" not in done.stderr and shot.stat().st_size > 1000


def test_a_refusal_quotes_at_most_80_characters_of_a_huge_value(capsys):
    huge = "q" * 1_200_000
    for args in (["replay", "x.replay", "--camera", huge], ["replay", "x.replay", "--size", huge],
                 ["simulate", "--seed", huge]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and len(err) < 400 and "q" * 77 + "..." in err and "q" * 81 not in err


@pytest.mark.gui
@pytest.mark.slow
def test_a_smoke_test_that_cannot_save_its_picture_says_so_in_one_line(tmp_path):
    import subprocess
    import sys

    blocker = tmp_path / "file"
    blocker.write_text("a file where the picture's folder should be")
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["HOME"] = str(tmp_path / "home")
    done = subprocess.run([sys.executable, "-m", "game", "play", "--smoke-test", str(blocker / "shot.png")],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr[-600:]
    assert done.stderr.startswith("taw: error: smoke test: no screenshot saved")


@pytest.mark.gui
@pytest.mark.slow
def test_a_smoke_test_picture_is_never_written_into_a_fifo_or_through_a_planted_link(tmp_path):
    import subprocess
    import sys

    fifo = tmp_path / "fifo.png"
    os.mkfifo(fifo)
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["HOME"] = str(tmp_path / "home")
    done = subprocess.run([sys.executable, "-m", "game", "play", "--smoke-test", str(fifo)],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr[-600:]
    assert "no screenshot saved" in done.stderr and "FIFO" in done.stderr and fifo.is_fifo()
    shot = tmp_path / "shot.png"
    shot.write_bytes(b"old")
    shot.chmod(0o600)
    done = subprocess.run([sys.executable, "-m", "game", "play", "--smoke-test", str(shot)],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-600:]
    assert shot.read_bytes()[:4] == b"\x89PNG" and oct(shot.stat().st_mode & 0o777) == "0o600"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo.png", "home", "shot.png"]
