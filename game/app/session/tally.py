"""What the Game Over screen, the purse chart and the history keep of each ruling.

Marbles won and lost in the rulings' transfers, every ruling in order, and
the purses and worths after each.  The table on the Game Over screen must add
up on every row: a player's marbles at the start, plus what he won, less what
he lost, is what he has at the end (``began + won - lost = worth``).  One move
of marbles is no transfer: when a player goes out, his planet and satellites
still on the ground pass to the stakes (docs/rules.md, "Running out").  They
are lost to him, so ``lost`` counts them, and the table says which they were.
The chart draws each player's worth, so it starts at ``began`` and ends at
``worth`` as the table does: a player going out never seems to gain (picking
up his taw moves a marble from the ground to his hand; it is no gain).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from game.rules.layout import is_taw
from game.rules.ruling import Ruling
from game.rules.state import STAKES, RuleState


@dataclass(frozen=True)
class SummaryRow:
    planet: str
    began: int  # purse plus his marbles on the ground at the start
    won: int
    lost: int  # paid in transfers, and his marbles on the ground the stakes took when he went out
    purse: int
    worth: int  # purse plus the player's marbles on the board: what the round limit counts
    out: bool
    passed_to_stakes: tuple[str, ...] = ()  # his planet and satellites the stakes took when he went out (no transfer)
    ring_taws_in_purse: int = 0  # taws still lying in the inner ring that his purse counts (the winner's pot)

    @property
    def to_stakes_when_out(self) -> int:
        return len(self.passed_to_stakes)

    @property
    def unexplained(self) -> int:
        """What began + won - lost leaves unaccounted for: 0 when the row adds up."""
        return self.began + self.won - self.lost - self.worth


@dataclass(frozen=True)
class JudgedShot:
    """One shot as the history lists it: the ruling, the round it was shot in (from 1), the purses after it."""

    ruling: Ruling
    round: int
    purses: Mapping[str, int]


@dataclass
class Tally:
    """Every player's marbles won and lost in rulings (from purses or off the board), and the purses after each."""

    players: tuple[str, ...]
    history: list[dict[str, int]]  # the purses at the start, then after every ruling
    began: dict[str, int]  # each player's worth at the start
    worths: list[dict[str, int]] = field(default_factory=list)  # the worths at the start, then after every ruling
    rulings: list[Ruling] = field(default_factory=list)  # every ruling of the game, in order
    rounds: list[int] = field(default_factory=list)  # the round (from 1) each of them was shot in
    won: dict[str, int] = field(init=False)
    lost: dict[str, int] = field(init=False)
    passed_to_stakes: dict[str, tuple[str, ...]] = field(init=False)
    _state: RuleState | None = None  # the rule state after the last ruling counted

    def __post_init__(self) -> None:
        self.won = {p: 0 for p in self.players}
        self.lost = {p: 0 for p in self.players}
        self.passed_to_stakes = {p: () for p in self.players}
        if not self.worths:
            self.worths.append(dict(self.began))

    @classmethod
    def starting(cls, players: tuple[str, ...], state: RuleState) -> "Tally":
        return cls(players, [dict(state.purses)], {p: state.worth(p) for p in players}, _state=state)

    @property
    def last_ruling(self) -> Ruling | None:
        return self.rulings[-1] if self.rulings else None

    def account(self, ruling: Ruling, purses: Mapping[str, int]) -> Ruling:
        """Count ``ruling``'s transfers; ``purses`` are the purses after it."""
        for t in ruling.transfers:
            if t.payee in self.won:
                self.won[t.payee] += t.marbles
            if t.payer in self.lost:
                self.lost[t.payer] += t.marbles
        before, after = self._state, ruling.state
        self.rounds.append(before.round + 1 if before is not None else 1)
        if before is not None:
            for player in ruling.out:
                if player in self.passed_to_stakes:
                    self.passed_to_stakes[player] += _ground_passed_to_stakes(before, after, player)
        self._state = after
        self.rulings.append(ruling)
        self.history.append(dict(purses))
        self.worths.append({p: after.worth(p) for p in self.players})
        return ruling

    def judged_shots(self) -> list[JudgedShot]:
        return [JudgedShot(r, n, purses) for r, n, purses in zip(self.rulings, self.rounds, self.history[1:])]

    def summary(self, state: RuleState) -> list[SummaryRow]:
        out = set(state.out)
        ring_taws = len(state.stakes_taws)
        winner = state.winner
        return [SummaryRow(p, self.began[p], self.won[p], self.lost[p] + len(self.passed_to_stakes[p]),
                           state.purses.get(p, 0), state.worth(p), p in out, self.passed_to_stakes[p],
                           ring_taws if p == winner else 0)
                for p in self.players]


def _ground_passed_to_stakes(before: RuleState, after: RuleState, player: str) -> tuple[str, ...]:
    """His planet and satellites that were his before the shot and the stakes' after it without a transfer
    (a body he lost in a transfer, a rule 10 win say, left the board or went to the shooter)."""
    return tuple(body for body, owner in before.board.items()
                 if owner == player and not is_taw(body) and after.board.get(body) == STAKES)
