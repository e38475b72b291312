"""The impulse of two rolling spheres meeting: the pure law the tests hold Bullet's hits to.

Pure Python, SI units, no Panda3D.  Bullet's solver makes every hit in the
game (``contacts.py`` only reads what it applied); this module is the oracle
``tests/physics/test_phys_laws.py`` compares it with, and what the AI's
cheap estimates may use.  Restitution and friction of two bodies combine as
a product, as Bullet combines them, and friction falls with the slide at the
contact as ``hit_friction`` says (what ``hit_grip`` hands Bullet).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.physics.hit_friction import hit_friction


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
                            a: Ball, b: Ball, spin_slip_mps: float = 0.0) -> Impulse:
    """The impulse on A of two spheres meeting along the unit normal (nx, ny) from B to A.

    ``closing_mps`` is A's velocity relative to B along that normal (< 0
    when they close), (wx, wy) A's whole velocity relative to B, and
    ``spin_slip_mps`` how fast A's surface slides past B's at the contact
    out of the ground's plane, which their spins make (0 for unspun balls;
    for two rolling balls, the sum of their velocities along the normal).
    Normal ``J = m_red (1 + e) |v_rel . n|`` with e the product of
    restitutions.  Friction ``min(mu J, 2/7 m_red |slip|)`` against the
    whole slide at the contact (2/7: a solid sphere's contact, beyond which
    the surfaces stop slipping), mu the pair's grip at that slide
    (``hit_friction``); returned, its part across the ground.
    """
    m_red = a.mass_kg * b.mass_kg / (a.mass_kg + b.mass_kg)
    e = a.restitution * b.restitution
    jn = -(1.0 + e) * m_red * closing_mps
    tx, ty = wx_mps - closing_mps * nx, wy_mps - closing_mps * ny
    slide = math.hypot(tx, ty)
    slip = math.hypot(slide, spin_slip_mps)
    mu = hit_friction(a.friction * b.friction, slip)
    jt = min(mu * jn, 2.0 / 7.0 * m_red * slip)
    ix, iy = jn * nx, jn * ny
    if slide > 0.0:
        ix -= jt * tx / slip
        iy -= jt * ty / slip
    return Impulse(jn, ix, iy)


def head_on_speeds(v_mps: float, a: Ball, b: Ball) -> tuple[float, float]:
    """A at ``v_mps`` striking a resting B full on: the speeds of A and B just after (1-D, no friction)."""
    e = a.restitution * b.restitution
    m1, m2 = a.mass_kg, b.mass_kg
    return ((m1 - e * m2) * v_mps / (m1 + m2), m1 * (1.0 + e) * v_mps / (m1 + m2))


def cut_angle_deg(offset_fraction: float, a: Ball, b: Ball, speed_mps: float = 1.0) -> float:
    """The direction B leaves in (degrees from A's line) when A, sliding unspun at ``speed_mps``, strikes it
    off-centre.

    ``offset_fraction`` is the aim's offset over the sum of the radii (0.5: a
    half-ball hit, 30 degrees from the line on the line of centres).  B leaves
    along the impulse, which friction turns toward A's line: the throw, the
    less the faster the balls slide past each other (``hit_friction``).
    """
    phi = math.asin(offset_fraction)            # line of centres from A's line
    nx, ny = -math.cos(phi), math.sin(phi)      # from B to A, A moving along +x
    closing = -speed_mps * math.cos(phi)        # A's velocity (speed, 0) along n
    imp = rolling_spheres_impulse(closing, nx, ny, speed_mps, 0.0, a, b)
    return abs(math.degrees(math.atan2(-imp.y_Ns, -imp.x_Ns)))
