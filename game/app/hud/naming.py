"""How the screens name a player: the seat's name with the planet beside it ("Ann (Venus)").

At one machine several people may play; everything they read (the HUD, the
feed, the banner, the game-over table and chart, the viewer's captions)
names them as they sat down.  A player with no seat name (a scenario, an
older replay) is named by the planet alone.  Pure text, tested without Panda3D.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from game.rules.names import sentence, who


@dataclass(frozen=True)
class Naming:
    names: Mapping[str, str] = field(default_factory=dict)  # planet -> seat name
    people: frozenset[str] = frozenset()  # planets held by people at the machine

    @classmethod
    def from_players(cls, players) -> "Naming":
        """From a replay header's players (``{"planet", "seat", "controller"}``); unknown shapes name nobody."""
        names, people = {}, set()
        for p in players:
            planet, seat = p.get("planet"), p.get("seat")
            if isinstance(planet, str) and isinstance(seat, str) and seat:
                names[planet] = seat
                if p.get("controller") == "human":
                    people.add(planet)
        return cls(names, frozenset(people))

    def name(self, planet: str) -> str:
        """The seat's name ("Ann"); the planet ("Venus", "the Earth") for a player with none."""
        return self.names.get(planet) or who(planet)

    def label(self, planet: str) -> str:
        """The name with the planet beside it: "Ann (Venus)"; for a player with no name (or the stakes)
        the words a sentence uses: "the Earth", "the stakes" (``sentence()`` capitalises at a start)."""
        name = self.names.get(planet)
        return f"{name} ({sentence(planet)})" if name else who(planet)

    def is_person(self, planet: str) -> bool:
        return planet in self.people

    def hot_seat(self) -> bool:
        """Several people at the machine: each is named, none is "you"."""
        return len(self.people) > 1
