"""The Game Over screen's words: who won and how, and why each row of the table adds up.

A row reads: began (purse and marbles on the ground at the start), won,
lost, in hand, worth (in hand and on the ground), and ``began + won - lost``
is the worth on every row.  What a player who went out lost without a
transfer (his planet and satellites on the ground, which the stakes take) is
in his lost; a line says which they were, and which of the winner's marbles
still lie in the inner ring.  Pure text, tested without Panda3D.
"""

from __future__ import annotations

from typing import Callable, Protocol, Sequence

from game.rules.layout import is_satellite
from game.rules.names import count, sentence
from game.rules.ruling import Ruling
from game.rules.state import STAKES
from game.rules.termination import Termination


class SummaryRow(Protocol):
    """A row of the table as the session tallies it (``session.tally.SummaryRow``)."""

    planet: str
    began: int
    won: int
    lost: int
    worth: int
    passed_to_stakes: tuple[str, ...]
    ring_taws_in_purse: int

    @property
    def to_stakes_when_out(self) -> int: ...


def result_title(termination: Termination | None, winner: str | None, you: bool, name: str) -> str:
    """The screen's headline: who won and, where it is not the Sun beyond Herschel, how."""
    if winner is None:
        return "Nobody wins" if termination is Termination.NO_PLAYER_LEFT else "The game is over"
    subject, verb = ("You", "win") if you else (sentence(name), "wins")
    how = {Termination.LAST_PLAYER_IN: f"{subject} {verb}: the last player in",
           Termination.ROUND_LIMIT: f"{subject} {verb} at the round limit",
           Termination.ROUND_LIMIT_TIE: f"A tie: {subject.lower() if you else subject} {verb} the tie-break"}
    return how.get(termination, f"{subject} {verb}!")


def pot_taken(last: Ruling | None, winner: str | None) -> int:
    """What the winner took from the stakes on the last shot (rule 9, the last player in, the round limit)."""
    if last is None or winner is None:
        return 0
    return sum(t.marbles for t in last.transfers if t.payer == STAKES and t.payee == winner)


def reconciling_lines(rows: Sequence[SummaryRow], name: Callable[[str], str], pot: int, winner: str | None) -> list[str]:
    """One line for each row whose numbers a reader could not add up from the table alone."""
    lines = []
    for row in rows:
        who = sentence(name(row.planet))
        if row.planet == winner and pot:
            taws = (f", including {count(row.ring_taws_in_purse, 'taw')} still lying in the inner ring, left there "
                    f"for the winner (rule 13)") if row.ring_taws_in_purse else ""
            lines.append(f"{who} took the stakes' {pot} as the winner (in won and in hand){taws}.")
        if row.passed_to_stakes:
            lines.append(f"{who} went out: the stakes took {ground_words(row.passed_to_stakes)}, still on the "
                         f"ground, counted in lost: {row.began} + {row.won} - {row.lost} = {row.worth}.")
    return lines


def ground_words(bodies: Sequence[str]) -> str:
    """"his planet", "his planet and 2 satellites", "3 satellites"."""
    satellites = sum(1 for b in bodies if is_satellite(b))
    parts = (["his planet"] if len(bodies) > satellites else []) + ([count(satellites, "satellite")] if satellites else [])
    return " and ".join(parts)
