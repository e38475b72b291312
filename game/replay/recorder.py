"""Recording shots as they are played, and a game's replay file as it goes.

``ShotRecorder`` listens to one Simulation during one shot: the physics'
fixed-rate frame hook hands it poses, the event bus hands it events.  When
the referee has ruled, ``finish`` turns all of it into a ``ShotRecord``.
``GameRecorder`` appends finished shots to a replay file, rewriting it
atomically each time from chunks it keeps already compressed, so a crash
loses at most the shot being played.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from game.fileio import check_writable, write_atomic
from game.match.seating import Seating
from game.replay.fileformat import CHUNK_HEADER, FILE_HEADER, assemble, encode_meta_chunk, encode_shot_chunk
from game.replay.jsonsafe import to_plain
from game.replay.model import GameMeta, Replay, ShotInputs, ShotList, ShotRecord
from game.replay.pose_track import encode_motion
from game.rules.events import Event

DEFAULT_RATE = 60.0


def shot_inputs(result: Any) -> ShotInputs:
    """The inputs of a ``game.match.ShotResult``: who shot, which way, how hard, with what spin, where a placed taw was laid."""
    placement = result.placement
    return ShotInputs(result.shooter, f"{result.shooter}.taw", float(result.shot.direction) % 360.0,
                      float(result.shot.speed),
                      None if placement is None else (float(result.start[0]), float(result.start[1])),
                      None if placement is None else str(placement.orbit), float(result.shot.spin))


class ShotRecorder:
    """Collects one shot's frames and events; use once.

    ``on_frame(t, ids, poses)`` takes a sample (t in simulated seconds since
    the shot started, poses as ``Simulation.poses()`` gives them) and
    ``on_event(event)`` an event.  Both copy what they are given, so the
    physics may reuse its buffers.
    """

    def __init__(self, inputs: ShotInputs | None = None, rate: float = DEFAULT_RATE) -> None:
        if not rate > 0:
            raise ValueError("the frame rate must be positive")
        self.inputs = inputs
        self.rate = float(rate)
        self._times: list[float] = []
        self._frames: list[tuple[tuple[str, ...], np.ndarray]] = []
        self._events: list[Event] = []
        self._detach: list[Callable[[], None]] = []
        self._finished = False

    # -- feeding ---------------------------------------------------------------------------

    def on_frame(self, t: float, ids: Sequence[str], poses: np.ndarray) -> None:
        if self._times and t <= self._times[-1]:
            if t == self._times[-1]:  # the same instant again (e.g. the final frame twice)
                self._frames[-1] = (tuple(map(str, ids)), np.array(poses, dtype=np.float64))
                return
            raise ValueError(f"frame at t={t} comes before the previous one at t={self._times[-1]}")
        self._times.append(float(t))
        self._frames.append((tuple(map(str, ids)), np.array(poses, dtype=np.float64)))

    def on_event(self, event: Event) -> None:
        self._events.append(event)

    def attach(self, sim: Any) -> None:
        """Listen to ``sim.bus`` until ``finish``; pass ``frame_hook`` to the stepping calls.

        The physics samples frames only when asked, per call::

            recorder.attach(sim)
            sim.shoot(taw, velocity)
            sim.run_to_rest(**recorder.frame_hook)      # or sim.advance(dt, **recorder.frame_hook)

        Attach before ``shoot`` so the ``ShotStarted`` event is recorded.
        """
        self._detach.append(sim.bus.subscribe(self.on_event))

    @property
    def frame_hook(self) -> dict[str, Any]:
        """Keyword arguments for ``Simulation.run_to_rest`` / ``advance``: ``on_frame`` and ``frame_hz``."""
        return {"on_frame": self.on_frame, "frame_hz": self.rate}

    def detach(self) -> None:
        for undo in reversed(self._detach):
            undo()
        self._detach.clear()

    @property
    def frame_count(self) -> int:
        return len(self._frames)

    # -- finishing -------------------------------------------------------------------------

    def finish(self, rulings: Iterable[Any] = (), ledger: Any = None) -> ShotRecord:
        """The shot as recorded, with the referee's rulings and the ledger after it.

        Rulings and the ledger may be dataclasses, objects with ``to_dict`` or
        plain mappings; they are kept as plain JSON.
        """
        if self._finished:
            raise RuntimeError("this ShotRecorder has already finished its shot")
        if self.inputs is None:
            raise ValueError("a shot needs its inputs: give them to ShotRecorder or use finish_result")
        self._finished = True
        self.detach()
        body_ids, arrays = encode_motion(self._times, self._frames)
        plain_rulings = tuple(_as_object(to_plain(r), "ruling") for r in rulings)
        plain_ledger = {} if ledger is None else _as_object(to_plain(ledger), "ledger")
        return ShotRecord(inputs=self.inputs, rate=self.rate, body_ids=body_ids, events=tuple(self._events),
                          rulings=plain_rulings, ledger=plain_ledger, **arrays)

    def finish_result(self, result: Any) -> ShotRecord:
        """Finish from a ``game.match.ShotResult``: its inputs, events, ruling and ledger.

        For ``Match.play_shot(shot, on_frame=recorder.on_frame)``, where the
        match owns the Simulation: the result's events are the ones the
        referee judged.
        """
        if self.inputs is None:
            self.inputs = shot_inputs(result)
        if not self._events:
            self._events = list(result.events)
        rulings, ledger = ruling_record(result.ruling)
        return self.finish(rulings, ledger)


def record_result(result: Any, frames: Iterable[tuple[float, Sequence[str], np.ndarray]],
                  rate: float = DEFAULT_RATE) -> ShotRecord:
    """A ShotRecord from a ``game.match.ShotResult`` and the (t, ids, poses) frames collected for it.

    For a host that gathered the frames itself (the app plays a shot computed
    off-thread back from its frames): no recorder needs to exist during the shot.
    """
    recorder = ShotRecorder(rate=rate)
    for t, ids, poses in frames:
        recorder.on_frame(t, ids, poses)
    return recorder.finish_result(result)


def ruling_record(ruling: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A referee ``Ruling`` as (rulings, ledger) for ``ShotRecorder.finish``.

    The ruling is kept in the referee's report shape (``ruling_to_json``)
    with its spoken text; the ledger is every purse, the stakes and who
    holds which body after the shot.
    """
    from game.rules.ruling_text import ruling_to_json, ruling_to_text

    data = ruling_to_json(ruling)
    data["text"] = ruling_to_text(ruling)
    state = ruling.state
    ledger = {"purses": dict(state.purses), "stakes": state.stakes, "board": dict(state.board),
              "out": list(state.out), "winner": state.winner}
    return [data], ledger


def _as_object(value: Any, what: str) -> dict[str, Any]:
    if isinstance(value, dict):
        return value
    return {"value": value} if what == "ledger" else {"text": str(value)}


class GameRecorder:
    """Writes a game's replay as it goes: the header at once, then every shot.

    Each ``add_shot`` rewrites the whole file through ``write_atomic`` from
    already-compressed chunks (a few tens of KB each), so the file on disk is
    always a complete, valid replay of every finished shot.
    """

    def __init__(self, path: str | Path | None, meta: GameMeta) -> None:
        self.path = None if path is None else check_writable(path)
        self.meta = meta
        self._meta_chunk = encode_meta_chunk(meta)
        self._chunks: list[bytes] = []
        self._shots: list[ShotRecord] | ShotList = []
        self._write()

    @classmethod
    def continuing(cls, path: str | Path | None, replay: Replay, data: bytes) -> "GameRecorder":
        """Record on into an existing game's file: ``replay`` is ``data`` (the file's bytes) decoded.

        The earlier shots keep their chunks byte for byte (nothing is
        re-encoded, so taking up a long game costs no compression); the file
        is first rewritten, atomically as always, with the next shot.
        """
        meta_chunk, shot_chunks = split_chunks(data)
        if len(shot_chunks) != len(replay.shots):
            raise ValueError("the replay and its file's bytes hold different numbers of shots")
        recorder = cls.__new__(cls)
        recorder.path = None if path is None else check_writable(path)
        recorder.meta = replay.meta
        recorder._meta_chunk = meta_chunk
        recorder._chunks = list(shot_chunks)
        recorder._shots = replay.shots.copy()  # a loaded file's shots stay undecoded until asked for
        return recorder

    def set_meta(self, meta: GameMeta) -> None:
        """A header completed before the first shot (the taws laid at the setup); refused once a shot is kept."""
        if self._chunks:
            raise ValueError("the header of a replay is fixed once a shot is recorded")
        self.meta = meta
        self._meta_chunk = encode_meta_chunk(meta)
        self._write()

    def add_shot(self, shot: ShotRecord) -> None:
        self._chunks.append(encode_shot_chunk(shot))
        self._shots.append(shot)
        self._write()

    @property
    def replay(self) -> Replay:
        return Replay(self.meta, self._shots.copy())

    @property
    def shot_sizes(self) -> list[int]:
        """Bytes each shot takes in the file."""
        return [len(c) for c in self._chunks]

    def to_bytes(self) -> bytes:
        return assemble(self._meta_chunk, self._chunks)

    def _write(self) -> None:
        if self.path is not None:
            write_atomic(self.path, self.to_bytes())


def split_chunks(data: bytes) -> tuple[bytes, list[bytes]]:
    """A replay file's game chunk and shot chunks as stored (framing only: decode it first to validate it)."""
    _magic, _version, _flags, count = FILE_HEADER.unpack_from(data, 0)
    offset = FILE_HEADER.size
    chunks = []
    for _ in range(count):
        stored_len = CHUNK_HEADER.unpack_from(data, offset)[0]
        end = offset + CHUNK_HEADER.size + stored_len
        chunks.append(bytes(data[offset:end]))
        offset = end
    if offset != len(data) or not chunks:
        raise ValueError("the replay file's chunks do not add up")
    return chunks[0], chunks[1:]


def meta_from(seed: int | None, players: Sequence[Mapping[str, Any]] | Sequence[str] = (),
              house_rules: Mapping[str, Any] | None = None, layout: Any = None, *, seating: Seating | None = None,
              **extra: Any) -> GameMeta:
    """A GameMeta from what the match knows; players may be planet names or objects."""
    plain_players = tuple({"planet": p} if isinstance(p, str) else dict(to_plain(p)) for p in players)
    layout_plain: dict[str, Any] = {}
    if layout is not None:
        layout_plain = dict(to_plain(layout))
    return GameMeta(seed=seed, players=plain_players, house_rules=dict(to_plain(dict(house_rules or {}))),
                    layout=layout_plain, extra=dict(to_plain(extra)), seating=seating)
