"""``taw play --seats``: a bad seat list is one line and exit 2, before any window is opened."""

from __future__ import annotations

import pytest

from game.cli import main


@pytest.mark.parametrize("seats, words", [
    ("Ann", "at least 2 seats, not 1"),
    ("Ann,Bob,Cy,Di,Ed,Flo,Gus,hard", "at most 7 seats"),
    ("Ann,,hard", "seat 2 in --seats is empty"),
    ("Ann,ANN,easy", "two seats are named 'ANN'"),
    ("", "--seats is empty"),
])
def test_a_bad_seat_list_is_one_line_and_exit_2(seats, words, capsys, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)  # refused before the display is even looked for
    assert main(["play", "--seats", seats]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("taw: error: ") and words in err
    assert "Traceback" not in err


def test_seats_are_offered_in_play_help(capsys):
    assert main(["play", "--help"]) == 0
    assert "--seats LIST" in capsys.readouterr().out
