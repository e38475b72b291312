"""How the referee names players, orbits and bodies in plain sentences."""

from __future__ import annotations

import math

from game.rules.layout import SUN, Layout, Point, body_planet, is_planet, is_satellite, is_taw
from game.rules.state import STAKES

_PLANET_NAMES = {
    "mercury": "Mercury",
    "venus": "Venus",
    "earth": "the Earth",
    "mars": "Mars",
    "jupiter": "Jupiter",
    "saturn": "Saturn",
    "herschel": "Herschel",
}


def who(name: str) -> str:
    """A player or the pot: 'Venus', 'the Earth', 'the stakes'."""
    if name == STAKES:
        return "the stakes"
    return _PLANET_NAMES.get(name, name)


def you_are(person: str, planet: str) -> str:
    """'Ann, you are Venus', but 'You are Venus' for the solo player, whose name is "You"."""
    if person.strip().casefold() == "you":
        return f"You are {who(planet)}"
    return f"{person}, you are {who(planet)}"


def possessive(name: str) -> str:
    return who(name) + "'s"


def acts(name: str, verb: str) -> str:
    """Subject and verb agreeing: 'Venus pays', 'the stakes pay' (the stakes are plural)."""
    return agrees(who(name), verb)


def agrees(subject: str, verb: str) -> str:
    """A subject as written and its verb agreeing: 'Ann (Venus) pays', 'the stakes pay', and the seat
    of the one person at the machine, 'You (Venus) pay' (the app names that seat "You")."""
    return f"{subject} {verb_for(subject, verb)}"


def verb_for(subject: str, verb: str) -> str:
    """``verb`` (third person singular: 'pays', 'has') as ``subject`` takes it."""
    plural = subject.lower() == "the stakes" or subject.split(" ", 1)[0] == "You"
    if not plural:
        return verb
    return {"has": "have", "is": "are", "does": "do"}.get(verb, verb[:-1] if verb.endswith("s") else verb)


def his(name: str) -> str:
    """The pronoun for a player ('his', as the text has it) or the pot ('their')."""
    return "their" if name == STAKES else "his"


def pays(payer: str, payee: str, marbles: int) -> str:
    """'Venus pays the Earth 2', 'the stakes pay Mars 3'."""
    return f"{acts(payer, 'pays')} {who(payee)} {marbles}"


def marbles_of(owner: str) -> str:
    """"Saturn's marbles", "the stakes' marbles": whose marbles lie on the ground."""
    return "the stakes' marbles" if owner == STAKES else f"{possessive(owner)} marbles"


def possessive_cap(name: str) -> str:
    """At the start of a sentence: "The Earth's"."""
    return sentence(possessive(name))


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth")


def body(body_id: str) -> str:
    """'the Sun', 'Saturn', "Saturn's third satellite", "the Moon", "the Earth's taw": never a body id."""
    if body_id == SUN:
        return "the Sun"
    planet = body_planet(body_id) or body_id
    if is_planet(body_id):
        return who(body_id)
    if is_taw(body_id):
        return f"{possessive(planet)} taw"
    if is_satellite(body_id):
        if body_id == "earth.1":
            return "the Moon"
        number = int(body_id.partition(".")[2])
        nth = _ORDINALS[number - 1] if 1 <= number <= len(_ORDINALS) else f"number {number}"
        return f"{possessive(planet)} {nth} satellite"
    return body_id


def orbit(planet: str) -> str:
    if planet == "beyond":
        return "beyond Herschel's orbit"
    return f"{possessive(planet)} orbit"


def resting_place(layout: Layout, point: Point, radius: float, you: str | None = None) -> str:
    """Where a body came to rest, in the words every sentence uses for it (the ruling and the coach alike).

    "in Venus's orbit"; "in Mercury's orbit, on Mercury's line" when its
    outline is on a line, whichever side of it the centre lies (a body on a
    line lies in that line's orbit: ``Layout.body_region``; rule 6 turns on
    the line, so it is said); "beyond Herschel's orbit". Told to ``you`` (a
    planet), his own reads "your".
    """
    def poss(planet: str) -> str:
        return "your" if planet == you else possessive(planet)

    r = math.hypot(*point)
    region = layout.body_region(r, radius)
    line = layout.line_touched(r, radius)
    if region == "beyond":
        return "beyond Herschel's orbit"
    place = f"in {poss(region)} orbit"
    return f"{place}, on {poss(line)} line" if line is not None else place


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 marble', '3 marbles', '0 satellites': the number agrees with the noun."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def join(items: list[str]) -> str:
    """'Mars', 'Mars and Venus', 'Mars, Venus and the Earth'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
