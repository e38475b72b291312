"""Export to MP4: the viewer's frames (captions and all) encoded as H.264 by imageio-ffmpeg's packaged ffmpeg,
written whole or not at all, with progress, cancel, and one-line errors for bad paths and a full disk."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from game.app.replay import video
from game.app.replay.export import rendered_frames
from game.app.replay.video import Cancelled, export_video
from game.errors import UserError
from game.replay.fileformat import save_replay
from game.replay.model import GameMeta, Replay
from tests.replay.replay_synthetic import knock_shot

pytestmark = pytest.mark.gui

SIZE = (320, 240)   # the offscreen base's (a lent base renders at its own size)
FPS = 10


def _replay() -> Replay:
    return Replay(GameMeta(seed=3), [knock_shot()])


def _decoded_frames(path, size) -> np.ndarray:
    """Every frame of the video, decoded by the same packaged ffmpeg, as (n, height, width, 3) RGB."""
    raw = subprocess.run([video.ffmpeg_exe(), "-loglevel", "error", "-i", str(path), "-f", "rawvideo",
                          "-pix_fmt", "rgb24", "-"], capture_output=True, check=True).stdout
    width, height = size
    return np.frombuffer(raw, np.uint8).reshape(-1, height, width, 3)


def test_the_video_is_h264_and_holds_the_viewers_frames_with_progress(offscreen_base, tmp_path):
    target = tmp_path / "game.mp4"
    seen = []
    result = export_video(_replay(), target, size=SIZE, fps=FPS, base=offscreen_base,
                          progress=lambda done, total: seen.append((done, total)))
    data = target.read_bytes()
    assert data[4:8] == b"ftyp" and b"avc1" in data   # an MP4 holding H.264
    total = seen[-1][1]
    assert [d for d, _ in seen] == list(range(1, total + 1)) and result.frames == total
    assert result.seconds == pytest.approx(total / FPS)
    decoded = _decoded_frames(target, SIZE)
    assert len(decoded) == total
    rendered = [image for _, _, image in rendered_frames(_replay(), size=SIZE, fps=FPS, base=offscreen_base)]
    for k in (0, total // 2, total - 1):   # lossy, but the same pictures
        assert np.abs(decoded[k].astype(int) - rendered[k].astype(int)).mean() < 6, k
    assert not list(tmp_path.glob(".*.part"))


def _taw(*args: str) -> subprocess.CompletedProcess:
    """The command line in a process of its own (one ShowBase a process: this module's is taken)."""
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=300)


def test_taw_replay_export_mp4_writes_an_even_sized_video_and_bad_names_exit_2(tmp_path):
    source = tmp_path / "game.replay"
    save_replay(_replay(), source)
    target = tmp_path / "out.mp4"
    done = _taw("replay", str(source), "--export", str(target), "--size", "161x91", "--fps", "10")
    assert done.returncode == 0 and f"wrote {target}" in done.stdout, done.stderr
    assert target.read_bytes()[4:8] == b"ftyp"
    assert _decoded_frames(target, (160, 90)).shape[1:] == (90, 160, 3)   # H.264 wants even sides
    for args, words in ((["--export", str(tmp_path / "out.mov")], "give a name ending in .mp4"),
                        (["--export", str(target), "--no-gif"], "only applies with --export DIR"),
                        (["--export", str(tmp_path / "none" / "out.mp4")], "does not exist")):
        refused = _taw("replay", str(source), *args)
        assert refused.returncode == 2 and words in refused.stderr and "Traceback" not in refused.stderr


@pytest.mark.parametrize("name, reason", [
    ("missing/x.mp4", "does not exist"),
    ("x.avi", "must end in .mp4"),
    ("folder.mp4", "is not a regular file"),
    ("fifo.mp4", "is not a regular file"),
    ("link.mp4", "is not a regular file"),
])
def test_a_bad_path_is_one_line_before_anything_renders(tmp_path, name, reason):
    (tmp_path / "folder.mp4").mkdir()
    os.mkfifo(tmp_path / "fifo.mp4")
    (tmp_path / "link.mp4").symlink_to(tmp_path / "elsewhere.mp4")
    with pytest.raises(UserError) as caught:
        export_video(_replay(), tmp_path / name, size=SIZE, fps=FPS, base=object())  # never rendered
    assert reason in str(caught.value) and "\n" not in str(caught.value)


def test_a_full_disk_is_one_line_and_leaves_the_old_video_whole(offscreen_base, tmp_path, monkeypatch):
    target = tmp_path / "game.mp4"
    target.write_bytes(b"the earlier video")
    command = video._command
    monkeypatch.setattr(video, "_command", lambda exe, size, fps, out: command(exe, size, fps, "/dev/full"))
    with pytest.raises(UserError) as caught:
        export_video(_replay(), target, size=SIZE, fps=FPS, base=offscreen_base)
    assert "the disk is full" in str(caught.value) and "\n" not in str(caught.value)
    assert caught.value.exit_code == 2   # as for PNG frames (FileWriteError)
    assert target.read_bytes() == b"the earlier video"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.mp4"]


def test_a_cancelled_export_leaves_nothing_behind(offscreen_base, tmp_path):
    done = []
    with pytest.raises(Cancelled):
        export_video(_replay(), tmp_path / "game.mp4", size=SIZE, fps=FPS, base=offscreen_base,
                     progress=lambda d, t: done.append(d), cancelled=lambda: len(done) >= 3)
    assert len(done) == 3 and list(tmp_path.iterdir()) == []


def test_the_command_lines_progress_bar_fills_on_a_terminal():
    import io

    from game.cli.cmd_replay import progress_bar

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    show = progress_bar("video", out)
    for done in range(1, 41):
        show(done, 40)
    text = out.getvalue()
    assert "[" + "#" * 30 + "] 100%  frame 40/40\n" in text and " 50%  frame 20/40" in text
    quiet = io.StringIO()
    progress_bar("video", quiet)(1, 2)
    assert quiet.getvalue() == ""


# -- the export writes only its own files (issue 43) ---------------------------------------------------------

def test_a_link_or_fifo_planted_at_the_old_part_name_is_never_written_through_or_waited_on(offscreen_base,
                                                                                           tmp_path):
    victim = tmp_path / "thesis.txt"
    victim.write_text("mine")
    (tmp_path / ".game.mp4.part").symlink_to(victim)
    os.mkfifo(tmp_path / ".other.mp4.part")
    for name in ("game.mp4", "other.mp4"):
        export_video(_replay(), tmp_path / name, size=SIZE, fps=FPS, base=offscreen_base)
        assert (tmp_path / name).read_bytes()[4:8] == b"ftyp"
    assert victim.read_text() == "mine" and (tmp_path / ".game.mp4.part").is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".game.mp4.part", ".other.mp4.part", "game.mp4",
                                                            "other.mp4", "thesis.txt"]


def test_a_rewritten_video_keeps_its_permissions(offscreen_base, tmp_path):
    target = tmp_path / "game.mp4"
    target.write_bytes(b"the earlier video")
    target.chmod(0o600)
    export_video(_replay(), target, size=SIZE, fps=FPS, base=offscreen_base)
    assert target.read_bytes()[4:8] == b"ftyp" and oct(target.stat().st_mode & 0o777) == "0o600"


@pytest.mark.parametrize("folder", ["file:", "pipe:", "-d"])
def test_a_folder_named_like_a_protocol_or_an_option_is_just_a_folder(offscreen_base, tmp_path, monkeypatch,
                                                                     folder):
    (tmp_path / folder).mkdir()
    monkeypatch.chdir(tmp_path)
    export_video(_replay(), f"{folder}/x.mp4", size=SIZE, fps=FPS, base=offscreen_base)
    assert (tmp_path / folder / "x.mp4").read_bytes()[4:8] == b"ftyp"
    assert sorted(p.name for p in (tmp_path / folder).iterdir()) == ["x.mp4"]


def test_ffmpeg_is_never_given_a_relative_output():
    # The planted fault: a relative name, which ffmpeg could read as a protocol (file:x) or an option (-d).
    with pytest.raises(ValueError, match="absolute"):
        video._command("ffmpeg", SIZE, FPS, "file:x.mp4")
    assert video._command("ffmpeg", SIZE, FPS, "/tmp/f/x.mp4")[-1] == "/tmp/f/x.mp4"


def test_a_full_disk_is_exit_status_2_for_a_video_as_for_frames():
    assert video._reason("[out#0] Error: No space left on device", 1) == ("the disk is full", 2)
    assert video._reason("Conversion failed!", 1) == ("Conversion failed!", 1)


def test_an_export_past_the_frame_cap_stops_there_and_says_so(offscreen_base, tmp_path, monkeypatch):
    from game.app.replay import export

    uncut = export_video(_replay(), tmp_path / "whole.mp4", size=SIZE, fps=FPS, base=offscreen_base)
    assert not uncut.capped
    monkeypatch.setattr(export, "MAX_EXPORT_FRAMES", 3)
    cut = export_video(_replay(), tmp_path / "cut.mp4", size=SIZE, fps=FPS, base=offscreen_base)
    assert cut.capped and cut.frames == 3 and len(_decoded_frames(tmp_path / "cut.mp4", SIZE)) == 3
    frames = export.export_frames(_replay(), tmp_path / "frames", size=SIZE, fps=FPS, base=offscreen_base, gif=False)
    assert frames.capped and len(frames.frames) == 3
