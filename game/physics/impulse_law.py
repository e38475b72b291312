"""The impulse of two rolling spheres meeting: the pure law the tests hold Bullet's hits to.

Pure Python, SI units, no Panda3D.  Bullet's solver makes every hit in the
game (``contacts.py`` only reads what it applied); this module is the oracle
``tests/physics/test_phys_laws.py`` compares it with, and what the AI's
cheap estimates may use.  Restitution and friction of two bodies combine as
a product, as Bullet combines them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(slots=True, frozen=True)
class Ball:
    """What a hit needs to know of a body (restitution and friction are per body, combined by product)."""

    mass_kg: float
    restitution: float
    friction: float


@dataclass(slots=True, frozen=True)
class Impulse:
    """The impulse on A: its normal magnitude and its (x, y) components, in N·s."""

    normal_Ns: float
    x_Ns: float
    y_Ns: float


def rolling_spheres_impulse(closing_mps: float, nx: float, ny: float, wx_mps: float, wy_mps: float,
                            a: Ball, b: Ball) -> Impulse:
    """The impulse on A of two spheres meeting along the unit normal (nx, ny) from B to A.

    ``closing_mps`` is A's velocity relative to B along that normal (< 0
    when they close), (wx, wy) A's whole velocity relative to B.  Normal
    ``J = m_red (1 + e) |v_rel . n|`` with e the product of restitutions;
    tangential ``min(mu J, 2/7 m_red |v_t|)`` against the sliding (2/7: a
    solid sphere's contact, beyond which the surfaces stop slipping).
    """
    m_red = a.mass_kg * b.mass_kg / (a.mass_kg + b.mass_kg)
    e = a.restitution * b.restitution
    jn = -(1.0 + e) * m_red * closing_mps
    tx, ty = wx_mps - closing_mps * nx, wy_mps - closing_mps * ny
    slide = math.hypot(tx, ty)
    mu = a.friction * b.friction
    jt = min(mu * jn, 2.0 / 7.0 * m_red * slide)
    ix, iy = jn * nx, jn * ny
    if slide > 0.0:
        ix -= jt * tx / slide
        iy -= jt * ty / slide
    return Impulse(jn, ix, iy)


def head_on_speeds(v_mps: float, a: Ball, b: Ball) -> tuple[float, float]:
    """A at ``v_mps`` striking a resting B full on: the speeds of A and B just after (1-D, no friction)."""
    e = a.restitution * b.restitution
    m1, m2 = a.mass_kg, b.mass_kg
    return ((m1 - e * m2) * v_mps / (m1 + m2), m1 * (1.0 + e) * v_mps / (m1 + m2))


def cut_angle_deg(offset_fraction: float, a: Ball, b: Ball) -> float:
    """The direction B leaves in (degrees from A's line) when A, sliding unspun, strikes it off-centre.

    ``offset_fraction`` is the aim's offset over the sum of the radii (0.5: a
    half-ball hit, 30 degrees from the line on the line of centres).  B leaves
    along the impulse, which friction turns toward A's line: the throw.
    """
    phi = math.asin(offset_fraction)            # line of centres from A's line
    nx, ny = -math.cos(phi), math.sin(phi)      # from B to A, A moving along +x
    closing = -math.cos(phi)                    # A's velocity (1, 0) along n
    imp = rolling_spheres_impulse(closing, nx, ny, 1.0, 0.0, a, b)
    return abs(math.degrees(math.atan2(-imp.y_Ns, -imp.x_Ns)))
