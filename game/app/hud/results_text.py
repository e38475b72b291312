"""The Game Over screen's words: who won and how, and why each row of the table adds up.

A row reads: began (purse and marbles on the ground at the start), won,
lost, in hand, worth (in hand and on the ground), and ``began + won - lost``
is the worth on every row.  The stakes have a row (the pot in the inner ring
and the marbles on the ground no player holds), and a total row counts every
marble of the game: what one row lost another won, so the totals of began
and worth are the same.  Under the table a line says, in plain words, what a
player who went out lost (his taw left in the inner ring, rule 13; his planet
and satellites, which the stakes now hold) and what the winner took from the
pot.  Pure text, tested without Panda3D.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from game.rules.layout import is_satellite
from game.rules.names import count, join, sentence
from game.rules.ruling import Ruling
from game.rules.state import STAKES
from game.rules.termination import Termination


class SummaryRow(Protocol):
    """A row of the table as the session tallies it (``session.tally.SummaryRow``)."""

    planet: str
    began: int
    won: int
    lost: int
    purse: int
    worth: int
    passed_to_stakes: tuple[str, ...]
    ring_taws: tuple[str, ...]
    taw_in_ring: bool


@dataclass(frozen=True)
class Totals:
    """The table's last row: each column summed over the players and the stakes."""

    began: int
    won: int
    lost: int
    purse: int
    worth: int


def totals(rows: Sequence[SummaryRow]) -> Totals:
    """Every column summed; with the stakes' row among ``rows``, began equals worth and won equals lost."""
    return Totals(*(sum(getattr(row, column) for row in rows) for column in ("began", "won", "lost", "purse", "worth")))


def result_title(termination: Termination | None, winner: str | None, you: bool, name: str) -> str:
    """The screen's headline: who won and, where it is not the Sun beyond Herschel, how."""
    if winner is None:
        return "Nobody wins" if termination is Termination.NO_PLAYER_LEFT else "The game is over"
    subject, verb = ("You", "win") if you else (sentence(name), "wins")
    how: dict[Termination | None, str] = {
        Termination.LAST_PLAYER_IN: f"{subject} {verb}: the last player in",
        Termination.ROUND_LIMIT: f"{subject} {verb} at the round limit",
        Termination.ROUND_LIMIT_TIE: f"A tie: {subject.lower() if you else subject} {verb} the tie-break"}
    return how.get(termination, f"{subject} {verb}!")


def pot_taken(last: Ruling | None, winner: str | None) -> int:
    """What the winner took from the stakes on the last shot (rule 9, the last player in, the round limit)."""
    if last is None or winner is None:
        return 0
    return sum(t.marbles for t in last.transfers if t.payer == STAKES and t.payee == winner)


def reconciling_lines(rows: Sequence[SummaryRow], name: Callable[[str], str], pot: int, winner: str | None) -> list[str]:
    """One line for each row whose numbers a reader could not add up from the table alone: the winner's pot,
    each player who went out, and the stakes' row."""
    lines = []
    for row in rows:
        who = sentence(name(row.planet))
        if row.planet == winner and pot:
            lines.append(_pot_line(row, who, name, pot))
        if row.planet != STAKES and (row.passed_to_stakes or row.taw_in_ring):
            lines.append(_out_line(row, who))
        if row.planet == STAKES:
            lines.append("The stakes: the pot in the inner ring (in hand) and the marbles on the ground no player "
                         "holds.")
    return lines


def _pot_line(row: SummaryRow, who: str, name: Callable[[str], str], pot: int) -> str:
    """"Mercury took the pot in the inner ring as the winner: 1 marble, Venus's taw (rule 13) ..."."""
    taws = [f"{name(p)}'s taw" for p in row.ring_taws]
    if not taws:
        what = count(pot, "marble")
    elif pot == len(taws):
        what = f"{count(pot, 'marble')}, {join(taws)}, left there for the winner (rule 13)"
    else:
        what = f"{count(pot, 'marble')}, {join(taws)} among them, left there for the winner (rule 13)"
    return f"{who} took the pot in the inner ring as the winner: {what}. It is in {_whose(who)} won and in hand."


def _out_line(row: SummaryRow, who: str) -> str:
    """"Venus went out and lost 2: his taw, left in the inner ring for the winner (rule 13); his planet,
    still on the ground, which the stakes now hold. 22 + 0 - 2 = 20."."""
    his = _whose(who)
    paid = row.lost - len(row.passed_to_stakes) - (1 if row.taw_in_ring else 0)
    parts = [count(paid, "marble") + " paid in the rulings"] if paid else []
    if row.taw_in_ring:
        parts.append(f"{his} taw, left in the inner ring for the winner (rule 13)")
    if row.passed_to_stakes:
        parts.append(f"{ground_words(row.passed_to_stakes, his)}, still on the ground, which the stakes now hold")
    return (f"{who} went out and lost {row.lost}: {'; '.join(parts)}. "
            f"{row.began} + {row.won} - {row.lost} = {row.worth}.")


def _whose(who: str) -> str:
    """The possessive for a row's name: "your" for the seat named You, else "his" (as the text has it)."""
    return "your" if who.split(" ", 1)[0] == "You" else "his"


def ground_words(bodies: Sequence[str], his: str = "his") -> str:
    """"his planet", "his planet and 2 satellites", "3 satellites"."""
    satellites = sum(1 for b in bodies if is_satellite(b))
    parts = ([f"{his} planet"] if len(bodies) > satellites else []) + \
        ([count(satellites, "satellite")] if satellites else [])
    return " and ".join(parts)
