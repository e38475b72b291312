"""What a replay holds, in memory: a game's metadata and its recorded shots.

A ``ShotRecord`` keeps the motion the way the file does (sparse and
quantised: only the bodies that moved in a frame, as integer position steps
and packed rotations), so a record that was saved and loaded is bit-identical
to the one that was recorded.  Dense per-frame arrays are built on demand for
playback and cached.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Mapping, Sequence, overload

import numpy as np

from game.match.seating import Seating
from game.replay.quant import dequantise_positions, pack_quats, unpack_quats
from game.rules.events import Contact, Event, event_to_dict

from game.rules.layout import Point

IDENTITY_CODE = int(pack_quats(np.array([1.0, 0.0, 0.0, 0.0])))

_DENSE_SLICE = 65_536   # poses converted at once by ShotRecord._dense


@dataclass(frozen=True)
class ShotInputs:
    """What the shooter chose: who shot, with which taw, from where, which way, how hard.

    ``direction`` is degrees counter-clockwise from +x (the layout's
    convention); ``placement`` is where the taw was put down before the shot
    (None when it shot from where it lay, rule 17), and ``placement_orbit``
    the line it was laid on.
    """

    shooter: str
    body: str
    direction: float
    speed: float
    placement: Point | None = None
    placement_orbit: str | None = None
    spin: float = 0.0   # the thumb's spin, -1..1 (``game.match.players.Shot``)

    @classmethod
    def from_velocity(cls, shooter: str, body: str, velocity: Point, placement: Point | None = None,
                      placement_orbit: str | None = None) -> "ShotInputs":
        vx, vy = float(velocity[0]), float(velocity[1])
        return cls(shooter, body, math.degrees(math.atan2(vy, vx)) % 360.0, math.hypot(vx, vy), placement,
                   placement_orbit)

    @property
    def velocity(self) -> Point:
        a = math.radians(self.direction)
        return (self.speed * math.cos(a), self.speed * math.sin(a))


@dataclass(frozen=True)
class GameMeta:
    """Who played, under which house rules and seed; ``players`` and the rest are plain JSON.

    ``seating`` is who sat round the ring, people by name and AIs by level
    (None in files written before it was kept, and by tools that play
    without seats).
    """

    seed: int | None = None
    players: tuple[Mapping[str, Any], ...] = ()
    house_rules: Mapping[str, Any] = field(default_factory=dict)
    layout: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    seating: Seating | None = None


@dataclass(eq=False)
class ShotRecord:
    """One shot: inputs, motion, events, rulings and the ledger afterwards.

    Motion, frame by frame (F frames, B bodies):
    ``times_us`` int64 (F,) microseconds since the shot started;
    ``present`` bool (F, B): the body is on the ground in that frame;
    ``moved`` bool (F, B): the frame stores a new pose for that body (every
    frame a body appears in after being absent is one of them);
    ``steps`` int32 (M, 3): for each stored pose, in frame-then-body order,
    the position step from that body's previous stored position, in 0.1 mm;
    ``rotations`` uint32 (M,): packed rotations (see ``quant``).
    """

    inputs: ShotInputs
    rate: float
    body_ids: tuple[str, ...]
    times_us: np.ndarray
    present: np.ndarray
    moved: np.ndarray
    steps: np.ndarray
    rotations: np.ndarray
    events: tuple[Event, ...] = ()
    rulings: tuple[Mapping[str, Any], ...] = ()
    ledger: Mapping[str, Any] = field(default_factory=dict)

    @property
    def frame_count(self) -> int:
        return int(self.times_us.shape[0])

    @cached_property
    def times(self) -> np.ndarray:
        return self.times_us.astype(np.float64) * 1e-6

    @property
    def duration(self) -> float:
        """Seconds from the shot to the last frame or event, whichever is later."""
        last_frame = float(self.times[-1]) if self.frame_count else 0.0
        last_event = max((e.t for e in self.events), default=0.0)
        return max(last_frame, last_event)

    @cached_property
    def _dense(self) -> tuple[np.ndarray, np.ndarray]:
        frames, bodies = self.present.shape
        counts = np.zeros((frames, bodies, 3), dtype=np.int64)
        counts[self.moved] = self.steps
        np.cumsum(counts, axis=0, out=counts)
        last_frame = np.where(self.moved, np.arange(frames)[:, None], -1)
        np.maximum.accumulate(last_frame, axis=0, out=last_frame)
        if self.rotations.shape[0] == 0:
            codes = np.full((frames, bodies), IDENTITY_CODE, dtype=np.uint32)
        else:
            # index of each stored pose, in frame-then-body order
            entry = np.zeros((frames, bodies), dtype=np.int64)
            entry[self.moved] = np.arange(self.rotations.shape[0])
            latest = entry[np.maximum(last_frame, 0), np.arange(bodies)[None, :]]
            codes = np.where(last_frame >= 0, self.rotations[latest], IDENTITY_CODE).astype(np.uint32)
        # float32 halves the memory of a long shot; 0.1 mm steps need far less precision.  Converted a
        # slice at a time: the float64 steps between cost five times the result, for a whole shot at once.
        positions = np.empty(counts.shape, dtype=np.float32)
        quats = np.empty(codes.shape + (4,), dtype=np.float32)
        flat_counts, flat_codes = counts.reshape(-1, 3), codes.reshape(-1)
        flat_positions, flat_quats = positions.reshape(-1, 3), quats.reshape(-1, 4)
        for at in range(0, flat_codes.shape[0], _DENSE_SLICE):
            part = slice(at, at + _DENSE_SLICE)
            flat_positions[part] = dequantise_positions(flat_counts[part])
            flat_quats[part] = unpack_quats(flat_codes[part])
        return positions, quats

    @property
    def positions(self) -> np.ndarray:
        """(F, B, 3) metres; rows of absent bodies hold their last known place."""
        return self._dense[0]

    @property
    def quats(self) -> np.ndarray:
        """(F, B, 4) unit quaternions w, x, y, z."""
        return self._dense[1]

    def body_index(self, body: str) -> int:
        return self.body_ids.index(body)

    def contacts(self) -> list[Contact]:
        return [e for e in self.events if isinstance(e, Contact)]

    def equals(self, other: "ShotRecord") -> bool:
        """Bit-for-bit equality of everything stored."""
        return (
            self.inputs == other.inputs
            and self.rate == other.rate
            and self.body_ids == other.body_ids
            and all(np.array_equal(getattr(self, n), getattr(other, n))
                    for n in ("times_us", "present", "moved", "steps", "rotations"))
            and [event_to_dict(e) for e in self.events] == [event_to_dict(e) for e in other.events]
            and list(self.rulings) == list(other.rulings)
            and dict(self.ledger) == dict(other.ledger)
        )


class ShotList(Sequence[ShotRecord]):
    """A loaded replay's shots, each decoded from its chunk when asked for.

    A file may hold up to thousands of shots; decoding all of them at once
    (and keeping each one's dense arrays once played) grows with the file.
    Here the chunks stay as they are stored, and only the ``keep`` shots
    used last stay decoded: the viewer, which needs one shot at a time, uses
    memory for one shot, whatever the file.  Shots appended afterwards (a
    game continued) are kept as they are.
    """

    def __init__(self, decode: Callable[[int], ShotRecord], count: int, keep: int = 2) -> None:
        self._decode = decode
        self._stored = count
        self._added: list[ShotRecord] = []
        self._recent: OrderedDict[int, ShotRecord] = OrderedDict()
        self._keep = keep

    def __len__(self) -> int:
        return self._stored + len(self._added)

    @overload
    def __getitem__(self, index: int) -> ShotRecord: ...

    @overload
    def __getitem__(self, index: slice) -> list[ShotRecord]: ...

    def __getitem__(self, index: int | slice) -> ShotRecord | list[ShotRecord]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("shot index out of range")
        if index >= self._stored:
            return self._added[index - self._stored]
        shot = self._recent.get(index)
        if shot is None:
            shot = self._decode(index)
            self._recent[index] = shot
            while len(self._recent) > self._keep:
                self._recent.popitem(last=False)
        self._recent.move_to_end(index)
        return shot

    def append(self, shot: ShotRecord) -> None:
        self._added.append(shot)

    def copy(self) -> "ShotList":
        """The same shots, unaffected by later appends to this list (as ``list.copy``)."""
        twin = ShotList(self._decode, self._stored, self._keep)
        twin._added = list(self._added)
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a is b or a == b for a, b in zip(self, other))

    def __repr__(self) -> str:
        return f"ShotList({len(self)} shots)"


@dataclass
class Replay:
    """A whole game (or any run of shots) as recorded.

    ``shots`` is a list when recorded, a ``ShotList`` (decoded on demand)
    when loaded from a file.
    """

    meta: GameMeta
    shots: list[ShotRecord] | ShotList = field(default_factory=list)

    def equals(self, other: "Replay") -> bool:
        return self.meta == other.meta and len(self.shots) == len(other.shots) and all(
            a.equals(b) for a, b in zip(self.shots, other.shots))
