"""Every file the app reads goes through one guarded path: a bad file costs only its own contents."""

import json
import warnings

import pytest

from game.app.choices import load_choices
from game.app.people import PeopleStore
from game.app.settings import Settings, SettingsWarning, load_settings, save_settings
from game.coach.lesson_progress import load_progress
from game.fileio import read_app_json

HOSTILE = {
    "deep": b"[" * 15_000,                     # the lesson-progress file: a RecursionError before
    "deep-object": b'{"a":' * 15_000,
    "not-json": b"version = 1\n",
    "not-utf8": b'{"a": "\xff"}',
    "huge-int": b'{"a": ' + b"9" * 5000 + b"}",
}


def _read_each(tmp_path, name, content):
    """Each reader on its own file holding ``content``: what each said, none raising."""
    said = {}
    for what in ("settings", "people", "choices", "lessons"):
        path = tmp_path / f"{what}-{name}.json"
        path.write_bytes(content)
        if what == "settings":
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always", SettingsWarning)
                assert load_settings(path) == Settings()
            said[what] = [str(w.message) for w in caught]
        elif what == "people":
            store = PeopleStore.load(path)
            assert store.names() == []
            said[what] = store.notes
        elif what == "choices":
            loaded = load_choices(path)
            assert loaded.setup is None
            said[what] = loaded.notes
        else:
            progress = load_progress(path)
            assert not progress.passed and not progress.skipped
            said[what] = [progress.note]
    return said


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_app_file_is_one_note_and_is_kept_aside(tmp_path, name):
    said = _read_each(tmp_path, name, HOSTILE[name])
    for what, lines in said.items():
        assert len(lines) == 1 and "\n" not in lines[0], (what, lines)
        assert "kept aside as" in lines[0], (what, lines)
        kept = tmp_path / f"{what}-{name}.json.bad"
        assert kept.read_bytes() == HOSTILE[name]
        assert not (tmp_path / f"{what}-{name}.json").exists()


def test_a_symlinked_people_file_that_cannot_be_read_is_never_written_through(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my own notes, not JSON\n")
    people = tmp_path / "people.json"
    people.symlink_to(notes)
    store = PeopleStore.load(people)
    assert len(store.notes) == 1 and "kept aside as people.json.bad" in store.notes[0]
    assert store.remember("Ann", {"mouse_sensitivity": 2.0}) is None
    assert notes.read_text() == "my own notes, not JSON\n"                  # the link's target untouched
    assert (tmp_path / "people.json.bad").is_symlink()
    assert not people.is_symlink() and json.loads(people.read_text())["people"][0]["name"] == "Ann"


def test_a_symlinked_settings_file_that_cannot_be_read_is_never_written_through(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("[not json]\n")
    path = tmp_path / "settings.json"
    path.symlink_to(notes)
    with pytest.warns(SettingsWarning, match="kept aside as settings.json.bad"):
        load_settings(path)
    save_settings(Settings(volume=0.3), path)
    assert notes.read_text() == "[not json]\n"
    assert load_settings(path).volume == 0.3


def test_a_second_bad_file_does_not_replace_the_first_kept_aside(tmp_path):
    path = tmp_path / "people.json"
    for content in (b"first bad", b"second bad"):
        path.write_bytes(content)
        PeopleStore.load(path)
    assert (tmp_path / "people.json.bad").read_bytes() == b"first bad"
    assert (tmp_path / "people.json.bad2").read_bytes() == b"second bad"


def test_a_fifo_is_a_note_and_left_where_it_is(tmp_path):
    import os

    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    found = read_app_json(fifo, 1000, "settings file")
    assert found.data is None and "FIFO" in found.problem and "kept aside" not in found.problem
    assert fifo.exists()


def test_sixty_thousand_unknown_settings_keys_are_one_warning(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({**{f"k{i}": i for i in range(60_000)}, "volume": 0.5}))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", SettingsWarning)
        assert load_settings(path).volume == 0.5
    assert [str(w.message) for w in caught] == [f"{path}: 60000 unknown settings ignored ('k0' and others)"]


def _every_bad_name_taken(folder, name):
    for n in range(1, 100):
        (folder / (f"{name}.bad" if n == 1 else f"{name}.bad{n}")).write_bytes(b"kept")


def test_past_the_last_kept_aside_name_an_unreadable_file_is_never_written_over_and_the_player_is_told(tmp_path):
    from game.app.choices import save_choices
    from game.app.session.game_setup import GameSetup
    from game.fileio import FileWriteError

    for name in ("settings.json", "people.json", "new_game.json"):
        _every_bad_name_taken(tmp_path, name)
        (tmp_path / name).write_bytes(b"[not json of ours")
    with pytest.warns(SettingsWarning, match="will not be written over"):
        load_settings(tmp_path / "settings.json")
    with pytest.raises(FileWriteError, match="not written over"):
        save_settings(Settings(volume=0.3), tmp_path / "settings.json")
    store = PeopleStore.load(tmp_path / "people.json")
    assert "will not be written over" in store.notes[0]
    assert "not written over" in store.remember("Ann", {"aim_aid": 0.5})
    assert "will not be written over" in load_choices(tmp_path / "new_game.json").notes[0]
    assert "not written over" in save_choices(tmp_path / "new_game.json", GameSetup())
    from game.coach.lesson_progress import Progress, save_progress

    _every_bad_name_taken(tmp_path, "lessons.json")
    (tmp_path / "lessons.json").write_bytes(b"[not json of ours")
    assert "will not be written over" in load_progress(tmp_path / "lessons.json").note
    assert "not written over" in save_progress(Progress({"x"}, set()), tmp_path / "lessons.json")
    for name in ("settings.json", "people.json", "new_game.json", "lessons.json"):
        assert (tmp_path / name).read_bytes() == b"[not json of ours"
        assert (tmp_path / f"{name}.bad99").read_bytes() == b"kept"
    (tmp_path / "settings.json.bad7").unlink()   # a name is free again: the next save keeps the file aside there
    save_settings(Settings(volume=0.3), tmp_path / "settings.json")
    assert (tmp_path / "settings.json.bad7").read_bytes() == b"[not json of ours"
    assert load_settings(tmp_path / "settings.json").volume == 0.3


def test_a_readable_file_is_written_over_whatever_bad_names_are_taken(tmp_path):
    # The check's other side: a file we can read is ours to rewrite (a guard that refused every save would pass
    # the test above).
    _every_bad_name_taken(tmp_path, "settings.json")
    save_settings(Settings(volume=0.2), tmp_path / "settings.json")
    save_settings(Settings(volume=0.3), tmp_path / "settings.json")
    assert load_settings(tmp_path / "settings.json").volume == 0.3


def test_fifteen_thousand_unknown_people_keys_are_one_note(tmp_path):
    path = tmp_path / "people.json"
    entry = {"name": "Ann", "aim_aid": 0.5, **{f"k{i}": i for i in range(15_000)}}
    path.write_text(json.dumps({"people": [entry, {"name": "Bob", "colour": "red"}]}))
    store = PeopleStore.load(path)
    assert store.notes == [f"{path}: 15001 unknown keys ignored ('k0' and others)"]
    assert store.profile("Ann").values == {"aim_aid": 0.5}
