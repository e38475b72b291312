"""The New game screen's seats: two to seven rows, each a person with a typed name or an AI of a level.

A row cycles Person → AI → (no seat) on its first button.  A person types a
name (a row made a person starts with a remembered name not yet seated, or
"Player N"; the ``>`` button offers the names remembered on this machine, one
click each) and may pick a planet instead of the hat; an AI has a level and
is named after it.  ``seating()`` builds the ``Seating`` or says in one line
why it cannot (``SeatingError``).
"""

from __future__ import annotations

from direct.gui.DirectGui import DirectEntry
from panda3d.core import TextNode

from game.app.hud import theme
from game.app.hud.widgets import Chooser
from game.match.seating import (HAT, MAX_SEATS, OFFERED_LEVELS, Seat, SeatKind, Seating, SeatingError,
                                name_key, seating_of)
from game.rules.layout import PLANETS

EMPTY = "empty"
KIND_WORDS = {SeatKind.PERSON.value: "Person", SeatKind.AI.value: "AI", EMPTY: "-"}
ROW_STEP = 0.1
SCALE = 0.042


class SeatRow:
    def __init__(self, parent, number: int, y: float, seat: Seat | None, known_names, taken) -> None:
        self.known_names = known_names  # () -> names remembered, most recent first
        self.taken = taken              # () -> names in the other rows
        kinds = [SeatKind.PERSON.value, SeatKind.AI.value] + ([EMPTY] if number > 2 else [])
        kind = EMPTY if seat is None else seat.kind.value
        self.number = number
        self.kind = Chooser(parent, f"{number}", kinds, kind, (-1.02, y), describe=KIND_WORDS.__getitem__,
                            on_change=lambda _v: self._kind_changed(), width=5.5, scale=SCALE)
        person = seat if seat is not None and seat.is_person else None
        self.entry = DirectEntry(parent=parent, initialText=person.name if person is not None else "", pos=(-0.84, 0, y),
                                 scale=SCALE, width=9.5, numLines=1,
                                 frameColor=(0.2, 0.16, 0.1, 1), text_fg=theme.INK)
        self.names_button = theme.button(parent, ">", (-0.38, y), self.next_known_name, width=1.4, scale=SCALE)
        level = seat.level if seat is not None and seat.level in OFFERED_LEVELS else "medium"
        self.level = Chooser(parent, "Level", list(OFFERED_LEVELS), level, (-0.63, y), width=9.5, scale=SCALE,
                             describe=str.capitalize)
        planet = person.planet if person is not None else HAT
        self.planet = Chooser(parent, "Planet", [HAT, *PLANETS], planet, (-0.06, y), width=12, scale=SCALE,
                              describe=lambda p: "by the hat" if p == HAT else theme.title_case(p))
        self._show()

    def _show(self) -> None:
        kind = self.kind.value
        for widget, shown in ((self.entry, kind == SeatKind.PERSON.value),
                              (self.names_button, kind == SeatKind.PERSON.value),
                              (self.planet.button, kind == SeatKind.PERSON.value),
                              (self.level.button, kind == SeatKind.AI.value)):
            widget.show() if shown else widget.hide()

    def _kind_changed(self) -> None:
        """A row just made a person gets a name to start from: a remembered one not yet seated, or "Player N"."""
        if self.kind.value == SeatKind.PERSON.value and not self.entry.get().strip():
            self.next_known_name()
            if not self.entry.get().strip():
                taken = {name_key(n) for n in self.taken(self)}
                n = self.number
                while name_key(f"Player {n}") in taken:
                    n += 1
                self.entry.enterText(f"Player {n}")
        self._show()

    def next_known_name(self) -> None:
        """The next remembered name not already in another row, into the entry."""
        taken = {name_key(n) for n in self.taken(self)}
        names = [n for n in self.known_names() if name_key(n) not in taken]
        if not names:
            return
        current = name_key(self.entry.get())
        keys = [name_key(n) for n in names]
        following = (keys.index(current) + 1) % len(names) if current in keys else 0
        self.entry.enterText(names[following])

    def choose(self, kind: str, word: str = "", planet: str = HAT) -> None:
        """Set the row as a person would, chooser by chooser (tools and tours): ``kind`` "person", "ai" or
        "empty"; ``word`` the name or the level."""
        while self.kind.value != kind:
            self.kind.next()
        if kind == SeatKind.PERSON.value:
            self.entry.enterText(word)
            while self.planet.value != planet:
                self.planet.next()
        elif kind == SeatKind.AI.value:
            while self.level.value != word:
                self.level.next()

    @property
    def name(self) -> str:
        return self.entry.get()

    def entry_of(self) -> tuple[SeatKind, str, str] | None:
        """(kind, name or level, planet) for this row, or None for no seat."""
        kind = self.kind.value
        if kind == EMPTY:
            return None
        if kind == SeatKind.AI.value:
            return (SeatKind.AI, self.level.value, HAT)
        return (SeatKind.PERSON, self.entry.get(), self.planet.value)

    def destroy(self) -> None:
        for part in (self.kind, self.level, self.planet):
            part.destroy()
        self.entry.destroy()
        self.names_button.destroy()


class SeatRows:
    """Seven rows from ``top`` down, filled from ``seating``."""

    def __init__(self, parent, seating: Seating, top: float, known_names) -> None:
        self.title = theme.label(parent, "Seats: 2 to 7, people and AIs", (-1.2, top + 0.09), scale=0.045,
                                 colour=theme.BRASS, align=TextNode.ALeft)
        seats = list(seating.seats) + [None] * (MAX_SEATS - len(seating.seats))
        self.rows = [SeatRow(parent, i + 1, top - i * ROW_STEP, seat, known_names, self._names_except)
                     for i, seat in enumerate(seats)]

    def _names_except(self, row: SeatRow) -> list[str]:
        return [r.name for r in self.rows if r is not row and r.kind.value == SeatKind.PERSON.value]

    def seating(self) -> Seating:
        """The seats as chosen; SeatingError (one line) if they cannot make a game."""
        entries = []
        for number, row in enumerate(self.rows, 1):
            entry = row.entry_of()
            if entry is not None and entry[0] is SeatKind.PERSON and not entry[1].strip():
                raise SeatingError(f"seat {number} is a person with no name: type one")
            if entry is not None:
                entries.append(entry)
        picks = {i: planet for i, (kind, _w, planet) in enumerate(entries) if kind is SeatKind.PERSON}
        seating = seating_of([(kind, word) for kind, word, _planet in entries])
        seats = tuple(Seat.person(seat.name, picks[i]) if i in picks else seat
                      for i, seat in enumerate(seating.seats))
        return Seating(seats)

    def destroy(self) -> None:
        for row in self.rows:
            row.destroy()
        self.title.destroy()

