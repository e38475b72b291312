"""Marbles won off the ground (rules 10 and 16), said so a newcomer knows what he won and from whom.

"You take 1 of the stakes' marbles off the ground" puzzled a player who had
knocked out a satellite of a planet nobody plays: the stakes keep every
unheld planet's marbles (and an out player's), for the winner, and a rule
that hands one to a striker takes it from them.  So the marbles are named,
and the stakes are said to keep them because nobody plays that planet, or
its player is out.  The verdict and the app's feed both say it this way.
"""

from __future__ import annotations

from typing import Iterable

from game.rules import names
from game.rules.layout import body_planet


def marbles_named(bodies: Iterable[str]) -> str:
    """"Jupiter's first satellite", "Saturn and 7 of his satellites": each planet's marbles by name or count."""
    bodies = tuple(bodies)
    parts = []
    for planet in _planets(bodies):
        mine = [b for b in bodies if (body_planet(b) or b) == planet]
        satellites = [b for b in mine if b != planet]
        words = [names.who(planet)] if planet in mine else []
        if len(satellites) == 1:
            words.append(names.body(satellites[0]))
        elif satellites:
            words.append(f"{len(satellites)} of {'his' if words else names.possessive(planet)} satellites")
        parts.append(" and ".join(words))
    return names.join(parts)


def the_stakes_keeping(bodies: Iterable[str], players: Iterable[str]) -> str:
    """"the stakes, which keep the marbles of Jupiter, a planet nobody plays": whose marbles the stakes held
    and why; ``players`` are the game's players (one of them who owns none is out)."""
    planets = _planets(tuple(bodies))
    seated = set(players)
    unplayed = [names.who(p) for p in planets if p not in seated]
    out = [names.who(p) for p in planets if p in seated]
    why = []
    if unplayed:
        why.append(f"{names.join(unplayed)}, " + ("a planet nobody plays" if len(unplayed) == 1
                                                  else "planets nobody plays"))
    if out:
        why.append(f"{names.join(out)}, " + ("a player who is out" if len(out) == 1 else "players who are out"))
    return f"the stakes, which keep the marbles of {' and of '.join(why)}" if why else "the stakes"


def _planets(bodies: tuple[str, ...]) -> list[str]:
    return list(dict.fromkeys(body_planet(b) or b for b in bodies))
