"""A shot's event log boiled down to the facts the rules ask about."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping

from game.rules.events import AllAtRest, BodyOut, Contact, Event, ShotStarted
from game.rules.layout import SUN, Layout, Point, taw_id
from game.rules.state import RuleState


@dataclass(frozen=True)
class ShotFacts:
    """What happened in one shot.

    ``moved`` holds every body that took part in a contact (the shot's taw
    is the only body set moving from rest, so every contact descends from
    it).  ``gone`` holds bodies that left the play area.  ``final`` is where
    every body still on the ground lies once all is at rest: the positions of
    ``AllAtRest`` over the last known ones (a body the physics did not list
    is taken to lie where it lay).
    """

    taw: str                        # the shooter's
    start: ShotStarted | None
    contacts: tuple[Contact, ...]
    moved: frozenset[str]
    gone: frozenset[str]
    gone_at: Mapping[str, Point]    # where each body left the play area, as far as known
    final: Mapping[str, Point]
    regions: Mapping[str, str]      # the orbit each body in ``final`` lies in (``Layout.body_region``)

    def taw_contacts(self) -> list[Contact]:
        return [c for c in self.contacts if c.involves(self.taw)]

    def first_taw_contacts(self, tolerance: float) -> tuple[str, ...]:
        """The bodies the taw struck first: its first contact and every other within ``tolerance`` seconds of it.

        Contacts that close together are simultaneous (house rule
        ``simultaneous_s``), so none of them came first: the physics' order of
        report among them is no fact of the game, and a table and its mirror
        image must be read alike (rule 15, ``docs/rules.md``).
        """
        mine = self.taw_contacts()
        if not mine:
            return ()
        start = mine[0].t
        return tuple(dict.fromkeys(c.other(self.taw) for c in mine if c.t - start <= tolerance))

    def sun_contacts(self) -> list[Contact]:
        return [c for c in self.contacts if c.involves(SUN)]


def digest(state: RuleState, shooter: str, events: Iterable[Event], layout: Layout) -> ShotFacts:
    """The facts of one shot: its start, contacts, who left the play area, and where all came to rest.

    Only the first ``ShotStarted`` counts, a body touching itself is no
    contact, and anything after the first ``AllAtRest`` belongs to no shot.
    """
    start: ShotStarted | None = None
    contacts: list[Contact] = []
    gone: set[str] = set()
    gone_at: dict[str, Point] = {}
    final: dict[str, Point] = dict(state.positions)
    for event in events:
        if isinstance(event, ShotStarted):
            if start is None:
                start = event
        elif isinstance(event, Contact):
            if event.a != event.b:
                contacts.append(event)
        elif isinstance(event, BodyOut):
            gone.add(event.body)
            gone_at[event.body] = event.position
        elif isinstance(event, AllAtRest):
            for body, point in event.positions.items():
                if body in final or body in state.board or body == SUN:
                    final[body] = (float(point[0]), float(point[1]))
            break  # anything after the rest belongs to no shot
    regions: dict[str, str] = {}
    for body, (x, y) in list(final.items()):
        r = math.hypot(x, y)
        if not r <= layout.play_radius:  # also catches NaN
            gone.add(body)
            gone_at.setdefault(body, (x, y))
        else:
            regions[body] = layout.body_region(r, layout.sun_radius if body == SUN else layout.marble_radius)
    for body in gone:
        final.pop(body, None)
        regions.pop(body, None)
    taw = taw_id(shooter)
    moved = {b for c in contacts for b in (c.a, c.b)}
    if start is not None:
        moved.add(start.body)
    return ShotFacts(
        taw=taw,
        start=start,
        contacts=tuple(contacts),
        moved=frozenset(moved),
        gone=frozenset(gone),
        gone_at=gone_at,
        final=final,
        regions=regions,
    )


def strikes(start_body: str, contacts: Iterable[Contact]) -> list[tuple[Contact, str, str]]:
    """Each contact as (contact, striker, struck): the striker is the body that was already moving.

    Only the shot's taw moves at first, and a body starts moving when it is
    struck, so of two bodies in a contact the one not yet touched lay still.
    When both were moving the physics' order stands.
    """
    moving = {start_body}
    out: list[tuple[Contact, str, str]] = []
    for contact in contacts:
        if contact.b in moving and contact.a not in moving:
            out.append((contact, contact.b, contact.a))
        else:
            out.append((contact, contact.a, contact.b))
        moving.update((contact.a, contact.b))
    return out
