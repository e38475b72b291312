import os
import socket
import stat

import pytest

from game.errors import UserError, printable
from game.fileio import check_writable, parse_toml, read_bounded, write_atomic


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


def test_a_missing_folder_or_a_folder_as_the_target_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="does not exist"):
        write_atomic(tmp_path / "nope" / "a.txt", "x")
    with pytest.raises(UserError, match="is a folder"):
        check_writable(tmp_path)


# -- never replace what is not ours ------------------------------------------------------


def _special_files(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    sock_path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(sock_path))
    folder = tmp_path / "folder"
    folder.mkdir()
    return server, {"a FIFO": fifo, "a socket": sock_path, "a folder": folder, "a character device": "/dev/null"}


def test_write_atomic_refuses_every_target_that_is_not_a_regular_file(tmp_path):
    server, targets = _special_files(tmp_path)
    try:
        for kind, target in targets.items():
            before = os.lstat(target)
            with pytest.raises(UserError, match=f"is {kind}.*not a regular file") as caught:
                write_atomic(target, b"x")
            assert caught.value.exit_code == 2 and "\n" not in str(caught.value)
            after = os.lstat(target)
            assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode) and after.st_ino == before.st_ino
            with pytest.raises(UserError, match="not a regular file"):
                check_writable(target)
    finally:
        server.close()
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_write_atomic_writes_through_a_symlink_and_keeps_the_link(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new"


def test_write_atomic_refuses_dangling_links_loops_and_links_to_devices(tmp_path):
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    with pytest.raises(UserError, match="symbolic link to nothing"):
        write_atomic(dangling, "x")
    assert not (tmp_path / "nowhere").exists()
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    with pytest.raises(UserError, match="symbolic link loop"):
        write_atomic(loop, "x")
    to_null = tmp_path / "null"
    to_null.symlink_to("/dev/null")
    with pytest.raises(UserError, match="character device"):
        write_atomic(to_null, "x")
    assert os.path.islink(loop) and os.path.islink(to_null) and stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600, 0o664])
def test_a_rewritten_file_keeps_its_permissions(tmp_path, mode):
    target = tmp_path / "a.txt"
    target.write_text("old")
    target.chmod(mode)
    write_atomic(target, "new")
    assert stat.S_IMODE(target.stat().st_mode) == mode and target.read_text() == "new"


@pytest.mark.parametrize("umask, expected", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_follows_the_umask(tmp_path, umask, expected):
    old = os.umask(umask)
    try:
        write_atomic(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == expected


def test_a_name_longer_than_the_file_system_allows_is_one_line(tmp_path):
    with pytest.raises(UserError, match="file name is 300 bytes long") as caught:
        write_atomic(tmp_path / ("a" * 300), "x")
    assert "\n" not in str(caught.value)
    write_atomic(tmp_path / ("b" * 250), "x")  # the temporary name stays short enough
    assert (tmp_path / ("b" * 250)).read_text() == "x"


def test_a_path_through_a_file_is_one_line(tmp_path):
    (tmp_path / "config").write_text("a file, not a folder")
    with pytest.raises(UserError, match="runs through a file"):
        write_atomic(tmp_path / "config" / "taw" / "settings.json", "x")
    with pytest.raises(UserError, match="runs through a file"):
        check_writable(tmp_path / "config" / "settings.json")


# -- reading only regular files, bounded ----------------------------------------------------

def test_read_bounded_refuses_special_files_at_once(tmp_path):
    server, targets = _special_files(tmp_path)
    zero = tmp_path / "zero"
    zero.symlink_to("/dev/zero")
    targets["a character device"] = zero
    try:
        for kind, target in targets.items():   # a FIFO with no writer would block a plain open forever
            with pytest.raises(UserError, match=f"is {kind}.*, not a settings file"):
                read_bounded(target, 1000, "settings file")
    finally:
        server.close()


def test_read_bounded_checks_the_size(tmp_path):
    target = tmp_path / "big"
    target.write_bytes(b"x" * 1001)
    with pytest.raises(UserError, match="larger than a replay file may be"):
        read_bounded(target, 1000, "replay file")
    assert read_bounded(target, 1001) == b"x" * 1001
    with pytest.raises(UserError, match="no such file"):
        read_bounded(tmp_path / "gone", 10)


def test_deep_toml_and_huge_integers_are_one_line():
    deep = "a = " + "[" * 5000 + "]" * 5000
    tables = "[" + ".".join(["t"] * 50) + "]\nx = 1\n"
    huge = "x = " + "9" * 5000
    for text, words in ((deep, "nested more than"), (tables, "nested more than"), (huge, "too long to be a number")):
        with pytest.raises(UserError, match=words) as caught:
            parse_toml(text.encode(), "f.toml")
        assert str(caught.value).startswith("f.toml: ") and "\n" not in str(caught.value)
    with pytest.raises(UserError, match="not UTF-8"):
        parse_toml(b"x = '\xff'", "f.toml")


def test_user_error_messages_escape_newlines_and_terminal_escapes():
    err = UserError("f.toml: unknown key 'a\nTraceback (most recent call last):\x1b[31m\u2028'")
    text = str(err)
    assert text.isprintable() and "\n" not in text and "\x1b" not in text
    assert "\\n" in text and "\\x1b[31m" in text and "\\u2028" in text
    assert printable("plain words") == "plain words"
