"""Procedural sounds: glass clicks, lead thuds and a rolling hum, made with numpy.

Pure functions from parameters to 16-bit mono WAV bytes; nothing here touches
Panda3D, so the waveforms can be tested and reused.  Every random choice takes
an explicit seed.
"""

from __future__ import annotations

import io
import wave

import numpy as np

SAMPLE_RATE = 44100


def to_wav_bytes(samples: np.ndarray, rate: int = SAMPLE_RATE) -> bytes:
    """Mono float samples in [-1, 1] as 16-bit PCM WAV bytes."""
    pcm = (np.clip(samples, -1.0, 1.0) * 32767.0).astype("<i2")
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(pcm.tobytes())
    return buffer.getvalue()


def _fade_in(samples: np.ndarray, n: int) -> np.ndarray:
    samples[:n] *= np.linspace(0.0, 1.0, n)
    return samples


def glass_click(seed: int = 1, duration: float = 0.09) -> np.ndarray:
    """Two glass spheres meeting: a few bright, quickly dying, inharmonic partials."""
    rng = np.random.default_rng(seed)
    t = np.arange(int(duration * SAMPLE_RATE)) / SAMPLE_RATE
    out = np.zeros_like(t)
    for base, decay, gain in ((3150.0, 55.0, 1.0), (5230.0, 80.0, 0.55), (7410.0, 120.0, 0.3), (2210.0, 40.0, 0.25)):
        freq = base * (1.0 + rng.uniform(-0.02, 0.02))
        out += gain * np.sin(2 * np.pi * freq * t + rng.uniform(0, np.pi)) * np.exp(-decay * t)
    tick = rng.normal(0.0, 1.0, t.size) * np.exp(-900.0 * t) * 0.4
    out = _fade_in(out + tick, 16)
    return 0.8 * out / np.max(np.abs(out))


def lead_thud(seed: int = 2, duration: float = 0.16) -> np.ndarray:
    """Lead against glass: a dull low knock with a short muffled body."""
    rng = np.random.default_rng(seed)
    t = np.arange(int(duration * SAMPLE_RATE)) / SAMPLE_RATE
    body = np.sin(2 * np.pi * 210.0 * t) * np.exp(-28.0 * t) + 0.5 * np.sin(2 * np.pi * 460.0 * t) * np.exp(-45.0 * t)
    noise = rng.normal(0.0, 1.0, t.size)
    # A one-pole low-pass keeps only the thump of the noise.
    muffled = np.empty_like(noise)
    acc = 0.0
    for i, x in enumerate(noise[:2000]):
        acc += 0.08 * (x - acc)
        muffled[i] = acc
    muffled[2000:] = 0.0
    out = _fade_in(body + 1.5 * muffled * np.exp(-60.0 * t), 32)
    return 0.9 * out / np.max(np.abs(out))


def rolling_loop(seed: int = 3, duration: float = 1.0) -> np.ndarray:
    """Marbles rolling on packed earth: soft low rumble that loops without a click."""
    rng = np.random.default_rng(seed)
    n = int(duration * SAMPLE_RATE)
    spectrum = np.fft.rfft(rng.normal(0.0, 1.0, n))
    freqs = np.fft.rfftfreq(n, 1.0 / SAMPLE_RATE)
    # A gentle band around 150-600 Hz; FFT filtering keeps the loop seamless.
    shape = np.exp(-((np.log(np.maximum(freqs, 1.0)) - np.log(300.0)) ** 2) / 0.5)
    out = np.fft.irfft(spectrum * shape, n)
    return 0.5 * out / np.max(np.abs(out))
