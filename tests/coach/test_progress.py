"""Lesson progress: round trip, atomic writes only over regular files, hostile or damaged files read as empty."""

import os

from game.coach.lesson_progress import Progress, load_progress, save_progress


def test_passed_and_skipped_round_trip(tmp_path):
    path = tmp_path / "data" / "lessons.json"
    progress = Progress()
    progress.mark_skipped("03-x")
    progress.mark_passed("01-a")
    progress.mark_skipped("01-a")  # a passed lesson stays passed
    assert save_progress(progress, path) == ""
    again = load_progress(path)
    assert again.passed == {"01-a"} and again.skipped == {"03-x"} and again.note == ""
    assert again.status("01-a") == "passed" and again.status("03-x") == "skipped" and again.status("zz") == ""


def test_passing_a_skipped_lesson_clears_the_skip():
    progress = Progress()
    progress.mark_skipped("a")
    progress.mark_passed("a")
    assert progress.skipped == set() and progress.passed == {"a"}


def test_a_missing_file_is_an_empty_record_without_a_note(tmp_path):
    progress = load_progress(tmp_path / "none.json")
    assert progress.passed == set() and progress.note == ""


def test_damaged_or_hostile_files_read_as_empty_with_a_one_line_note(tmp_path):
    cases = {"junk": b"{not json", "version": b'{"version": 9}', "types": b'{"version": 1, "passed": [1, 2]}',
             "control": b'{"version": 1, "passed": ["a\\u0007"]}', "huge": b" " * 70_000}
    for name, data in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(data)
        progress = load_progress(path)
        assert progress.passed == set() and progress.note.startswith("lesson progress not read"), name
        assert "\n" not in progress.note
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert "FIFO" in load_progress(fifo).note


def test_it_is_never_written_over_a_fifo_and_an_unwritable_place_is_a_note_not_a_crash(tmp_path):
    fifo = tmp_path / "lessons.json"
    os.mkfifo(fifo)
    assert "not a regular file" in save_progress(Progress({"a"}), fifo)
    not_a_folder = tmp_path / "plain-file"
    not_a_folder.write_text("")
    note = save_progress(Progress({"a"}), not_a_folder / "data" / "lessons.json")
    assert note.startswith("lesson progress not saved") and "\n" not in note
