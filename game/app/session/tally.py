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

The stakes have a row of their own (``stakes_row``): the pot in the inner
ring and the marbles on the ground no player holds (the planets nobody took,
and those of players who went out).  With it every marble of the game is in
exactly one row, so the columns add up too: what one row lost another won,
and the rows began with as many marbles as they end with (the ledger's
``marbles_in_game``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from game.rules.layout import is_taw, taw_id
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
    ring_taws: tuple[str, ...] = ()  # the winner: whose taws, lying in the inner ring (rule 13), his purse counts
    taw_in_ring: bool = False  # his own taw lies in the inner ring for the winner (rule 13): one of his lost

    @property
    def to_stakes_when_out(self) -> int:
        return len(self.passed_to_stakes)

    @property
    def ring_taws_in_purse(self) -> int:
        return len(self.ring_taws)

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
    stakes_began: int = 0  # the pot and the marbles on the ground no player held, at the start
    stakes_won: int = field(init=False, default=0)  # paid to the stakes, and players' marbles passed to them
    stakes_lost: int = field(init=False, default=0)  # paid out of the stakes (a pot taken, rule 4 by an unheld orbit)

    def __post_init__(self) -> None:
        self.won = {p: 0 for p in self.players}
        self.lost = {p: 0 for p in self.players}
        self.passed_to_stakes = {p: () for p in self.players}
        if not self.worths:
            self.worths.append(dict(self.began))

    @classmethod
    def starting(cls, players: tuple[str, ...], state: RuleState) -> "Tally":
        return cls(players, [dict(state.purses)], {p: state.worth(p) for p in players}, _state=state,
                   stakes_began=_stakes_worth(state))

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
            self.stakes_won += t.marbles if t.payee == STAKES else 0
            self.stakes_lost += t.marbles if t.payer == STAKES else 0
        before, after = self._state, ruling.state
        self.rounds.append(before.round + 1 if before is not None else 1)
        if before is not None:
            for player in ruling.out:
                if player in self.passed_to_stakes:
                    passed = _ground_passed_to_stakes(before, after, player)
                    self.passed_to_stakes[player] += passed
                    self.stakes_won += len(passed)
        self._state = after
        self.rulings.append(ruling)
        self.history.append(dict(purses))
        self.worths.append({p: after.worth(p) for p in self.players})
        return ruling

    def judged_shots(self) -> list[JudgedShot]:
        return [JudgedShot(r, n, purses) for r, n, purses in zip(self.rulings, self.rounds, self.history[1:])]

    def summary(self, state: RuleState) -> list[SummaryRow]:
        """A row for each player, in turn order."""
        out = set(state.out)
        ring_taws = tuple(p for p in self.players if taw_id(p) in state.stakes_taws)
        winner = state.winner
        return [SummaryRow(p, self.began[p], self.won[p], self.lost[p] + len(self.passed_to_stakes[p]),
                           state.purses.get(p, 0), state.worth(p), p in out, self.passed_to_stakes[p],
                           ring_taws if p == winner else (), p in ring_taws)
                for p in self.players]

    def stakes_row(self, state: RuleState) -> SummaryRow:
        """The stakes' row: "in hand" is the pot in the inner ring, "worth" the pot and the marbles on the
        ground no player holds."""
        return SummaryRow(STAKES, self.stakes_began, self.stakes_won, self.stakes_lost, state.stakes,
                          _stakes_worth(state), False)


def _stakes_worth(state: RuleState) -> int:
    """The pot and every marble on the ground the stakes own (unheld planets', and those of players out)."""
    return state.stakes + sum(1 for owner in state.board.values() if owner == STAKES)


def _ground_passed_to_stakes(before: RuleState, after: RuleState, player: str) -> tuple[str, ...]:
    """His planet and satellites that were his before the shot and the stakes' after it without a transfer
    (a body he lost in a transfer, a rule 10 win say, left the board or went to the shooter)."""
    return tuple(body for body, owner in before.board.items()
                 if owner == player and not is_taw(body) and after.board.get(body) == STAKES)
