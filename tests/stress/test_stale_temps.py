"""Our own temporary files that a killed writer left behind are removed on the next write of that target, and
nothing else is: another program's temp file, or ours for another target, stays."""

import fcntl
import os
import subprocess
import sys
import time

from game.fileio import STALE_TEMP_SECONDS, clean_stale_temps, is_our_temp, private_folder, temp_name, write_atomic


def _age(path, seconds):
    then = time.time() - seconds
    os.utime(path, (then, then))


def _planted(folder, name, data=b"z", age=3600):
    path = folder / name
    path.write_bytes(data)
    _age(path, age)
    return path


def test_a_stale_temp_file_of_the_target_is_removed_on_the_next_write_and_nothing_else(tmp_path):
    stale = _planted(tmp_path, temp_name("settings.json"), b"x" * 800_000, STALE_TEMP_SECONDS + 60)
    fresh = _planted(tmp_path, temp_name("settings.json"), b"y", 0)   # a writer that has just begun, say
    others = [_planted(tmp_path, name) for name in (
        temp_name("game.replay"),                 # ours, but for another target: its own write sweeps it
        ".thesis.tex.0123abcd.tmp",               # an editor's: the pattern the sweep once took
        ".settings.json.0123abcd.tmp",            # the same, named for our target
        ".notes.tmp", "settings.json.0123abcd.tmp")]
    write_atomic(tmp_path / "settings.json", "{}")
    assert not stale.exists()
    assert fresh.exists() and all(p.exists() for p in others)


def test_a_name_of_our_shape_without_our_tag_is_never_taken(tmp_path):
    # The planted fault: a name shaped like ours whose tag is not the target's hash (a sweep by shape alone,
    # as before, would take it).
    ours = temp_name("settings.json")
    forged = ours[:-15] + ("0" if ours[-15] != "0" else "1") + ours[-14:]
    assert is_our_temp(ours, "settings.json") and not is_our_temp(forged, "settings.json")
    path = _planted(tmp_path, forged)
    assert clean_stale_temps(tmp_path, "settings.json") == [] and path.exists()
    assert clean_stale_temps(tmp_path, None) == [] and path.exists()


def test_a_temp_file_a_live_writer_holds_is_left_alone(tmp_path):
    held = tmp_path / temp_name("game.replay")
    held.write_bytes(b"partial")
    fd = os.open(held, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        _age(held, STALE_TEMP_SECONDS + 60)
        assert clean_stale_temps(tmp_path, "game.replay") == []
        assert held.exists()
    finally:
        os.close(fd)
    assert clean_stale_temps(tmp_path, "game.replay") == [held]


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
    left = [p for p in tmp_path.iterdir() if p.name.endswith(".tawtmp")]
    assert len(left) == 1 and left[0].stat().st_size == 200_000
    _age(left[0], STALE_TEMP_SECONDS + 1)
    write_atomic(tmp_path / "other.json", b"{}")    # another target's write leaves it
    assert left[0].exists()
    write_atomic(tmp_path / "game.replay", b"whole")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.replay", "other.json"]


def test_a_private_folder_a_killed_export_left_is_swept_by_the_next_one_of_that_name(tmp_path):
    script = (
        "import os\n"
        "from game.fileio import private_folder\n"
        f"with private_folder({str(tmp_path / 'game.mp4')!r}) as folder:\n"
        "    (folder / 'video.mp4').write_bytes(b'v' * 1000)\n"
        "    os.kill(os.getpid(), 9)\n")
    assert subprocess.run([sys.executable, "-c", script], capture_output=True).returncode == -9
    left = [p for p in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].is_dir() and (left[0] / "video.mp4").is_file()
    assert oct(left[0].stat().st_mode & 0o777) == "0o700"
    _age(left[0], STALE_TEMP_SECONDS + 1)
    with private_folder(tmp_path / "game.mp4") as folder:
        assert folder.is_absolute() and not left[0].exists()
    assert list(tmp_path.iterdir()) == []


def test_a_folder_of_our_name_holding_a_link_is_left_whole(tmp_path):
    folder = tmp_path / temp_name("game.mp4")
    folder.mkdir()
    victim = tmp_path / "victim"
    victim.write_text("keep")
    (folder / "video.mp4").symlink_to(victim)
    _age(folder, 3600)
    assert clean_stale_temps(tmp_path, "game.mp4") == []
    assert victim.read_text() == "keep" and (folder / "video.mp4").is_symlink()


def test_the_apps_video_export_sweeps_what_a_killed_export_left_in_its_videos_folder(tmp_path):
    from game.app.replay.video_job import JobState, VideoJob
    from game.replay.model import GameMeta, Replay

    videos = tmp_path / "videos"
    videos.mkdir()
    left = videos / temp_name("replay-20261203-101500.mp4")   # another export's, killed (each has a new name)
    left.mkdir()
    (left / "video.mp4").write_bytes(b"half")
    _age(left, STALE_TEMP_SECONDS + 1)
    editor = _planted(videos, ".notes.txt.0123abcd.tmp")
    job = VideoJob(Replay(GameMeta(seed=1), []), videos / "not-a-video.avi")   # refused before any worker
    assert job.status.state is JobState.FAILED
    assert sorted(p.name for p in videos.iterdir()) == [editor.name]


def test_the_game_sweeps_what_a_killed_game_left_in_its_own_folders_and_nothing_else(tmp_path):
    from game.app.paths import UserPaths

    paths = UserPaths.under(tmp_path)
    paths.replay_dir.mkdir(parents=True)
    paths.screenshot_dir.mkdir(parents=True)
    paths.config_dir.mkdir(parents=True)
    replay = _planted(paths.replay_dir, temp_name("20261206-074000-seed7.replay"), age=STALE_TEMP_SECONDS + 60)
    shot = paths.screenshot_dir / temp_name("taw-20261206-074000-001.png")
    shot.mkdir()
    (shot / "picture.png").write_bytes(b"half")
    _age(shot, STALE_TEMP_SECONDS + 60)
    settings = _planted(paths.config_dir, temp_name("settings.json"), age=STALE_TEMP_SECONDS + 60)
    kept = [_planted(paths.replay_dir, ".notes.txt.0123abcd.tmp"),
            _planted(paths.replay_dir, temp_name("20261206-074000-seed7.replay"), age=0),   # a live game's, just begun
            _planted(paths.config_dir, temp_name("a" * 50 + ".json"))]   # a name cut short: whose is unknown
    assert sorted(paths.sweep_stale_temps()) == sorted([replay, shot, settings])
    assert all(p.exists() for p in kept) and not replay.exists() and not shot.exists()
