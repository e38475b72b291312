"""Errors the physics layer raises for requests it cannot honour.

All are ``ValueError`` subclasses: they mean the caller asked for something
impossible (a shot above the cap, a body that is not on the ground), not that
the simulation broke.
"""

from __future__ import annotations


class PhysicsError(ValueError):
    """A request the physics world cannot carry out."""


class ShotError(PhysicsError):
    """A shot that may not be played: too fast, not finite, or while bodies move."""


class UnknownBodyError(PhysicsError, KeyError):
    """A body id that is not (or no longer) in the world."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0]) if self.args else ""


class PlacementError(PhysicsError):
    """A body placed where it would overlap another or lie outside the play circle."""
