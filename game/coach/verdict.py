"""The referee's ruling on a shot, said to the shooter before he lets go.

Built from the ruling's data (who is out, each foul's rule and words, each
transfer's rule, payer, payee and count, the Sun's holder on a line, the
winner) and from where the Sun comes to rest, never by reading the
referee's prose: the words of a transfer may change, its rule may not.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import Mapping

from game.coach.won_words import marbles_named, the_stakes_keeping
from game.rules import names
from game.rules.layout import SUN, Layout, Point, body_planet
from game.rules.phrase import Phrase
from game.rules.ruling import NoPayment, Ruling, Unpaid
from game.rules.state import STAKES
from game.rules.termination import Termination


# Clauses beyond this many make a sentence nobody reads before letting go.
MAX_CLAUSES = 3


class Tone(enum.Enum):
    """How the shot would go for the shooter, worst first; OUT and FOUL are warnings."""

    OUT = "out"
    FOUL = "foul"
    LOSS = "loss"      # another player would win the game
    COST = "cost"      # the shooter would pay more than he receives
    WIN = "win"
    GAIN = "gain"
    QUIET = "quiet"    # nothing paid either way

    @property
    def warning(self) -> bool:
        return self in (Tone.OUT, Tone.FOUL)


@dataclass(frozen=True)
class Verdict:
    """One plain sentence for the shooter, its tone, and the rules it names."""

    sentence: str
    tone: Tone
    rules: tuple[int, ...]

    @property
    def warning(self) -> bool:
        return self.tone.warning


# A foul said to the shooter, by its rule (the referee's reason is in the third person, after the fact).
_FOUL_CLAUSE = {
    14: "as a comet you must start from one of the orbits or where your taw rests",
    15: "your taw would strike your own planet or satellite first",
    17: "you must shoot your own taw, from where it rests (on your own line for a first shot)",
}
_ROUND_END = (Termination.ROUND_LIMIT, Termination.ROUND_LIMIT_TIE)


def _sun_clause(ruling: Ruling, layout: Layout, sun_before: Point | None, sun_after: Point | None,
                shooter: str) -> str:
    """'The Sun to rest in Venus's orbit' when the shot moves the Sun, else ''; the shooter's own is "your"."""
    if sun_after is None:
        return "The Sun off the ground"
    if sun_before is not None and math.dist(sun_before, sun_after) < 1e-4:
        return ""
    zone = layout.zone(sun_after, layout.sun_radius)
    if zone.in_inner_ring:
        return "The Sun stays in the inner ring"
    # The ruling's own words for where the Sun rests ("to rest in Mercury's orbit, on Mercury's line").
    return f"The Sun to rest {names.resting_place(layout, sun_after, layout.sun_radius, you=shooter)}"


def _payment_clauses(ruling: Ruling, shooter: str) -> tuple[list[str], int, list[int]]:
    """Each transfer touching the shooter, grouped by (rule, payer, payee); the shooter's net."""
    grouped: dict[tuple[int, str, str, bool], tuple[int, tuple[str, ...]]] = {}
    for t in ruling.transfers:
        if shooter not in (t.payer, t.payee) or t.marbles == 0:
            continue
        key = (t.rule, t.payer, t.payee, bool(t.bodies))
        marbles, bodies = grouped.get(key, (0, ()))
        grouped[key] = (marbles + t.marbles, bodies + t.bodies)
    clauses: list[str] = []
    net = 0
    rules: list[int] = []
    # What the shooter receives first: it is what the shot is for.
    for (rule, payer, payee, off_ground), (marbles, bodies) in sorted(
            grouped.items(), key=lambda kv: (kv[0][2] != shooter, kv[0][0])):
        rules.append(rule)
        if payee == shooter and off_ground:  # marbles taken off the ground (rules 10, 16), not out of a purse
            net += marbles
            clauses.append(_won_off_ground(rule, payer, bodies, ruling.state.players))
        elif payee == shooter:
            net += marbles
            source = "the stakes pay you" if payer == STAKES else f"{names.who(payer)} pays you"
            clauses.append(f"{source} {marbles} (rule {rule})")
        else:
            net -= marbles
            target = "into the stakes" if payee == STAKES else f"to {names.who(payee)}"
            clauses.append(f"you pay {marbles} {target} (rule {rule})")
    return clauses, net, rules


def _won_off_ground(rule: int, owner: str, bodies: tuple[str, ...], players: tuple[str, ...]) -> str:
    """What the shooter wins off the ground, from whom and why, in a newcomer's words (``won_words``)."""
    what = marbles_named(bodies)
    pronoun = "it" if len(bodies) == 1 else "them"
    deed = (f"you knock {what} beyond Herschel's orbit and win {pronoun}" if rule == 10
            else f"you take up {what}" if rule == 16 else f"you win {what}")
    source = the_stakes_keeping(bodies, players) if owner == STAKES else names.who(owner)
    return f"{deed} from {source} (rule {rule})"


_UNPAID_CLAUSE = {
    NoPayment.UNHELD_ORBIT: "nobody holds that orbit, so nobody pays",
    NoPayment.OWN_ORBIT: "that orbit is your own, so nobody pays",
    NoPayment.NOTHING_TO_COUNT: "no planet or satellite lies there to count, so nobody pays",
    NoPayment.NOT_RELEASED: "the Sun is not yet struck beyond Mercury's orbit",
    NoPayment.FOUL: "a foul earns nothing",
    NoPayment.NOT_STRUCK: "your taw did not strike the Sun, so it earns nothing",
    NoPayment.EMPTY_PURSE: "the payer has no marble left to pay",
    NoPayment.EMPTY_POT: "the stakes hold no marble to pay",
    NoPayment.TOLL_LATER: "every other shooter pays you one while it stays",
}


def _why_unpaid(unpaid: Unpaid) -> str:
    """Why a shot moves nothing, worded from the referee's typed reason, not its prose."""
    clause = _UNPAID_CLAUSE.get(unpaid.why)
    return f"{clause} (rule {unpaid.rule})" if clause else "nothing to pay"


def verdict_of(ruling: Ruling, shooter: str, layout: Layout,
               before: Mapping[str, Point], after: Mapping[str, Point]) -> Verdict:
    """The ruling on ``shooter``'s shot as one sentence in the second person.

    ``before`` and ``after`` are where the bodies lay and came to rest (the
    Sun's move leads the sentence).
    """
    if shooter in ruling.out:
        ringed = any(t.rule == 13 and t.payer == shooter for t in ruling.transfers) or any(
            body_planet(b) == shooter for b in ruling.left_as_stakes)
        if ringed:
            return Verdict("Your taw would stop in the inner ring: you would be out (rule 13)", Tone.OUT, (13,))
        return Verdict("You could not pay what this shot costs: you would be out of the game", Tone.OUT, ())
    own_fouls = [f for f in ruling.fouls if f.player == shooter]
    if own_fouls:
        foul = own_fouls[0]
        clause = _FOUL_CLAUSE.get(foul.rule, foul.reason)
        return Verdict(f"Foul: {clause} (rule {foul.rule})", Tone.FOUL, (foul.rule,))
    lead = _sun_clause(ruling, layout, before.get(SUN), after.get(SUN), shooter)
    clauses, net, rules = _payment_clauses(ruling, shooter)
    if ruling.winner is not None:
        who = "you win the game" if ruling.winner == shooter else f"{names.who(ruling.winner)} would win the game"
        if ruling.state.termination in _ROUND_END:
            who = f"the rounds run out: {who}"
        rule9 = any(t.rule == 9 for t in ruling.transfers)
        tone = Tone.WIN if ruling.winner == shooter else Tone.LOSS
        text = f"{lead}: {who}" if lead else names.sentence(who)
        return Verdict(text + (" (rule 9)" if rule9 else ""), tone, (9,) if rule9 else ())
    if ruling.state.sun_line_holder == shooter:
        clauses.append("every other shooter pays you one while it stays (rule 6)")
        rules.append(6)
    for player in ruling.out:
        clauses.append(f"{names.who(player)} would be out")
    if lead and not ruling.state.sun_released:
        clauses.append("nothing is taken until the Sun is struck beyond Mercury's orbit (rule 3)")
        rules.append(3)
    clauses = clauses[:MAX_CLAUSES]
    if not clauses:
        clauses = ["nothing to pay"]
        if ruling.unpaid:
            why = ruling.unpaid[0]
            rules.append(why.rule)
            # After "The Sun to Mars's orbit:" a clause will do; alone, the referee's own sentence names the orbit.
            clauses = [_why_unpaid(why) if lead else Phrase.told_or(why.text, why.phrase, shooter).rstrip(".")]
    body = "; ".join(clauses)
    text = f"{lead}: {body}" if lead else names.sentence(body)
    if net < 0:
        tone = Tone.COST
    elif net > 0 or ruling.state.sun_line_holder == shooter:
        tone = Tone.GAIN
    else:
        tone = Tone.QUIET
    return Verdict(text, tone, tuple(dict.fromkeys(rules)))
