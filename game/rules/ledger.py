"""Settling a shot's debts against the purses, the pot and the board, into transfers."""

from __future__ import annotations

from itertools import groupby

from game.rules import names
from game.rules.layout import PLANETS
from game.rules.phrase import Phrase
from game.rules.ruling import NoPayment, PutDown, Transfer
from game.rules.ruling_text import cite
from game.rules.sheet import SUN_HOME, Debt, ShotSheet
from game.rules.state import STAKES, RuleState, marbles_held


_UNBOUNDED = 1 << 40  # the winner's pot before it is known: an upper bound the plan brings down


def settlement_order(debts: list[Debt], tolerance: float) -> list[Debt]:
    """Debts in rule order; within a rule, in the order their contacts happened.

    Contacts closer in time than ``tolerance`` (house rule ``simultaneous_s``)
    are simultaneous: their debts go in seat order (the payee's planet,
    Mercury outward), so a short purse pays the same players whichever of two
    near-simultaneous contacts the physics reported first.
    """
    ordered = sorted(debts, key=lambda d: d.key)
    out: list[Debt] = []
    for _, run in groupby(ordered, key=lambda d: d.key[0]):
        group = list(run)
        if len(group) < 2 or any(d.t is None for d in group):
            out.extend(group)
            continue
        by_time = sorted(group, key=lambda d: (d.t, d.order))
        cluster, last, clusters = 0, by_time[0].t, {}
        for debt in by_time:
            if debt.t - last > tolerance:  # type: ignore[operator]  # every time here is set: checked above
                cluster += 1
            clusters[id(debt)] = cluster
            last = debt.t
        out.extend(sorted(group, key=lambda d: (clusters[id(d)], _seat(d.payee), d.order)))
    return out


def _seat(player: str) -> int:
    return PLANETS.index(player) if player in PLANETS else len(PLANETS)


class Ledger:
    """Purses, pot and board while a shot's debts are settled.

    ``short`` collects the players who could not pay a debt in full (running
    out); the stakes never run short, they just pay less.
    """

    def __init__(self, state: RuleState) -> None:
        self.purses = dict(state.purses)
        self.stakes = state.stakes
        self.board = dict(state.board)
        self.transfers: list[Transfer] = []
        self.short: set[str] = set()

    def balance(self, who: str) -> int:
        return self.stakes if who == STAKES else self.purses.get(who, 0)

    def worth(self, player: str) -> int:
        """Purse plus marbles on the board (the round limit's score)."""
        return marbles_held(self.purses, self.board, player)

    def _move(self, payer: str, payee: str, count: int) -> None:
        """Marbles out of a purse or the pot (payer "": off the board) into another ("": onto the board)."""
        if payer == STAKES:
            self.stakes -= count
        elif payer:
            self.purses[payer] -= count
        if payee == STAKES:
            self.stakes += count
        elif payee:
            self.purses[payee] += count

    def settle(self, sheet: ShotSheet) -> None:
        """The shot's debts settled as a whole: each moves what ``plan`` allows, recorded in rule order."""
        debts = settlement_order(sheet.debts, sheet.house.simultaneous_s)
        for debt, amount in zip(debts, self.plan(debts)):
            if debt.bodies:
                self._bodies_off_the_board(debt)
            elif debt.replace_at is not None:
                self._replacement(sheet, debt, amount)
            else:
                self._payment(sheet, debt, amount)

    def plan(self, debts: list[Debt]) -> list[int]:
        """How many marbles each debt (in rule order) moves when the shot is settled as a whole.

        A payer covers his debts, in rule order, from his purse plus what the
        shot brings him (receipts before debts), so nobody is put out while
        the shot leaves him ahead.  Starting from every debt paid in full,
        each payer who cannot cover them pays as far as his purse and receipts
        go; that may cut what his creditors receive, so it is repeated until
        nothing changes (the amounts only fall, so it ends).  The winner's
        pot (``everything``) is what the pot holds after the rest.
        """
        present = [sum(1 for b in d.bodies if b in self.board) for d in debts]
        amounts = [present[i] if d.bodies else (_UNBOUNDED if d.everything else d.owed)
                   for i, d in enumerate(debts)]
        payers = {d.payer for d in debts if not d.bodies}
        changed = True
        while changed:
            changed = False
            for payer in payers:
                available = self.balance(payer) + sum(a for d, a in zip(debts, amounts) if d.payee == payer)
                for i, debt in enumerate(debts):
                    if debt.bodies or debt.payer != payer:
                        continue
                    give = max(0, min(available, debt.owed if not debt.everything else available))
                    available -= give
                    if give != amounts[i]:
                        amounts[i], changed = give, True
        return amounts

    def _bodies_off_the_board(self, debt: Debt) -> None:
        present = tuple(b for b in debt.bodies if b in self.board)
        for body in present:
            del self.board[body]
        self._move("", debt.payee, len(present))
        if present:
            self.transfers.append(Transfer(debt.payer, debt.payee, len(present), debt.rule, debt.reason,
                                           len(present), present, debt.cause, debt.phrase))

    def _replacement(self, sheet: ShotSheet, debt: Debt, amount: int) -> None:
        body = debt.replace_body
        if amount >= 1:
            self._move(debt.payer, "", 1)
            self.board[body] = debt.payer
            sheet.put_down.append(PutDown(body, debt.replace_at or SUN_HOME, debt.rule,
                                          names.sentence(debt.payment), from_purse=debt.payer,
                                          phrase=debt.payment_phrase))
            return
        empty = NoPayment.EMPTY_POT if debt.payer == STAKES else NoPayment.EMPTY_PURSE
        place = "where {0:his} planet lay" if debt.payer == body else f"for {names.body(body)}"
        sheet.nothing(debt.rule, empty, Phrase(f"{{0}} {{0:has}} no marble to put down {place}, so "
                                               f"the place stays empty{cite(debt.rule)}.", (debt.payer,)))
        if debt.payer != STAKES:
            self.short.add(debt.payer)

    def _payment(self, sheet: ShotSheet, debt: Debt, paid: int) -> None:
        owed = paid if debt.everything else debt.owed
        payer, payee = debt.payer, debt.payee
        if paid > 0:
            self._move(payer, payee, paid)
            reason = debt.reason if paid == owed else (
                f"{debt.cause}: {names.acts(payer, 'owes')} {names.who(payee)} {owed}, "
                f"{_has_only(payer)} {paid}: {'pay' if payer == STAKES else 'pays'} {paid}{cite(debt.rule)}")
            self.transfers.append(Transfer(payer, payee, paid, debt.rule, reason, owed, cause=debt.cause,
                                           phrase=debt.phrase))
        elif owed > 0:
            empty = NoPayment.EMPTY_POT if payer == STAKES else NoPayment.EMPTY_PURSE
            sheet.nothing(debt.rule, empty, f"{debt.cause}: {names.acts(payer, 'owes')} {names.who(payee)} "
                                            f"{owed}, but {_what_is_left(payer, none=True)}{cite(debt.rule)}.")
        if paid < owed and payer != STAKES:
            self.short.add(payer)

    def winner_takes_the_pot(self, winner: str, cause: Phrase) -> None:
        """A winner by an ending the text does not name (no numbered rule: rule 0) takes the pot."""
        if self.stakes > 0:
            self.transfers.append(Transfer(STAKES, winner, self.stakes, 0,
                                           f"{cause}: {names.who(winner)} takes all the stakes",
                                           self.stakes, cause=str(cause), phrase=cause))
            self._move(STAKES, winner, self.stakes)


def _has_only(payer: str) -> str:
    """'has only' / 'hold only' (the stakes are plural): what a short payer could pay, said before he pays it."""
    return "hold only" if payer == STAKES else "has only"


def _what_is_left(payer: str, none: bool = False) -> str:
    """'he has' / 'the pot holds', or with ``none`` 'he has nothing left' / 'the pot is empty'."""
    if payer == STAKES:
        return "the pot is empty" if none else "the pot holds"
    return "he has nothing left" if none else "he has"
