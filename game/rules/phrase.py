"""A referee's sentence kept with the players it names, so that a view can say "you".

The referee words a ruling in the third person ("Mercury knocked the Sun
against Venus"): that is what ``taw scenario --json``, the history of a
hot-seat game and a replay of other people's games read.  The one person at
the machine reads the same line addressed to him.  Worded once as plain text,
the HUD had to mix the two: "Rule 7: Mercury knocked the Sun against Venus:
you pay Venus 2", where Mercury is the reader.  A ``Phrase`` keeps the
template and the players, and ``told(you=...)`` words it again with one of
them in the second person.

Templates are ``str.format`` strings whose fields are the players, each
formatted by a ``Person``: ``{0}`` names him ("Mercury", "you"), ``{0:poss}``
his possession ("Mercury's", "your"; ``Poss`` at a sentence's start),
``{0:his}`` his ("his", "your"), ``{0:own}`` his own ("his own", "your own"), ``{0:he}``, ``{0:him}`` and
``{0:self}`` his pronouns ("he", "you"; "him", "you"; "himself", "yourself"),
and a verb spec agrees with him (``{0:takes}``: "takes", "take"; the stakes, plural, "take").
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import names
from game.rules.state import STAKES

# Third person singular -> second person, for the verbs the referee's templates use.
_SECOND_PERSON = {"takes": "take", "wins": "win", "must": "must", "has": "have", "is": "are", "forfeits": "forfeit",
                  "puts": "put", "holds": "hold", "earns": "earn", "lays": "lay",
                  "ends": "end"}
_PRONOUNS = {"he": ("he", "you"), "him": ("him", "you"), "self": ("himself", "yourself")}


@dataclass(frozen=True)
class Person:
    """A player as one template field: the reader himself (``second``) or anyone else."""

    planet: str
    second: bool = False

    def __format__(self, spec: str) -> str:
        if spec == "":
            return "you" if self.second else names.who(self.planet)
        if spec in ("poss", "Poss"):
            words = "your" if self.second else names.possessive(self.planet)
            return names.sentence(words) if spec == "Poss" else words
        if spec == "his":
            return "your" if self.second else names.his(self.planet)
        if spec == "own":
            return "your own" if self.second else "his own"
        if spec in _PRONOUNS:
            return _PRONOUNS[spec][self.second]
        if spec in _SECOND_PERSON:  # "you" and the stakes take the plural
            return _SECOND_PERSON[spec] if self.second or self.planet == STAKES else spec
        raise ValueError(f"no phrase form {spec!r}")


@dataclass(frozen=True)
class Phrase:
    """``template`` with ``players`` in its fields; ``str()`` is the referee's third-person wording."""

    template: str
    players: tuple[str, ...] = ()

    def told(self, you: str | None = None) -> str:
        """The sentence with ``you`` (a planet, or nobody) in the second person."""
        return self.template.format(*(Person(p, p == you) for p in self.players))

    def __str__(self) -> str:
        return self.told()

    @staticmethod
    def told_or(text: str, phrase: Phrase | None, you: str | None) -> str:
        """``phrase`` told to ``you``; ``text`` (the referee's sentence) for a ruling that kept no phrase."""
        return phrase.told(you=you) if phrase else text

    def then(self, more: str) -> Phrase:
        """This phrase followed by ``more`` (a template over the same players)."""
        return Phrase(self.template + more, self.players)
