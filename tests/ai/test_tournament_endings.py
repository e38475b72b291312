"""A tournament counts its endings from typed terminations; a game stopped at the shot cap is "unfinished"."""

from __future__ import annotations

from game.ai.headless import ending_words
from game.ai.tournament import GameSummary, TournamentSummary
from game.rules.termination import Termination


def _game(termination: Termination | None) -> GameSummary:
    return GameSummary(seats=("easy", "hard"), net=(0, 0), winner=None, decisions=(), shots=3, rounds=2, end="",
                       termination=termination)


def test_endings_are_keyed_by_the_files_spelling_and_the_shot_cap_is_unfinished():
    summary = TournamentSummary(("easy", "hard"), [_game(None), _game(Termination.SUN_BEYOND_HERSCHEL), _game(None),
                                                   _game(Termination.ROUND_LIMIT)])
    assert summary.endings() == {"unfinished": 2, "round_limit": 1, "sun_beyond_herschel": 1}
    assert summary.by_the_rules() == 1  # the round limit is a house rule, the shot cap no rule at all


def test_a_report_words_each_ending():
    assert ending_words(None) == "unfinished"
    assert ending_words(Termination.LAST_PLAYER_IN) == "last player in"
