"""What the New Game screen produces: who plays, how well, by which house rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from game.rules.layout import PLANETS

LEVELS = ("easy", "medium", "hard")
# "random" is the AI layer's unplanned baseline: not offered on the screen, used by tests and demos.
ALL_LEVELS = ("random", *LEVELS)
# The shot preview (issue 11): full paths to rest and the verdict; the path to first contact and the
# lines after it; none.  Chosen per game; the player's default lives in the settings.
PREVIEWS = ("learning", "guide", "none")
PREVIEW_NAMES = {"learning": "Learning", "guide": "Guide", "none": "None"}
HAT = "hat"  # the human's planet is drawn by the hat (rule 1)
MAX_OPPONENTS = len(PLANETS) - 1
YOU = "You"  # the human's seat; the AI seats are "Opponent 1", "Opponent 2", ...


@dataclass(frozen=True)
class GameSetup:
    opponents: int = 2
    levels: tuple[str, ...] = ("medium",) * MAX_OPPONENTS
    planet: str = HAT
    house_rules: Mapping[str, object] = field(default_factory=dict)
    seed: int | None = None
    human: bool = True  # False: every seat is an AI (demonstrations, tests)
    preview: str = "learning"  # the shot preview's strength for this game: learning, guide or none

    def __post_init__(self) -> None:
        if not 1 <= self.opponents <= MAX_OPPONENTS:
            raise ValueError(f"opponents must be 1 to {MAX_OPPONENTS}, not {self.opponents}")
        if self.planet != HAT and self.planet not in PLANETS:
            raise ValueError(f"unknown planet {self.planet!r}")
        if self.preview not in PREVIEWS:
            raise ValueError(f"preview must be one of {PREVIEWS}, not {self.preview!r}")
        if any(level not in ALL_LEVELS for level in self.levels):
            raise ValueError(f"levels must be among {ALL_LEVELS}")

    def opponent_levels(self) -> tuple[str, ...]:
        return tuple(self.levels[: self.opponents])

    def hardest_level(self) -> str:
        return max(self.opponent_levels(), key=ALL_LEVELS.index)

    def aim_aid_allowed(self) -> bool:
        """The aiming aid is off when the hardest opponents are playing."""
        return self.hardest_level() != "hard"
