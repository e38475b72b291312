"""Our own temporary files that a killed writer left behind are removed on the next write to that folder."""

import fcntl
import os
import subprocess
import sys
import time

from game.fileio import STALE_TEMP_SECONDS, clean_stale_temps, write_atomic


def _age(path, seconds):
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_a_stale_temp_file_is_removed_on_the_next_write_and_nothing_else(tmp_path):
    stale = tmp_path / ".game.replay.0123abcd.tmp"
    stale.write_bytes(b"x" * 800_000)
    _age(stale, STALE_TEMP_SECONDS + 60)
    fresh = tmp_path / ".other.json.89abcdef.tmp"   # a writer that has just begun, say
    fresh.write_bytes(b"y")
    not_ours = [tmp_path / ".notes.tmp", tmp_path / "game.replay.0123abcd.tmp", tmp_path / ".x.0123ABCD.tmp"]
    for path in not_ours:
        path.write_bytes(b"z")
        _age(path, 3600)
    write_atomic(tmp_path / "settings.json", "{}")
    assert not stale.exists()
    assert fresh.exists() and all(p.exists() for p in not_ours)


def test_a_temp_file_a_live_writer_holds_is_left_alone(tmp_path):
    held = tmp_path / ".game.replay.0123abcd.tmp"
    held.write_bytes(b"partial")
    fd = os.open(held, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        _age(held, STALE_TEMP_SECONDS + 60)
        assert clean_stale_temps(tmp_path) == []
        assert held.exists()
    finally:
        os.close(fd)
    assert clean_stale_temps(tmp_path) == [held]


def test_a_writer_killed_mid_write_leaves_a_temp_file_the_next_write_removes(tmp_path):
    # A real process stopped by SIGKILL between writing and renaming (the simulate --out case).
    script = (
        "import os, sys\n"
        "import game.fileio as f\n"
        "real = os.replace\n"
        "def stop(*a): os.kill(os.getpid(), 9)\n"
        "os.replace = stop\n"
        f"f.write_atomic({str(tmp_path / 'game.replay')!r}, b'r' * 200_000)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True)
    assert done.returncode == -9
    left = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and left[0].stat().st_size == 200_000
    _age(left[0], STALE_TEMP_SECONDS + 1)
    write_atomic(tmp_path / "game.replay", b"whole")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.replay"]
