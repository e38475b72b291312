"""A saved game that cannot be read answers every question the Replays list asks, with nothing to show."""

from __future__ import annotations

from game.app.replay.library import ReplayEntry


def test_an_unreadable_file_answers_empty_and_says_why(tmp_path):
    path = tmp_path / "20261206-120000-seed1.replay"
    path.write_bytes(b"not a replay")
    entry = ReplayEntry(path, 0.0)
    assert not entry.readable and entry.error
    assert (entry.players(), entry.people(), entry.human(), entry.shots()) == ([], {}, None, "")
    assert not entry.openable and not entry.finished and not entry.continuable
    assert entry.outcome() == "cannot be read"
    assert entry.continue_refusal() == f"the file cannot be read ({entry.error})"
