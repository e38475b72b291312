"""A ruling as JSON (for ``taw scenario --json``) and as a referee would say it."""

from __future__ import annotations

from typing import Any

from game.rules import names
from game.rules.layout import is_taw
from game.rules.ruling import PutDown, Ruling


def numbered(rule: object) -> bool:
    """A rule of Martin's seventeen; rule 0 is our code for a reading of an ending the text leaves open."""
    return isinstance(rule, int) and not isinstance(rule, bool) and 1 <= rule <= 17


def cite(rule: object) -> str:
    """" (rule 8)" after a sentence, or nothing: no player ever reads "rule 0" (``numbered``)."""
    return f" (rule {rule})" if numbered(rule) else ""


def rule_label(rule: object, otherwise: str = "Ruling") -> str:
    """"Rule 8" for a heading, or ``otherwise`` for rule 0 and anything that is not a rule's number."""
    return f"Rule {rule}" if numbered(rule) else otherwise


def ruling_to_json(ruling: Ruling) -> dict[str, Any]:
    """Plain JSON-safe data.

    The four keys every consumer needs come first: ``transfers`` (``rule``,
    ``from``, ``to``, ``marbles``, ``reason``; ``owed`` too when the payer
    ran short; ``bodies`` when the marbles came off the board), ``fouls``,
    ``out`` and ``winner``.  The rest describe comets, the board changes the
    match carried out and the referee's notes.
    """
    transfers = []
    for t in ruling.transfers:
        item: dict[str, Any] = {"rule": t.rule, "from": t.payer, "to": t.payee, "marbles": t.marbles,
                                "reason": names.sentence(t.reason)}
        if t.owed > t.marbles:
            item["owed"] = t.owed
        if t.bodies:
            item["bodies"] = list(t.bodies)
        transfers.append(item)
    return {
        "transfers": transfers,
        "fouls": [{"rule": f.rule, "player": f.player, "reason": names.sentence(f.reason)} for f in ruling.fouls],
        "out": list(ruling.out),
        "winner": ruling.winner,
        "finished": ruling.finished,
        "comets": list(ruling.comets),
        "board": {
            "take_off": [{"body": c.body, "into": c.into, "rule": c.rule} for c in ruling.take_off],
            "put_down": [{"body": c.body, "at": list(c.position), "rule": c.rule,
                          "from_purse": c.from_purse, "reason": c.reason} for c in ruling.put_down],
            "left_as_stakes": list(ruling.left_as_stakes),
        },
        "notes": list(ruling.notes),
        "unpaid": [{"rule": u.rule, "why": u.why.value, "text": u.text} for u in ruling.unpaid],
        "termination": None if ruling.termination is None else ruling.termination.value,
        "ending": ruling.ending,
        "purses": dict(ruling.state.purses),
        "stakes": ruling.state.stakes,
    }


def said_put_downs(ruling: Ruling) -> tuple[PutDown, ...]:
    """The bodies put down that a player needs to hear of: after the game has ended, no taw is laid again."""
    return tuple(c for c in ruling.put_down if not (ruling.finished and is_taw(c.body)))


def ruling_to_text(ruling: Ruling) -> str:
    """The referee speaking: one line per foul, payment and note."""
    lines: list[str] = []
    for f in ruling.fouls:
        lines.append(f"Foul! {names.sentence(f.reason)}{cite(f.rule)}.")
    # A pot taken by an ending the text does not name (rule 0) follows the notes that say who went out.
    for t in ruling.transfers:
        if t.rule:
            lines.append(names.sentence(t.reason) + ".")
    for note in ruling.notes:
        lines.append(note)
    for t in ruling.transfers:
        if not t.rule:
            lines.append(names.sentence(t.reason) + ".")
    for c in said_put_downs(ruling):
        lines.append(f"{names.sentence(c.reason)}{cite(c.rule)}.")
    if not (ruling.fouls or ruling.transfers or ruling.notes or ruling.put_down):
        lines.append(f"Nothing to pay on {names.possessive(ruling.shooter)} shot.")
    if ruling.finished:
        lines.append(f"Game over. {ruling.ending}".rstrip())
    else:
        nxt = ruling.state.next_shooter()
        if nxt:
            lines.append(f"{names.sentence(names.who(nxt))} to shoot.")
    return "\n".join(lines)
