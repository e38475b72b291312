"""A replay as an H.264 MP4 video, with its captions: frames rendered offscreen, encoded by a packaged ffmpeg.

The frames are the PNG export's (``export.rendered_frames``: the same times,
cameras and captions), piped raw into the ffmpeg binary that the
``imageio-ffmpeg`` package ships, so no ffmpeg needs installing. The video is
written in a folder of our own made beside the target (``fileio.private_folder``:
no link, FIFO or file of anyone else's can be there) and moved over the target
only when ffmpeg has finished cleanly, and only over a regular file, which
keeps its permissions: a failed or cancelled export leaves nothing
half-written and never clobbers what was there; a killed one leaves that
folder for the next export to the same name to sweep. Every failure is one
line (``UserError``): a bad path, a full disk (status 2), ffmpeg missing or
failing (status 1).

The pipe is ours, not ``imageio_ffmpeg.write_frames``: that one never reads
ffmpeg's exit status (on a full disk it returns as if the video were whole)
and sends ffmpeg's log to our stderr (docs/decisions.md, "Libraries where
they serve").
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

from game.errors import UserError
from game.replay.director import CameraMode
from game.replay.model import Replay

SUFFIX = ".mp4"
CRF = 20           # x264's constant quality: 18 looks lossless, 23 is its default
PRESET = "veryfast"


class Cancelled(Exception):
    """The person stopped the export; what ffmpeg wrote is removed and the target left as it was."""


@dataclass(frozen=True)
class VideoResult:
    path: Path
    frames: int
    seconds: float   # the video's length
    capped: bool = False   # the replay runs longer than export.MAX_EXPORT_FRAMES: the video stops there


def ffmpeg_exe() -> str:
    """The ffmpeg binary imageio-ffmpeg ships with the game; one line if it is missing."""
    try:
        import imageio_ffmpeg
    except ImportError:
        raise UserError("video export needs the imageio-ffmpeg package (pip install imageio-ffmpeg)",
                        exit_code=1) from None
    try:
        return imageio_ffmpeg.get_ffmpeg_exe()
    except RuntimeError as err:
        raise UserError(f"video export cannot find its ffmpeg ({err})", exit_code=1) from None


def check_target(target: str | Path) -> Path:
    """The video's path, if a video may be written there: an .mp4 in an existing folder, not over anything
    but a regular file."""
    path = Path(target)
    if path.suffix.lower() != SUFFIX:
        raise UserError(f"{path}: a video's name must end in {SUFFIX}")
    folder = path.parent
    if not folder.is_dir():
        raise UserError(f"{path}: folder {folder} does not exist")
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise UserError(f"{path}: exists and is not a regular file; not writing over it")
    if not os.access(folder, os.W_OK):
        raise UserError(f"{path}: cannot write in folder {folder} (permission denied)")
    return path


def _reason(log: str, returncode: int | None) -> tuple[str, int]:
    """ffmpeg's complaint, as a few words for one line, and the exit status: 2 for a full disk or a folder we
    may not write in (as for every file written, ``fileio.FileWriteError``), 1 for ffmpeg failing."""
    text = log.lower()
    if "no space left" in text:
        return "the disk is full", 2
    if "permission denied" in text:
        return "permission denied", 2
    lines = [line.strip() for line in log.splitlines() if line.strip()]
    last = lines[-1] if lines else f"ffmpeg stopped (exit code {returncode})"
    return last[:160], 1


def _command(exe: str, size: tuple[int, int], fps: int, out: Path) -> list[str]:
    """ffmpeg's arguments; ``out`` is an absolute path in our private folder, so ffmpeg reads it neither as a
    protocol (``file:``, ``pipe:``) nor as an option (``-d``)."""
    if not os.path.isabs(out):
        raise ValueError(f"ffmpeg's output must be an absolute path, not {out}")
    width, height = size
    return [exe, "-hide_banner", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{width}x{height}", "-r", str(fps), "-i", "-",
            "-an", "-c:v", "libx264", "-preset", PRESET, "-crf", str(CRF), "-pix_fmt", "yuv420p",
            "-movflags", "+faststart", "-f", "mp4", str(out)]


def even_size(size: tuple[int, int]) -> tuple[int, int]:
    """H.264 in yuv420p needs an even width and height: an odd one loses its last pixel."""
    return size[0] - size[0] % 2, size[1] - size[1] % 2


def export_video(replay: Replay, target: str | Path, camera: CameraMode = CameraMode.AUTO, size: tuple[int, int] = (1280, 720),
                 fps: int = 30, shot: int | None = None, trails: bool = False, base: Any = None,
                 progress: Callable[[int, int], None] | None = None,
                 cancelled: Callable[[], bool] = lambda: False) -> VideoResult:
    """Write ``target`` (.mp4), the replay (or its ``shot``, 0-based) as the viewer plays it, captions and all.

    ffmpeg writes into a folder of our own made for this export beside the
    target (``fileio.private_folder``), by an absolute path no protocol or
    option can be read into; the finished video is moved over the target
    only then, keeping the target's permissions (``fileio.replace_with``).
    """
    from game.fileio import private_folder

    path = check_target(target)
    exe = ffmpeg_exe()
    if base is not None:   # a lent ShowBase renders at its own window's size
        size = (base.win.getXSize(), base.win.getYSize())
    size = even_size(size)
    cut: list[bool] = []
    with private_folder(path) as folder:
        frames = _encode(replay, exe, folder / f"video{SUFFIX}", path, (camera, size, fps, shot, trails, base),
                         progress, cancelled, lambda: cut.append(True))
    return VideoResult(path, frames, frames / fps, bool(cut))


def _encode(replay: Replay, exe: str, part: Path, path: Path, view: tuple, progress: Callable[[int, int], None] | None,
            cancelled: Callable[[], bool], capped: Callable[[], None]) -> int:
    """Pipe the frames (``view``: ``rendered_frames``' camera, size, fps, shot, trails and base) into ffmpeg
    writing ``part``, then move it over ``path``; the frame count."""
    from game.app.replay.export import rendered_frames
    from game.fileio import replace_with

    camera, size, fps, shot, trails, base = view
    width, height = size
    log = tempfile.TemporaryFile()  # noqa: SIM115 (ffmpeg's stderr; closed in the finally below)
    try:
        encoder = subprocess.Popen(_command(exe, size, fps, part), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=log)
    except OSError as err:
        log.close()
        raise UserError(f"cannot start ffmpeg ({err.strerror})", exit_code=1) from None
    stdin = encoder.stdin
    assert stdin is not None, "Popen with stdin=PIPE always gives a pipe"
    frames = 0
    try:
        try:
            for frames, total, image in rendered_frames(replay, camera, size, fps, shot, trails, base, capped):
                if cancelled():
                    raise Cancelled()
                stdin.write(np.ascontiguousarray(image[:height, :width]).tobytes())
                if progress is not None:
                    progress(frames, total)
            stdin.close()
        except BrokenPipeError:
            pass   # ffmpeg stopped early: its log says why, below
        returncode = encoder.wait()
        if returncode != 0:
            log.seek(0)
            reason, code = _reason(log.read().decode(errors="replace"), returncode)
            raise UserError(f"{path}: cannot write the video ({reason})", exit_code=code)
        check_target(path)   # still nothing but a regular file, or nothing, where the video goes
        replace_with(part, path)
    finally:
        if encoder.poll() is None:
            encoder.kill()
            encoder.wait()
        log.close()
    return frames
