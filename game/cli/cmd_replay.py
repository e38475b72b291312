"""``taw replay FILE``: watch a recorded game, or export its frames headless."""

from __future__ import annotations

import argparse
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from game.argtypes import bounded, path_arg
from game.errors import UserError

HELP = ("watch a recorded game (a .replay file), export it to an MP4 video or to PNG frames and a GIF with --export, "
        "or judge it again under other house rules with --judge")

OTHER_VIDEO = frozenset({".avi", ".mov", ".mkv", ".webm", ".m4v", ".gif", ".png"})  # --export names we do not write
# The --camera choices, as the command line spells game.replay.director.CameraMode (kept here so parsing imports no
# numpy; a test holds the two equal); the choice becomes a CameraMode where the replay is shown.
CAMERAS = ("auto", "taw", "sun", "orrery", "broadcast", "orbit")
MAX_SIZE = (3840, 2160)   # 4K: an export's memory grows with its pixels (7680x4320 peaked at 1.0 GB)


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}")
    width, height = int(match.group(1)), int(match.group(2))
    if not (16 <= width <= MAX_SIZE[0] and 16 <= height <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(f"size {width}x{height} is outside 16x16 .. {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return width, height


_fps = bounded("fps", int, 1, 120)
_shot_number = bounded("shot", int, 1, 10**9)
_speed = bounded("speed", float, 0.1, 4.0)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", type=path_arg("FILE"), help="a replay written by the game or by 'taw simulate --out'")
    parser.add_argument("--export", metavar="OUT", type=path_arg("--export"),
                        help="without a display, write OUT.mp4 (an H.264 video with the captions), or PNG frames "
                             "(and replay.gif) into the folder OUT")
    parser.add_argument("--camera", choices=CAMERAS, default="auto", help="camera (default: auto, the director)")
    parser.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH", help="export size (default 1280x720)")
    parser.add_argument("--fps", type=_fps, default=30, help="export frames per second (default 30)")
    parser.add_argument("--shot", type=_shot_number, default=None, metavar="N",
                        help="only shot N (from 1); in the viewer, start there")
    parser.add_argument("--trails", action="store_true", help="draw trails behind moving bodies")
    parser.add_argument("--no-gif", action="store_true", help="with --export DIR: PNG frames only")
    parser.add_argument("--speed", type=_speed, default=1.0, help="viewer playback speed, 0.1 to 4 (default 1)")
    parser.add_argument("--loop", action="store_true", help="viewer: start again at the end")
    parser.add_argument("--judge", metavar="HOUSE.toml", type=path_arg("--judge"),
                        help="judge every recorded shot again under the [house_rules] in this file (no physics) and "
                             "print where the rulings and purses differ")
    parser.add_argument("--json", action="store_true", help="with --judge: print one JSON object")


def run(args: argparse.Namespace) -> int:
    from game.replay import load_replay

    video = args.export is not None and str(args.export).lower().endswith(".mp4")
    if args.export is not None and Path(args.export).suffix.lower() in OTHER_VIDEO:
        raise UserError(f"--export {args.export}: the video is written as MP4: give a name ending in .mp4 "
                        "(or a folder for PNG frames)")
    if args.no_gif and (args.export is None or video):
        raise UserError("--no-gif only applies with --export DIR (PNG frames)")
    if args.json and args.judge is None:
        raise UserError("--json only applies with --judge HOUSE.toml")
    if args.judge is not None and args.export is not None:
        raise UserError("give --judge or --export, not both")
    house = None
    if args.judge is not None:
        from game.rules.house import HouseRules

        house = HouseRules.from_toml(args.judge)  # a bad file is one line and exit 2, before the replay is read
    replay = load_replay(args.file)
    if not replay.shots:
        raise UserError(f"{args.file}: this replay has no shots yet")
    if house is not None:
        return _judge(args, replay, house)
    shot = None
    if args.shot is not None:
        if args.shot > len(replay.shots):
            raise UserError(f"--shot {args.shot}: {args.file} has {len(replay.shots)} shot"
                            f"{'s' if len(replay.shots) != 1 else ''}")
        shot = args.shot - 1
    if video:
        return _export_video(args, replay, shot)
    if args.export is not None:
        return _export(args, replay, shot)
    return _watch(args, replay, shot)


def _judge(args: argparse.Namespace, replay, house) -> int:
    import json

    from game.replay.rejudge import rejudge, rejudging_to_json, rejudging_to_text

    result = rejudge(replay, house, source=str(args.file))
    if args.json:
        print(json.dumps(rejudging_to_json(result, str(args.file), str(args.judge)), ensure_ascii=False))
    else:
        print(rejudging_to_text(result, str(args.file), str(args.judge)))
    return 0


def progress_bar(label: str, stream=None) -> Callable[[int, int], None]:
    """A progress bar on one terminal line (``[#####.....]  45%  frame 123/270``); nothing when not a terminal."""
    import sys

    out = stream or sys.stderr
    shown = [-1]

    def show(done: int, total: int) -> None:
        if not out.isatty():
            return
        percent = 100 * done // max(total, 1)
        if percent == shown[0] and done != total:
            return
        shown[0] = percent
        filled = 30 * done // max(total, 1)
        out.write(f"\r{label} [{'#' * filled}{'.' * (30 - filled)}] {percent:3d}%  frame {done}/{total}")
        if done == total:
            out.write("\n")
        out.flush()

    return show


@contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM during an export stops it as Ctrl-C does (status 130), so its ffmpeg and part files go with it."""
    import signal

    def interrupt(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def capped_warning(frames: int) -> str:
    """What an export cut at ``MAX_EXPORT_FRAMES`` says on stderr."""
    return (f"taw: warning: the replay runs longer than {frames} frames; the export stops there "
            "(use --shot N or a lower --fps for the rest)")


def _export(args: argparse.Namespace, replay, shot: int | None) -> int:
    import sys

    from game.app.replay.export import export_frames
    from game.replay.director import CameraMode

    with _terminate_as_interrupt():
        result = export_frames(replay, args.export, camera=CameraMode(args.camera), size=args.size, fps=args.fps, shot=shot,
                               trails=args.trails, gif=not args.no_gif, progress=progress_bar("frames"))
    extra = f" and {result.gif.name}" if result.gif else ""
    earlier = f" (first removed {result.cleared} files of an earlier export there)" if result.cleared else ""
    if result.capped:
        sys.stderr.write(capped_warning(len(result.frames)) + "\n")
    print(f"wrote {len(result.frames)} frames{extra} to {args.export}{earlier}")
    return 0


def _export_video(args: argparse.Namespace, replay, shot: int | None) -> int:
    import sys

    from game.app.replay.video import export_video
    from game.replay.director import CameraMode

    with _terminate_as_interrupt():
        result = export_video(replay, args.export, camera=CameraMode(args.camera), size=args.size, fps=args.fps, shot=shot,
                              trails=args.trails, progress=progress_bar("video"))
    if result.capped:
        sys.stderr.write(capped_warning(result.frames) + "\n")
    print(f"wrote {result.path} ({result.frames} frames, {result.seconds:.1f} s, H.264)")
    return 0


def _watch(args: argparse.Namespace, replay, shot: int | None) -> int:
    from direct.showbase.ShowBase import ShowBase
    from panda3d.core import loadPrcFileData

    from game.app.paths import guard_model_cache
    from game.app.replay.viewer import ReplayViewer
    from game.replay.director import CameraMode

    guard_model_cache()

    # the viewer makes no sound yet: no audio device needed
    loadPrcFileData("taw-replay", "window-title Sun and Planet Taw - replay\nnotify-level-device fatal\n"
                                  "audio-library-name null\nwin-size 1280 720\n")
    try:
        base = ShowBase()
    except Exception as err:
        raise UserError(f"cannot open a window ({err}); use --export DIR to render frames without a display",
                        exit_code=1) from None
    if base.win is None:
        base.destroy()
        raise UserError("cannot open a window here; use --export DIR to render frames without a display",
                        exit_code=1)
    base.disableMouse()
    try:
        from game.app.scene.table_scene import HAZE_COLOR
    except ImportError:
        HAZE_COLOR = (0.70, 0.74, 0.78)
    base.setBackgroundColor(*HAZE_COLOR, 1)
    viewer = ReplayViewer(base, replay, camera=CameraMode(args.camera), trails=args.trails)
    viewer.clock.set_speed(args.speed)
    viewer.clock.loop = args.loop
    if shot is not None:
        viewer.jump_to_shot(shot)
    base.accept("escape", base.userExit)
    base.accept("q", base.userExit)
    base.run()
    return 0
