"""On a full disk every command that draws still draws: Panda's model cache (and Mesa's) turned off."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game.app.paths import cache_folder_usable

PROBE = ("from game.app.paths import guard_model_cache; why = guard_model_cache(); "
         "from panda3d.core import BamCache; import os; "
         "print(why, BamCache.getGlobalPtr().getActive(), os.environ.get('MESA_SHADER_CACHE_DISABLE'))")


def _probe(cache_home):
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    env.pop("MESA_SHADER_CACHE_DISABLE", None)
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip(), done.stderr


def test_a_cache_folder_that_cannot_be_made_or_has_no_room_is_not_usable(tmp_path):
    assert cache_folder_usable(tmp_path / "cache") is None
    (tmp_path / "file").write_text("x")
    assert cache_folder_usable(tmp_path / "file" / "panda3d") is not None
    assert cache_folder_usable(tmp_path / "cache", min_free=1 << 62) == "the disk is full"


def test_the_caches_stay_on_where_they_can_be_written(tmp_path):
    out, err = _probe(tmp_path)
    assert out == "None True None" and err == ""


def test_the_caches_are_turned_off_where_they_cannot_be_written(tmp_path):
    (tmp_path / "file").write_text("x")
    out, err = _probe(tmp_path / "file")
    assert out.endswith("False true") and err == ""


@pytest.fixture
def full_disk(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)], capture_output=True).returncode:
        pytest.skip("no tmpfs can be mounted here")
    from stress.fs_faults import fill

    fill(disk)
    yield disk
    subprocess.run(["umount", "-l", str(disk)], capture_output=True)


@pytest.mark.gui
@pytest.mark.slow
def test_play_check_render_and_export_draw_with_the_cache_on_a_full_disk(full_disk, tmp_path):
    from tests.replay.replay_physics import record_game

    env = {**os.environ, "XDG_CACHE_HOME": str(full_disk / "cache")}
    env.pop("DISPLAY", None)
    env.pop("MESA_SHADER_CACHE_DISABLE", None)
    record_game(tmp_path / "g.replay", seed=3, max_shots=1)
    env["HOME"] = str(full_disk / "home")   # the settings, people and replays on the full disk too
    for args in (["play", "--smoke-test", str(tmp_path / "title.png")], ["check", "--render"],
                 ["replay", str(tmp_path / "g.replay"), "--export", str(tmp_path / "ex"), "--shot", "1",
                  "--size", "64x48", "--fps", "2", "--no-gif"]):
        done = subprocess.run([sys.executable, "-m", "game", *args], env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, (args, done.returncode, done.stderr[-400:])   # was 139 (a segfault)
        assert done.stderr.count("\n") <= 2, done.stderr[-400:]                    # was 19,000 lines of errors
    assert (tmp_path / "title.png").stat().st_size > 1000
