"""The seating in a replay's header: kept exactly, absent in older files, refused in one line when wrong."""

from __future__ import annotations

import zlib

import pytest

from game.match.seating import Seat, Seating, parse_seats
from game.replay import load_replay, save_replay
from game.replay.fileformat import CHUNK_HEADER, FILE_HEADER, ReplayFormatError, assemble, decode_replay, encode_chunk, read_meta
from game.replay.model import GameMeta, Replay
from game.replay.recorder import GameRecorder, meta_from

from tests.replay.replay_synthetic import synthetic_shot


def _header_file(header: dict) -> bytes:
    return assemble(encode_chunk({"kind": "game", "seed": 1, "players": [], "house_rules": {}, "layout": {},
                                  "extra": {}, **header}), [])


def test_the_seating_is_kept_through_the_file_and_the_header_reader(tmp_path):
    seating = Seating((Seat.person("Ann", "venus"), Seat.person("Bob"), Seat.ai("hard", "Hard AI")))
    path = tmp_path / "hot.replay"
    recorder = GameRecorder(path, meta_from(4, ["venus", "mercury", "earth"], seating=seating))
    recorder.add_shot(synthetic_shot(1))
    assert load_replay(path).meta.seating == seating
    assert read_meta(path).meta.seating == seating


def test_a_file_without_a_seating_still_loads_and_says_none(tmp_path):
    save_replay(Replay(GameMeta(seed=2, players=({"planet": "earth"},)), [synthetic_shot(1)]), tmp_path / "old.replay")
    assert load_replay(tmp_path / "old.replay").meta.seating is None
    assert decode_replay(_header_file({}), "old").meta.seating is None


def _header_bytes(data: bytes) -> bytes:
    stored_len = CHUNK_HEADER.unpack_from(data, FILE_HEADER.size)[0]
    start = FILE_HEADER.size + CHUNK_HEADER.size
    return zlib.decompress(data[start:start + stored_len])


def test_a_meta_without_a_seating_writes_no_seating_key():
    assert b"seating" not in _header_bytes(GameRecorder(None, GameMeta(seed=1)).to_bytes())
    with_seats = GameRecorder(None, GameMeta(seed=1, seating=parse_seats("Ann,hard"))).to_bytes()
    assert b'"seating"' in _header_bytes(with_seats)


@pytest.mark.parametrize("seating, words", [
    (None, "must be a list"),
    ([{"name": "Ann", "kind": "person", "level": None, "planet": "hat"}], "2 to 7 seats"),
    ([{"name": "Ann", "kind": "person", "level": None, "planet": "hat"}] * 2, "two seats are named"),
    ([{"name": "Ann", "kind": "robot", "level": None, "planet": "hat"},
      {"name": "Bob", "kind": "person", "level": None, "planet": "hat"}], "kind must be"),
    ([{"name": "A\x00n", "kind": "person", "level": None, "planet": "hat"},
      {"name": "Bob", "kind": "person", "level": None, "planet": "hat"}], "control character"),
    ([{"name": "Ann", "kind": "ai", "level": "godlike", "planet": "hat"},
      {"name": "Bob", "kind": "person", "level": None, "planet": "hat"}], "unknown AI level"),
    ([[1], [2]], "must be an object"),
])
def test_a_bad_seating_is_one_line_naming_the_header(seating, words):
    with pytest.raises(ReplayFormatError) as caught:
        decode_replay(_header_file({"seating": seating}), "bad.replay")
    message = str(caught.value)
    assert message.startswith("bad.replay: game header: 'seating': ") and words in message and "\n" not in message


def test_the_seating_from_the_command_line_round_trips_through_bytes():
    seating = parse_seats("Ann,Bob,Cy,easy")
    replay = decode_replay(GameRecorder(None, meta_from(1, seating=seating)).to_bytes(), "x")
    assert replay.meta.seating == seating


def test_the_viewers_captions_name_who_shot_each_shot():
    from game.replay.timeline import Timeline

    shot = synthetic_shot(1)
    players = ({"planet": shot.inputs.shooter, "seat": "Ann", "controller": "human"},
               {"planet": "mercury", "seat": "Hard AI", "controller": "ai"})
    timeline = Timeline(Replay(GameMeta(seed=1, players=players), [shot]))
    assert timeline.captions[0].text.startswith(f"Shot 1: Ann ({shot.inputs.shooter.capitalize()}) shoots")
    unnamed = Timeline(Replay(GameMeta(seed=1), [shot])).captions[0].text
    assert unnamed.startswith(f"Shot 1: {shot.inputs.shooter.capitalize()} shoots")
