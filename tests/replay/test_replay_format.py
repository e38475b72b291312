import json
import math
import struct
import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import UserError
from game.replay import decode_replay, load_replay, save_replay
from game.replay.fileformat import CHUNK_HEADER, FILE_HEADER, MAGIC, VERSION, encode_meta_chunk
from game.replay.model import GameMeta
from game.replay.quant import pack_quats, unpack_quats
from game.replay.recorder import GameRecorder, ShotRecorder
from game.replay.model import ShotInputs

from tests.hypothesis_profiles import examples
from tests.replay.replay_synthetic import synthetic_frames, synthetic_game, synthetic_shot


def test_save_load_is_identical_and_stable(tmp_path):
    game = synthetic_game(None, shots=3)
    path = tmp_path / "g.replay"
    save_replay(game.replay, path)
    loaded = load_replay(path)
    assert loaded.equals(game.replay)
    assert loaded.meta.players == ({"planet": "earth"}, {"planet": "mars"})
    assert loaded.shots[1].rulings[0]["rule"] == 8
    assert loaded.shots[2].ledger == game.replay.shots[2].ledger
    # writing what was loaded gives the same bytes
    save_replay(loaded, tmp_path / "again.replay")
    assert (tmp_path / "again.replay").read_bytes() == path.read_bytes()


def test_loaded_poses_match_the_samples_within_quantisation():
    times, frames, events, _ = synthetic_frames(7)
    recorder = GameRecorder(None, GameMeta())
    recorder.add_shot(synthetic_shot(7))
    shot = decode_replay(recorder.to_bytes()).shots[0]
    assert shot.frame_count == len(frames)
    for k in (0, 40, len(frames) // 2, len(frames) - 1):
        ids, poses = frames[k]
        cols = [shot.body_index(b) for b in ids]
        assert shot.present[k, cols].all()
        assert shot.present[k].sum() == len(ids)
        assert np.abs(shot.positions[k, cols] - poses[:, :3]).max() <= 0.5e-4 + 1e-12
        dots = np.abs(np.sum(shot.quats[k, cols] * poses[:, 3:7], axis=1))
        assert dots.min() > 1 - 1e-5
    assert np.allclose(shot.times, times, atol=1e-6)
    assert [type(e).__name__ for e in shot.events] == [type(e).__name__ for e in events]


def test_a_body_that_left_is_absent_afterwards():
    times, frames, _, _ = synthetic_frames(3)
    shot = synthetic_shot(3)
    gone = set(frames[0][0]) - set(frames[-1][0])
    assert len(gone) == 1
    col = shot.body_index(gone.pop())
    assert shot.present[0, col] and not shot.present[-1, col]


def test_bodies_at_rest_cost_nothing():
    still = synthetic_shot(5, movers=1, drop_one=False)
    busy = synthetic_shot(5, movers=6, drop_one=False)
    bodies = len(still.body_ids)
    # the first frame stores every body; later only the movers
    assert still.moved[0].all() and still.moved[1:, :].sum(axis=1).max() == 1
    assert busy.moved[1:].sum(axis=1).max() <= 6
    assert still.steps.shape[0] < bodies + still.frame_count
    assert len(GameRecorder(None, GameMeta()).to_bytes()) < 200


@settings(max_examples=examples(200))
@given(st.lists(st.floats(-1, 1, allow_nan=False), min_size=4, max_size=4).filter(
    lambda q: sum(c * c for c in q) > 1e-3))
def test_packed_rotations_are_the_same_rotation(q):
    q = np.array(q) / np.linalg.norm(q)
    back = unpack_quats(pack_quats(q))
    assert abs(np.linalg.norm(back) - 1) < 1e-9
    angle = 2 * math.acos(min(1.0, abs(float(np.dot(back, q)))))
    assert angle < 0.006  # radians: 10 bits a component, at worst about a third of a degree


def test_game_recorder_writes_a_valid_file_after_every_shot(tmp_path):
    path = tmp_path / "live.replay"
    game = GameRecorder(path, GameMeta(seed=9, players=({"planet": "venus"},)))
    assert load_replay(path).shots == []
    for n in range(1, 4):
        game.add_shot(synthetic_shot(n))
        assert len(load_replay(path).shots) == n
    assert not [p for p in tmp_path.iterdir() if p.name != "live.replay"]


def test_recorder_rejects_time_going_back():
    rec = ShotRecorder(ShotInputs("earth", "earth.taw", 0.0, 1.0))
    rec.on_frame(0.1, ["sun"], np.array([[0, 0, 0, 1, 0, 0, 0]], float))
    with pytest.raises(ValueError):
        rec.on_frame(0.05, ["sun"], np.array([[0, 0, 0, 1, 0, 0, 0]], float))


# -- hostile files ---------------------------------------------------------------------------

def _good_bytes() -> bytes:
    return synthetic_game(None, shots=2, seed=4).to_bytes()


def _chunk(header: dict, rest: bytes = b"", raw_len: int | None = None, text: bytes | None = None) -> bytes:
    body = json.dumps(header).encode() if text is None else text
    raw = struct.pack("<I", len(body)) + body + rest
    stored = zlib.compress(raw)
    return CHUNK_HEADER.pack(len(stored), len(raw) if raw_len is None else raw_len, zlib.crc32(stored)) + stored


def _file(*chunks: bytes, version: int = VERSION, count: int | None = None) -> bytes:
    return FILE_HEADER.pack(MAGIC, version, 0, len(chunks) if count is None else count) + b"".join(chunks)


def _meta() -> bytes:
    return encode_meta_chunk(GameMeta(seed=1))


def _shot_header(**over) -> dict:
    head = {"kind": "shot", "inputs": {"shooter": "earth", "body": "earth.taw", "direction": 10.0, "speed": 1.0,
                                        "placement": None},
            "rate": 60.0, "bodies": ["sun"], "frames": 1, "stored": 1, "events": [], "rulings": [], "ledger": {}}
    head.update(over)
    return head


def _motion(frames=1, present=1, moved=1, stored=1) -> bytes:
    return (b"\0" * 4 * frames + bytes([present]) * frames + bytes([moved]) * frames
            + b"\0" * 12 * stored + b"\0" * 4 * stored)


def _fails(data: bytes) -> str:
    with pytest.raises(UserError) as err:
        decode_replay(data, "bad.replay")
    message = str(err.value)
    assert "\n" not in message and message.startswith("bad.replay")
    return message


def test_handmade_minimal_file_is_accepted():
    replay = decode_replay(_file(_meta(), _chunk(_shot_header(), _motion())), "ok")
    assert replay.shots[0].body_ids == ("sun",)
    assert replay.shots[0].positions.shape == (1, 1, 3)


def test_random_byte_flips_give_a_clean_error():
    good = _good_bytes()
    rng = np.random.default_rng(11)
    for _ in range(300):
        data = bytearray(good)
        for pos in rng.integers(0, len(data), size=int(rng.integers(1, 4))):
            data[pos] ^= int(rng.integers(1, 256))
        _fails(bytes(data))


def test_truncation_anywhere_gives_a_clean_error():
    good = _good_bytes()
    boundaries, at = [0, FILE_HEADER.size], FILE_HEADER.size
    while at < len(good):
        stored_len = CHUNK_HEADER.unpack_from(good, at)[0]
        boundaries += [at + CHUNK_HEADER.size, at + CHUNK_HEADER.size + stored_len]
        at += CHUNK_HEADER.size + stored_len
    cuts = set(range(0, 64)) | set(range(0, len(good), 29))
    for b in boundaries:
        cuts |= set(range(max(0, b - 6), min(len(good), b + 6)))
    for cut in sorted(cuts):
        if cut < len(good):
            _fails(good[:cut])
    _fails(good + b"\0")


def test_a_wrong_version_or_magic_is_refused_in_one_line():
    assert "version 2" in _fails(_file(_meta(), version=VERSION + 1))
    assert "not a replay" in _fails(b"PK\x03\x04" + b"\0" * 40)
    assert "not a replay" in _fails(b"")


@pytest.mark.parametrize("data_maker, needle", [
    (lambda: _file(_meta(), count=50_000), "chunk count"),
    (lambda: _file(_meta(), count=3), "truncated"),
    (lambda: _file(_meta(), _chunk(_shot_header(), _motion(), raw_len=1 << 31)), "out of range"),
    (lambda: _file(_meta(), _chunk(_shot_header(), _motion(), raw_len=64)), "declared size"),
    (lambda: _file(_meta(), _chunk(_shot_header(frames=10**9))), "frames"),
    (lambda: _file(_meta(), _chunk(_shot_header(frames=10_000, bodies=[f"b{i}" for i in range(60)]))),
     "last longer than a shot can"),
    (lambda: _file(_meta(), _chunk(_shot_header(bodies=[f"b{i}" for i in range(65)]))), "at most 64"),
    (lambda: _file(_meta(), _chunk(_shot_header(stored=5), _motion())), "stored"),
    (lambda: _file(_meta(), _chunk(_shot_header(frames=2), _motion())), "counts need"),
    (lambda: _file(_meta(), _chunk(_shot_header(), _motion(present=0))), "not on the ground"),
    (lambda: _file(_meta(), _chunk(_shot_header(), _motion(present=3, moved=3))), "beyond the last body"),
    (lambda: _file(_meta(), _chunk(_shot_header(stored=0), _motion(moved=0, stored=0))), "without a stored pose"),
    (lambda: _file(_meta(), _chunk(_shot_header(rate=float("nan")), _motion())), "not a number"),
    (lambda: _file(_meta(), _chunk({}, text=b'{"kind": "shot", "rate": 1e999}')), "not finite"),
    (lambda: _file(_meta(), _chunk({}, text=b"[" * 10_000 + b"]" * 10_000)), "JSON"),
    (lambda: _file(_meta(), _chunk({}, text=b"[" * 100_000 + b"]" * 100_000)), "values"),
    (lambda: _file(_meta(), _chunk(_shot_header(bodies=["sun", "sun"]), _motion())), "twice"),
    (lambda: _file(_meta(), _chunk(_shot_header(events=[{"kind": "explode", "t": 0}]), _motion())), "event"),
    (lambda: _file(_meta(), _chunk(_shot_header(inputs={"shooter": 3}), _motion())), "shooter"),
    (lambda: _file(_meta(), _chunk(_shot_header(rulings="all"), _motion())), "rulings"),
    (lambda: _file(_chunk(_shot_header(), _motion())), "game header"),
    (lambda: _file(_meta(), _meta()), "not a shot"),
])
def test_hostile_files_are_refused(data_maker, needle):
    assert needle in _fails(data_maker())


def test_zip_bomb_stops_at_the_declared_size():
    raw = struct.pack("<I", 2) + b"{}" + b"\0" * (50 << 20)
    stored = zlib.compress(raw, 9)
    bomb = CHUNK_HEADER.pack(len(stored), 1000, zlib.crc32(stored)) + stored
    assert len(stored) < 100_000
    assert "declared size" in _fails(_file(_meta(), bomb))


def test_load_replay_errors_name_the_file(tmp_path):
    with pytest.raises(UserError, match="no such file"):
        load_replay(tmp_path / "missing.replay")
    with pytest.raises(UserError, match="folder"):
        load_replay(tmp_path)
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    with pytest.raises(UserError, match="not a replay"):
        load_replay(text)


def test_times_beyond_any_shot_are_refused():
    late = {"kind": "contact", "t": 1e200, "a": "sun", "b": "earth", "impulse": 0.01, "position": [0, 0]}
    assert "event's time" in _fails(_file(_meta(), _chunk(_shot_header(events=[late]), _motion())))
    long_gap = b"\xff\xff\xff\x7f" + b"\x01\x01" + b"\0" * 16  # one frame 2147 s after the shot began
    shuffled = bytes(long_gap[0:4])  # a single u32: shuffling leaves its bytes in order
    assert "longer than" in _fails(_file(_meta(), _chunk(_shot_header(), shuffled + long_gap[4:])))


def _shot_raw(data: bytes) -> tuple[bytes, bytes]:
    """(the bytes before the first shot chunk, that chunk's inflated raw)."""
    at = FILE_HEADER.size
    stored_len = CHUNK_HEADER.unpack_from(data, at)[0]
    at += CHUNK_HEADER.size + stored_len
    stored_len, raw_len, _ = CHUNK_HEADER.unpack_from(data, at)
    raw = zlib.decompress(data[at + CHUNK_HEADER.size:at + CHUNK_HEADER.size + stored_len])
    return data[FILE_HEADER.size:at], raw


def _rewrap(prefix: bytes, raw: bytes) -> bytes:
    stored = zlib.compress(raw)
    return (FILE_HEADER.pack(MAGIC, VERSION, 0, 2) + prefix
            + CHUNK_HEADER.pack(len(stored), len(raw), zlib.crc32(stored)) + stored)


def test_fields_mutated_behind_a_valid_checksum_never_crash():
    """Only a clean UserError or a valid replay, whatever a field holds."""
    good = synthetic_game(None, shots=1, seed=8).to_bytes()
    prefix, raw = _shot_raw(good)
    json_len = struct.unpack_from("<I", raw)[0]
    header, arrays = json.loads(raw[4:4 + json_len]), raw[4 + json_len:]
    rng = np.random.default_rng(5)
    odd_values = [None, True, -1, 0, 2**40, 1e308, -1e-9, "", "x" * 70, [], [1, 2], {}, {"a": 1}, [[0.1, 0.2]]]
    paths = [(k,) for k in header] + [("inputs", k) for k in header["inputs"]] \
        + [("events", 0, k) for k in header["events"][0]] + [("events", 1, k) for k in header["events"][1]]
    for _ in range(400):
        mutated = json.loads(json.dumps(header))
        for path in [paths[i] for i in rng.integers(0, len(paths), size=int(rng.integers(1, 3)))]:
            target = mutated
            for key in path[:-1]:
                target = target[key] if isinstance(target, (dict, list)) and (
                    isinstance(target, dict) or (isinstance(key, int) and key < len(target))) else None
            if isinstance(target, dict):  # a path an earlier mutation replaced is skipped
                target[path[-1]] = odd_values[int(rng.integers(0, len(odd_values)))]
        body = json.dumps(mutated).encode()
        data = _rewrap(prefix, struct.pack("<I", len(body)) + body + arrays)
        try:
            decode_replay(data, "m.replay")
        except UserError as err:
            assert "\n" not in str(err)
    for _ in range(300):  # the arrays themselves, flipped behind a valid checksum
        flipped = bytearray(arrays)
        for pos in rng.integers(0, len(flipped), size=int(rng.integers(1, 6))):
            flipped[pos] ^= int(rng.integers(1, 256))
        data = _rewrap(prefix, raw[:4 + json_len] + bytes(flipped))
        try:
            replay = decode_replay(data, "m.replay")
        except UserError:
            continue
        shot = replay.shots[0]
        assert np.isfinite(shot.positions).all() and np.isfinite(shot.quats).all()


def test_a_crash_while_writing_a_shot_keeps_every_earlier_shot(tmp_path, monkeypatch):
    import os

    path = tmp_path / "live.replay"
    game = GameRecorder(path, GameMeta(seed=1))
    game.add_shot(synthetic_shot(1))
    game.add_shot(synthetic_shot(2))

    def crash(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(UserError):
        game.add_shot(synthetic_shot(3))
    monkeypatch.undo()
    assert len(load_replay(path).shots) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["live.replay"]
