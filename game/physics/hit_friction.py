"""How hard two balls grip in a hit: less the faster their surfaces slide past each other.

Pure Python, SI units, no Panda3D: the law ``hit_grip.py`` hands Bullet at
every ball-on-ball touch, and ``impulse_law.py``'s oracle uses.

Two balls' friction is not a constant.  Alciatore's measurements of
billiard balls (TP A.14, "the effects of cut angle, speed and spin on
object ball throw") fit ``mu(u) = a + b exp(-c u)`` to the relative speed
``u`` of the two surfaces at the contact: about 0.12 when they barely
slide, 0.012 at 4 m/s.  pooltool's Alciatore ball-ball friction is the same
curve.  Our pairs keep their own grip when barely sliding (Bullet's product
of the two bodies' frictions: glass on glass 0.09, glass on lead 0.124) and
lose it with the slide as that curve does.  So a slow cut throws the struck
ball about as before, and a taw spun hard at the cap, whose front slides
at up to 3.8 m/s against the ball it meets (the spin's own surface speed,
up or down), grips about a tenth as hard: it no longer flings the struck
ball, or itself, several millimetres into the air.  Coulomb's bound on the
lift, mu J / m, falls with it (``docs/physics.md``, "Hops").
"""

from __future__ import annotations

import math

# Alciatore's fit (TP A.14): mu = A + B exp(-C u), u in m/s.
A = 9.951e-3
B = 0.108
C = 1.088   # s/m


def slip_share(slip_mps: float) -> float:
    """The share of a pair's still grip left when its surfaces slide past each other at ``slip_mps`` (1 at rest)."""
    return (A + B * math.exp(-C * abs(slip_mps))) / (A + B)


def hit_friction(still: float, slip_mps: float) -> float:
    """The friction of a pair whose grip is ``still`` when barely sliding, sliding at ``slip_mps``."""
    return still * slip_share(slip_mps)


def curve_terms(still: float) -> tuple[float, float, float]:
    """``(a, b, c)`` of ``mu(u) = a + b exp(-c u)`` for a pair of grip ``still``: pooltool's Alciatore friction."""
    scale = still / (A + B)
    return (A * scale, B * scale, C)
