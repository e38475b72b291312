"""A player's hands: the executed shot differs from the intended one.

Noise is Gaussian in angle and relative speed, drawn from a generator seeded
by the caller (the match seed and turn for a real shot; the plan seed and the
candidate's index for a rollout), so every noisy shot can be replayed.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from game.ai.candidates import Candidate


def seed_for(*parts: int | str) -> int:
    """A stable 63-bit seed from a tuple (Python's hash() of str is salted per process)."""
    import hashlib

    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def jitter(candidate: Candidate, angle_noise_deg: float, speed_noise_frac: float, seed: int,
           speed_cap: float) -> Candidate:
    """The shot as the hands deliver it."""
    if angle_noise_deg <= 0 and speed_noise_frac <= 0:
        return candidate
    rng = random.Random(seed)
    angle = candidate.angle + math.radians(rng.gauss(0.0, angle_noise_deg))
    factor = max(0.2, 1.0 + rng.gauss(0.0, speed_noise_frac))
    speed = min(speed_cap, candidate.speed * factor)
    return replace(candidate, angle=angle, speed=speed)
