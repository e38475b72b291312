"""A ball driven straight into another, and on into it again while its spin carries it: the 1-D law of every hit.

Pure Python, SI units, no Panda3D.  A rolling or topspun taw that strikes a
heavier ball full on keeps most of its spin through the hit (``motion``'s
ball keeps its spin whole; the friction between the balls, which takes a
little of it, is left out), so after bouncing back a little it is driven
forward again, catches the struck ball as the earth slows that one, and
strikes it again, and again.  The oracle for a full hit on the lead Sun
counts every one of those hits; a single hit's law leaves them out and
falls short of where the Sun goes by up to a fifth (``docs/physics.md``).
"""

from __future__ import annotations

import math

from game.physics.hit_friction import hit_friction
from game.physics.impulse_law import Ball
from game.physics.motion import REST, BallState, Ground, evolve

_STEP_S = 1e-3          # s: how finely the gap is watched for the next hit
_MOST_HITS = 50
_LAST_S = 30.0          # s: no ball of the game rolls longer


def hit_1d(va: float, vb: float, a: Ball, b: Ball) -> tuple[float, float]:
    """A at ``va`` striking B at ``vb`` full on along x (va > vb): the two speeds after (no friction)."""
    e = a.restitution * b.restitution
    m = a.mass_kg + b.mass_kg
    p = a.mass_kg * va + b.mass_kg * vb
    return ((p - b.mass_kg * e * (va - vb)) / m, (p + a.mass_kg * e * (va - vb)) / m)


def hit_with_spin(sa: BallState, sb: BallState, a: Ball, b: Ball, ga: Ground, gb: Ground) -> tuple[BallState, BallState]:
    """A full hit along x, A behind B: the speeds by ``hit_1d``; each ball's spin about y turned by the friction
    between them (``hit_friction``, at the speed their surfaces slide up or down past each other).

    A's front (at +R) and B's back (at -R) move vertically at -wA R and +wB R.
    Friction against that slide, an impulse j, turns both balls the same
    way, by 5/2 j / (m R) each, until the two surfaces move together.  It
    also pushes one ball up and the other down into the earth: the earth
    answers the one pressed down with friction at its foot, up to its mu_s
    times j, against the turn; so that ball turns by (1 - mu_s) of it.  The
    vertical pushes are otherwise left out, as is the friction across x.
    """
    va, vb = hit_1d(sa.vx_mps, sb.vx_mps, a, b)
    jn = a.mass_kg * (sa.vx_mps - va)
    ra, rb = ga.radius_m, gb.radius_m
    slide = -sa.wy_radps * ra - sb.wy_radps * rb            # A's surface against B's, upward
    stop = abs(slide) / (2.5 / a.mass_kg + 2.5 / b.mass_kg)
    j = math.copysign(min(hit_friction(a.friction * b.friction, slide) * jn, stop), slide)
    # j > 0: A's surface slid up, so friction pushes A down and B up (and the other way round)
    held_a, held_b = (ga.mu_slide, 0.0) if j > 0.0 else (0.0, gb.mu_slide)
    turn_a = 2.5 * j / (a.mass_kg * ra) * (1.0 - held_a)
    turn_b = 2.5 * j / (b.mass_kg * rb) * (1.0 - held_b)
    return (BallState(va, 0.0, sa.wx_radps, sa.wy_radps + turn_a), BallState(vb, 0.0, sb.wx_radps, sb.wy_radps + turn_b))


def _gap_after(gap: float, sa: BallState, ga: Ground, sb: BallState, gb: Ground, t: float) -> float:
    return gap + evolve(sb, gb, t)[0] - evolve(sa, ga, t)[0]


def _next_touch(gap: float, sa: BallState, ga: Ground, sb: BallState, gb: Ground) -> float:
    """When A, ``gap`` metres behind B along x, next touches it (``math.inf``: never)."""
    t = 0.0
    while t < _LAST_S:
        lo, t = t, t + _STEP_S
        if _gap_after(gap, sa, ga, sb, gb, t) <= 0.0:
            hi = t
            for _ in range(60):
                mid = 0.5 * (lo + hi)
                if _gap_after(gap, sa, ga, sb, gb, mid) <= 0.0:
                    hi = mid
                else:
                    lo = mid
            return hi
        if evolve(sa, ga, t)[2] == REST:
            return math.inf
    return math.inf


def head_on_travel(taw: BallState, taw_ground: Ground, a: Ball, b: Ball, b_ground: Ground, gap_m: float) -> float:
    """How far B, at rest ``gap_m`` (between surfaces) ahead of A on A's line, goes when A sets off in ``taw``
    along +x: every hit of A on B counted, each ball sliding and rolling by ``motion.evolve`` between them."""
    sa, sb, gap, travelled = taw, REST, gap_m, 0.0
    for _ in range(_MOST_HITS):
        t = _next_touch(gap, sa, taw_ground, sb, b_ground)
        if math.isinf(t):
            break
        dxa, _, sa = evolve(sa, taw_ground, t)
        dxb, _, sb = evolve(sb, b_ground, t)
        travelled += dxb
        sa, sb = hit_with_spin(sa, sb, a, b, taw_ground, b_ground)
        gap = 0.0
    return travelled + evolve(sb, b_ground, math.inf)[0]
