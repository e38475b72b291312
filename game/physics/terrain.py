"""The ground's heights: a smooth plane, or rough earth with gentle slopes and hollows.

Pure numpy (no Bullet, no Panda): the physics builds its collision ground
from a ``Terrain`` (``world.py``), the renderer draws the same heights, and
the rules never look at them (orbits and lines are judged in the
horizontal plane, ``docs/rules.md``).  One value, three numbers: the kind
(``GroundKind`` of the house rules), the roughness and the seed.  The same
three numbers give the same ground in any process.

**Rough earth** is a sum of ``WAVES`` long, low waves, each
``a cos(k·p + phase)``, with directions, relative lengths, weights and
phases drawn from the seed.  Their amplitudes are scaled so that the
heights' root-mean-square over the plane is exactly ``roughness_mm``; then
all the wavelengths are scaled together so that the sharpest crest the
waves could make, were every crest to meet at one point
(``sum a k²``), curves at ``MAX_CURVATURE``.  A ball stays on a crest of
curvature κ while ``v² κ < g``: at 0.5 per metre that holds up to
4.4 m/s, above the shot cap of 3.8 m/s, so a marble never hops off the
ground, at any roughness.  Rougher ground is therefore also longer: at
3 mm the waves are about 0.9 m long, at 0.5 mm about 0.4 m, at 8 mm about
1.5 m; slopes are a degree or two, steepest about 4°.

A ``tilt`` (dh/dx, dh/dy) adds a uniform incline under the waves: a known
slope for tests and lessons.  The house rules have none.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from game.errors import UserError
from game.rules.house import GroundKind, HouseRules

WAVES = 6                  # waves summed into rough earth
MAX_CURVATURE = 0.5        # 1/m: the sharpest crest the waves could ever make together
RELATIVE_LENGTHS = (0.7, 1.4)   # each wave's length, relative to the ground's base length
MAX_ROUGHNESS_MM = 20.0    # a Terrain's bound (the house rules allow 0.5 ... 8)
MAX_TILT = 0.2             # a Terrain's bound on each slope of its incline (11°)
MAX_SEED = 2**31 - 1

ArrayLike = Any  # a float or a numpy array


class GroundError(UserError):
    """A ground that cannot be built (a roughness, seed or tilt out of bounds)."""


@dataclass(frozen=True)
class Terrain:
    """The ground's heights z = h(x, y) in metres; ``h = 0`` everywhere for the smooth plane.

    ``kind`` smooth has no waves (its roughness and seed are kept as 0);
    ``kind`` rough with roughness 0 is a flat ground that the physics still
    rolls on slabs (``ground_contact.Slabs``; the tests compare it with the
    plane).
    """

    kind: GroundKind = GroundKind.SMOOTH
    roughness_mm: float = 0.0
    seed: int = 0
    tilt: tuple[float, float] = (0.0, 0.0)
    # The waves, derived from the three numbers: (n,) arrays kx, ky (rad/m), amplitude (m), phase (rad).
    _kx: np.ndarray = field(init=False, repr=False, compare=False)
    _ky: np.ndarray = field(init=False, repr=False, compare=False)
    _amp: np.ndarray = field(init=False, repr=False, compare=False)
    _phase: np.ndarray = field(init=False, repr=False, compare=False)
    _scalars: tuple[tuple[float, float, float, float], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        kind = GroundKind(self.kind)
        roughness, seed = float(self.roughness_mm), int(self.seed)
        tilt = (float(self.tilt[0]), float(self.tilt[1]))
        if not (math.isfinite(roughness) and 0.0 <= roughness <= MAX_ROUGHNESS_MM):
            raise GroundError(f"ground roughness must lie between 0 and {MAX_ROUGHNESS_MM:g} mm, not {roughness}")
        if not 0 <= seed <= MAX_SEED:
            raise GroundError(f"ground seed must lie between 0 and {MAX_SEED}, not {seed}")
        if not all(math.isfinite(t) and abs(t) <= MAX_TILT for t in tilt):
            raise GroundError(f"ground tilt must be two slopes of at most {MAX_TILT:g}, not {self.tilt!r}")
        if kind is GroundKind.SMOOTH:
            roughness, seed = 0.0, 0
        for name, value in (("kind", kind), ("roughness_mm", roughness), ("seed", seed), ("tilt", tilt)):
            object.__setattr__(self, name, value)
        for name, wave in zip(("_kx", "_ky", "_amp", "_phase"), _waves(roughness * 1e-3, seed)):
            wave.setflags(write=False)
            object.__setattr__(self, name, wave)
        # The same waves as plain floats, for the one-point paths the physics calls every substep.
        object.__setattr__(self, "_scalars", tuple(
            (float(a), float(b), float(c), float(d)) for a, b, c, d in zip(self._kx, self._ky, self._amp, self._phase)))

    # -- making one ------------------------------------------------------------

    @classmethod
    def flat(cls) -> "Terrain":
        """The smooth plane z = 0: the default ground."""
        return cls()

    @classmethod
    def rough(cls, roughness_mm: float = 3.0, seed: int = 1) -> "Terrain":
        return cls(GroundKind.ROUGH, roughness_mm, seed)

    @classmethod
    def from_house(cls, house: HouseRules) -> "Terrain":
        """The ground the house rules name (their ``ground``, ``ground_roughness_mm``, ``ground_seed``)."""
        if house.ground is GroundKind.SMOOTH:
            return cls.flat()
        return cls(GroundKind.ROUGH, house.ground_roughness_mm, house.ground_seed)

    # -- what it is ----------------------------------------------------------------

    @property
    def is_flat(self) -> bool:
        """The level plane z = 0: ``world.new_ground`` gives it Bullet's plane (``ground.Plane``), any other ground
        slabs."""
        return self.kind is GroundKind.SMOOTH and self.tilt == (0.0, 0.0)

    @property
    def steepest(self) -> float:
        """A bound on the slope |∇h| anywhere: the tilt's plus every wave's steepest, as if they all lined up."""
        return math.hypot(*self.tilt) + float(np.sum(self._amp * np.hypot(self._kx, self._ky)))

    @property
    def wavelengths_m(self) -> np.ndarray:
        """Each wave's length (empty for no waves)."""
        return np.asarray(2.0 * np.pi / np.hypot(self._kx, self._ky))

    @property
    def amplitudes_m(self) -> np.ndarray:
        return np.array(self._amp)

    def height_at(self, x: ArrayLike, y: ArrayLike) -> ArrayLike:
        """Height (m) at (x, y) (m); numpy arrays broadcast."""
        x = np.asarray(x, dtype=np.float64)
        y = np.asarray(y, dtype=np.float64)
        z = self.tilt[0] * x + self.tilt[1] * y
        if self._amp.size:
            arg = np.multiply.outer(x, self._kx) + np.multiply.outer(y, self._ky) + self._phase
            z = z + (np.cos(arg) * self._amp).sum(axis=-1)
        return z

    def gradient_at(self, x: ArrayLike, y: ArrayLike) -> tuple[ArrayLike, ArrayLike]:
        """(dh/dx, dh/dy) at (x, y); numpy arrays broadcast."""
        x = np.asarray(x, dtype=np.float64)
        y = np.asarray(y, dtype=np.float64)
        shape = np.broadcast(x, y).shape
        gx = np.full(shape, self.tilt[0])
        gy = np.full(shape, self.tilt[1])
        if self._amp.size:
            arg = np.multiply.outer(x, self._kx) + np.multiply.outer(y, self._ky) + self._phase
            s = -np.sin(arg) * self._amp
            gx = gx + (s * self._kx).sum(axis=-1)
            gy = gy + (s * self._ky).sum(axis=-1)
        return gx, gy

    def height1(self, x: float, y: float) -> float:
        """``height_at`` for one point, in plain floats (the control tick's fast path)."""
        z = self.tilt[0] * x + self.tilt[1] * y
        for kx, ky, a, ph in self._scalars:
            z += a * math.cos(kx * x + ky * y + ph)
        return z

    def gradient1(self, x: float, y: float) -> tuple[float, float]:
        """``gradient_at`` for one point, in plain floats."""
        gx, gy = self.tilt
        for kx, ky, a, ph in self._scalars:
            s = -a * math.sin(kx * x + ky * y + ph)
            gx += s * kx
            gy += s * ky
        return gx, gy

    def height_gradient1(self, x: float, y: float) -> tuple[float, float, float]:
        """``height1`` and ``gradient1`` together, at the cost of one (a slab is laid with both)."""
        gx, gy = self.tilt
        z = gx * x + gy * y
        cos, sin = math.cos, math.sin
        for kx, ky, a, ph in self._scalars:
            arg = kx * x + ky * y + ph
            z += a * cos(arg)
            s = a * sin(arg)
            gx -= s * kx
            gy -= s * ky
        return z, gx, gy

    def centre_height(self, x: float, y: float, radius: float) -> float:
        """Height (m) of the centre of a ball of ``radius`` resting on the ground with its centre above (x, y).

        Exact on a plane (h + R·sqrt(1 + |∇h|²)); on the waves it is off by
        about R²κ/2, under 0.02 µm.
        """
        gx, gy = self.gradient1(x, y)
        return self.height1(x, y) + radius * math.sqrt(1.0 + gx * gx + gy * gy)

    def grid(self, spacing: float, half_width: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Sample points ``xs``, ``ys`` (from -half_width to half_width, ``spacing`` apart or a hair less) and heights ``z[iy, ix]``."""
        if not (spacing > 0 and half_width > 0):
            raise ValueError("spacing and half_width must be positive")
        n = int(math.ceil(2.0 * half_width / spacing)) + 1
        xs = np.linspace(-half_width, half_width, n)
        return xs, xs.copy(), self.height_at(xs[None, :], xs[:, None])


def _waves(roughness_m: float, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The waves of rough earth (see the module docstring); none for a roughness of 0."""
    if roughness_m == 0.0:
        empty = np.zeros(0)
        return empty, empty.copy(), empty.copy(), empty.copy()
    rng = np.random.default_rng([0x6A0D, seed])   # the ground's own stream, apart from any game's seed
    heading = (np.arange(WAVES) + rng.uniform(0.0, 1.0, WAVES)) * (np.pi / WAVES)   # spread round the half turn
    relative = rng.uniform(*RELATIVE_LENGTHS, WAVES)
    weight = rng.uniform(0.5, 1.0, WAVES) * relative    # longer waves stand taller
    phase = rng.uniform(0.0, 2.0 * np.pi, WAVES)
    amp = roughness_m * math.sqrt(2.0) * weight / math.sqrt(float(np.sum(weight ** 2)))   # rms = roughness
    # sum a (2π / (relative L))² = MAX_CURVATURE  ->  the base length L
    base = 2.0 * np.pi * math.sqrt(float(np.sum(amp / relative ** 2)) / MAX_CURVATURE)
    k = 2.0 * np.pi / (relative * base)
    return k * np.cos(heading), k * np.sin(heading), amp, phase
