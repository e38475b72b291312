"""Who sits round the ring: two to seven seats, each a person with a name or an AI of a level.

Martin's game is for "two to seven boys"; here any mix of people at one
machine (hot seat) and AIs.  A seat is only data: the match gets players
and names from it, the app asks whose turn it is by name, the replay keeps
it (``to_plain`` / ``from_plain``), and ``parse_seats`` reads the command
line's ``--seats "Ann,Bob,hard,easy"``.  Planets are dealt by ``deals``
(``game.match.deal``): by the hat (rule 1) or, for a person who asks, the
planet they pick.

Names are compared without regard to case or surrounding spaces, so "Ann"
and " ann" are one person (duplicates are refused), and a person's name
may not be an AI level word (it would read as an AI on the command line).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import Enum
from typing import Any, Iterable, Sequence

from game.errors import UserError
from game.rules.layout import PLANETS

MIN_SEATS = 2
MAX_SEATS = len(PLANETS)  # one planet each: seven
MAX_NAME = 20  # characters: what the HUD, banner and tables have room for
HAT = "hat"  # a seat whose planet the hat deals (rule 1)
# The AI layer's levels (``game.ai.levels.LEVELS``; a test keeps the two equal).
# "random" plays without planning: for tests and quick demonstrations.
AI_LEVELS = ("random", "easy", "medium", "hard")
OFFERED_LEVELS = ("easy", "medium", "hard")  # what the New game screen offers


class SeatKind(Enum):
    PERSON = "person"
    AI = "ai"


class SeatingError(UserError):
    """A seat list that cannot make a game; the message is one line saying why (exit 2)."""


def name_key(name: str) -> str:
    """How two names are compared: case-folded, spaces at the ends and runs of spaces ignored."""
    return " ".join(name.split()).casefold()


def clean_name(raw: str) -> str:
    """A person's name as typed, tidied (ends trimmed, inner runs of space made one); SeatingError if unusable."""
    if not isinstance(raw, str):
        raise SeatingError("a name must be text")
    name = " ".join(raw.split())
    if not name:
        raise SeatingError("a seat has an empty name")
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise SeatingError(f"the name {name[:MAX_NAME]!r} holds a control character")
    if len(name) > MAX_NAME:
        raise SeatingError(f"the name {name[:MAX_NAME]!r}... is longer than {MAX_NAME} characters")
    if name.casefold() in AI_LEVELS:
        raise SeatingError(f"{name!r} is an AI level, not a name")
    return name


@dataclass(frozen=True)
class Seat:
    """One place round the ring.  ``planet`` is ``HAT`` or the planet a person picked (an AI is always dealt)."""

    kind: SeatKind
    name: str
    level: str | None = None
    planet: str = HAT

    @classmethod
    def person(cls, name: str, planet: str = HAT) -> "Seat":
        return cls(SeatKind.PERSON, clean_name(name), None, planet)

    @classmethod
    def ai(cls, level: str, name: str) -> "Seat":
        return cls(SeatKind.AI, name, level, HAT)

    @property
    def is_person(self) -> bool:
        return self.kind is SeatKind.PERSON

    def __post_init__(self) -> None:
        if not isinstance(self.kind, SeatKind):
            raise SeatingError(f"a seat must be a person or an AI, not {self.kind!r}")
        if self.is_person:
            if self.level is not None:
                raise SeatingError(f"{self.name}: a person has no AI level")
            if clean_name(self.name) != self.name:
                raise SeatingError(f"the name {self.name!r} is not tidied")
        else:
            if self.level not in AI_LEVELS:
                raise SeatingError(f"unknown AI level {self.level!r}; choose from {', '.join(AI_LEVELS)}")
            if self.planet != HAT:
                raise SeatingError(f"{self.name}: an AI's planet is dealt by the hat")
            if not isinstance(self.name, str) or not self.name.strip() or len(self.name) > MAX_NAME \
                    or self.name != " ".join(self.name.split()):
                raise SeatingError(f"an AI seat's name {self.name!r} is not a short tidy name")
        if self.planet != HAT and self.planet not in PLANETS:
            raise SeatingError(f"{self.name}: unknown planet {self.planet!r}")


@dataclass(frozen=True)
class Seating:
    """Two to seven seats in the order they sit (the order the hat is filled); names distinct."""

    seats: tuple[Seat, ...]

    def __post_init__(self) -> None:
        count = len(self.seats)
        if count < MIN_SEATS:
            raise SeatingError(f"a game needs at least {MIN_SEATS} seats, not {count}")
        if count > MAX_SEATS:
            raise SeatingError(f"a game has at most {MAX_SEATS} seats (one planet each), not {count}")
        seen: dict[str, str] = {}
        for seat in self.seats:
            key = name_key(seat.name)
            if key in seen:
                raise SeatingError(f"two seats are named {seat.name!r}; each needs its own name")
            seen[key] = seat.name
        picked = [s.planet for s in self.seats if s.planet != HAT]
        for planet in picked:
            if picked.count(planet) > 1:
                raise SeatingError(f"{planet.capitalize()} is picked by two people")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def people(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if s.is_person)

    def ais(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if not s.is_person)

    def seat(self, name: str) -> Seat:
        key = name_key(name)
        for s in self.seats:
            if name_key(s.name) == key:
                return s
        raise KeyError(name)

    def with_ai_level(self, level: str) -> "Seating":
        """The same seats and names, every AI playing at ``level`` (tests and demonstrations: "random" is quick)."""
        return Seating(tuple(Seat(s.kind, s.name, level, s.planet) if not s.is_person else s for s in self.seats))

    def is_hot_seat(self) -> bool:
        """More than one person at the machine: turns are handed over between them."""
        return len(self.people()) > 1

    # -- the replay's form ------------------------------------------------------------------

    def to_plain(self) -> list[dict[str, Any]]:
        return [{"name": s.name, "kind": s.kind.value, "level": s.level, "planet": s.planet} for s in self.seats]

    @classmethod
    def from_plain(cls, data: Any) -> "Seating":
        """The seating from its plain-JSON form (a replay header); SeatingError naming what is wrong."""
        if not isinstance(data, list):
            raise SeatingError("the seating must be a list of seats")
        if not MIN_SEATS <= len(data) <= MAX_SEATS:
            raise SeatingError(f"the seating must have {MIN_SEATS} to {MAX_SEATS} seats, not {len(data)}")
        seats = []
        for index, item in enumerate(data, 1):
            if not isinstance(item, dict) or set(item) != {"name", "kind", "level", "planet"}:
                raise SeatingError(f"seat {index} must be an object with name, kind, level and planet")
            try:
                kind = SeatKind(item["kind"])
            except (ValueError, TypeError):
                raise SeatingError(f"seat {index}: kind must be 'person' or 'ai'") from None
            if not isinstance(item["name"], str) or not isinstance(item["planet"], str):
                raise SeatingError(f"seat {index}: name and planet must be text")
            seats.append(Seat(kind, item["name"], item["level"], item["planet"]))
        return cls(tuple(seats))


def ai_names(levels: Sequence[str], taken: Iterable[str] = ()) -> list[str]:
    """Names for AI seats by level ("Hard AI", "Hard AI 2"), none equal to a name in ``taken``."""
    used = {name_key(n) for n in taken}
    names = []
    for level in levels:
        base = f"{level.capitalize()} AI"
        name, n = base, 1
        while name_key(name) in used:
            n += 1
            name = f"{base} {n}"
        used.add(name_key(name))
        names.append(name)
    return names


def seating_of(entries: Sequence[tuple[SeatKind, str]]) -> Seating:
    """Seats from (kind, word) pairs in order: a person's word is their name, an AI's its level.

    AI seats are named after their level, clear of every person's name.
    """
    people = [word for kind, word in entries if kind is SeatKind.PERSON]
    names = iter(ai_names([word for kind, word in entries if kind is SeatKind.AI], taken=people))
    seats = tuple(Seat.person(word) if kind is SeatKind.PERSON else Seat.ai(word, next(names))
                  for kind, word in entries)
    return Seating(seats)


def parse_seats(text: str) -> Seating:
    """``"Ann,Bob,hard,easy"``: a word that is an AI level is an AI, any other word a person's name.

    SeatingError (one line, exit 2) for fewer than two seats, more than
    seven, an empty name, or two seats with one name.
    """
    words = text.split(",")
    if len(words) < MIN_SEATS and not text.strip():
        raise SeatingError(f"--seats is empty; list {MIN_SEATS} to {MAX_SEATS} seats, e.g. \"Ann,Bob,hard\"")
    entries: list[tuple[SeatKind, str]] = []
    for position, word in enumerate(words, 1):
        tidy = " ".join(word.split())
        if not tidy:
            raise SeatingError(f"seat {position} in --seats is empty (a name or an AI level: "
                               f"{', '.join(AI_LEVELS)})")
        if tidy.casefold() in AI_LEVELS:
            entries.append((SeatKind.AI, tidy.casefold()))
        else:
            entries.append((SeatKind.PERSON, tidy))
    return seating_of(entries)
