"""What the referee hands back after a shot.

A ``Ruling`` says who paid whom and why, which fouls were called, who is out,
who became a comet, who won, and what the match must do to the bodies on the
ground so the table agrees with the ledger.  Its ``state`` is the next rule
state: the ledger is already settled there.

Physical instructions for the match, to be carried out in this order:

1. ``take_off``: lift each named body off the ground (if it is still there;
   a body that left the play area has already gone).  The marble went into
   ``into``'s purse (a planet name, or ``stakes``).
2. ``put_down``: lay each named body at ``position`` (create it if it is not
   on the ground, move it if it is).  If something else already lies on the
   spot, nudge the new body to the nearest free spot (for a taw put back on
   its line, ``may_move_along_line``, along that line).  ``from_purse`` says whether a marble left a purse for it (a rule 10
   replacement) or the same marble is merely put back.
3. ``left_as_stakes``: taws that stay where they lie in the inner ring
   (rule 13).  Leave them on the ground as obstacles; nobody shoots them any
   more and they count as stakes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.rules.layout import Point
from game.rules.phrase import Phrase
from game.rules.state import RuleState
from game.rules.termination import Termination


@dataclass(frozen=True)
class Transfer:
    """Marbles passing from ``payer`` to ``payee`` (planet names or ``stakes``).

    ``bodies`` names the marbles when they come off the board (a planet won
    under rule 10, Saturn's system under rule 16, a taw left in the inner
    ring under rule 13); otherwise they come out of the payer's purse (or the
    pot).  ``owed`` is more than ``marbles`` when the payer ran short.
    """

    payer: str
    payee: str
    marbles: int
    rule: int
    reason: str
    owed: int = 0
    bodies: tuple[str, ...] = ()
    cause: str = ""  # ``reason`` without its payment clause, for a view that words the payment itself
    phrase: Phrase | None = None  # ``cause`` kept with the players it names, for a view that says "you"


class NoPayment(StrEnum):
    """Why a rule that applied to the shot moved no marbles."""

    UNHELD_ORBIT = "unheld_orbit"          # nobody holds the orbit, and the stakes are kept for the winner
    OWN_ORBIT = "own_orbit"                # the shooter holds it himself
    NOTHING_TO_COUNT = "nothing_to_count"  # no planet or satellite to count (rules 4, 11)
    NOT_RELEASED = "not_released"          # rule 3: the Sun has not been released yet
    FOUL = "foul"                          # the shot was a foul, so it earns nothing
    NOT_STRUCK = "not_struck"              # the shooter did not strike the Sun (house rule indirect_sun_strikes)
    EMPTY_PURSE = "empty_purse"            # the payer had no marble left
    EMPTY_POT = "empty_pot"                # the stakes had no marble to pay
    NO_RULE = "no_rule"                    # nothing the shot did costs or earns anything
    TOLL_LATER = "toll_later"              # rule 6: the Sun now lies on the shooter's line; later shooters pay him


@dataclass(frozen=True)
class Unpaid:
    """A rule that applied but moved no marbles, why (a value the app can word itself), and the referee's sentence."""

    rule: int
    why: NoPayment
    text: str
    phrase: Phrase | None = None  # ``text`` kept with the players it names, for a view that says "you"


@dataclass(frozen=True)
class Foul:
    rule: int
    player: str
    reason: str
    phrase: Phrase | None = None  # ``reason`` kept with the players it names, for a view that says "you"


@dataclass(frozen=True)
class TakeOff:
    """Lift ``body`` off the ground; its marble went to ``into``."""

    body: str
    into: str
    rule: int
    reason: str


@dataclass(frozen=True)
class PutDown:
    """Lay ``body`` at ``position``; ``from_purse`` names whose purse paid for it."""

    body: str
    position: Point
    rule: int
    reason: str
    from_purse: str | None = None
    may_move_along_line: bool = False  # a taw put back on its line: the player picks the spot
    phrase: Phrase | None = None  # ``reason`` kept with the players it names, for a view that says "you"


@dataclass(frozen=True)
class Ruling:
    """The referee's word on one shot; see the module's docstring for what the match must do with it."""

    shooter: str
    transfers: tuple[Transfer, ...]
    fouls: tuple[Foul, ...]
    out: tuple[str, ...]
    comets: tuple[str, ...]
    winner: str | None
    finished: bool
    take_off: tuple[TakeOff, ...]
    put_down: tuple[PutDown, ...]
    left_as_stakes: tuple[str, ...]
    notes: tuple[str, ...]
    state: RuleState
    unpaid: tuple[Unpaid, ...] = ()          # rules that applied but moved nothing, and why
    termination: Termination | None = None  # why the game ended on this shot (None: it goes on)
    ending: str = ""                         # the referee's sentence for it
    ending_phrase: Phrase | None = None      # that sentence with the players it names, for a view that says "you"

    def paid(self, payer: str, payee: str, rule: int | None = None) -> int:
        """Marbles ``payer`` paid ``payee`` in this ruling (under ``rule`` if given)."""
        return sum(t.marbles for t in self.transfers
                   if t.payer == payer and t.payee == payee and (rule is None or t.rule == rule))

    def rules_applied(self) -> set[int]:
        """The numbered rules this ruling applied (rule 0, our reading of an ending the text leaves open, is none)."""
        return ({t.rule for t in self.transfers} | {f.rule for f in self.fouls}) - {0}
