"""``taw replay FILE --judge`` reads the recorded rulings and ledger as strictly as the loader reads the file."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.cli import main
from game.replay import load_replay, save_replay
from game.replay.fileformat import ReplayFormatError
from game.replay.model import Replay
from tests.replay.test_replay_judge import scripted_game


def _mutate(ruling: dict, ledger: dict, change: str) -> tuple[dict, dict]:
    ruling, ledger = dict(ruling), dict(ledger)
    if change == "out-true":
        ruling["out"] = True
    elif change == "transfer-without-from":
        ruling["transfers"] = [{k: v for k, v in t.items() if k != "from"} for t in ruling["transfers"]]
    elif change == "transfer-without-rule":
        ruling["transfers"] = [{k: v for k, v in t.items() if k != "rule"} for t in ruling["transfers"]]
    elif change == "transfer-marbles-string":
        ruling["transfers"] = [{**t, "marbles": "3"} for t in ruling["transfers"]]
    elif change == "foul-without-player":
        ruling["fouls"] = [{"rule": 9}]
    elif change == "stakes-string":
        ledger["stakes"] = "four"
    elif change == "purses-list":
        ledger["purses"] = [1, 2]
    return ruling, ledger


CHANGES = ["out-true", "transfer-without-from", "transfer-without-rule", "transfer-marbles-string",
           "foul-without-player", "stakes-string", "purses-list"]
LOADER_REFUSES = {"transfer-marbles-string", "stakes-string", "purses-list"}   # counts the loader bounds itself


@pytest.mark.parametrize("change", CHANGES)
def test_a_recorded_ruling_of_another_shape_is_one_line_and_exit_2(tmp_path, capsys, change):
    good = tmp_path / "good.replay"
    scripted_game(good)
    replay = load_replay(good)
    shots = list(replay.shots)
    first = shots[0]
    ruling, ledger = _mutate(dict(first.rulings[0]), dict(first.ledger), change)
    shots[0] = replace(first, rulings=(ruling,), ledger=ledger)
    bad = tmp_path / "bad.replay"
    save_replay(Replay(replay.meta, shots), bad)
    if change in LOADER_REFUSES:                    # a count that is no whole number: the loader itself refuses it
        with pytest.raises(ReplayFormatError, match="shot 1"):
            load_replay(bad)
    else:
        load_replay(bad)                            # the loader accepts it ...
    house = tmp_path / "house.toml"
    house.write_text("[house_rules]\nstarting_stakes = 2\n")
    capsys.readouterr()
    assert main(["replay", str(bad), "--judge", str(house)]) == 2       # ... and --judge refuses it in one line
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "shot 1" in err, err
    assert change in LOADER_REFUSES or "cannot be judged again" in err, err
