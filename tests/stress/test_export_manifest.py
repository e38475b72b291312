"""``--export`` removes only the files an earlier export wrote (its manifest), never files that merely share a name."""

from __future__ import annotations

import pytest

from game.cli import main
from game.replay import load_replay
from tests.replay.replay_physics import record_game

pytestmark = [pytest.mark.gui, pytest.mark.slow]

ARGS = ["--size", "64x48", "--fps", "4", "--no-gif"]


@pytest.fixture(scope="module")
def game_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("export") / "g.replay"
    record_game(path, seed=3, max_shots=2)
    return path


def _export(game_file, folder, shot, capsys):
    code = main(["replay", str(game_file), "--export", str(folder), "--shot", str(shot), *ARGS])
    return code, capsys.readouterr()


def test_a_second_export_removes_exactly_the_first_ones_frames(game_file, tmp_path, capsys):
    out = tmp_path / "out"
    lengths = [len(load_replay(game_file).shots[i].times_us) for i in (0, 1)]
    longer, shorter = (1, 2) if lengths[0] >= lengths[1] else (2, 1)
    assert _export(game_file, out, longer, capsys)[0] == 0
    first = sorted(p.name for p in out.glob("frame_*.png"))
    assert _export(game_file, out, shorter, capsys)[0] == 0
    second = sorted(p.name for p in out.glob("frame_*.png"))
    assert second == [f"frame_{n:05d}.png" for n in range(len(second))] and len(second) <= len(first)


@pytest.mark.parametrize("name", ["replay.gif", "frame_00000.png", "frame_00003.png"])
def test_a_file_by_an_exports_name_that_no_export_wrote_is_never_removed(game_file, tmp_path, capsys, name):
    out = tmp_path / "out"
    out.mkdir()
    mine = out / name
    mine.write_bytes(game_file.read_bytes())   # the input replay, say, that happens to carry that name
    code, captured = _export(game_file, out, 1, capsys)
    assert code == 2 and captured.err.count("\n") == 1 and "no export here wrote it" in captured.err
    assert mine.read_bytes() == game_file.read_bytes()


def test_a_frame_changed_since_the_last_export_is_not_removed(game_file, tmp_path, capsys):
    out = tmp_path / "out"
    assert _export(game_file, out, 1, capsys)[0] == 0
    edited = out / "frame_00001.png"
    edited.write_bytes(b"my own picture now")
    code, captured = _export(game_file, out, 1, capsys)
    assert code == 2 and edited.read_bytes() == b"my own picture now"
