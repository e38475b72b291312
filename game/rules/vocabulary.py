"""The words for the painted ground, defined once and used word for word everywhere.

The rules screen's diagram, lesson 1, the HUD, the referee's rulings, the
preview's verdicts, the lessons and docs/vocabulary.md all use these terms
and no others: a newcomer who learns "Venus's orbit" once never meets
"Venus's ring" or "the circle of Venus" for the same ground.
``tests/test_vocabulary.py`` checks every sentence the game prints
against ``FORBIDDEN``.
"""

from __future__ import annotations

import re

from game.rules import names

LINE = "line"
ORBIT = "orbit"
INNER_RING = "inner ring"
PLAY_AREA = "play area"
SATURN_RING = "Saturn's ring"
PLAY_AREA_EDGE = "edge of the play area"

# Each term once, as the rules screen and docs/vocabulary.md define it.
TERMS: dict[str, str] = {
    LINE: "A painted circle round the Sun, one for each planet: Mercury's line is the innermost, "
          "Herschel's the outermost.",
    ORBIT: "The space between a planet's line and the next line in (rule 5): Venus's orbit lies between "
           "Mercury's line and Venus's line; Mercury's orbit is everything inside Mercury's line. A marble on "
           "a line lies in that line's orbit.",
    INNER_RING: "The small circle round the Sun's starting place: the stakes are kept there, and a taw "
                "that stops in it is out (rule 13).",
    PLAY_AREA: "The ground inside the dashed edge, 2.5 m from the Sun: a taw that leaves it goes back on "
               "its own line (a house rule: the text is silent on it).",
    SATURN_RING: "The small circle round Saturn's starting place (rule 16).",
}

# Words for the same ground that the game must never print (a test reads every sentence against them).
_PLANET = r"(?:Mercury|Venus|the Earth|Earth|Mars|Jupiter|Saturn|Herschel)"
FORBIDDEN: tuple[str, ...] = (
    _PLANET + r"'s (?:circle|band|zone|region|ring line)\b",   # "Mars's circle": Mars's line or Mars's orbit
    r"\b(?:ring|circle|band|zone|orbit|line) of " + _PLANET + r"\b",  # "the orbit of Mars": Mars's orbit
    r"\bthe (?:Mercury|Venus|Earth|Mars|Jupiter|Saturn|Herschel) (?:line|orbit)\b",  # "the Mars line"
    r"\borbit lines?\b",                                   # a line
    r"\binner circle\b", r"\bstakes ring\b", r"\bcent(?:re|er) ring\b",   # the inner ring
    r"\bouter ring\b",                                     # Herschel's line
    r"\bplay(?:ing)? circle\b", r"\bplaying area\b", r"\bplay ?field\b",  # the play area
)


def line_label(planet: str) -> str:
    """"Mercury's line", "the Earth's line": as chalked along it and as the rulings say."""
    return f"{names.possessive(planet)} {LINE}"


def orbit_label(planet: str) -> str:
    """"Venus's orbit": as chalked in it overhead and as the rulings say."""
    return f"{names.possessive(planet)} {ORBIT}"


def stray_words(text: str) -> list[str]:
    """The phrases in ``text`` that name the ground in words other than the vocabulary's."""
    found: list[str] = []
    for pattern in FORBIDDEN:
        found.extend(m.group(0) for m in re.finditer(pattern, text, flags=re.IGNORECASE))
    return found
