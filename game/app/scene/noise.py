"""The ground's detail texture: four bands of tileable noise, made with numpy.

Band-limited noise by filtering white noise in the frequency domain tiles
seamlessly (the FFT is periodic) and costs a few milliseconds at 256x256.
The seed is explicit so every run paints the same ground.
"""

from __future__ import annotations

import numpy as np

# One band per channel: (spectral slope, lowest and highest frequency in
# cycles per tile).  A slope of 0 is white noise (sand grains), 1 to 2 is the
# "fractal" look of natural ground.  Broad bands avoid the wormy look of
# narrow band-pass noise.
BANDS: tuple[tuple[float, float, float], ...] = (
    (0.0, 1.0, 70.0),    # R: grit, single grains
    (1.0, 3.0, 110.0),   # G: clods and scuffs, all scales
    (1.8, 1.0, 24.0),    # B: broad damp and dry zones
    (0.3, 1.0, 45.0),    # A: speck mask, thresholded into pebbles
)


def noise_rgba(size: int = 256, seed: int = 1871) -> np.ndarray:
    """uint8 (size, size, 4): each channel one noise band, spread over 0..255."""
    rng = np.random.default_rng(seed)
    fy = np.fft.fftfreq(size)[:, None] * size
    fx = np.fft.fftfreq(size)[None, :] * size
    radius = np.maximum(np.hypot(fx, fy), 0.5)
    channels = []
    for slope, low, high in BANDS:
        white = rng.standard_normal((size, size))
        weight = radius ** (-slope) * np.exp(-((radius / high) ** 2)) * (1.0 - np.exp(-((radius / low) ** 2)))
        weight[0, 0] = 0.0
        field = np.real(np.fft.ifft2(np.fft.fft2(white) * weight))
        field = (field - field.mean()) / (field.std() + 1e-12)
        channels.append(np.clip(0.5 + field * 0.2, 0.0, 1.0))
    return (np.stack(channels, axis=-1) * 255.0 + 0.5).astype(np.uint8)


def noise_texture(size: int = 256, seed: int = 1871):  # -> panda3d.core.Texture
    from panda3d.core import SamplerState, Texture

    data = noise_rgba(size, seed)
    tex = Texture("ground-noise")
    tex.setup2dTexture(size, size, Texture.T_unsigned_byte, Texture.F_rgba8)
    # Panda stores BGRA, bottom row first; the noise has no orientation, only order matters for channels
    tex.setRamImage(np.ascontiguousarray(data[:, :, [2, 1, 0, 3]]).tobytes())
    tex.setWrapU(SamplerState.WM_repeat)
    tex.setWrapV(SamplerState.WM_repeat)
    tex.setMinfilter(SamplerState.FT_linear_mipmap_linear)
    tex.setMagfilter(SamplerState.FT_linear)
    tex.setAnisotropicDegree(1)
    return tex
