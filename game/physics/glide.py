"""Quiet ticks: the movers carried along their chords without stepping Bullet.

In a control tick where no pair comes near touching (the contact scan's
gate, ``grazes.Paths.book``), Bullet would do nothing but add each mover's
constant chord velocity to its position sixteen times, and pay its own
per-substep cost for every body in the world while doing it.  So such a
tick is not stepped: each mover is put where its straight path has taken
it.  The place comes from the float64 path, not from single-precision
sums, so where a body is after a quiet tick does not depend on how the
tick was cut into ``doPhysics`` calls: a live game and a headless rerun
agree bit for bit.  Why, and what it saves: ``docs/physics.md``, "Quiet ticks".
"""

from __future__ import annotations

from typing import Mapping

from panda3d.core import Point3, TransformState

from game.physics.grazes import Paths
from game.physics.world import Body


def glide(moving: Mapping[str, Body], paths: Paths, substep: int) -> None:
    """Put every moving body where its path (``grazes.Paths``) has it at ``substep``.

    Bullet then holds each body where its node shows it, not a substep ahead
    (what a stepped tick leaves: ``resting.move_moving`` reads which).
    """
    make = TransformState.makePos
    at = paths.at
    for bid, body in moving.items():
        x, y = at(bid, body, substep)
        body.node.setTransform(make(Point3(x, y, body.radius)))
