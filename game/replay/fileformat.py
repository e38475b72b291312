"""The replay file: a versioned container of zlib chunks, validated on load.

Layout (all integers little-endian; docs/replay-format.md is the reference)::

    file  := MAGIC (8 bytes) | u16 version | u16 flags (0) | u32 chunk_count | chunk * chunk_count
    chunk := u32 stored_len | u32 raw_len | u32 crc32(stored) | stored (zlib of raw)
    raw   := u32 json_len | JSON (UTF-8) | arrays, each byte-shuffled, back to back

Chunk 0 is the game (metadata); chunks 1.. are shots, one per chunk.  The
reader trusts nothing: every length is bounded before anything is
allocated, decompression stops at the declared size (no zip bombs), arrays
are read with ``np.frombuffer`` only after their exact sizes are checked,
and every field is validated.  Any failure is a one-line ``UserError``.
No pickle, no eval.
"""

from __future__ import annotations

import math
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from game.errors import QUOTE_LIMIT, UserError, clip, short_numbers
from game.match.seating import Seating, SeatingError
from game.replay.jsonsafe import JsonShapeError, check_plain, dumps_compact, loads_strict
from game.replay.model import GameMeta, Replay, ShotInputs, ShotList, ShotRecord
from game.replay.shapes import ShapeError, check_event_numbers, check_rulings, layout_from
from game.rules.events import EventFormatError, event_from_dict, event_to_dict
from game.rules.state import MAX_MARBLES_IN_GAME

MAGIC = b"TAWRPLY\x00"
VERSION = 1
FILE_HEADER = struct.Struct("<8sHHI")
CHUNK_HEADER = struct.Struct("<III")

# Bounds a genuine game stays far inside; a file beyond them is refused.
# Each is measured against what the game itself produces (docs/replay-format.md,
# "Limits"): a real shot is a few hundred 60 Hz frames of at most 44 bodies and a
# few dozen events; a real game is at most game.match.match.DEFAULT_MAX_SHOTS shots.
# Together they keep any file's load below 300 MB above a normal one.
MAX_FILE_BYTES = 64 << 20
MAX_SHOTS = 2000                      # game.match.match.DEFAULT_MAX_SHOTS
MAX_CHUNKS = MAX_SHOTS + 1            # the game header, then one chunk a shot
MAX_JSON_BYTES = 256 << 10            # one chunk's header; a real one is 2-10 KB
MAX_TOTAL_JSON_BYTES = 16 << 20       # every header of the file together (2,000 real shots: 10 MB)
MAX_JSON_VALUES = 20_000              # values in one header (what parsing and checking cost); a real one: ~300
MAX_TOTAL_JSON_VALUES = 1_000_000     # ... in every header of the file
MAX_BODIES = 64                       # the Sun, 7 planets, 30 satellites (12 of Jupiter's), 7 taws: 45
MAX_BODY_ID = 64
MAX_RATE = 240.0                      # frames a second; the game records 60
MAX_SHOT_SECONDS = 61.0               # the physics stops every shot at 60 s (PhysicsConfig.max_shot_time)
MAX_FRAMES = int(MAX_RATE * MAX_SHOT_SECONDS) + 2
MAX_CELLS = 1_000_000                 # frames x bodies in one shot: 61 s at 240 Hz of 64 bodies
MAX_CHUNK_RAW = MAX_JSON_BYTES + MAX_FRAMES * (4 + 2 * (MAX_BODIES // 8)) + MAX_CELLS * 16
MAX_TOTAL_RAW = 256 << 20             # every chunk inflated, one after the other (2,000 real shots: ~50 MB)
MAX_EVENTS = 2_000                    # in one shot; a real one has tens
MAX_TOTAL_EVENTS = 100_000            # in the whole file
MAX_TOTAL_RULING_ITEMS = 100_000      # payments, fouls, notes, board changes in the file (captions)
MAX_EVENT_NUMBER = 1e4                # |metres|, |m/s|, N s: the ground is 5 m across
KEEP_ALL_CELLS = 1_000_000            # a loaded game this size keeps its shots decoded (about 45 MB)
KEEP_ALL_JSON_BYTES = 4 << 20         # ... and headers this size (real games: 5 KB a shot)
KEEP_DECODED = 2                      # otherwise: the shots used last (the viewer needs one)
COMPRESS_LEVEL = 9


class ReplayFormatError(UserError):
    """A file that is not a replay this build can read; the message is one line."""


@dataclass(frozen=True)
class ReplaySummary:
    """A replay's header and how it ended, as ``read_meta`` reads them (no motion)."""

    meta: GameMeta
    shot_count: int
    last_rulings: tuple[Mapping[str, Any], ...] = ()
    last_ledger: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winner(self) -> str | None:
        winner = self.last_ledger.get("winner")
        return winner if isinstance(winner, str) and winner else None

    @property
    def finished(self) -> bool:
        """The game reached its end: a winner, or the last ruling says it finished (a round limit, say)."""
        return self.winner is not None or any(r.get("finished") is True for r in self.last_rulings)


# -- arrays: byte shuffling --------------------------------------------------------------
# Storing byte 0 of every value, then byte 1, ... puts the near-constant high
# bytes of small steps side by side, which zlib then squeezes to almost nothing.

def _shuffle(array: np.ndarray) -> bytes:
    flat = np.ascontiguousarray(array).reshape(-1)
    size = flat.dtype.itemsize
    if size == 1:
        return flat.tobytes()
    return flat.view(np.uint8).reshape(-1, size).T.tobytes()


def _unshuffle(data: bytes, dtype: np.dtype, count: int) -> np.ndarray:
    size = dtype.itemsize
    planes = np.frombuffer(data, dtype=np.uint8, count=count * size)
    if size == 1:
        return planes.view(dtype).copy()
    return planes.reshape(size, count).T.copy().view(dtype).reshape(count)


def _pack_mask(mask: np.ndarray) -> np.ndarray:
    return np.packbits(mask.astype(bool), axis=1, bitorder="little")


def _mask_bytes(bodies: int) -> int:
    return (bodies + 7) // 8


# -- shot chunks ----------------------------------------------------------------------

_U4 = np.dtype("<u4")
_I4 = np.dtype("<i4")
_U1 = np.dtype("u1")


def _shot_arrays(shot: ShotRecord) -> list[tuple[np.ndarray, np.dtype]]:
    times = shot.times_us.astype(np.int64)
    deltas = np.diff(times, prepend=0)
    if deltas.size and (deltas.min() < 0 or deltas.max() >= 2**32):
        raise UserError("a shot's frame times go back or leave a gap longer than a replay can store")
    return [
        (deltas.astype(_U4), _U4),
        (_pack_mask(shot.present), _U1),
        (_pack_mask(shot.moved), _U1),
        (shot.steps.astype(_I4), _I4),
        (shot.rotations.astype(_U4), _U4),
    ]


def inputs_to_dict(inputs: ShotInputs) -> dict[str, Any]:
    return {
        "shooter": inputs.shooter,
        "body": inputs.body,
        "direction": float(inputs.direction),
        "speed": float(inputs.speed),
        "placement": None if inputs.placement is None else [float(inputs.placement[0]), float(inputs.placement[1])],
        "placement_orbit": inputs.placement_orbit,
        **({"spin": float(inputs.spin)} if inputs.spin else {}),
    }


def encode_chunk(header: Mapping[str, Any], arrays: Sequence[np.ndarray] = ()) -> bytes:
    text = dumps_compact(header)
    raw = b"".join([struct.pack("<I", len(text)), text, *(_shuffle(a) for a in arrays)])
    if len(raw) > MAX_CHUNK_RAW:
        raise UserError(f"a replay chunk would be {len(raw)} bytes, above the {MAX_CHUNK_RAW} limit")
    stored = zlib.compress(raw, COMPRESS_LEVEL)
    return CHUNK_HEADER.pack(len(stored), len(raw), zlib.crc32(stored)) + stored


def encode_meta_chunk(meta: GameMeta) -> bytes:
    plain: dict[str, Any] = {
        "kind": "game",
        "seed": meta.seed,
        "players": list(meta.players),
        "house_rules": dict(meta.house_rules),
        "layout": dict(meta.layout),
        "extra": dict(meta.extra),
    }
    if meta.seating is not None:  # added later: written only when known, so older readers' files are unchanged
        plain["seating"] = meta.seating.to_plain()
    body = check_plain(plain, "game metadata")
    return encode_chunk(body)


def encode_shot_chunk(shot: ShotRecord) -> bytes:
    if len(shot.body_ids) > MAX_BODIES or shot.frame_count > MAX_FRAMES:
        raise UserError(f"a shot of {shot.frame_count} frames and {len(shot.body_ids)} bodies is too big to record")
    header = check_plain({
        "kind": "shot",
        "inputs": inputs_to_dict(shot.inputs),
        "rate": float(shot.rate),
        "bodies": list(shot.body_ids),
        "frames": shot.frame_count,
        "stored": int(shot.steps.shape[0]),
        "events": [event_to_dict(e) for e in shot.events],
        "rulings": [dict(r) for r in shot.rulings],
        "ledger": dict(shot.ledger),
    }, "shot")
    return encode_chunk(header, [a for a, _ in _shot_arrays(shot)])


def assemble(meta_chunk: bytes, shot_chunks: Sequence[bytes]) -> bytes:
    return b"".join([FILE_HEADER.pack(MAGIC, VERSION, 0, 1 + len(shot_chunks)), meta_chunk, *shot_chunks])


def encode_replay(replay: Replay) -> bytes:
    return assemble(encode_meta_chunk(replay.meta), [encode_shot_chunk(s) for s in replay.shots])


def save_replay(replay: Replay, path: str | Path) -> None:
    """Write a whole replay at once (``GameRecorder`` writes one as a game goes)."""
    from game.fileio import write_atomic

    write_atomic(path, encode_replay(replay))


# -- reading ------------------------------------------------------------------------------

class _Reader:
    """Decodes one file's bytes; ``fail`` makes every problem one line naming the file."""

    def __init__(self, data: bytes, name: str) -> None:
        self.data = data
        self.name = name
        self._json_bytes = 0   # totals over the chunks read so far, against the whole-file bounds
        self._json_values = 0
        self._raw_bytes = 0
        self._events_seen = 0
        self._ruling_items = 0

    def fail(self, where: str, problem: str) -> ReplayFormatError:
        return ReplayFormatError(f"{self.name}: {where}: {problem}")

    def read(self) -> Replay:
        """Check the whole file, every shot decoded once; the shots are then decoded again when asked for.

        Only one shot is decoded at a time, so checking a file costs the
        memory of its largest shot, not of all of them.  A game of up to
        ``KEEP_ALL_CELLS`` frames x bodies (a game of some fifty shots) then
        keeps each shot once decoded; a larger file keeps the last
        ``KEEP_DECODED`` (``ShotList``).
        """
        data = self.data
        count = self._file_header()
        header, rest, offset = self._chunk(FILE_HEADER.size, "game header")
        meta = self._meta(header, rest, "game header")
        starts: list[int] = []
        cells = 0
        for index in range(1, count):
            starts.append(offset)
            header, rest, offset = self._chunk(offset, f"shot {index}")
            shot = self._shot(header, rest, f"shot {index}")
            cells += shot.frame_count * len(shot.body_ids)
        if offset != len(data):
            raise self.fail("end of file", f"{len(data) - offset} unexpected bytes after the last shot")

        def decode(index: int) -> ShotRecord:
            header, rest, _ = self._chunk(starts[index], f"shot {index + 1}", count=False)
            return self._shot(header, rest, f"shot {index + 1}", count=False)

        small = cells <= KEEP_ALL_CELLS and self._json_bytes <= KEEP_ALL_JSON_BYTES
        keep = len(starts) if small else KEEP_DECODED
        return Replay(meta, ShotList(decode, len(starts), keep=keep))

    def summary(self) -> "ReplaySummary":
        """The game header and the last shot, read as ``read`` reads them; the shots between only framed.

        Every chunk's header, bounds and checksum are checked (so truncation
        and corruption anywhere are caught), but only chunk 0 and the last
        chunk are inflated and decoded.
        """
        data = self.data
        count = self._file_header()
        header, rest, offset = self._chunk(FILE_HEADER.size, "game header")
        meta = self._meta(header, rest, "game header")
        for index in range(1, count - 1):
            offset = self._frame(offset, f"shot {index}")[2]
        last: ShotRecord | None = None
        if count > 1:
            header, rest, offset = self._chunk(offset, f"shot {count - 1}")
            last = self._shot(header, rest, f"shot {count - 1}")
        if offset != len(data):
            raise self.fail("end of file", f"{len(data) - offset} unexpected bytes after the last shot")
        return ReplaySummary(meta=meta, shot_count=count - 1,
                             last_rulings=() if last is None else last.rulings,
                             last_ledger={} if last is None else dict(last.ledger))

    def _file_header(self) -> int:
        """Check the signature, version and flags; the chunk count."""
        data = self.data
        if len(data) < FILE_HEADER.size or not data.startswith(MAGIC[:7]):
            raise ReplayFormatError(f"{self.name}: not a replay file (it does not start with the replay signature)")
        magic, version, flags, count = FILE_HEADER.unpack_from(data, 0)
        if magic != MAGIC:
            raise ReplayFormatError(f"{self.name}: not a replay file (bad signature)")
        if version != VERSION:
            newer = "a newer" if version > VERSION else "an unknown older"
            raise ReplayFormatError(f"{self.name}: replay format version {version} is {newer} format; "
                                    f"this build reads version {VERSION}")
        if flags != 0:
            raise self.fail("header", f"unknown flags {flags:#x}")
        if not 1 <= count <= MAX_CHUNKS:
            raise self.fail("header", f"chunk count {count} is out of range (1 to {MAX_CHUNKS})")
        return count

    def _frame(self, offset: int, where: str) -> tuple[bytes, int, int]:
        """One chunk's framing checked (present, sizes in range, checksum): its stored bytes, raw size and end."""
        data = self.data
        if offset + CHUNK_HEADER.size > len(data):
            raise self.fail(where, "the file is truncated (chunk header missing)")
        stored_len, raw_len, crc = CHUNK_HEADER.unpack_from(data, offset)
        start = offset + CHUNK_HEADER.size
        if stored_len > len(data) - start:
            raise self.fail(where, f"the file is truncated (chunk needs {stored_len} bytes, "
                                   f"{len(data) - start} remain)")
        if not 4 <= raw_len <= MAX_CHUNK_RAW:
            raise self.fail(where, f"declared size {raw_len} is out of range")
        stored = data[start:start + stored_len]
        if zlib.crc32(stored) != crc:
            raise self.fail(where, "the data is corrupted (checksum mismatch)")
        return stored, raw_len, start + stored_len

    def _chunk(self, offset: int, where: str, count: bool = True) -> tuple[dict[str, Any], bytes, int]:
        """One chunk inflated and its JSON header parsed; ``count`` adds it to the whole-file totals."""
        stored, raw_len, end = self._frame(offset, where)
        if count:
            self._raw_bytes += raw_len
            if self._raw_bytes > MAX_TOTAL_RAW:
                raise self.fail(where, f"the shots inflate to more than {MAX_TOTAL_RAW >> 20} MB in all, "
                                       "more than a game can record")
        try:
            inflater = zlib.decompressobj()
            raw = inflater.decompress(stored, raw_len)
            if len(raw) != raw_len or inflater.unconsumed_tail or not inflater.eof or inflater.unused_data:
                raise self.fail(where, "the compressed data does not match its declared size")
        except zlib.error:
            raise self.fail(where, "the compressed data is corrupted") from None
        (json_len,) = struct.unpack_from("<I", raw, 0)
        if json_len > min(MAX_JSON_BYTES, raw_len - 4):
            raise self.fail(where, f"header length {json_len} is out of range")
        text = raw[4:4 + json_len]
        values = json_values(text)
        if values > MAX_JSON_VALUES:
            raise self.fail(where, f"the header holds about {values} values, more than a shot's "
                                   f"({MAX_JSON_VALUES})")
        if count:
            self._json_bytes += json_len
            self._json_values += values
            if self._json_bytes > MAX_TOTAL_JSON_BYTES or self._json_values > MAX_TOTAL_JSON_VALUES:
                raise self.fail(where, f"the headers add up to more than {MAX_TOTAL_JSON_BYTES >> 20} MB or "
                                       f"{MAX_TOTAL_JSON_VALUES} values, more than a game can record")
        try:
            header = loads_strict(text)
        except JsonShapeError as err:
            raise self.fail(where, str(err)) from None
        if not isinstance(header, dict):
            raise self.fail(where, "the header is not a JSON object")
        return header, raw[4 + json_len:], end

    # -- field checks -------------------------------------------------------------------

    def _object(self, header: Mapping[str, Any], key: str, where: str) -> dict[str, Any]:
        value = header.get(key, {})
        if not isinstance(value, dict):
            raise self.fail(where, f"'{key}' must be an object")
        return value

    def _number(self, value: Any, key: str, where: str, low: float, high: float) -> float:
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value) \
                or not low <= value <= high:
            raise self.fail(where, f"'{key}' must be a number from {low} to {high}")
        return float(value)

    def _count(self, value: Any, key: str, where: str, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
            raise self.fail(where, f"'{key}' must be a whole number from 0 to {high}")
        return value

    def _string(self, value: Any, key: str, where: str) -> str:
        if not isinstance(value, str) or not 0 < len(value) <= MAX_BODY_ID:
            raise self.fail(where, f"'{key}' must be a short non-empty string")
        return value

    def _meta(self, header: dict[str, Any], rest: bytes, where: str) -> GameMeta:
        if header.get("kind") != "game":
            raise self.fail(where, "the first chunk is not the game header")
        if rest:
            raise self.fail(where, "unexpected data after the header")
        seed = header.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise self.fail(where, "'seed' must be a whole number or null")
        players = header.get("players", [])
        if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
            raise self.fail(where, "'players' must be a list of objects")
        layout = self._object(header, "layout", where)
        try:
            layout_from(layout)
        except ShapeError as err:
            raise self.fail(where, str(err)) from None
        return GameMeta(seed=seed, players=tuple(players),
                        house_rules=self._object(header, "house_rules", where),
                        layout=layout,
                        extra=self._object(header, "extra", where),
                        seating=self._seating(header, where))

    def _seating(self, header: dict[str, Any], where: str) -> Seating | None:
        """The seating, checked as the New game screen checks it; absent in older files."""
        if "seating" not in header:
            return None
        try:
            return Seating.from_plain(header["seating"])
        except SeatingError as err:
            raise self.fail(where, f"'seating': {err}") from None

    def _inputs(self, value: Any, where: str) -> ShotInputs:
        if not isinstance(value, dict):
            raise self.fail(where, "'inputs' must be an object")
        placement = value.get("placement")
        if placement is not None:
            if not isinstance(placement, list) or len(placement) != 2:
                raise self.fail(where, "'placement' must be a pair of numbers or null")
            placement = (self._number(placement[0], "placement", where, -1e4, 1e4),
                         self._number(placement[1], "placement", where, -1e4, 1e4))
        return ShotInputs(
            shooter=self._string(value.get("shooter"), "shooter", where),
            body=self._string(value.get("body"), "body", where),
            direction=self._number(value.get("direction"), "direction", where, -720.0, 720.0),
            speed=self._number(value.get("speed"), "speed", where, 0.0, 1e3),
            placement=placement,
            placement_orbit=None if value.get("placement_orbit") is None
            else self._string(value.get("placement_orbit"), "placement_orbit", where),
            spin=0.0 if value.get("spin") is None else self._number(value.get("spin"), "spin", where, -1.0, 1.0),
        )

    def _shot(self, header: dict[str, Any], rest: bytes, where: str, count: bool = True) -> ShotRecord:
        """One shot chunk checked in four steps: its sizes, its events, its rulings, and its motion."""
        if header.get("kind") != "shot":
            raise self.fail(where, "this chunk is not a shot")
        inputs = self._inputs(header.get("inputs"), where)
        rate, body_ids, frames, stored = self._shot_sizes(header, where)
        events = self._events(header, where, count)
        rulings = self._rulings(header, where, count)
        ledger = self._ledger(header, where)
        times_us, present, moved, steps, rotations = self._motion(rest, frames, len(body_ids), stored, where)
        return ShotRecord(inputs=inputs, rate=rate, body_ids=body_ids, times_us=times_us,
                          present=present, moved=moved, steps=steps, rotations=rotations,
                          events=events, rulings=tuple(rulings), ledger=ledger)

    def _ledger(self, header: dict[str, Any], where: str) -> dict[str, Any]:
        """The ledger after the shot: every recorded purse, the stakes and each payment's marbles a whole
        number from 0 to ``MAX_MARBLES_IN_GAME`` (every marble a game can hold), so ``--judge`` and the
        game's summary count with numbers a game can have, never one of 310 digits."""
        ledger = self._object(header, "ledger", where)
        purses = ledger.get("purses", {})
        if not isinstance(purses, dict):
            raise self.fail(where, "the ledger's 'purses' must be an object")
        for player, purse in purses.items():
            self._marbles(purse, f"purses.{clip(str(player), 20)}", where)
        if "stakes" in ledger:
            self._marbles(ledger["stakes"], "stakes", where)
        for ruling in header.get("rulings", []):
            for transfer in ruling.get("transfers") or []:
                if "marbles" in transfer:
                    self._marbles(transfer["marbles"], "marbles", where)
        return ledger

    def _marbles(self, value: Any, key: str, where: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_MARBLES_IN_GAME:
            said = clip(short_numbers(repr(value)), QUOTE_LIMIT)
            raise self.fail(where, f"'{key}' is {said}: marbles are a whole number from 0 to {MAX_MARBLES_IN_GAME}")
        return value

    def _shot_sizes(self, header: dict[str, Any], where: str) -> tuple[float, tuple[str, ...], int, int]:
        """The frame rate, the body ids, the frame count and the stored poses, each within its bound."""
        rate = self._number(header.get("rate"), "rate", where, 1e-3, MAX_RATE)
        bodies = header.get("bodies")
        if not isinstance(bodies, list) or len(bodies) > MAX_BODIES:
            raise self.fail(where, f"'bodies' must be a list of at most {MAX_BODIES} ids")
        body_ids = tuple(self._string(b, "bodies", where) for b in bodies)
        if len(set(body_ids)) != len(body_ids):
            raise self.fail(where, "'bodies' names a body twice")
        frames = self._count(header.get("frames"), "frames", where, MAX_FRAMES)
        if frames > int(rate * MAX_SHOT_SECONDS) + 2:
            raise self.fail(where, f"{frames} frames at {rate:g} Hz last longer than a shot can "
                                   f"({MAX_SHOT_SECONDS:g} s)")
        if frames * len(body_ids) > MAX_CELLS:
            raise self.fail(where, f"{frames} frames of {len(body_ids)} bodies is more than a replay may hold")
        stored = self._count(header.get("stored"), "stored", where, frames * len(body_ids))
        return rate, body_ids, frames, stored

    def _events(self, header: dict[str, Any], where: str, count: bool) -> tuple[Any, ...]:
        """The shot's events: at most ``MAX_EVENTS`` (and the file's total), each well formed and in bounds."""
        events_raw = header.get("events", [])
        if not isinstance(events_raw, list):
            raise self.fail(where, "'events' must be a list")
        if len(events_raw) > MAX_EVENTS:
            raise self.fail(where, f"{len(events_raw)} events, more than a shot can make ({MAX_EVENTS})")
        if count:
            self._events_seen += len(events_raw)
            if self._events_seen > MAX_TOTAL_EVENTS:
                raise self.fail(where, f"more than {MAX_TOTAL_EVENTS} events in all, more than a game can make")
        if not all(isinstance(e, dict) and isinstance(e.get("kind"), str) for e in events_raw):
            raise self.fail(where, "bad event: each must be an object with a 'kind' string")
        try:
            events = tuple(event_from_dict(e) for e in events_raw)
        except (EventFormatError, TypeError, ValueError) as err:
            raise self.fail(where, f"bad event: {err}") from None
        if any(not 0.0 <= e.t <= MAX_SHOT_SECONDS for e in events):
            raise self.fail(where, f"an event's time lies outside 0 to {MAX_SHOT_SECONDS:g} s")
        try:
            for event in events_raw:
                check_event_numbers(event, MAX_EVENT_NUMBER)
        except ShapeError as err:
            raise self.fail(where, f"bad event: {err}") from None
        return events

    def _rulings(self, header: dict[str, Any], where: str, count: bool) -> list[dict[str, Any]]:
        """The referee's rulings, of the shape the viewer reads, within the file's total of captions."""
        rulings = header.get("rulings", [])
        if not isinstance(rulings, list) or not all(isinstance(r, dict) for r in rulings):
            raise self.fail(where, "'rulings' must be a list of objects")
        try:
            items = check_rulings(rulings)
        except ShapeError as err:
            raise self.fail(where, f"bad ruling: {err}") from None
        if count:
            self._ruling_items += items
            if self._ruling_items > MAX_TOTAL_RULING_ITEMS:
                raise self.fail(where, f"more than {MAX_TOTAL_RULING_ITEMS} payments, fouls and notes in all, "
                                       "more than a game can make")
        return rulings

    def _motion(self, rest: bytes, frames: int, bodies: int, stored: int,
                where: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The frame times, the presence and stored-pose masks and the poses, sized exactly by the header."""
        nb = _mask_bytes(bodies)
        sizes = [frames * 4, frames * nb, frames * nb, stored * 12, stored * 4]
        if len(rest) != sum(sizes):
            raise self.fail(where, f"motion data is {len(rest)} bytes, but its counts need {sum(sizes)}")
        parts, at = [], 0
        for size in sizes:
            parts.append(rest[at:at + size])
            at += size
        times_us = np.cumsum(_unshuffle(parts[0], _U4, frames).astype(np.int64))
        if frames and times_us[-1] > MAX_SHOT_SECONDS * 1e6:
            raise self.fail(where, f"the frames last longer than {MAX_SHOT_SECONDS:g} s")
        masks = []
        for part in parts[1:3]:
            packed = np.frombuffer(part, dtype=np.uint8).reshape(frames, nb)
            mask = np.unpackbits(packed, axis=1, count=nb * 8, bitorder="little").astype(bool)
            if mask[:, bodies:].any():
                raise self.fail(where, "a body mask has bits set beyond the last body")
            masks.append(mask[:, :bodies])
        present, moved = masks
        if (moved & ~present).any():
            raise self.fail(where, "a pose is stored for a body that is not on the ground")
        if int(moved.sum()) != stored:
            raise self.fail(where, f"the masks mark {int(moved.sum())} stored poses, the header says {stored}")
        appeared = present & ~np.vstack([np.zeros((1, bodies), bool), present[:-1]]) if frames else present
        if (appeared & ~moved).any():
            raise self.fail(where, "a body appears without a stored pose")
        steps = _unshuffle(parts[3], _I4, stored * 3).reshape(stored, 3)
        return times_us, present, moved, steps, _unshuffle(parts[4], _U4, stored)


def json_values(text: bytes) -> int:
    """About how many values a JSON text holds (at least one more than its commas, brackets and braces
    count, strings' commas included): counted at C speed before anything is parsed."""
    return 1 + text.count(b",") + text.count(b"[") + text.count(b"{")


def decode_replay(data: bytes, name: str = "replay") -> Replay:
    if len(data) > MAX_FILE_BYTES:
        raise ReplayFormatError(f"{name}: {len(data)} bytes is larger than a replay may be")
    return _Reader(data, name).read()


def load_replay(path: str | Path) -> Replay:
    target = Path(path)
    return decode_replay(_file_bytes(target), str(target))


def read_meta(path: str | Path) -> ReplaySummary:
    """What a list of games needs (players, shot count, how it ended) without decoding every shot.

    Validates the file header, the game header and the last shot exactly as
    ``load_replay`` does, and every chunk's framing and checksum; a file
    ``load_replay`` refuses for any of those reasons is refused here with the
    same one-line message.  Only the shots between the first and the last are
    not inflated, so a file whose middle shot inflates to nonsense (with a
    matching CRC) passes here and fails on load.
    """
    target = Path(path)
    data = _file_bytes(target)
    if len(data) > MAX_FILE_BYTES:
        raise ReplayFormatError(f"{target}: {len(data)} bytes is larger than a replay may be")
    return _Reader(data, str(target)).summary()


def read_replay_bytes(path: str | Path) -> bytes:
    """A replay file's bytes, undecoded (Continue keeps them): as ``load_replay`` reads them."""
    return _file_bytes(Path(path))


def _file_bytes(target: Path) -> bytes:
    """The file's bytes: a regular file only, never more than ``MAX_FILE_BYTES`` (checked while reading)."""
    from game.fileio import read_bounded

    try:
        return read_bounded(target, MAX_FILE_BYTES, "replay file")
    except ReplayFormatError:
        raise
    except UserError as err:
        raise ReplayFormatError(str(err)) from None
