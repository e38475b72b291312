"""What the Game Over screen and the purse chart keep of each ruling: marbles won and lost, purses over the turns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from game.rules.ruling import Ruling
from game.rules.state import RuleState


@dataclass(frozen=True)
class SummaryRow:
    planet: str
    won: int
    lost: int
    purse: int
    worth: int  # purse plus the player's marbles on the board: what the round limit counts
    out: bool


@dataclass
class Tally:
    """Every player's marbles won and lost in rulings (from purses or off the board), and the purses after each."""

    players: tuple[str, ...]
    history: list[dict[str, int]]  # the purses at the start, then after every ruling
    won: dict[str, int] = field(init=False)
    lost: dict[str, int] = field(init=False)
    last_ruling: Ruling | None = None

    def __post_init__(self) -> None:
        self.won = {p: 0 for p in self.players}
        self.lost = {p: 0 for p in self.players}

    @classmethod
    def starting(cls, players: tuple[str, ...], purses: Mapping[str, int]) -> "Tally":
        return cls(players, [dict(purses)])

    def account(self, ruling: Ruling, purses: Mapping[str, int]) -> Ruling:
        """Count ``ruling``'s transfers; ``purses`` are the purses after it."""
        for t in ruling.transfers:
            if t.payee in self.won:
                self.won[t.payee] += t.marbles
            if t.payer in self.lost:
                self.lost[t.payer] += t.marbles
        self.last_ruling = ruling
        self.history.append(dict(purses))
        return ruling

    def summary(self, state: RuleState) -> list[SummaryRow]:
        out = set(state.out)
        return [SummaryRow(p, self.won[p], self.lost[p], state.purses.get(p, 0), state.worth(p), p in out)
                for p in self.players]
