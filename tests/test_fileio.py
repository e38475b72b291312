import os

import pytest

from game.errors import UserError
from game.fileio import check_writable, write_atomic


def test_write_atomic_replaces_whole_and_leaves_no_temp(tmp_path):
    target = tmp_path / "a.txt"
    write_atomic(target, "first")
    write_atomic(target, b"second")
    assert target.read_bytes() == b"second"
    assert os.listdir(tmp_path) == ["a.txt"]


def test_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "a.txt"
    write_atomic(target, "good")

    def boom(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(UserError, match="No space left"):
        write_atomic(target, "bad")
    assert target.read_text() == "good"
    assert os.listdir(tmp_path) == ["a.txt"]


def test_missing_folder_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="does not exist"):
        write_atomic(tmp_path / "nope" / "a.txt", "x")
    with pytest.raises(UserError, match="is a folder"):
        check_writable(tmp_path)
