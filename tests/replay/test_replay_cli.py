"""``taw replay``: bad input is one line and exit 2; an export runs headless end to end."""

import subprocess
import sys

import pytest

from game.cli import main

from tests.replay.replay_synthetic import synthetic_game


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("replays") / "game.replay"
    synthetic_game(path, shots=2, seed=2)
    return path


def _one_line_error(capsys, argv) -> str:
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse usage errors
        code = exit_.code
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_a_missing_file_is_one_line_and_exit_2(capsys, tmp_path):
    assert "no such file" in _one_line_error(capsys, ["replay", str(tmp_path / "nope.replay")])


def test_a_file_that_is_not_a_replay_is_one_line_and_exit_2(capsys, tmp_path):
    other = tmp_path / "scores.json"
    other.write_text('{"not": "a replay"}')
    assert "not a replay" in _one_line_error(capsys, ["replay", str(other)])


def test_an_unknown_camera_is_one_line_naming_it(capsys, replay_file):
    assert "drone" in _one_line_error(capsys, ["replay", str(replay_file), "--camera", "drone"])


@pytest.mark.parametrize("shot", ["3", "0", "two"])
def test_a_shot_number_out_of_range_or_not_a_number_is_one_line(capsys, replay_file, shot):
    assert "shot" in _one_line_error(capsys, ["replay", str(replay_file), "--shot", shot, "--export", "x"])


@pytest.mark.parametrize("size", ["1280", "0x720", "12x9000", "wide"])
def test_a_bad_export_size_is_one_line(capsys, replay_file, size):
    assert "size" in _one_line_error(capsys, ["replay", str(replay_file), "--size", size, "--export", "x"])


def test_a_bad_fps_or_a_missing_export_folder_is_one_line(capsys, replay_file, tmp_path):
    assert "fps" in _one_line_error(capsys, ["replay", str(replay_file), "--fps", "0", "--export", "x"])
    assert "does not exist" in _one_line_error(
        capsys, ["replay", str(replay_file), "--export", str(tmp_path / "no" / "such" / "dir")])


@pytest.mark.gui
def test_an_export_from_the_command_line_writes_the_shots_frames_and_no_gif(replay_file, tmp_path):
    out = tmp_path / "frames"
    run = subprocess.run([sys.executable, "-m", "game", "replay", str(replay_file), "--export", str(out),
                          "--shot", "2", "--size", "160x90", "--fps", "5", "--camera", "orrery", "--no-gif"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    frames = sorted(out.glob("frame_*.png"))
    assert len(frames) >= 5 and f"wrote {len(frames)} frames" in run.stdout
    assert not (out / "replay.gif").exists()


def test_a_replay_with_no_shots_yet_is_one_line_and_exit_2(capsys, tmp_path):
    from game.replay import GameMeta, GameRecorder

    empty = tmp_path / "empty.replay"
    GameRecorder(empty, GameMeta(seed=1))
    assert "no shots" in _one_line_error(capsys, ["replay", str(empty)])


def test_the_cli_offers_every_camera_the_director_has():
    from game.cli.cmd_replay import CAMERAS
    from game.replay.director import CAMERA_MODES

    assert CAMERAS == CAMERA_MODES


@pytest.mark.gui
def test_an_export_into_a_used_folder_replaces_the_earlier_frames_and_keeps_other_files(replay_file, tmp_path):
    out = tmp_path / "frames"
    out.mkdir()
    from game.app.replay.export import write_manifest

    for n in range(400):   # an earlier, longer export, and its manifest of what it wrote
        (out / f"frame_{n:05d}.png").write_bytes(b"old")
    (out / "replay.gif").write_bytes(b"old")
    write_manifest(out, [*out.glob("frame_*.png"), out / "replay.gif"])
    (out / "notes.txt").write_text("mine")
    run = subprocess.run([sys.executable, "-m", "game", "replay", str(replay_file), "--export", str(out),
                          "--shot", "1", "--size", "64x48", "--fps", "2", "--no-gif"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    frames = sorted(out.glob("frame_*.png"))
    assert frames and all(p.read_bytes().startswith(b"\x89PNG") for p in frames)
    assert f"wrote {len(frames)} frames" in run.stdout and "removed 401 files of an earlier export" in run.stdout
    assert not (out / "replay.gif").exists() and (out / "notes.txt").read_text() == "mine"


def test_an_export_folder_holding_a_special_file_by_a_frame_name_is_refused(capsys, replay_file, tmp_path):
    import os

    out = tmp_path / "frames"
    out.mkdir()
    os.mkfifo(out / "frame_00000.png")
    err = _one_line_error(capsys, ["replay", str(replay_file), "--export", str(out), "--size", "64x48"])
    assert "no export here wrote it" in err and (out / "frame_00000.png").exists()


@pytest.mark.parametrize("ledger, rulings, key", [
    ({"purses": {"earth": 2**62}, "stakes": 0}, [], "purses.earth"),
    ({"purses": {"earth": 3}, "stakes": 2**63 - 1}, [], "stakes"),
    ({"purses": {"earth": -1}}, [], "purses.earth"),
    ({"purses": {"earth": 3}}, [{"transfers": [{"rule": 4, "from": "earth", "to": "mars", "marbles": 2**63}]}], "marbles"),
])
def test_a_recorded_purse_stakes_or_payment_beyond_every_marble_a_game_can_hold_is_one_short_line(
        capsys, tmp_path, ledger, rulings, key):
    from game.replay.fileformat import save_replay
    from game.replay.model import GameMeta, Replay
    from game.rules.state import MAX_MARBLES_IN_GAME
    from tests.replay.replay_synthetic import knock_shot

    shot = knock_shot()
    shot.ledger, shot.rulings = ledger, tuple(rulings) or shot.rulings
    path = tmp_path / "big.replay"
    save_replay(Replay(GameMeta(seed=3), [shot]), path)
    house = tmp_path / "house.toml"
    house.write_text("[house_rules]\n")
    err = _one_line_error(capsys, ["replay", str(path), "--judge", str(house)])
    assert f"'{key}' is " in err and f"from 0 to {MAX_MARBLES_IN_GAME}" in err and len(err) < 200, err


def test_a_recorded_ledger_at_the_most_a_game_can_hold_is_read(tmp_path):
    from game.replay.fileformat import load_replay, save_replay
    from game.replay.model import GameMeta, Replay
    from game.rules.state import MAX_MARBLES_IN_GAME
    from tests.replay.replay_synthetic import knock_shot

    shot = knock_shot()
    shot.ledger = {"purses": {"earth": MAX_MARBLES_IN_GAME}, "stakes": MAX_MARBLES_IN_GAME}
    path = tmp_path / "most.replay"
    save_replay(Replay(GameMeta(seed=3), [shot]), path)
    assert load_replay(path).shots[0].ledger["purses"]["earth"] == MAX_MARBLES_IN_GAME


@pytest.mark.parametrize("value", ["helicopter", "Auto", "", None, 3])
def test_an_unknown_camera_is_refused_in_one_line_naming_the_choices(value):
    from game.replay.director import CameraMode, camera_mode

    assert camera_mode("orrery") is CameraMode.ORRERY
    with pytest.raises(ValueError, match=r"^unknown camera mode .*; choose from auto, taw, sun, orrery, broadcast, orbit$"):
        camera_mode(value)
