"""What the New Game screen produces: who plays, how well, by which house rules.

Who plays is a ``Seating`` (``game.match.seating``): people by name and
AIs by level.  The older form (one person, "You", against ``opponents`` AIs
"Opponent 1" ... of ``levels``, the person's ``planet`` chosen or drawn) is
still read, from tests and from replays saved before seats existed, and
``seats()`` turns it into the same seating it always meant.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from game.app.session.preview_mode import PreviewMode, preview_mode
from game.match.seating import Seat, Seating
from game.rules.layout import PLANETS

LEVELS = ("easy", "medium", "hard")
# "random" is the AI layer's unplanned baseline: not offered on the screen, used by tests and demos.
ALL_LEVELS = ("random", *LEVELS)
HAT = "hat"  # the human's planet is drawn by the hat (rule 1)
MAX_OPPONENTS = len(PLANETS) - 1
YOU = "You"  # the human's seat; the AI seats are "Opponent 1", "Opponent 2", ...
# A first game's opponents (issue 45, docs/ai.md "The novice's first games"): Opponents 1 and 2 are Easy, a
# person's hands and no rule 13 shots, so a newcomer at the default table of three meets his match and can win
# it.  Medium, who plays to finish (the end's price) and aims rule 13 shots, won most such tables against him
# (docs/decisions.md).  A larger first table adds Mediums, who show the knock-out played.
FIRST_GAME_LEVELS = ("easy", "easy") + ("medium",) * (MAX_OPPONENTS - 2)


@dataclass(frozen=True)
class GameSetup:
    opponents: int = 2
    levels: tuple[str, ...] = FIRST_GAME_LEVELS
    planet: str = HAT
    house_rules: Mapping[str, object] = field(default_factory=dict)
    seed: int | None = None
    human: bool = True  # False: every seat is an AI (demonstrations, tests)
    # The shot preview for this game (the player's default lives in the settings); a file's string is read as its mode.
    preview: PreviewMode = PreviewMode.LEARNING
    seating: Seating | None = None  # who sits round the ring; when given, the four fields above are unused

    def __post_init__(self) -> None:
        if not 1 <= self.opponents <= MAX_OPPONENTS:
            raise ValueError(f"opponents must be 1 to {MAX_OPPONENTS}, not {self.opponents}")
        if self.planet != HAT and self.planet not in PLANETS:
            raise ValueError(f"unknown planet {self.planet!r}")
        object.__setattr__(self, "preview", preview_mode(self.preview))
        if any(level not in ALL_LEVELS for level in self.levels):
            raise ValueError(f"levels must be among {ALL_LEVELS}")

    def seats(self) -> Seating:
        """Who sits round the ring, in the order their marbles go into the hat."""
        if self.seating is not None:
            return self.seating
        levels = list(self.opponent_levels())
        people = [Seat.person(YOU, self.planet)] if self.human else []
        if not self.human:
            levels.append("medium")
        ais = [Seat.ai(level, f"Opponent {i + 1}") for i, level in enumerate(levels)]
        return Seating(tuple(people + ais))

    def with_ai_level(self, level: str) -> "GameSetup":
        """The same game with every AI at ``level`` (tests, tools and soaks: "random" needs no planner)."""
        from dataclasses import replace

        seating = self.seating.with_ai_level(level) if self.seating is not None else None
        return replace(self, levels=(level,) * MAX_OPPONENTS, seating=seating)

    def opponent_levels(self) -> tuple[str, ...]:
        return tuple(self.levels[: self.opponents])

    def hardest_level(self) -> str | None:
        levels = [seat.level for seat in self.seats().ais() if seat.level is not None]
        return max(levels, key=ALL_LEVELS.index) if levels else None

    def aim_aid_allowed(self) -> bool:
        """The aiming aid is off when the hardest opponents are playing."""
        return self.hardest_level() != "hard"
