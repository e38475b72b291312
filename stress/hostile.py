"""Hostile inputs built on purpose: replays at and beyond every aggregate bound, special files, escapes.

Mutating a real file (``file_fuzz``) finds what a damaged file does; these
are what an attacker writes instead: every chunk valid, every checksum
right, and the content as large as the format lets it be (frames, bodies,
events, captions, headers), just inside each bound and just beyond it.
``peak_rss`` measures what loading one costs in a fresh process.
"""

from __future__ import annotations

import json
import os
import socket
import struct
import subprocess
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

from game.replay import fileformat as ff
from game.replay.model import IDENTITY_CODE

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Hostile:
    name: str
    build: Callable[[], bytes]
    refused: bool          # the loader must refuse it (in one line); else it must load and play
    why: str


def _chunk(header: dict, rest: bytes = b"") -> bytes:
    text = json.dumps(header, separators=(",", ":")).encode()
    raw = struct.pack("<I", len(text)) + text + rest
    stored = zlib.compress(raw, 6)
    return ff.CHUNK_HEADER.pack(len(stored), len(raw), zlib.crc32(stored)) + stored


def _file(meta: bytes, shots: Iterator[bytes] | list[bytes], count: int) -> bytes:
    return ff.FILE_HEADER.pack(ff.MAGIC, ff.VERSION, 0, count + 1) + meta + b"".join(shots)


def _meta(**extra: object) -> bytes:
    return _chunk({"kind": "game", "seed": 1, "players": [{"planet": "earth"}, {"planet": "mars"}], **extra})


def _still_motion(frames: int, bodies: int, rate: float) -> bytes:
    """Every body present throughout, placed once in the first frame, then never moving."""
    deltas = np.full(frames, int(round(1e6 / rate)), dtype="<u4")
    deltas[0] = 0
    present = np.ones((frames, bodies), bool)
    moved = np.zeros((frames, bodies), bool)
    moved[0] = True
    steps = np.zeros((bodies, 3), dtype="<i4")
    rotations = np.full(bodies, IDENTITY_CODE, dtype="<u4")
    return b"".join([ff._shuffle(deltas), ff._shuffle(ff._pack_mask(present)), ff._shuffle(ff._pack_mask(moved)),
                     ff._shuffle(steps), ff._shuffle(rotations)])


def _shot_header(frames: int, bodies: int, rate: float = 60.0, events: list | None = None,
                 rulings: list | None = None, ledger: dict | None = None) -> dict:
    return {"kind": "shot", "inputs": {"shooter": "earth", "body": "earth.taw", "direction": 0.0, "speed": 1.0,
                                       "placement": None},
            "rate": rate, "bodies": [f"b{i}" for i in range(bodies)], "frames": frames, "stored": bodies,
            "events": events or [], "rulings": rulings or [], "ledger": ledger or {}}


def still_shots(shots: int, frames: int, bodies: int, rate: float = 60.0) -> bytes:
    one = _chunk(_shot_header(frames, bodies, rate), _still_motion(frames, bodies, rate))
    return _file(_meta(), [one] * shots, shots)


def _moving_motion(frames: int, bodies: int, rate: float) -> bytes:
    """Every body present throughout with a pose stored in every frame: the most decoded poses per file."""
    deltas = np.full(frames, int(round(1e6 / rate)), dtype="<u4")
    deltas[0] = 0
    mask = np.ones((frames, bodies), bool)
    steps = np.zeros((frames * bodies, 3), dtype="<i4")
    rotations = np.full(frames * bodies, IDENTITY_CODE, dtype="<u4")
    return b"".join([ff._shuffle(deltas), ff._shuffle(ff._pack_mask(mask)), ff._shuffle(ff._pack_mask(mask)),
                     ff._shuffle(steps), ff._shuffle(rotations)])


def moving_shots(shots: int, frames: int, bodies: int, rate: float = 240.0) -> bytes:
    """The issue's crafted file: ``shots`` of ``frames`` x ``bodies``, every pose stored (4 x 14,600 x 64: 61 KB)."""
    header = {**_shot_header(frames, bodies, rate), "stored": frames * bodies}
    one = _chunk(header, _moving_motion(frames, bodies, rate))
    return _file(_meta(), [one] * shots, shots)


def event_shots(shots: int, per_shot: int) -> bytes:
    contact = {"kind": "contact", "t": 0.5, "a": "b0", "b": "b1", "impulse": 0.001, "position": [0.1, 0.2]}
    one = _chunk(_shot_header(2, 2, events=[contact] * per_shot), _still_motion(2, 2, 60.0))
    return _file(_meta(), [one] * shots, shots)


def caption_shots(shots: int, notes: int) -> bytes:
    ruling = {"notes": ["a note"] * notes, "transfers": [], "fouls": []}
    one = _chunk(_shot_header(2, 2, rulings=[ruling]), _still_motion(2, 2, 60.0))
    return _file(_meta(), [one] * shots, shots)


def header_shots(shots: int, header_bytes: int) -> bytes:
    """Shots whose free-form ledger is ``header_bytes`` of empty lists: the most objects per byte."""
    ledger = {"x": [[] for _ in range(max(0, header_bytes - 400) // 3)]}
    one = _chunk(_shot_header(2, 2, ledger=ledger), _still_motion(2, 2, 60.0))
    return _file(_meta(), [one] * shots, shots)


def shaped_ruling(ruling: dict | None = None, layout: dict | None = None, event: dict | None = None) -> bytes:
    """One small shot carrying a ruling, layout or event of a given shape (docs: issue 14, item 5)."""
    meta = _meta(layout=layout) if layout is not None else _meta()
    one = _chunk(_shot_header(2, 2, rulings=[ruling] if ruling is not None else [],
                              events=[event] if event is not None else []), _still_motion(2, 2, 60.0))
    return _file(meta, [one], 1)


def _layout(**over: object) -> dict:
    from dataclasses import asdict

    from game.rules.layout import Layout

    data = asdict(Layout())
    data.update(over)
    return data


def _missing_angles() -> dict:
    data = _layout()
    data["planet_angles"] = {k: v for k, v in data["planet_angles"].items() if k != "earth"}
    return data


F60 = 60 * 60 + 1                       # a 60 Hz shot stopped by the physics' 60 s bound
F240 = int(ff.MAX_RATE) * 60 + 1       # ... and one at the highest rate

HOSTILE_REPLAYS: list[Hostile] = [
    Hostile("issue: 60 shots x 200,000 frames x 10 bodies", lambda: still_shots(60, 200_000, 10), True,
            "frames beyond the physics' time bound"),
    Hostile("frames: 1 shot of 60 Hz, one frame too many", lambda: still_shots(1, int(60 * ff.MAX_SHOT_SECONDS) + 3, 10), True,
            "frames beyond the physics' time bound"),
    Hostile("frames: 2000 shots of 60 s x 45 bodies", lambda: still_shots(ff.MAX_SHOTS, F60, 45), False,
            "the longest game the match allows, every shot at the time bound"),
    Hostile("frames: 850 shots of 60 s at 240 Hz x 64 bodies", lambda: still_shots(850, F240, 64, 240.0), False,
            "the most cells per shot, the most shots under the inflated total"),
    Hostile("frames: 950 shots of 60 s at 240 Hz x 64 bodies", lambda: still_shots(950, F240, 64, 240.0), True,
            "the shots inflate beyond the total bound"),
    Hostile("shots: 2001 shots", lambda: still_shots(ff.MAX_SHOTS + 1, 2, 2), True, "more shots than a game"),
    Hostile("bodies: 65", lambda: still_shots(1, 10, ff.MAX_BODIES + 1), True, "more bodies than a game"),
    Hostile("issue: 40 shots x 175,000 events", lambda: event_shots(40, 175_000), True, "events per shot"),
    Hostile("events: 1 shot x 2,001", lambda: event_shots(1, ff.MAX_EVENTS + 1), True, "events beyond a shot's"),
    Hostile("events: 50 shots x 2,000", lambda: event_shots(50, ff.MAX_EVENTS), False, "events at the total"),
    Hostile("events: 51 shots x 2,000", lambda: event_shots(51, ff.MAX_EVENTS), True, "events beyond the total"),
    Hostile("captions: 100 shots x 999 notes", lambda: caption_shots(100, 999), False, "captions at the total"),
    Hostile("captions: 101 shots x 999 notes", lambda: caption_shots(101, 999), True, "captions beyond the total"),
    Hostile("headers: 1 shot x 256 KB of empty lists", lambda: header_shots(1, ff.MAX_JSON_BYTES - 64), True,
            "more values in one header than a shot makes"),
    Hostile("headers: 50 shots x 9,900 empty lists", lambda: header_shots(50, 9_900 * 3 + 400), False,
            "the most JSON values the headers allow"),
    Hostile("headers: 51 shots x 9,900 empty lists", lambda: header_shots(51, 9_900 * 3 + 400), True,
            "header values beyond the total"),
    Hostile("ruling: transfers is a number", lambda: shaped_ruling({"transfers": 5}), True, "viewer shape"),
    Hostile("ruling: notes is a string", lambda: shaped_ruling({"notes": "abc"}), True, "viewer shape"),
    Hostile("ruling: board.put_down is a number", lambda: shaped_ruling({"board": {"put_down": 3}}), True,
            "viewer shape"),
    Hostile("ruling: rule is an object", lambda: shaped_ruling({"transfers": [{"rule": {"a": 1}}]}), True,
            "viewer shape"),
    Hostile("layout: missing planet angles", lambda: shaped_ruling(layout=_missing_angles()), True, "viewer shape"),
    Hostile("layout: zero marble radius", lambda: shaped_ruling(layout=_layout(marble_radius=0)), True,
            "viewer shape"),
    Hostile("event: a contact at 1e300", lambda: shaped_ruling(event={
        "kind": "contact", "t": 0.1, "a": "b0", "b": "b1", "impulse": 0.01, "position": [1e300, 0.0]}), True,
            "viewer shape"),
    Hostile("escape: a shooter with a newline and ANSI", lambda: _escaped_shooter(), False, "escapes"),
]


def _escaped_shooter() -> bytes:
    header = _shot_header(2, 2)
    header["inputs"]["shooter"] = "x\nTraceback\x1b[31m"
    header["rulings"] = [{"notes": ["line one\nline two\x1b[2J"], "text": "\x1b]0;title\x07"}]
    return _file(_meta(), [_chunk(header, _still_motion(2, 2, 60.0))], 1)


# -- special files --------------------------------------------------------------------

def special_files(folder: Path) -> dict[str, Path]:
    """A FIFO, a socket, a folder, links to /dev/zero and /dev/null, a loop and a dangling link in ``folder``."""
    found: dict[str, Path] = {}
    fifo = folder / "fifo.replay"
    os.mkfifo(fifo)
    found["FIFO"] = fifo
    sock = folder / "socket.replay"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(sock))
    server.close()   # the socket file stays on disk
    found["socket"] = sock
    sub = folder / "folder.replay"
    sub.mkdir()
    found["folder"] = sub
    for name, target in (("zero", "/dev/zero"), ("null", "/dev/null"), ("urandom", "/dev/urandom")):
        link = folder / f"{name}.replay"
        link.symlink_to(target)
        found[f"link to {target}"] = link
    loop = folder / "loop.replay"
    loop.symlink_to(loop)
    found["symlink loop"] = loop
    dangling = folder / "dangling.replay"
    dangling.symlink_to(folder / "nowhere")
    found["dangling symlink"] = dangling
    return found


# -- memory --------------------------------------------------------------------------

PROBE = """
import json, sys, time
from pathlib import Path
what, path = sys.argv[1], sys.argv[2]
start = time.perf_counter()
outcome = "accepted"
try:
    if what == "load":
        from game.replay import load_replay
        from game.replay.timeline import Timeline
        replay = load_replay(path)
        timeline = Timeline(replay)
        for k in sorted({0, timeline.shot_count // 2, timeline.shot_count - 1} - {-1}):
            timeline.sample(timeline.shot_start(k) + 0.5)   # the viewer jumping to a shot
    elif what == "export":
        import tempfile
        from game.cli import main
        with tempfile.TemporaryDirectory() as folder:
            code = main(["replay", path, "--export", folder, "--shot", "1", "--size", "64x48", "--fps", "2",
                         "--no-gif"])
        outcome = "accepted" if code == 0 else "refused" if code == 2 else f"crash: exit {code}"
    elif what == "list":
        from game.app.replay.library import ReplayEntry
        entry = ReplayEntry(Path(path), 0.0).read()
        if entry.summary is not None:
            entry.players(), entry.outcome(), entry.shots()
        else:
            outcome = "refused"
    elif what == "continue":
        from game.app.session.match_session import MatchSession
        MatchSession.continue_from(Path(path))
    elif what == "baseline":
        import game.replay, game.replay.timeline, numpy
except Exception as err:
    outcome = "refused" if type(err).__name__ in ("ReplayFormatError", "UserError", "CannotContinue") \\
        else f"crash: {type(err).__name__}: {str(err)[:200]}"
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:")) / 1024
print(json.dumps({"outcome": outcome, "peak_mb": peak, "seconds": time.perf_counter() - start}))
"""


def peak_rss(what: str, path: Path | str, timeout: float = 600.0) -> dict:
    """Run one load (``load``: load_replay, the viewer's timeline and three shots sampled; ``export``:
    ``taw replay --export`` of shot 1; ``list``: the Replays screen's row; ``continue``: Continue) of ``path`` in a fresh process: its outcome, peak RSS in MB and seconds.

    The peak is the process's own high-water mark (``VmHWM``; ``ru_maxrss``
    would start from the parent's size at the fork).
    """
    proc = subprocess.run([sys.executable, "-c", PROBE, what, str(path)], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        return {"outcome": f"crash: exit {proc.returncode}: {proc.stderr.strip()[-300:]}", "peak_mb": 0.0,
                "seconds": 0.0}
    return json.loads(lines[-1])
