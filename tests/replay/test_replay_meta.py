"""``read_meta``: the game header and how the game ended, refused exactly where ``load_replay`` refuses."""

from __future__ import annotations

import struct
import zlib

import numpy as np
import pytest

from game.replay import load_replay, save_replay
from game.replay.fileformat import CHUNK_HEADER, FILE_HEADER, VERSION, ReplayFormatError, read_meta
from game.replay.model import GameMeta, Replay

from tests.replay.replay_synthetic import synthetic_game, synthetic_shot


def _error(reader, path) -> str:
    with pytest.raises(ReplayFormatError) as caught:
        reader(path)
    return str(caught.value)


def _chunk_offsets(data: bytes) -> list[int]:
    offsets, at = [], FILE_HEADER.size
    while at < len(data):
        offsets.append(at)
        stored_len = CHUNK_HEADER.unpack_from(data, at)[0]
        at += CHUNK_HEADER.size + stored_len
    return offsets


def test_summary_agrees_with_the_full_load(tmp_path):
    path = tmp_path / "g.replay"
    game = synthetic_game(path, shots=4, seed=3)
    summary = read_meta(path)
    loaded = load_replay(path)
    assert summary.meta == loaded.meta == game.meta
    assert summary.shot_count == len(loaded.shots) == 4
    assert summary.last_ledger == dict(loaded.shots[-1].ledger)
    assert summary.last_ledger["purses"]["earth"] == 12 + 303 % 5  # the last shot's, not the first's
    assert summary.winner is None and not summary.finished


def test_winner_and_finished_come_from_the_last_shot(tmp_path):
    shots = [synthetic_shot(1), synthetic_shot(2)]
    shots[0].ledger = {"winner": "mars"}  # an early ledger must not count
    shots[1].ledger = {"purses": {"earth": 20}, "winner": "earth"}
    save_replay(Replay(GameMeta(seed=5, players=({"planet": "earth"},)), shots), tmp_path / "won.replay")
    won = read_meta(tmp_path / "won.replay")
    assert won.winner == "earth" and won.finished and won.shot_count == 2

    limit = synthetic_shot(4)
    limit.ledger = {"winner": None}
    limit.rulings = ({"finished": True, "winner": None, "text": "The round limit is reached."},)
    save_replay(Replay(GameMeta(), [limit]), tmp_path / "limit.replay")
    ended = read_meta(tmp_path / "limit.replay")
    assert ended.winner is None and ended.finished

    save_replay(Replay(GameMeta(seed=1)), tmp_path / "empty.replay")
    empty = read_meta(tmp_path / "empty.replay")
    assert empty.shot_count == 0 and empty.winner is None and not empty.finished


def test_truncation_anywhere_is_refused_with_the_loaders_message(tmp_path):
    good = synthetic_game(None, shots=3, seed=2).to_bytes()
    cuts = sorted({*range(0, 40), *(o + d for o in _chunk_offsets(good) for d in (0, 5, 12, 13, 40)),
                   *range(40, len(good), max(1, len(good) // 60))})
    cut_path = tmp_path / "cut.replay"
    for cut in cuts:
        if cut >= len(good):
            continue
        cut_path.write_bytes(good[:cut])
        assert _error(read_meta, cut_path) == _error(load_replay, cut_path), cut


def test_a_flipped_byte_in_any_chunk_is_refused_like_the_loader(tmp_path):
    good = synthetic_game(None, shots=3, seed=4).to_bytes()
    rng = np.random.default_rng(11)
    offsets = _chunk_offsets(good)
    path = tmp_path / "flip.replay"
    for start in offsets:  # inside every chunk's stored bytes, the middle shots' included: the checksum catches it
        for at in rng.integers(start + CHUNK_HEADER.size, start + CHUNK_HEADER.size + 200, size=3):
            data = bytearray(good)
            data[int(at)] ^= 0x5A
            path.write_bytes(bytes(data))
            message = _error(read_meta, path)
            assert "checksum" in message and message == _error(load_replay, path)


def test_read_meta_refuses_a_newer_version_a_non_replay_a_missing_file_a_folder_and_trailing_bytes(tmp_path):
    good = synthetic_game(None, shots=1).to_bytes()
    newer = tmp_path / "newer.replay"
    newer.write_bytes(good[:8] + struct.pack("<H", VERSION + 1) + good[10:])
    assert "newer" in _error(read_meta, newer) and _error(read_meta, newer) == _error(load_replay, newer)
    text = tmp_path / "notes.replay"
    text.write_text("hello, this is not a replay at all")
    assert "not a replay file" in _error(read_meta, text)
    assert "no such file" in _error(read_meta, tmp_path / "gone.replay")
    assert "folder" in _error(read_meta, tmp_path)
    extra = tmp_path / "extra.replay"
    extra.write_bytes(good + b"xx")
    assert "unexpected bytes" in _error(read_meta, extra)


def test_a_bad_last_shot_is_decoded_and_refused(tmp_path):
    good = synthetic_game(None, shots=2, seed=6).to_bytes()
    last = _chunk_offsets(good)[-1]
    stored_len, raw_len, _crc = CHUNK_HEADER.unpack_from(good, last)
    raw = zlib.decompress(good[last + CHUNK_HEADER.size:last + CHUNK_HEADER.size + stored_len])
    bad = raw.replace(b'"kind":"shot"', b'"kind":"shoe"', 1)
    stored = zlib.compress(bad)
    data = good[:last] + CHUNK_HEADER.pack(len(stored), len(bad), zlib.crc32(stored)) + stored
    path = tmp_path / "bad.replay"
    path.write_bytes(data)
    assert "not a shot" in _error(read_meta, path) and _error(read_meta, path) == _error(load_replay, path)
    # The same damage to a middle shot is not decoded (the documented limit): only the full load sees it.
    first = _chunk_offsets(good)[1]
    stored_len, raw_len, _crc = CHUNK_HEADER.unpack_from(good, first)
    raw = zlib.decompress(good[first + CHUNK_HEADER.size:first + CHUNK_HEADER.size + stored_len])
    bad = raw.replace(b'"kind":"shot"', b'"kind":"shoe"', 1)
    stored = zlib.compress(bad)
    middle = (good[:first] + CHUNK_HEADER.pack(len(stored), len(bad), zlib.crc32(stored)) + stored
              + good[first + CHUNK_HEADER.size + stored_len:])
    path.write_bytes(middle)
    assert read_meta(path).shot_count == 2
    assert "not a shot" in _error(load_replay, path)
