"""What the coach's full answer says of its first one: the same shot, another plan, or the same plan played
another way.

Played as a newcomer: the full answer read "The next shots changed the
coach's mind", then the same advice and the same predicted outcome word for
word, because only the power and the spin had changed.  So when the plan and
its outcome read the same, the note says what changed in the shot.  Pure
text, tested without Panda3D.
"""

from __future__ import annotations

import math

from game.app.input.aiming import SPIN_WORDS_BELOW
from game.match.players import Shot

TURN_SAID_ABOVE = 0.05   # degrees: a smaller change of aim is not worth a word
SPEED_SAID_ABOVE = 0.01  # m/s: nor a smaller change of power


def second_look(first: Shot, first_words: str, full: Shot, full_words: str) -> str:
    """The note heading the full answer; ``*_words`` are each answer's advice and predicted outcome as shown."""
    if first == full:
        return "The next shots weighed: the same shot."
    if first_words != full_words:
        return "The next shots changed the coach's mind:"
    return f"The next shots weighed: the same plan, {', '.join(shot_changes(first, full))}:"


def shot_changes(first: Shot, full: Shot) -> list[str]:
    """How ``full`` differs from ``first`` in a player's words: placed elsewhere, aimed, harder, spin."""
    changes = []
    if first.placement != full.placement:
        changes.append("played from another spot")
    turn = (full.direction - first.direction + 180.0) % 360.0 - 180.0
    if abs(turn) > TURN_SAID_ABOVE:
        changes.append(f"aimed {abs(turn):.1f}° further {'left' if turn > 0 else 'right'}")
    if abs(full.speed - first.speed) > SPEED_SAID_ABOVE:
        changes.append("played harder" if full.speed > first.speed else "played softer")
    if not math.isclose(full.spin, first.spin, abs_tol=SPIN_WORDS_BELOW):
        changes.append(_spin(full.spin))
    return changes or ["played a hair differently"]


def _spin(spin: float) -> str:
    """"with topspin 100%", "with backspin 50%", "without spin"."""
    if abs(spin) < SPIN_WORDS_BELOW:
        return "without spin"
    return f"with {'topspin' if spin > 0 else 'backspin'} {round(abs(spin) * 100)}%"
