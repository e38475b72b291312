"""Choosing the graphics quality that holds 30 frames a second on the machine the game finds.

Two things decide it: the renderer's name (a software rasteriser such as
llvmpipe shades every pixel on the CPU, so multisampling is never offered
there and the walk down starts without the big shadow map) and a short
measurement of real frames at each candidate, best first, stopping at the
first that fits the budget with room to spare.  The decision is a pure
function of the name and the measurements (``detect``); ``measure_frames``
is the part that draws.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

TARGET_MS = 1000.0 / 30.0
HEADROOM = 0.8  # a candidate fits if its frame takes at most 80% of the budget: the HUD and a shot cost more
SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "software rasterizer", "gdi generic")


@dataclass(frozen=True)
class Profile:
    """One rung of the ladder: the settings it stands for."""

    quality: str  # the shadow map's size: low/medium/high (game.app.settings.QUALITY_CHOICES)
    shadows: bool
    msaa: int
    render_scale: float

    def describe(self) -> str:
        shadows = f"shadows {self.quality}" if self.shadows else "no shadows"
        msaa = f"MSAA {self.msaa}x" if self.msaa else "no MSAA"
        scale = "" if self.render_scale == 1.0 else f", drawn at {round(self.render_scale * 100)}%"
        return f"{shadows}, {msaa}{scale}"


LADDER: tuple[Profile, ...] = (
    Profile("high", True, 4, 1.0),
    Profile("medium", True, 2, 1.0),
    Profile("medium", True, 0, 1.0),
    Profile("low", False, 0, 1.0),
    Profile("low", False, 0, 0.75),
    Profile("low", False, 0, 0.5),
)


@dataclass(frozen=True)
class Detection:
    renderer: str
    profile: Profile
    frame_ms: float  # the chosen profile's measured median frame
    tried: tuple[tuple[Profile, float], ...]

    def summary(self) -> str:
        fits = self.frame_ms <= TARGET_MS
        verdict = "holds 30 fps" if fits else "the cheapest there is; below 30 fps on this machine"
        return f"{self.profile.describe()}: {self.frame_ms:.0f} ms a frame ({verdict}) on {self.renderer}"


def is_software(renderer: str) -> bool:
    name = renderer.lower()
    return any(word in name for word in SOFTWARE_RENDERERS)


def candidates(renderer: str) -> tuple[Profile, ...]:
    """The rungs worth measuring on this renderer, best first.

    On a software rasteriser multisampling multiplies the pixels shaded and
    the 2048 shadow map alone costs more than the budget, so those rungs are
    skipped without measuring.
    """
    if is_software(renderer):
        return tuple(p for p in LADDER if p.msaa == 0)
    return LADDER


def detect(renderer: str, measure: Callable[[Profile], float], target_ms: float = TARGET_MS) -> Detection:
    """Walk down the candidates, measuring each, until one fits ``HEADROOM`` of ``target_ms``.

    Multisampling cannot change on a live window, so ``measure`` sees a
    rung's MSAA only in its settings; on hardware the fit of the rung
    without it stands in (MSAA is cheap there).  When nothing fits, the
    cheapest rung is chosen.
    """
    tried: list[tuple[Profile, float]] = []
    ladder = candidates(renderer)
    for profile in ladder:
        ms = measure(profile)
        tried.append((profile, ms))
        if ms <= target_ms * HEADROOM:
            return Detection(renderer, profile, ms, tuple(tried))
    return Detection(renderer, ladder[-1], tried[-1][1], tuple(tried))


def both_clocks() -> np.ndarray:
    """Wall time and this process's CPU time (every thread's, llvmpipe's too), in seconds."""
    return np.array([time.perf_counter(), time.process_time()])


def measure_frames(render_frame: Callable[[], None], finish: Callable[[], object], frames: int = 6,
                   warm_up: int = 2, clock: Callable[[], Any] = time.perf_counter) -> Any:
    """Median milliseconds of a finished frame, after ``warm_up`` frames.

    A software renderer queues its work and finishes it only when asked
    (a window's swap does; an offscreen buffer has none), so each frame is
    followed by ``finish`` (reading the picture back), and the cost of
    ``finish`` alone, measured after, is taken off again.  ``clock`` may
    read several clocks at once (``both_clocks``): each gets its median.
    """
    for _ in range(warm_up):
        render_frame()
        finish()
    samples = []
    for _ in range(frames):
        start = clock()
        render_frame()
        finish()
        samples.append(clock() - start)
    alone = []
    for _ in range(3):
        start = clock()
        finish()
        alone.append(clock() - start)
    median = np.maximum(0.0, np.median(samples, axis=0) - np.median(alone, axis=0)) * 1000.0
    return float(median) if median.ndim == 0 else median
