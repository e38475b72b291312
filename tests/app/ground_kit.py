"""Grounds for the renderer's tests: rough earth of the house rules' default, and a known incline."""

from __future__ import annotations

import math

import numpy as np


class _Waves:
    """A few long, low waves (stands in for the physics' Terrain until it is on main)."""

    is_flat = False

    def __init__(self, rms_mm: float, seed: int, tilt: tuple[float, float]) -> None:
        rng = np.random.default_rng(seed)
        n = 6 if rms_mm > 0 else 0
        heading = (np.arange(n) + rng.uniform(0, 1, n)) * np.pi / n
        rel = rng.uniform(0.7, 1.4, n)
        w = rng.uniform(0.5, 1, n) * rel
        self.amp = rms_mm * 1e-3 * math.sqrt(2) * w / math.sqrt(max(float((w ** 2).sum()), 1e-30))
        base = 2 * np.pi * math.sqrt(float(np.sum(self.amp / rel ** 2)) / 0.5) if n else 1.0
        k = 2 * np.pi / (rel * base)
        self.kx, self.ky = k * np.cos(heading), k * np.sin(heading)
        self.ph = rng.uniform(0, 2 * np.pi, n)
        self.tilt = tilt

    def height_at(self, x, y):
        x, y = np.asarray(x, float), np.asarray(y, float)
        arg = np.multiply.outer(x, self.kx) + np.multiply.outer(y, self.ky) + self.ph
        return self.tilt[0] * x + self.tilt[1] * y + (np.cos(arg) * self.amp).sum(-1)

    def gradient_at(self, x, y):
        x, y = np.asarray(x, float), np.asarray(y, float)
        arg = np.multiply.outer(x, self.kx) + np.multiply.outer(y, self.ky) + self.ph
        s = -np.sin(arg) * self.amp
        return self.tilt[0] + (s * self.kx).sum(-1), self.tilt[1] + (s * self.ky).sum(-1)


def rough(rms_mm: float = 3.0, seed: int = 1):
    return _Waves(rms_mm, seed, (0.0, 0.0))


def tilted(slope_x: float, slope_y: float = 0.0):
    return _Waves(0.0, 0, (slope_x, slope_y))
