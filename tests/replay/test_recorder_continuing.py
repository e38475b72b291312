"""GameRecorder.continuing: recording on into an existing game's file keeps every earlier shot as stored."""

from __future__ import annotations

import pytest

from game.replay import load_replay, save_replay
from game.replay.fileformat import FILE_HEADER, decode_replay
from game.replay.model import GameMeta, Replay
from game.replay.recorder import GameRecorder, split_chunks
from tests.replay.replay_synthetic import synthetic_shot


def test_continuing_keeps_the_earlier_shots_byte_for_byte_and_appends(tmp_path):
    path = tmp_path / "game.replay"
    meta = GameMeta(seed=5, players=({"planet": "earth", "seat": "You", "controller": "human"},),
                    extra={"note": "kept"})
    first = [synthetic_shot(i, duration=0.5) for i in range(3)]
    save_replay(Replay(meta, first), path)
    data = path.read_bytes()
    recorder = GameRecorder.continuing(path, decode_replay(data), data)
    assert path.read_bytes() == data  # nothing is rewritten until the next shot
    assert recorder.to_bytes() == data
    extra = synthetic_shot(9, duration=0.5)
    recorder.add_shot(extra)
    on_disk = load_replay(path)
    assert on_disk.equals(Replay(meta, [*first, extra]))
    meta_chunk, chunks = split_chunks(path.read_bytes())
    assert meta_chunk + b"".join(chunks[:3]) == data[FILE_HEADER.size:]


def test_a_replay_that_is_not_the_files_bytes_is_refused(tmp_path):
    path = tmp_path / "game.replay"
    save_replay(Replay(GameMeta(seed=1), [synthetic_shot(1, duration=0.5)]), path)
    data = path.read_bytes()
    with pytest.raises(ValueError):
        GameRecorder.continuing(path, Replay(GameMeta(seed=1), []), data)
