"""Settling a shot's debts against the purses, the pot and the board, into transfers."""

from __future__ import annotations

from game.rules import names
from game.rules.ruling import PutDown, Transfer
from game.rules.sheet import SUN_HOME, Debt, ShotSheet
from game.rules.state import STAKES, RuleState, marbles_held


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
        """Every debt in rule order (the winner's collection last), as far as purses go."""
        for debt in sorted(sheet.debts, key=lambda d: d.key):
            if debt.bodies:
                self._bodies_off_the_board(debt)
            elif debt.replace_at is not None:
                self._replacement(sheet, debt)
            else:
                self._payment(sheet, debt)

    def _bodies_off_the_board(self, debt: Debt) -> None:
        present = tuple(b for b in debt.bodies if b in self.board)
        for body in present:
            del self.board[body]
        self._move("", debt.payee, len(present))
        if present:
            self.transfers.append(Transfer(debt.payer, debt.payee, len(present), debt.rule, debt.reason,
                                           len(present), present, debt.cause))

    def _replacement(self, sheet: ShotSheet, debt: Debt) -> None:
        body = debt.replace_body
        if self.balance(debt.payer) >= 1:
            self._move(debt.payer, "", 1)
            self.board[body] = debt.payer
            sheet.put_down.append(PutDown(body, debt.replace_at or SUN_HOME, debt.rule, debt.reason,
                                          from_purse=debt.payer))
            return
        sheet.notes.append(f"{names.sentence(names.who(debt.payer))} has no marble to replace "
                           f"{names.body(body)}; its orbit stays empty (rule {debt.rule}).")
        if debt.payer != STAKES:
            self.short.add(debt.payer)

    def _payment(self, sheet: ShotSheet, debt: Debt) -> None:
        owed = self.balance(debt.payer) if debt.everything else debt.owed
        paid = min(owed, self.balance(debt.payer))
        if paid > 0:
            self._move(debt.payer, debt.payee, paid)
            reason = debt.reason if paid == owed else f"{debt.reason}; owed {owed}, had only {paid}"
            self.transfers.append(Transfer(debt.payer, debt.payee, paid, debt.rule, reason, owed,
                                           cause=debt.cause))
        if paid < owed and debt.payer != STAKES:
            self.short.add(debt.payer)
            if paid == 0:
                sheet.notes.append(f"{names.sentence(names.who(debt.payer))} owed {owed} under rule {debt.rule} "
                                   f"but had nothing to pay.")

    def winner_takes_the_pot(self, winner: str, cause: str) -> None:
        """A winner by an ending the text does not name (no numbered rule: rule 0) takes the pot."""
        if self.stakes > 0:
            self.transfers.append(Transfer(STAKES, winner, self.stakes, 0,
                                           f"{cause}: {names.who(winner)} takes all the stakes",
                                           self.stakes, cause=cause))
            self._move(STAKES, winner, self.stakes)
