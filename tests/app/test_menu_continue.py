"""The title screen's Continue: offered for the last game a person played here when it is unfinished, and only then.

Plain data (no Panda3D): which saved game the title screen offers.  The
screen itself is driven offscreen in ``test_continue_game.py``, beside the
Replays screen's Continue.
"""

from __future__ import annotations

from pathlib import Path

from game.app.replay.library import ReplayEntry, game_to_continue
from game.replay.fileformat import ReplaySummary
from game.replay.model import GameMeta


def _entry(name: str, *, person: bool = True, shots: int = 5, winner: str | None = None,
           readable: bool = True) -> ReplayEntry:
    players = ({"planet": "mercury", "seat": "You" if person else "Hard AI",
                "controller": "human" if person else "ai", "level": None if person else "hard"},
               {"planet": "venus", "seat": "Medium AI", "controller": "ai", "level": "medium"})
    summary = ReplaySummary(GameMeta(seed=7, players=players), shots,
                            last_ledger={"winner": winner} if winner else {})
    entry = ReplayEntry(Path(f"/nowhere/{name}.replay"), 0.0, summary if readable else None,
                        None if readable else "cut short")
    entry._read = True  # the header as given, never read from disk
    return entry


def test_the_last_unfinished_game_a_person_played_is_offered():
    last = _entry("last")
    assert game_to_continue([last, _entry("older")]) is last


def test_a_game_of_ais_alone_or_an_unreadable_file_is_passed_over_for_the_game_before_it():
    mine = _entry("mine")
    assert game_to_continue([_entry("robots", person=False), _entry("damaged", readable=False), mine]) is mine


def test_nothing_is_offered_when_the_last_game_played_is_finished_or_has_no_shot_or_there_is_none():
    assert game_to_continue([]) is None
    assert game_to_continue([_entry("won", winner="venus"), _entry("older")]) is None
    assert game_to_continue([_entry("empty", shots=0), _entry("older")]) is None
    assert game_to_continue([_entry("robots", person=False)]) is None
