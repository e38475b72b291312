"""A referee's ruling as lines for the HUD feed, each citing its rule.

``Rule 7: you knocked the Sun against Mars: you pay Mars 2``.  Payments are
worded from the human's side of the table ("you pay", "pays you") when a human
is named.  The feed keeps every ruling since the player at the machine last
shot, so nothing that cost him marbles goes by unseen.  Pure text, tested
without Panda3D.
"""

from __future__ import annotations

import re
from typing import Callable, Sequence

from game.coach.won_words import the_stakes_keeping
from game.rules.names import acts, agrees, marbles_of, sentence, verb_for, who as planet_words
from game.rules.phrase import Phrase
from game.rules.ruling import Ruling, Transfer
from game.rules.ruling_text import said_put_downs
from game.rules.state import STAKES


_RULE_NUMBER = re.compile(r"\b([Rr]ules?) (\d)")


def rule_numbers_unbroken(text: str) -> str:
    """"rule 9" held together by a no-break space, so that a wrapped line never ends "(rule" with "9)" below."""
    return _RULE_NUMBER.sub("\\1\u00a0\\2", text)


def _payment(payer: str, payee: str, marbles: int, human: str | None, who: Callable[[str], str]) -> str:
    n = marbles
    if payer == human:
        return f"you pay {who(payee)} {n}"
    if payee == human:
        return f"{_acts(payer, 'pays', who)} you {n}"
    return f"{_acts(payer, 'pays', who)} {who(payee)} {n}"


def _transfer_words(t: Transfer, human: str | None, who: Callable[[str], str], ruling: Ruling) -> str:
    """What moved, as it moved: marbles out of a purse are paid ("owes 7, has only 2: pays 2"); marbles
    off the ground are taken ("takes 8 of Saturn's marbles off the ground"), and the stakes' are said
    to be theirs because nobody plays that planet, or its player is out (``the_stakes_keeping``)."""
    if t.bodies:
        taker = "you take" if t.payee == human else f"{_acts(t.payee, 'takes', who)}"
        if t.payer == STAKES:
            what = "it" if t.marbles == 1 else f"those {t.marbles}"
            return f"{_cause(t, human)}: {taker} {what} from {the_stakes_keeping(t.bodies, ruling.state.players)}"
        whose = "your marbles" if t.payer == human else marbles_of(t.payer)
        return f"{_cause(t, human)}: {taker} {t.marbles} of {whose} off the ground"
    if t.owed and t.owed > t.marbles:
        mine = t.payer == human
        owes = "you owe" if mine else _acts(t.payer, "owes", who)
        payee = "you" if t.payee == human else who(t.payee)
        has, pays = ("have", "pay") if mine else (verb_for(who(t.payer), "has"), verb_for(who(t.payer), "pays"))
        return f"{_cause(t, human)}: {owes} {payee} {t.owed}, {has} only {t.marbles}: {pays} {t.marbles}"
    return f"{_cause(t, human)}: {_payment(t.payer, t.payee, t.marbles, human, who)}"


def _told(text: str, phrase: Phrase | None, human: str | None) -> str:
    """A referee's sentence with the person at the machine as "you" ("Your taw struck nothing, so nobody pays.")."""
    return sentence(phrase.told(you=human)) if phrase else text


def _cause(t: Transfer, human: str | None) -> str:
    """Why the marbles moved, with the person at the machine as "you" ("you knocked the Sun against Venus")."""
    return Phrase.told_or(t.cause, t.phrase, human)


def _acts(name: str, verb: str, who: Callable[[str], str]) -> str:
    """Subject and verb agreeing, the subject named by ``who`` ("Ann (Venus) pays", "You (Venus) pay")."""
    return acts(name, verb) if name == STAKES else agrees(who(name), verb)


def ruling_lines(ruling, human: str | None = None, who: Callable[[str], str] = planet_words) -> list[str]:
    """``who`` names a player (or the stakes) where a payment, a comet, an exit or a win is told:
    by default the planet; in the app, the seat's name with the planet ("Ann (Venus)")."""
    return _deeds(ruling, human, who) + _aftermath(ruling, human, who) or _why_quiet(ruling, human)


def _why_quiet(ruling, human: str | None) -> list[str]:
    """A ruling that moved nothing: the referee says why a rule that applied moved nothing ("Nobody holds
    Mars's orbit, so nobody pays (rule 8)"); its notes come next."""
    reasons = [_told(u.text, u.phrase, human) for u in ruling.unpaid] or list(ruling.notes)
    return reasons[:2] or ["Nothing to pay on that shot."]


def every_line(ruling, human: str | None = None, who: Callable[[str], str] = planet_words) -> list[str]:
    """``ruling_lines``, and the reason for every rule that applied but moved nothing (rule 3's reminder
    only when it is all there is to say), told with the rules that paid and before what followed the shot
    (a taw put down again after it ran off the ground): all the ruling says, as the HUD's panel and the
    history both show it."""
    deeds, aftermath = _deeds(ruling, human, who), _aftermath(ruling, human, who)
    said = deeds + aftermath or _why_quiet(ruling, human)
    unsaid = []
    for unpaid in ruling.unpaid:
        told = _told(unpaid.text, unpaid.phrase, human)
        core = told.removesuffix(f" (rule {unpaid.rule}).").lower()  # a line may say it already
        if any(core in line.lower() for line in said) or unpaid.rule == 3:
            continue
        unsaid.append(told)
    return deeds + unsaid + aftermath if deeds or aftermath else said + unsaid


def _deeds(ruling, human: str | None, who: Callable[[str], str]) -> list[str]:
    """The fouls and what each numbered rule paid, in rule order."""
    lines = [f"Rule {foul.rule}: foul - {Phrase.told_or(foul.reason, foul.phrase, human)}"
             for foul in ruling.fouls]
    lines += [f"Rule {t.rule}: {_transfer_words(t, human, who, ruling)}" for t in ruling.transfers if t.rule]
    return lines


def _aftermath(ruling, human: str | None, who: Callable[[str], str]) -> list[str]:
    """What followed the shot: bodies put down again, comets, who went out, a pot by an unnumbered ending, the win."""
    lines: list[str] = []
    for put in said_put_downs(ruling):
        # A body laid down again (a taw back on its line, a planet replaced):
        # without it a taw that rolled off the ground would read "nothing to pay".
        reason = sentence(_told(put.reason, put.phrase, human).removesuffix(f" (rule {put.rule})"))
        lines.append(f"Rule {put.rule}: {reason}" if put.rule else reason)
    for planet in ruling.comets:
        if planet == human:
            lines.append("Rule 14: you have lost every satellite and become a Comet")
        else:
            name = sentence(who(planet))
            lines.append(f"Rule 14: {agrees(name, 'has')} lost every satellite and {verb_for(name, 'becomes')} a Comet")
    for planet in ruling.out:
        lines.append("You are out of the game" if planet == human else f"{agrees(sentence(who(planet)), 'is')} out of the game")
    for t in ruling.transfers:
        if not t.rule:  # a pot taken by an ending the text does not name: after who went out
            lines.append(sentence(_transfer_words(t, human, who, ruling)))
    if ruling.winner:
        lines.append("You win the game!" if ruling.winner == human else f"{agrees(sentence(who(ruling.winner)), 'wins')} the game!")
    return lines


def since_last_shot(rulings: Sequence[Ruling], viewer: str | None) -> list[Ruling]:
    """The rulings ``viewer`` has not yet seen at his own turn: every one since his last shot, oldest first
    (only his own, when it is the latest; only the latest, when nobody at the machine is left to look)."""
    if not rulings:
        return []
    if viewer is None or rulings[-1].shooter == viewer:
        return [rulings[-1]]
    last = max((i for i, r in enumerate(rulings) if r.shooter == viewer), default=-1)
    return list(rulings[last + 1:])


def feed_lines(rulings: Sequence[Ruling], human: str | None = None, who: Callable[[str], str] = planet_words) -> list[str]:
    """One ruling's lines; several rulings each led by the shooter's name ("Mars - Rule 8: ...")."""
    if len(rulings) == 1:
        return every_line(rulings[0], human, who)
    lines: list[str] = []
    for ruling in rulings:
        shot = every_line(ruling, human, who)
        shooter = "You" if ruling.shooter == human else sentence(who(ruling.shooter))
        lines.append(f"{shooter} - {shot[0]}")
        lines.extend(f"   {line}" for line in shot[1:])
    return lines


def feed_title(rulings: Sequence[Ruling], viewer: str | None, human: str | None, who: Callable[[str], str],
               name: Callable[[str], str], all_rulings: Sequence[Ruling]) -> str:
    """"Your shot", "Mars's shot", "Ann's shot", "Since your last shot", "Since Ann's last shot",
    "Before Ann's first shot": a named seat by its name alone ("Ann (Mercury)'s shot" read badly); its lines
    below name the planet."""
    if len(rulings) == 1:
        shooter = rulings[0].shooter
        return "Your shot" if shooter == human else f"{sentence(name(shooter))}'s shot"
    if viewer is None:
        return "The shots so far"
    whose = "your" if viewer == human else f"{name(viewer)}'s"
    if any(r.shooter == viewer for r in all_rulings):
        return f"Since {whose} last shot"
    return f"Before {whose} first shot"
