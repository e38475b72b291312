"""Every shot of the game as the history panel lists it: who shot, each ruling with its rule and reason, the purses after.

Built from what the session kept (the rulings and the purses after each,
``session.tally``), worded by the ruling feed's own lines, never judged
again.  Pure text, laid out in lines of a given width, tested without Panda3D.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from enum import Enum
from typing import Callable, Mapping, Protocol, Sequence

from game.app.hud.ruling_feed import every_line, rule_numbers_unbroken
from game.rules.names import sentence
from game.rules.ruling import Ruling


class JudgedShot(Protocol):
    """A shot as the session kept it (``session.tally.JudgedShot``)."""

    @property
    def ruling(self) -> Ruling: ...
    @property
    def round(self) -> int: ...
    @property
    def purses(self) -> Mapping[str, int]: ...


class LineKind(Enum):
    HEADING = "heading"  # "Shot 4, round 2: Ann (Venus)", in the shooter's colour
    RULING = "ruling"    # a rule applied and why
    PURSES = "purses"    # the purses after the shot


@dataclass(frozen=True)
class ShotEntry:
    number: int  # from 1
    round: int
    shooter: str
    heading: str
    rulings: tuple[str, ...]
    purses: str


@dataclass(frozen=True)
class HistoryLine:
    text: str
    kind: LineKind
    shot: int  # the shot the line belongs to
    planet: str = ""  # whose colour a heading is written in


def shot_rulings(ruling: Ruling, human: str | None, who: Callable[[str], str]) -> list[str]:
    """The feed's lines, and the reason for every rule that applied but moved nothing (rule 3's reminder
    only when it is all there is to say)."""
    return every_line(ruling, human, who=who)


def purse_words(purses: Mapping[str, int], stakes: int, players: Sequence[str], out: Sequence[str],
                who: Callable[[str], str]) -> str:
    shown = [f"{who(p)} {purses.get(p, 0)}" + (" (out)" if p in out else "") for p in players]
    return "Purses after: " + ", ".join(shown) + f"; the stakes {stakes}"


def shot_entries(shots: Sequence[JudgedShot], players: Sequence[str], human: str | None,
                 who: Callable[[str], str]) -> list[ShotEntry]:
    """One entry per shot, oldest first."""
    entries = []
    for number, shot in enumerate(shots, start=1):
        ruling = shot.ruling
        shooter = "your shot" if ruling.shooter == human else sentence(who(ruling.shooter))
        heading = f"Shot {number}, round {shot.round}: {shooter}"
        purses = purse_words(shot.purses, ruling.state.stakes, players, ruling.state.out, who)
        entries.append(ShotEntry(number, shot.round, ruling.shooter, heading,
                                 tuple(shot_rulings(ruling, human, who)), purses))
    return entries


def history_lines(entries: Sequence[ShotEntry], width: int) -> list[HistoryLine]:
    """The entries as lines of at most ``width`` characters, a ruling's continuation indented under it."""
    lines: list[HistoryLine] = []
    for entry in entries:
        lines.append(HistoryLine(entry.heading, LineKind.HEADING, entry.number, entry.shooter))
        for text in entry.rulings:
            for part in textwrap.wrap(rule_numbers_unbroken(text), width, initial_indent="  ",
                                      subsequent_indent="      "):
                lines.append(HistoryLine(part, LineKind.RULING, entry.number))
        for part in textwrap.wrap(entry.purses, width, initial_indent="  ", subsequent_indent="      "):
            lines.append(HistoryLine(part, LineKind.PURSES, entry.number))
    return lines
