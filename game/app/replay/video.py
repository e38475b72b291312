"""A replay as an H.264 MP4 video, with its captions: frames rendered offscreen, encoded by a packaged ffmpeg.

The frames are the PNG export's (``export.rendered_frames``: the same times,
cameras and captions), piped raw into the ffmpeg binary that the
``imageio-ffmpeg`` package ships, so no ffmpeg needs installing. The video is
written to a part file beside the target and moved over it only when ffmpeg
has finished cleanly, and only over a regular file: a failed or cancelled
export leaves nothing half-written and never clobbers what was there. Every
failure is one line (``UserError``): a bad path, a full disk, ffmpeg missing.
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
from game.replay.model import Replay

SUFFIX = ".mp4"
CRF = 20           # x264's constant quality: 18 looks lossless, 23 is its default
PRESET = "veryfast"


class Cancelled(Exception):
    """The person stopped the export; the part file is removed and the target left as it was."""


@dataclass(frozen=True)
class VideoResult:
    path: Path
    frames: int
    seconds: float   # the video's length


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


def _reason(log: str, returncode: int | None) -> str:
    """ffmpeg's complaint, as a few words for one line."""
    text = log.lower()
    if "no space left" in text:
        return "the disk is full"
    if "permission denied" in text:
        return "permission denied"
    lines = [line.strip() for line in log.splitlines() if line.strip()]
    last = lines[-1] if lines else f"ffmpeg stopped (exit code {returncode})"
    return last[:160]


def _command(exe: str, size: tuple[int, int], fps: int, out: Path) -> list[str]:
    width, height = size
    return [exe, "-hide_banner", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{width}x{height}", "-r", str(fps), "-i", "-",
            "-an", "-c:v", "libx264", "-preset", PRESET, "-crf", str(CRF), "-pix_fmt", "yuv420p",
            "-movflags", "+faststart", "-f", "mp4", str(out)]


def even_size(size: tuple[int, int]) -> tuple[int, int]:
    """H.264 in yuv420p needs an even width and height: an odd one loses its last pixel."""
    return size[0] - size[0] % 2, size[1] - size[1] % 2


def export_video(replay: Replay, target: str | Path, camera: str = "auto", size: tuple[int, int] = (1280, 720),
                 fps: int = 30, shot: int | None = None, trails: bool = False, base: Any = None,
                 progress: Callable[[int, int], None] | None = None,
                 cancelled: Callable[[], bool] = lambda: False) -> VideoResult:
    """Write ``target`` (.mp4), the replay (or its ``shot``, 0-based) as the viewer plays it, captions and all."""
    from game.app.replay.export import rendered_frames

    path = check_target(target)
    exe = ffmpeg_exe()
    if base is not None:   # a lent ShowBase renders at its own window's size
        size = (base.win.getXSize(), base.win.getYSize())
    width, height = size = even_size(size)
    part = path.with_name(f".{path.name}.part")
    log = tempfile.TemporaryFile()  # noqa: SIM115 (ffmpeg's stderr; closed in the finally below)
    try:
        encoder = subprocess.Popen(_command(exe, size, fps, part), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=log)
    except OSError as err:
        log.close()
        raise UserError(f"cannot start ffmpeg ({err.strerror})", exit_code=1) from None
    frames = 0
    try:
        try:
            for frames, total, image in rendered_frames(replay, camera, size, fps, shot, trails, base):
                if cancelled():
                    raise Cancelled()
                encoder.stdin.write(np.ascontiguousarray(image[:height, :width]).tobytes())
                if progress is not None:
                    progress(frames, total)
            encoder.stdin.close()
        except BrokenPipeError:
            pass   # ffmpeg stopped early: its log says why, below
        returncode = encoder.wait()
        if returncode != 0:
            log.seek(0)
            raise UserError(f"{path}: cannot write the video ({_reason(log.read().decode(errors='replace'), returncode)})",
                            exit_code=1)
        try:
            os.replace(part, path)
        except OSError as err:
            raise UserError(f"{path}: cannot write the video ({err.strerror})", exit_code=1) from None
    finally:
        if encoder.poll() is None:
            encoder.kill()
            encoder.wait()
        log.close()
        part.unlink(missing_ok=True)
    return VideoResult(path, frames, frames / fps)
