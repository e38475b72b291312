"""The working sheet for one ruling: the shot's facts, and the debts, fouls and board changes the rules add.

Each rule reads the sheet and writes to it; nothing is paid until every rule
has spoken (``game.rules.settle``), so the rules never see each other's
payments, only each other's claims on bodies (``handled``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.rules import names
from game.rules.house import HouseRules
from game.rules.layout import SUN, Layout, Point, body_planet, is_planet
from game.rules.phrase import Phrase
from game.rules.ruling import Foul, NoPayment, PutDown, TakeOff, Unpaid
from game.rules.ruling_text import cite
from game.rules.shot_facts import ShotFacts
from game.rules.state import STAKES, RuleState

SUN_HOME: Point = (0.0, 0.0)  # the centre: where a Sun is put back

WINNER_LAST = 100  # settlement key: the winner collects after every other debt


@dataclass
class Debt:
    """Something owed, settled later against the purses in rule order.

    Three kinds: a payment from a purse (``owed`` marbles, or the whole pot
    when ``everything``); marbles coming off the board (``bodies``: a planet
    won, Saturn's system taken up, a taw left as stakes); or a replacement put
    down from the payer's purse (``replace_body`` at ``replace_at``, rule 10).
    ``cause`` says why the debt arose and ``payment`` what it does, each a
    clause the referee joins into the transfer's reason.
    """

    rule: int
    payer: str
    payee: str
    owed: int
    cause: str
    payment: str
    bodies: tuple[str, ...] = ()
    replace_at: Point | None = None
    replace_body: str = ""
    everything: bool = False  # the whole pot (rule 9's stakes)
    order: int = 0            # when it was noted, to keep one rule's debts in order
    t: float | None = None    # the contact that caused it (rule 7), for simultaneous contacts
    phrase: Phrase | None = None  # ``cause`` with the players it names (``game.rules.phrase``)
    payment_phrase: Phrase | None = None  # ``payment`` likewise, for a replacement told to its payer

    @property
    def key(self) -> tuple[int, int]:
        return (WINNER_LAST if self.rule == 9 else self.rule, self.order)

    @property
    def reason(self) -> str:
        return f"{self.cause}: {self.payment}{cite(self.rule)}"


@dataclass
class ShotSheet:
    """One shot being judged: what happened, and what the rules have said so far."""

    state: RuleState
    layout: Layout
    house: HouseRules
    facts: ShotFacts
    shooter: str
    debts: list[Debt] = field(default_factory=list)
    fouls: list[Foul] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unpaid: list[Unpaid] = field(default_factory=list)
    take_off: list[TakeOff] = field(default_factory=list)
    put_down: list[PutDown] = field(default_factory=list)
    left_as_stakes: list[str] = field(default_factory=list)
    out: dict[str, str] = field(default_factory=dict)  # player -> why he is out
    winner: str | None = None
    handled: set[str] = field(default_factory=set)  # bodies a rule already disposed of this shot

    @property
    def shooter_name(self) -> str:
        return names.who(self.shooter)

    def owe(self, rule: int, payer: str, payee: str, owed: int, cause: str | Phrase, payment: str | Phrase = "", *,
            bodies: tuple[str, ...] = (), replace_at: Point | None = None, replace_body: str = "",
            everything: bool = False, t: float | None = None) -> None:
        """Note a debt: why (``cause``) and, unless it is a plain payment, what it does; nobody pays himself."""
        if payer == payee or (owed <= 0 and not everything):
            return
        phrase = cause if isinstance(cause, Phrase) else None
        payment_phrase = payment if isinstance(payment, Phrase) else None
        self.debts.append(Debt(rule, payer, payee, owed, str(cause), str(payment) or names.pays(payer, payee, owed),
                               bodies, replace_at, replace_body, everything, order=len(self.debts), t=t,
                               phrase=phrase, payment_phrase=payment_phrase))

    def note(self, text: str) -> None:
        """A sentence of the referee's: it starts with a capital, whoever it names first."""
        self.notes.append(names.sentence(text))

    def nothing(self, rule: int, why: NoPayment, sentence: str | Phrase) -> None:
        """A rule applied but moves no marbles: say why, in words and as a value."""
        self.note(str(sentence))
        self.unpaid.append(Unpaid(rule, why, self.notes[-1], sentence if isinstance(sentence, Phrase) else None))

    def foul(self, rule: int, reason: Phrase, forfeit: int) -> None:
        """Call a foul on the shooter; he forfeits to the stakes."""
        self.fouls.append(Foul(rule, self.shooter, str(reason), reason))
        self.owe(rule, self.shooter, STAKES, forfeit, reason,
                 f"{self.shooter_name} forfeits {forfeit} to the stakes")

    def said(self, template: str, *others: str) -> Phrase:
        """The shooter's deed as a ``Phrase``: ``{0}`` is the shooter, ``{1}`` on the other players named."""
        return Phrase(template, (self.shooter, *others))

    def thing(self, body: str) -> str:
        """A body as the shooter's own sentence names it, in a ``said`` template: "{0:own} planet" ("his own
        planet"), "{0:own} third satellite"."""
        if body_planet(body) == self.shooter and body != SUN:
            return names.body(body).replace(names.possessive(self.shooter), "{0:own}", 1) if not is_planet(body) \
                else "{0:own} planet"
        return names.body(body)

    def orbit(self, planet: str) -> str:
        """An orbit as the shooter's own sentence names it: "his own orbit" for his."""
        return "his own orbit" if planet == self.shooter else names.orbit(planet)

    def region(self, point: Point) -> str:
        """The orbit a marble lying at ``point`` is in (``Layout.body_region``: on a line, that line's orbit)."""
        return self.layout.body_region(math.hypot(point[0], point[1]), self.layout.marble_radius)

    def body_region(self, body: str) -> str | None:
        """Where a body rests; None if it left the play area."""
        return self.facts.regions.get(body)

    def put_back(self, body: str, rule: int, reason: str) -> None:
        """Where it lay before the shot (a Sun driven out on a foul: the shot never happened for it)."""
        spot = self.state.positions.get(body)
        if spot is None:
            self.put_home(body, rule, reason)
            return
        self.put_down.append(PutDown(body, spot, rule, reason))
        self.handled.add(body)

    def put_home(self, body: str, rule: int, reason: str) -> None:
        spot = SUN_HOME if body == SUN else self.state.homes.get(body)
        if spot is None:
            self.note(f"{names.body(body)} has no home to go back to{cite(rule)}.")
            return
        self.put_down.append(PutDown(body, spot, rule, reason))
        self.handled.add(body)
