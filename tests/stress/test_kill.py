"""A kill -9 or SIGTERM part-way: the replay holds every shot played so far, and no worker outlives its parent."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.errors import UserError
from game.fileio import is_our_temp
from game.replay import load_replay
from game.replay.fileformat import read_meta

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def _simulate(out: Path, players: str, workers: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "game", "simulate", "--players", players, "--rounds", "30",
                             "--workers", str(workers), "--quiet", "--seed", "4", "--out", str(out)],
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _shots_on_disk(out: Path) -> int:
    try:
        return read_meta(out).shot_count
    except UserError:
        return -1


def _wait_for_shots(proc: subprocess.Popen, out: Path, shots: int, timeout: float = 120.0) -> int:
    until = time.monotonic() + timeout
    while time.monotonic() < until:
        seen = _shots_on_disk(out)
        if seen >= shots:
            return seen
        assert proc.poll() is None, proc.stderr.read().decode()
        time.sleep(0.05)
    pytest.fail(f"no {shots} shots written within {timeout} s")


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_kill_9_part_way_leaves_a_valid_replay_of_every_shot_so_far(tmp_path):
    out = tmp_path / "game.replay"
    proc = _simulate(out, "random,random,random", workers=0)
    seen = _wait_for_shots(proc, out, 3)
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    replay = load_replay(out)    # complete and valid, whatever instant the kill came
    assert len(replay.shots) >= seen
    # Nothing but the replay and, killed mid-write, our own temp file for it (the next write sweeps it).
    assert [p for p in os.listdir(tmp_path) if p != "game.replay" and not is_our_temp(p, "game.replay")] == []


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["kill -9", "SIGTERM"])
def test_planning_workers_exit_when_simulate_dies(tmp_path, sig):
    out = tmp_path / "game.replay"
    proc = _simulate(out, "easy,easy", workers=2)
    _wait_for_shots(proc, out, 1, timeout=240)
    workers = _children(proc.pid)
    assert len(workers) >= 2   # the planning workers (and multiprocessing's resource tracker)
    proc.send_signal(sig)
    proc.wait(30)
    assert _gone_within(workers, 1.0)
    assert len(load_replay(out).shots) >= 1


def _gone_within(pids: list[int], seconds: float) -> bool:
    """True once none of ``pids`` is alive, False if some still are after ``seconds``."""
    until = time.monotonic() + seconds
    while any(_alive(p) for p in pids):
        if time.monotonic() > until:
            return False
        time.sleep(0.02)
    return True


def _tournament() -> subprocess.Popen:
    """A tournament started as from a terminal: Ctrl-C at its default, whatever this process was given.

    A job a non-interactive shell puts in the background (``.ci/run &``)
    starts with SIGINT ignored, and an ignored signal stays ignored across
    exec: the tournament would rightly ignore Ctrl-C.  A handler, unlike an
    ignore, is reset to the default on exec, so one is set while starting it.
    """
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen([sys.executable, "-m", "game", "tournament", "--players", "easy,easy", "--games", "8",
                                 "--workers", "2"], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    finally:
        signal.signal(signal.SIGINT, previous)
    until = time.monotonic() + 120
    while len(_children(proc.pid)) < 3:   # both workers and the resource tracker
        assert time.monotonic() < until and proc.poll() is None, "the tournament's workers never started"
        time.sleep(0.1)
    time.sleep(2.0)   # the games under way
    return proc


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["kill -9", "SIGTERM"])
def test_tournament_workers_and_the_resource_tracker_die_within_a_second_of_the_parent(sig):
    proc = _tournament()
    workers = _children(proc.pid)
    proc.send_signal(sig)
    proc.wait(10)
    assert _gone_within(workers, 1.0), [w for w in workers if _alive(w)]


def test_ctrl_c_on_a_tournament_answers_within_a_second_and_leaves_no_worker():
    proc = _tournament()
    workers = _children(proc.pid)
    began = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)   # what the terminal sends: the whole process group
    proc.wait(30)
    assert time.monotonic() - began < 1.0 and proc.returncode == 130
    assert proc.stderr.read().decode().strip().splitlines()[-1] == "taw: interrupted"
    assert _gone_within(workers, 1.0)


def test_the_apps_preview_worker_dies_within_a_second_of_the_app():
    script = ("import time; from game.app.session.previewer import Previewer; p = Previewer(); "
              "p._executor.submit(int).result(60); print('ready', flush=True); time.sleep(120)")
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout.readline().strip() == b"ready"
    workers = _children(proc.pid)
    assert workers
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    assert _gone_within(workers, 1.0)


def _export_mp4(source: Path, out: Path, *more: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "game", "replay", str(source), "--export", str(out),
                             "--size", "64x48", "--fps", "120", *more], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _encoding(proc: subprocess.Popen, folder: Path, timeout: float = 60.0) -> tuple[Path, int]:
    """The export's private folder and its ffmpeg, once ffmpeg has begun writing there."""
    until = time.monotonic() + timeout
    while time.monotonic() < until:
        made = [p for p in folder.iterdir() if p.name.endswith(".tawtmp") and (p / "video.mp4").exists()]
        children = _children(proc.pid)
        if made and children:
            return made[0], children[0]
        assert proc.poll() is None, proc.stderr.read().decode()
        time.sleep(0.02)
    pytest.fail("the export never began encoding")


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["kill -9", "SIGTERM"])
def test_a_killed_mp4_export_leaves_nothing_the_next_export_does_not_clean(tmp_path, sig):
    from game.replay.fileformat import save_replay
    from game.replay.model import GameMeta, Replay
    from tests.replay.replay_synthetic import knock_shot

    source = tmp_path / "in" / "game.replay"
    source.parent.mkdir()
    save_replay(Replay(GameMeta(seed=3), [knock_shot()] * 40), source)
    out = tmp_path / "game.mp4"
    proc = _export_mp4(source, out)
    private, ffmpeg = _encoding(proc, tmp_path)
    proc.send_signal(sig)
    proc.wait(timeout=30)
    until = time.monotonic() + 5.0
    while _alive(ffmpeg) and time.monotonic() < until:   # kill -9: ffmpeg reads the end of its input and stops
        time.sleep(0.05)
    assert not _alive(ffmpeg)
    if sig == signal.SIGTERM:   # stopped as Ctrl-C is: ffmpeg and its folder gone at once
        assert proc.returncode == 130 and list(tmp_path.iterdir()) == [source.parent]
        return
    assert proc.returncode == -9 and private.is_dir()
    then = time.time() - 10
    os.utime(private, (then, then))
    again = _export_mp4(source, out, "--shot", "1", "--fps", "10")
    assert again.wait(timeout=300) == 0, again.stderr.read().decode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.mp4", "in"]
