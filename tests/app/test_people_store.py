"""The people file: each person's own settings by name, the last seating, and every hostile file it may meet."""

from __future__ import annotations

import json
import os
import sys

import pytest

from game.app.people import MAX_BYTES, MAX_PEOPLE, PeopleStore
from game.app.settings import Settings
from game.match.seating import parse_seats


def test_each_persons_settings_are_kept_by_name_and_laid_over_the_machines(tmp_path):
    path = tmp_path / "cfg" / "people.json"
    store = PeopleStore.load(path)
    assert store.remember("Ann", {"mouse_sensitivity": 2.5, "aim_aid": 0.0, "volume": 0.1}) is None
    assert store.remember("Bob", {"mouse_sensitivity": 0.5}) is None
    again = PeopleStore.load(path)
    base = Settings(mouse_sensitivity=1.0, aim_aid=1.0, volume=0.7)
    ann = again.settings_for(" ANN ", base)
    assert (ann.mouse_sensitivity, ann.aim_aid, ann.volume) == (2.5, 0.0, 0.7)  # volume is the machine's
    bob = again.settings_for("Bob", base)
    assert (bob.mouse_sensitivity, bob.aim_aid) == (0.5, 1.0)
    assert again.settings_for("Cy", base) == base
    assert again.names() == ["Bob", "Ann"] and again.notes == []


def test_a_bad_value_is_not_kept():
    store = PeopleStore(None)
    store.remember("Ann", {"mouse_sensitivity": 99.0, "aim_aid": 0.5})
    assert dict(store.profile("ann").values) == {"aim_aid": 0.5}


def test_the_last_seating_is_offered_again_and_its_people_come_first(tmp_path):
    path = tmp_path / "people.json"
    store = PeopleStore.load(path)
    store.remember("Zed", {"aim_aid": 0.2})
    seating = parse_seats("Ann,hard,Bob")
    assert store.remember_seating(seating) is None
    again = PeopleStore.load(path)
    assert again.last_seating == seating
    assert again.names() == ["Ann", "Bob", "Zed"]
    assert dict(again.profile("Zed").values) == {"aim_aid": 0.2}


def test_only_so_many_people_are_remembered(tmp_path):
    store = PeopleStore.load(tmp_path / "people.json")
    for i in range(MAX_PEOPLE + 5):
        store.remember(f"P{i}", {})
    again = PeopleStore.load(tmp_path / "people.json")
    assert len(again.names()) == MAX_PEOPLE and again.names()[0] == f"P{MAX_PEOPLE + 4}"


@pytest.mark.parametrize("content, words", [
    (b"{not json", "cannot read"),
    (b"[" * 100_000 + b"]" * 100_000, "cannot read"),
    (b"\xff\xfe", "cannot read"),
    (b"[1, 2]", "expected an object"),
    (b'{"people": 5}', "'people' must be a list"),
    (b'{"people": [{"name": "A\\u0007n"}]}', "control character"),
    (b'{"people": [{"name": "Ann", "aim_aid": "max"}]}', "aim_aid must be"),
    (b'{"people": [{"name": "Ann", "colour": "red"}]}', "unknown key"),
    (b'{"people": [], "last_seating": [{"name": "Ann"}]}', "last seating is not kept"),
])
def test_a_broken_file_is_a_note_and_an_empty_start(tmp_path, content, words):
    path = tmp_path / "people.json"
    path.write_bytes(content)
    store = PeopleStore.load(path)
    assert any(words in note for note in store.notes), store.notes
    assert all("\n" not in note for note in store.notes)


def test_good_entries_survive_beside_bad_ones(tmp_path):
    path = tmp_path / "people.json"
    path.write_text(json.dumps({"people": [{"name": "Ann", "aim_aid": 0.3, "mouse_sensitivity": -1},
                                           "junk", {"name": "ann", "aim_aid": 0.9}]}))
    store = PeopleStore.load(path)
    assert store.names() == ["Ann"] and dict(store.profile("Ann").values) == {"aim_aid": 0.3}
    assert len(store.notes) == 2


def test_a_huge_file_is_not_read(tmp_path):
    path = tmp_path / "people.json"
    path.write_bytes(b" " * (MAX_BYTES + 1))
    assert "larger than" in PeopleStore.load(path).notes[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_is_neither_read_nor_written_over(tmp_path):
    path = tmp_path / "people.json"
    os.mkfifo(path)
    store = PeopleStore.load(path)   # does not block
    assert "FIFO" in store.notes[0]
    assert "could not save" in store.remember("Ann", {"aim_aid": 0.5})
    assert path.is_fifo()


def test_a_symlink_to_a_fifo_is_not_read(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    (tmp_path / "people.json").symlink_to(fifo)
    store = PeopleStore.load(tmp_path / "people.json")
    assert store.names() == [] and "FIFO" in store.notes[0]


def test_a_folder_in_the_way_is_a_note(tmp_path):
    (tmp_path / "people.json").mkdir()
    store = PeopleStore.load(tmp_path / "people.json")
    assert store.notes and "could not save" in store.remember("Ann", {})


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="permissions")
def test_a_read_only_folder_is_a_note_and_play_goes_on(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        store = PeopleStore.load(folder / "people.json")
        message = store.remember("Ann", {"aim_aid": 0.5})
        assert message is not None and message.startswith("could not save who played")
        assert store.profile("Ann") is not None  # kept for this session all the same
    finally:
        folder.chmod(0o700)
