"""Awkward arguments and paths: each is one line on stderr and exit status 2, before any work starts."""

import os
import stat
import subprocess
import sys

import pytest

from game.cli import main

LONG = "a" * 300


def _run(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own refusals
        code = stop.code
    err = capsys.readouterr().err
    return code, err


@pytest.mark.parametrize("argv, words", [
    (["replay", "x.replay", "--speed", "nan"], "finite number"),
    (["replay", "x.replay", "--speed", "inf"], "finite number"),
    (["replay", "x.replay", "--export", ""], "needs a file or folder name"),
    (["replay", "", "--export", "out"], "needs a file or folder name"),
    (["replay", "x.replay", "--no-gif"], "--no-gif only applies with --export"),
    (["play", "--smoke-test", ""], "needs a file or folder name"),
    (["match", "--house-rules", ""], "needs a file or folder name"),
    (["match", "--rounds", "1000000000000"], "rounds must be from 0 to 100000"),
    (["simulate", "--rounds", "1000000000000"], "rounds must be from 0 to 100000"),
    (["tournament", "--games", "1000000000000"], "games must be from 1 to 100000"),
    (["match", "--seed", "9" * 40], "seed must be from"),
    (["scenario", "  "], "needs a file or folder name"),
    (["simulate", "--out", "/dev/null"], "character device, not a regular file"),
    (["simulate", "--out", LONG], "a name of 300 bytes in that path is longer than a file system allows"),
    (["replay", LONG], "a name of 300 bytes in that path"),
    (["scenario", LONG + ".toml"], "a name of 305 bytes in that path"),
    (["replay", "/dev/zero"], "character device, not a replay file"),
    (["replay", "x.replay", "--camera", "\x1b[31mred\nTraceback"], "invalid choice"),
])
def test_awkward_arguments_are_one_line_and_exit_2(argv, words, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, err = _run(argv, capsys)
    assert code == 2, err
    assert words in err and err.count("\n") == 1 and "Traceback (most" not in err and "\x1b" not in err
    assert os.listdir(tmp_path) == []   # nothing was written
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_house_rules_file_without_its_table_is_refused(capsys, tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text("starting_purse = 3\n")
    code, err = _run(["match", "--house-rules", str(path)], capsys)
    assert code == 2 and "has no [house_rules] table" in err and err.count("\n") == 1


def test_special_files_as_house_rules_and_scenarios_are_refused_at_once(capsys, tmp_path):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    for argv in (["match", "--house-rules", str(fifo)], ["scenario", str(fifo)], ["replay", str(fifo)]):
        code, err = _run(argv, capsys)   # a FIFO with no writer: a plain open would wait forever
        assert code == 2 and "FIFO" in err and err.count("\n") == 1, argv


def test_deep_and_huge_toml_is_one_line_from_the_cli(capsys, tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text("[house_rules]\nx = " + "[" * 5000 + "]" * 5000 + "\n")
    huge = tmp_path / "huge.toml"
    huge.write_text("[house_rules]\nstarting_purse = " + "9" * 5000 + "\n")
    for argv in (["match", "--house-rules", str(deep)], ["scenario", str(deep)],
                 ["match", "--house-rules", str(huge)], ["scenario", str(huge)]):
        code, err = _run(argv, capsys)
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, (argv, err[:300])


def test_a_crafted_key_cannot_print_a_fake_traceback(capsys, tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text('[house_rules]\n"x\\nTraceback (most recent call last):\\n\\u001b[31m" = 1\n')
    code, err = _run(["match", "--house-rules", str(path)], capsys)
    assert code == 2 and err.count("\n") == 1 and "\x1b" not in err and "\\nTraceback" in err


def _without_root_powers(argv):
    """Run ``taw ARGV`` with the permission checks a person meets (root drops its override)."""
    prefix = []
    if os.geteuid() == 0:
        prefix = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search",
                  "--inh-caps", "-dac_override,-dac_read_search"]
    return subprocess.run([*prefix, sys.executable, "-m", "game", *argv], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": os.getcwd()})


def test_a_path_under_an_unreadable_folder_is_one_line(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "game.replay").write_bytes(b"x")
    locked.chmod(0o000)
    try:
        for argv in (["replay", str(locked / "game.replay")], ["scenario", str(locked / "s.toml")],
                     ["simulate", "--out", str(locked / "out.replay")]):
            proc = _without_root_powers(argv)
            assert proc.returncode == 2, proc.stderr
            assert proc.stderr.count("\n") == 1 and "Permission denied" in proc.stderr, proc.stderr
    finally:
        locked.chmod(0o755)


def test_more_workers_than_cores_are_capped_and_said(capsys):
    from game.ai.workers import capped_workers, usable_cores

    cores = usable_cores()
    assert capped_workers(cores) == (cores, None)
    count, note = capped_workers(cores + 14)
    assert count == cores and f"--workers {cores + 14}" in note and f"using {cores}" in note
