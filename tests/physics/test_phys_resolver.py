"""The hit resolver on plain records, without Bullet or Panda3D (as pooltool tests its collision models).

``game.physics.resolver`` is pure: these tests build ``Touch`` records by
hand, answer the resolver's questions from dicts, and check the laws.
"""

from __future__ import annotations

import math
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.physics.resolver import (
    Ask,
    Ball,
    Substep,
    Touch,
    TouchKind,
    resolve,
    rolling_spheres_impulse,
    touch_back_s,
)

GLASS = Ball(mass_kg=0.005, radius_mm=8.0, restitution=0.96, friction=0.3)
LEAD = Ball(mass_kg=0.027, radius_mm=8.25, restitution=0.26, friction=0.5)
H = 1.0 / 480.0
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Table:
    """The resolver's surroundings as plain dicts: velocities (mm/s) and centres at the substep's start (mm)."""

    velocity: dict[str, tuple[float, float]]
    start: dict[str, tuple[float, float]]
    asked: list[Ask] = field(default_factory=list)

    def velocity_mmps(self, body: str) -> tuple[float, float]:
        return self.velocity[body]

    def start_mm(self, body: str) -> tuple[float, float]:
        return self.start[body]

    def velocity_at_mmps(self, body: str, t_s: float) -> tuple[float, float]:
        return self.velocity[body]

    def nearby(self, asks: list[Ask]) -> list[list[str]]:
        self.asked += asks
        return [[b for b in self.start if b != ask.body] for ask in asks]


def _graze(a: str, b: str, table: Table) -> Touch:
    ax, ay = table.start[a]
    bx, by = table.start[b]
    return Touch(a, b, TouchKind.GRAZE, True, (ax - bx, ay - by), (bx, by), passing=True)


def _overlapping(a: str, b: str, table: Table) -> Touch:
    """A pair Bullet saw overlapping, and gave no impulse (so nothing is taken back)."""
    ax, ay = table.start[a]
    bx, by = table.start[b]
    return Touch(a, b, TouchKind.MANIFOLD, True, (ax - bx, ay - by), (bx, by))


def test_the_resolver_imports_without_panda3d() -> None:
    code = textwrap.dedent("""
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name == "panda3d" or name.startswith("panda3d."):
                    raise ImportError("panda3d is blocked")
                return None
        sys.meta_path.insert(0, Block())
        import game.physics.resolver as r
        ball = r.Ball(0.005, 8.0, 0.96, 0.3)
        print(r.rolling_spheres_impulse(-1000.0, 1.0, 0.0, -1000.0, 0.0, ball, ball).normal_mNs)
        print(sorted(m for m in sys.modules if m.startswith(("panda3d", "numpy"))))
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    impulse, loaded = done.stdout.split("\n")[:2]
    assert float(impulse) == pytest.approx(0.0025 * (1 + 0.96 ** 2) * 1000.0)
    assert loaded == "[]"


def test_a_full_on_hit_of_equal_glass_balls_passes_the_speed_on_by_the_restitution() -> None:
    imp = rolling_spheres_impulse(-1000.0, -1.0, 0.0, 1000.0, 0.0, GLASS, GLASS)
    e = GLASS.restitution ** 2
    m_red = GLASS.mass_kg / 2
    assert imp.normal_mNs == pytest.approx(m_red * (1 + e) * 1000.0)
    assert imp.x_mNs == pytest.approx(-imp.normal_mNs) and imp.y_mNs == 0.0
    # A (the striker) keeps (1 - e)/2 of its speed, B takes (1 + e)/2.
    assert 1000.0 + imp.x_mNs / GLASS.mass_kg == pytest.approx(1000.0 * (1 - e) / 2)


def test_the_tangential_impulse_is_capped_by_friction_and_by_the_rolling_limit() -> None:
    # A glancing hit: n along -x, the relative velocity mostly along +y.
    wx, wy = 100.0, 2000.0
    imp = rolling_spheres_impulse(-100.0, -1.0, 0.0, wx, wy, GLASS, GLASS)
    jt = -imp.y_mNs   # against the sliding (+y)
    m_red = GLASS.mass_kg / 2
    assert jt == pytest.approx(min(GLASS.friction ** 2 * imp.normal_mNs, 2 / 7 * m_red * 2000.0))
    assert jt == pytest.approx(GLASS.friction ** 2 * imp.normal_mNs)   # friction binds here


def test_glass_on_the_lead_sun_rebounds_slowly_and_moves_the_sun_little() -> None:
    imp = rolling_spheres_impulse(-1000.0, -1.0, 0.0, 1000.0, 0.0, GLASS, LEAD)
    e = GLASS.restitution * LEAD.restitution
    taw_after = 1000.0 + imp.x_mNs / GLASS.mass_kg
    sun_after = -imp.x_mNs / LEAD.mass_kg
    assert taw_after == pytest.approx(1000.0 * (GLASS.mass_kg - e * LEAD.mass_kg) / (GLASS.mass_kg + LEAD.mass_kg))
    assert taw_after < 0.0 < sun_after < 300.0
    momentum = GLASS.mass_kg * taw_after + LEAD.mass_kg * sun_after
    assert momentum == pytest.approx(GLASS.mass_kg * 1000.0)


def test_time_of_contact_rewinds_an_overlap_to_the_touching_instant() -> None:
    # A 1 mm into B's 16 mm reach, closing at 1000 mm/s: it touched 1 ms ago.
    s = touch_back_s(15.0, 0.0, -1000.0, 0.0, 16.0)
    assert s == pytest.approx(1e-3)
    # Stopped just short: the touch lies ahead (negative).
    assert touch_back_s(16.5, 0.0, -1000.0, 0.0, 16.0) == pytest.approx(-0.5e-3)
    # Moving apart, not a graze: no touch; a graze's touch (its entry) lies behind it.
    assert touch_back_s(15.0, 0.0, 1000.0, 0.0, 16.0) is None
    assert touch_back_s(0.0, 17.0, 0.0, 1000.0, 16.0) is None
    assert touch_back_s(3.0, 15.0, 1000.0, 0.0, 16.0, passing=True) == pytest.approx((3 + math.sqrt(31)) / 1000)
    # Paths that never come within reach, or no relative motion.
    assert touch_back_s(0.0, 20.0, -1000.0, 0.0, 16.0) is None
    assert touch_back_s(15.0, 0.0, 0.0, 0.0, 16.0) is None


def test_a_touch_found_before_the_last_hit_is_moved_to_that_hit() -> None:
    # Within reach when the last hit (0.5 ms ago) was resolved, and closing: it touched then.
    assert touch_back_s(15.0, 0.0, -1000.0, 0.0, 16.0, latest_s=0.5e-3) == pytest.approx(0.5e-3)


def test_a_graze_between_two_boundaries_is_a_hit_at_its_touching_instant() -> None:
    # A passes B 15 mm off centre at 3 m/s; at the substep's start it is 1 mm short of the deepest point.
    table = Table({"a": (3000.0, 0.0), "b": (0.0, 0.0)}, {"a": (-1.0, 15.0), "b": (0.0, 0.0)})
    out = resolve([_graze("a", "b", table)], {"a": GLASS, "b": GLASS}, Substep(H, 10 * H), table)
    (hit,) = out.contacts
    assert (hit.a, hit.b) == ("a", "b")
    # Rewound along x to the entry: x = -sqrt(16^2 - 15^2).
    back = (-1.0 + math.sqrt(16 ** 2 - 15 ** 2)) / 3000.0
    assert hit.t == pytest.approx(9 * H - back)
    assert out.velocities["b"].after_mmps[1] < 0.0 < out.velocities["a"].after_mmps[1]


def test_hits_come_out_earliest_touch_first_whatever_order_they_are_given_in() -> None:
    # Two taws overlapping two resting marbles, one touched 0.1 ms before the other.
    table = Table({"a": (-1000.0, 0.0), "b": (0.0, 0.0), "c": (-1000.0, 0.0), "d": (0.0, 0.0)},
                  {"a": (15.9, 0.0), "b": (0.0, 0.0), "c": (100.0 + 15.8, 0.0), "d": (100.0, 0.0)})
    balls = {k: GLASS for k in "abcd"}
    touches = [_overlapping("a", "b", table), _overlapping("c", "d", table)]
    for order in (touches, touches[::-1]):
        out = resolve(order, balls, Substep(H, 5 * H), table)
        assert [(c.a, c.b) for c in out.contacts] == [("c", "d"), ("a", "b")]
        assert out.contacts[0].t < out.contacts[1].t


def test_a_blow_passes_along_a_row_of_touching_balls() -> None:
    # a strikes b, which touches c: c is struck in turn (a follow-on of the same substep).
    table = Table({"a": (-2000.0, 0.0), "b": (0.0, 0.0), "c": (0.0, 0.0)},
                  {"a": (15.0, 0.0), "b": (0.0, 0.0), "c": (-16.0, 0.0)})
    out = resolve([_overlapping("a", "b", table)], {k: GLASS for k in "abc"}, Substep(H, H), table)
    assert [(c.a, c.b) for c in out.contacts] == [("a", "b"), ("b", "c")]
    assert out.velocities["c"].after_mmps[0] < -1500.0   # most of the blow reached the far ball
    assert table.asked   # the follow-on look asked who the struck bodies could meet


def test_a_pair_closing_slower_than_a_hit_keeps_bullets_answer_and_makes_no_event() -> None:
    table = Table({"a": (-0.5, 0.0), "b": (0.0, 0.0)}, {"a": (15.9, 0.0), "b": (0.0, 0.0)})
    touch = _overlapping("a", "b", table)
    touch.bullet_impulse_mNs = (0.001, 0.0)
    out = resolve([touch], {"a": GLASS, "b": GLASS}, Substep(H, H), table)
    assert out.contacts == [] and out.forget == []
    # Taken back, then given again: Bullet's velocities stand.
    assert out.velocities["a"].after_mmps == pytest.approx((-0.5, 0.0))


def test_a_replaced_manifold_is_handed_back_to_be_forgotten() -> None:
    table = Table({"a": (-1000.0, 0.0), "b": (0.0, 0.0)}, {"a": (15.0, 0.0), "b": (0.0, 0.0)})
    touch = _overlapping("a", "b", table)
    touch.handle = manifold = object()
    out = resolve([touch], {"a": GLASS, "b": GLASS}, Substep(H, H), table)
    assert out.forget == [manifold] and len(out.contacts) == 1


def test_energy_never_grows_in_a_resolved_hit() -> None:
    import random

    rng = random.Random(5)
    for _ in range(500):
        a, b = rng.choice([(GLASS, GLASS), (GLASS, LEAD), (LEAD, GLASS)])
        angle = rng.uniform(-math.pi / 2 + 0.01, math.pi / 2 - 0.01)
        nx, ny = -math.cos(angle), -math.sin(angle)
        wx, wy = rng.uniform(100, 3800), rng.uniform(-500, 500)
        closing = wx * nx + wy * ny
        if closing >= 0:
            continue
        imp = rolling_spheres_impulse(closing, nx, ny, wx, wy, a, b)
        va = (wx + imp.x_mNs / a.mass_kg, wy + imp.y_mNs / a.mass_kg)
        vb = (-imp.x_mNs / b.mass_kg, -imp.y_mNs / b.mass_kg)
        before = a.mass_kg * (wx * wx + wy * wy)
        after = a.mass_kg * (va[0] ** 2 + va[1] ** 2) + b.mass_kg * (vb[0] ** 2 + vb[1] ** 2)
        assert after <= before * (1 + 1e-12)
