"""Why a game ended, as a value (python-chess's ``Termination``), so no one reads it out of the referee's prose."""

from __future__ import annotations

from enum import StrEnum


class Termination(StrEnum):
    """How a finished game ended; the value is how saved states and JSON spell it."""

    SUN_BEYOND_HERSCHEL = "sun_beyond_herschel"  # rule 9: the striker wins
    LAST_PLAYER_IN = "last_player_in"            # everyone else is out (house rule last_player_wins)
    NO_PLAYER_LEFT = "no_player_left"            # the last players ran out on one shot: no winner
    ROUND_LIMIT = "round_limit"                  # the round limit: the most marbles wins
    ROUND_LIMIT_TIE = "round_limit_tie"          # ... level on marbles, decided by the tie-break

    @property
    def rule(self) -> int:
        """The numbered rule that ended the game, or 0 for a house rule (our reading, not the text)."""
        return 9 if self is Termination.SUN_BEYOND_HERSCHEL else 0
