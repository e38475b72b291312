"""How the referee names players, orbits and bodies in plain sentences."""

from __future__ import annotations

from game.rules.layout import SUN, body_planet, is_planet, is_satellite, is_taw
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


def possessive(name: str) -> str:
    return who(name) + "'s"


def possessive_cap(name: str) -> str:
    """At the start of a sentence: "The Earth's"."""
    return sentence(possessive(name))


def body(body_id: str) -> str:
    """'the Sun', 'Saturn', 'a satellite of Saturn (saturn.3)', "the Earth's taw"."""
    if body_id == SUN:
        return "the Sun"
    planet = body_planet(body_id) or body_id
    if is_planet(body_id):
        return who(body_id)
    if is_taw(body_id):
        return f"{possessive(planet)} taw"
    if is_satellite(body_id):
        return f"a satellite of {who(planet)} ({body_id})"
    return body_id


def orbit(planet: str) -> str:
    if planet == "beyond":
        return "beyond Herschel's orbit"
    return f"{possessive(planet)} orbit"


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
