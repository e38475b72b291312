"""The ground's heights (``game.physics.terrain``): seeded, smooth enough never to throw a marble, as documented."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest

from game.physics.config import GRAVITY, PhysicsConfig
from game.physics.terrain import MAX_CURVATURE, GroundError, Terrain
from game.rules.house import GroundKind, HouseRules
from game.rules.layout import Layout

R = Layout().play_radius


def _field(terrain: Terrain, spacing: float = 0.01):
    xs, ys, z = terrain.grid(spacing, R)
    inside = np.hypot(xs[None, :], ys[:, None]) <= R
    return xs, ys, z, inside


def test_the_smooth_plane_is_level_everywhere_and_the_default():
    flat = Terrain.flat()
    assert flat == Terrain() == PhysicsConfig().ground == Terrain.from_house(HouseRules())
    assert flat.is_flat
    x = np.linspace(-2, 2, 9)
    assert np.all(flat.height_at(x, x[::-1]) == 0.0)
    gx, gy = flat.gradient_at(x, 0.5)
    assert np.all(gx == 0.0) and np.all(gy == 0.0)


def test_a_smooth_ground_forgets_any_roughness_and_seed():
    assert Terrain(GroundKind.SMOOTH, 5.0, 99) == Terrain.flat()


@pytest.mark.parametrize("roughness", [0.5, 3.0, 8.0])
def test_rough_earth_has_the_named_roughness_as_its_rms_height(roughness):
    _, _, z, inside = _field(Terrain.rough(roughness, 7))
    rms = float(np.sqrt(np.mean((z[inside] - z[inside].mean()) ** 2)))
    assert rms == pytest.approx(roughness * 1e-3, rel=0.2)


def test_the_same_seed_gives_the_same_ground_and_another_seed_another():
    a, b, c = Terrain.rough(3.0, 11), Terrain.rough(3.0, 11), Terrain.rough(3.0, 12)
    x = np.linspace(-2.0, 2.0, 101)
    assert np.array_equal(a.height_at(x, -x), b.height_at(x, -x))
    assert a == b and hash(a) == hash(b) and a != c
    assert np.max(np.abs(a.height_at(x, -x) - c.height_at(x, -x))) > 1e-3


def test_the_same_seed_gives_the_same_ground_in_another_process():
    code = ("from game.physics.terrain import Terrain; t = Terrain.rough(4.5, 123); "
            "print(repr(float(t.height_at(0.37, -1.21))), repr(t.gradient1(1.5, 0.25)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split(" ", 1)
    here = Terrain.rough(4.5, 123)
    assert float(out[0]) == float(here.height_at(0.37, -1.21))
    assert out[1].strip() == repr(here.gradient1(1.5, 0.25))


def test_the_gradient_is_the_derivative_of_the_height():
    t = Terrain(GroundKind.ROUGH, 3.0, 5, tilt=(0.01, -0.02))
    rng = np.random.default_rng(0)
    x, y = rng.uniform(-2, 2, 50), rng.uniform(-2, 2, 50)
    e = 1e-6
    gx, gy = t.gradient_at(x, y)
    assert np.allclose(gx, (t.height_at(x + e, y) - t.height_at(x - e, y)) / (2 * e), atol=1e-7)
    assert np.allclose(gy, (t.height_at(x, y + e) - t.height_at(x, y - e)) / (2 * e), atol=1e-7)


def test_the_scalar_fast_paths_agree_with_the_vectorised_ones():
    t = Terrain(GroundKind.ROUGH, 6.0, 3, tilt=(0.0, 0.03))
    for x, y in [(0.0, 0.0), (1.3, -0.7), (-2.2, 0.4)]:
        assert t.height1(x, y) == pytest.approx(float(t.height_at(x, y)), abs=1e-15)
        assert t.gradient1(x, y) == pytest.approx(tuple(float(g) for g in t.gradient_at(x, y)), abs=1e-15)


def test_a_tilt_is_a_plane_of_that_slope():
    t = Terrain(tilt=(0.05, -0.02))
    assert not t.is_flat
    assert float(t.height_at(2.0, 1.0)) == pytest.approx(0.05 * 2.0 - 0.02 * 1.0)
    assert t.centre_height(0.0, 0.0, 0.008) == pytest.approx(0.008 * math.sqrt(1 + 0.05 ** 2 + 0.02 ** 2))


@pytest.mark.parametrize("roughness, seed", [(0.5, 1), (3.0, 1), (8.0, 2), (20.0, 3)])
def test_no_crest_curves_enough_to_throw_a_ball_at_the_shot_cap(roughness, seed):
    t = Terrain.rough(roughness, seed)
    k2 = t._kx ** 2 + t._ky ** 2
    assert float(np.sum(t.amplitudes_m * k2)) == pytest.approx(MAX_CURVATURE)   # the bound, all crests together
    # the sharpest downward curvature on the table, along any heading, from the Hessian
    xs, ys, _, inside = _field(t, 0.02)
    X, Y = np.meshgrid(xs, ys)
    c = np.cos(np.multiply.outer(X, t._kx) + np.multiply.outer(Y, t._ky) + t._phase) * t.amplitudes_m
    hxx, hyy, hxy = (-(c * t._kx ** 2).sum(-1), -(c * t._ky ** 2).sum(-1), -(c * t._kx * t._ky).sum(-1))
    most_convex = -((hxx + hyy) / 2 - np.sqrt(((hxx - hyy) / 2) ** 2 + hxy ** 2))
    cap = PhysicsConfig().max_shot_speed
    assert float(most_convex[inside].max()) * cap ** 2 < GRAVITY


def test_rough_earth_is_gentle_slopes_of_a_few_mm_over_tens_of_cm():
    t = Terrain.rough(3.0, 1)
    assert np.all((t.wavelengths_m > 0.3) & (t.wavelengths_m < 2.0))
    xs, ys, z, inside = _field(t)
    gx, gy = t.gradient_at(xs[None, :], ys[:, None])
    slope = np.degrees(np.arctan(np.hypot(gx, gy)[inside]))
    assert 0.5 < float(np.median(slope)) < 2.0 and float(slope.max()) < 5.0


def test_the_grid_covers_the_square_at_the_spacing():
    xs, ys, z = Terrain.rough(3.0, 1).grid(0.05, 2.5)
    assert xs[0] == -2.5 and xs[-1] == 2.5 and np.all(np.diff(xs) <= 0.05 + 1e-12)
    assert z.shape == (ys.size, xs.size)
    assert z[3, 7] == float(Terrain.rough(3.0, 1).height_at(xs[7], ys[3]))


@pytest.mark.parametrize("kwargs, words", [
    ({"kind": GroundKind.ROUGH, "roughness_mm": -1.0}, "roughness"),
    ({"kind": GroundKind.ROUGH, "roughness_mm": float("nan")}, "roughness"),
    ({"kind": GroundKind.ROUGH, "roughness_mm": 3.0, "seed": -4}, "seed"),
    ({"tilt": (0.5, 0.0)}, "tilt"),
])
def test_an_impossible_ground_is_refused_naming_what(kwargs, words):
    with pytest.raises(GroundError, match=words):
        Terrain(**kwargs)


def test_a_game_config_takes_its_ground_from_the_house_rules():
    house = HouseRules(ground=GroundKind.ROUGH, ground_roughness_mm=5.0, ground_seed=42)
    config = PhysicsConfig.for_game(Layout(), house)
    assert config.ground == Terrain.rough(5.0, 42) and config.play_radius == Layout().play_radius
    assert PhysicsConfig.for_game(Layout(), HouseRules()).ground.is_flat
