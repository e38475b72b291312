"""Headless export: a replay rendered offscreen to numbered PNG frames, plus a GIF (``video`` makes an MP4).

Time advances by one frame period per picture (scaled by the auto
director's slow-down near contacts), so an export shows exactly what the
viewer would.  The GIF needs Pillow; without it the PNGs are still written
and ``gif`` is None.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

import itertools
import re
import struct
import zlib

import numpy as np

from game.errors import UserError
from game.replay.director import CameraMode
from game.replay.model import Replay

MAX_EXPORT_FRAMES = 20_000
GIF_MAX_WIDTH = 480
GIF_COLOURS = 64
MAX_FRAME_BYTES = 64 << 20   # a PNG frame read back for the GIF: 3840x2160 RGB uncompressed is 25 MB
GIF_MAX_FRAMES = 600  # a longer export is thinned for the GIF (not the PNGs), keeping its pace
EXPORT_HOLD = 1.0  # seconds after each shot: enough to read a ruling


FRAME_NAME = re.compile(r"frame_\d{5}\.png")
GIF_NAME = "replay.gif"


@dataclass(frozen=True)
class ExportResult:
    frames: list[Path]
    gif: Path | None
    cleared: int = 0   # files of an earlier export removed from the folder first
    capped: bool = False   # the replay runs longer than MAX_EXPORT_FRAMES: the export stops there


def encode_png_rgb(image: np.ndarray, level: int = 1) -> bytes:
    """PNG bytes of a top-down uint8 RGB image: numpy rows and zlib, about 15x faster than PNMImage.

    Export writes hundreds of frames; at 1280x720 this takes ~80 ms a frame
    where Panda's PNMImage writer took over a second.
    """
    height, width, _ = image.shape
    rows = np.zeros((height, width * 3 + 1), dtype=np.uint8)  # filter byte 0 (none) per row
    rows[:, 1:] = np.ascontiguousarray(image, dtype=np.uint8).reshape(height, width * 3)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows.tobytes(), level))
            + chunk(b"IEND", b""))


MANIFEST_NAME = ".taw-export.json"   # what the last export here wrote: the only files a later one removes


def _identity(path: Path) -> list[int]:
    info = path.stat(follow_symlinks=False)
    return [info.st_ino, info.st_size, info.st_mtime_ns]


def write_manifest(out: Path, written: list[Path]) -> None:
    """Record the files this export wrote (name, inode, size, time), so the next export removes those alone."""
    import json

    from game.fileio import write_atomic

    files = {p.name: _identity(p) for p in written}
    write_atomic(out / MANIFEST_NAME, json.dumps({"version": 1, "files": files}), follow_links=False)


def _earlier_export(out: Path) -> set[str]:
    """The names the last export here wrote and that are still exactly what it wrote."""
    from game.fileio import read_app_json

    found = read_app_json(out / MANIFEST_NAME, 4 << 20, "export manifest", max_depth=4, follow_links=False)
    files = found.data.get("files") if isinstance(found.data, dict) else None
    if not isinstance(files, dict):
        return set()
    ours = set()
    for name, identity in files.items():
        path = out / name
        if (FRAME_NAME.fullmatch(name) or name == GIF_NAME) and path.is_file() and not path.is_symlink() \
                and _identity(path) == identity:
            ours.add(name)
    return ours


def prepare_folder(folder: str | Path) -> tuple[Path, list[Path]]:
    """The export folder, created if need be, and an earlier export's frames and GIF in it.

    An export into a used folder must not leave frames of the last one after
    its own (a shorter export would end in someone else's pictures): these
    are removed (``clear``) once rendering has started.  Only the files the
    last export recorded in its manifest (``MANIFEST_NAME``), unchanged
    since, are removed; a file by an export's name (``frame_00000.png``...,
    ``replay.gif``) that it did not write is never replaced: the export is
    refused in one line.
    """
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise UserError(f"{out}: exists and is not a folder")
    if not out.exists():
        if not out.parent.is_dir():
            raise UserError(f"{out}: folder {out.parent} does not exist")
        try:
            out.mkdir()
        except OSError as err:
            raise UserError(f"{out}: cannot create the folder ({err.strerror})") from None
        return out, []
    try:
        named = [p for p in out.iterdir() if FRAME_NAME.fullmatch(p.name) or p.name == GIF_NAME]
        ours = _earlier_export(out)
    except OSError as err:
        raise UserError(f"{out}: cannot list the folder ({err.strerror})") from None
    for path in named:
        if path.name not in ours:
            raise UserError(f"{path}: has an export's name but no export here wrote it; not touching it "
                            "(choose another folder)")
    return out, named


def clear(earlier: list[Path], out: Path) -> None:
    """Remove an earlier export's files (found by ``prepare_folder``)."""
    try:
        for path in earlier:
            path.unlink(missing_ok=True)
    except OSError as err:
        raise UserError(f"{out}: cannot clear the earlier export ({err.strerror})") from None


def frame_times(viewer: Any, fps: int, shot: int | None, limit: int = MAX_EXPORT_FRAMES) -> list[float]:
    """The global times to draw, one per exported frame, at most ``limit``."""
    timeline = viewer.timeline
    if shot is None:
        start, end = 0.0, timeline.duration
    else:
        start, end = timeline.shot_start(shot), timeline.shot_end(shot)
    times: list[float] = []
    t = start
    while t <= end + 1e-9 and len(times) < limit:
        times.append(t)
        slow = viewer.director.slow_factor(t) if viewer.camera_mode == CameraMode.AUTO else 1.0
        t += slow / fps
    return times


def rendered_frames(replay: Replay, camera: CameraMode = CameraMode.AUTO, size: tuple[int, int] = (1280, 720), fps: int = 30,
                    shot: int | None = None, trails: bool = False, base: Any = None,
                    capped: Callable[[], None] | None = None) -> Iterator[tuple[int, int, np.ndarray]]:
    """Each exported frame as (number from 1, how many in all, top-down RGB image), rendered offscreen.

    ``base`` lends a ShowBase that renders offscreen; by default one of
    ``size`` is made and destroyed. The PNG and the video exports both draw
    through here, so they show the same pictures.  A replay longer than
    ``MAX_EXPORT_FRAMES`` frames stops there, and ``capped`` is called first.
    """
    from game.app.replay.viewer import ReplayViewer
    from game.app.scene.offscreen import grab, make_offscreen_base

    own_base = base is None
    if own_base:
        try:
            base = make_offscreen_base(size)
        except Exception as err:  # no GL at all: say so in one line
            raise UserError(f"cannot render offscreen on this machine ({err})", exit_code=1) from None
    viewer = None
    try:
        viewer = ReplayViewer(base, replay, camera=camera, trails=trails, controls=False, run_task=False,
                              hold=EXPORT_HOLD)
        times = frame_times(viewer, fps, shot, MAX_EXPORT_FRAMES + 1)
        if len(times) > MAX_EXPORT_FRAMES:
            del times[MAX_EXPORT_FRAMES:]
            if capped is not None:
                capped()
        for n, t in enumerate(times):
            viewer.show_at(t)
            base.graphicsEngine.renderFrame()  # one frame is enough offscreen (checked in the tests)
            yield n + 1, len(times), grab(base.win, base, render=False)
    finally:
        if viewer is not None:
            viewer.destroy()
        if own_base:
            base.destroy()


def export_frames(replay: Replay, folder: str | Path, camera: CameraMode = CameraMode.AUTO, size: tuple[int, int] = (1280, 720),
                  fps: int = 30, shot: int | None = None, trails: bool = True, gif: bool = True,
                  base: Any = None, progress: Callable[[int, int], None] | None = None) -> ExportResult:
    """Write ``frame_00000.png`` ... into ``folder``; ``shot`` is 0-based, None for the whole game."""
    from game.fileio import write_atomic

    out, earlier = prepare_folder(folder)
    written: list[Path] = []
    cut: list[bool] = []
    frames = rendered_frames(replay, camera, size, fps, shot, trails, base, capped=lambda: cut.append(True))
    first = next(frames, None)   # rendering works: only now clear the earlier export (a failed start leaves it whole)
    clear(earlier, out)
    if first is not None:
        for n, total, image in itertools.chain([first], frames):
            path = out / f"frame_{n - 1:05d}.png"
            write_atomic(path, encode_png_rgb(image), follow_links=False)
            written.append(path)
            if n % 100 == 1 or n == total:   # an export cut short still names what it wrote
                write_manifest(out, written)
            if progress is not None:
                progress(n, total)
    gif_path = make_gif(written, out / GIF_NAME, fps) if gif and written else None
    if gif_path is not None:
        write_manifest(out, [*written, gif_path])
    return ExportResult(written, gif_path, len(earlier), bool(cut))


def make_gif(frames: list[Path], target: Path, fps: int) -> Path | None:
    """An animated GIF of the frames (at most GIF_MAX_WIDTH wide), or None without Pillow."""
    try:
        from PIL import Image
    except ImportError:
        return None
    import io

    from game.fileio import read_bounded, write_atomic

    # One palette for every frame and no dithering: the still ground then
    # stays the same indices frame to frame, which LZW packs far better.
    stride = -(-len(frames) // GIF_MAX_FRAMES)
    pictures: list[Any] = []
    palette = None
    for path in frames[::stride]:   # read back as hostile files: a frame swapped for a FIFO must not block
        with Image.open(io.BytesIO(read_bounded(path, MAX_FRAME_BYTES, "frame"))) as opened:
            img = opened.convert("RGB")
            if img.width > GIF_MAX_WIDTH:
                img = img.resize((GIF_MAX_WIDTH, round(img.height * GIF_MAX_WIDTH / img.width)),
                                 Image.Resampling.BILINEAR)
            if palette is None:
                palette = img.quantize(colors=GIF_COLOURS, method=Image.Quantize.MEDIANCUT)
            pictures.append(img.quantize(palette=palette, dither=Image.Dither.NONE))
    buffer = io.BytesIO()
    pictures[0].save(buffer, format="GIF", save_all=True, append_images=pictures[1:],
                     duration=max(20, round(1000 * stride / fps)), loop=0, optimize=False)
    write_atomic(target, buffer.getvalue(), follow_links=False)
    return target
