import io
import wave

import numpy as np
import pytest

from game.app.audio import synth
from game.app.audio.mapping import LOUD_IMPULSE, MAX_RATE, MIN_RATE, QUIET_IMPULSE, impulse_to_voice, rolling_volume


def test_harder_contacts_are_louder_and_higher():
    impulses = np.geomspace(QUIET_IMPULSE * 1.5, LOUD_IMPULSE, 12)
    voices = [impulse_to_voice(float(j)) for j in impulses]
    volumes = [v.volume for v in voices]
    rates = [v.play_rate for v in voices]
    assert all(b > a for a, b in zip(volumes, volumes[1:]))
    assert all(b > a for a, b in zip(rates, rates[1:]))
    assert voices[-1].volume == pytest.approx(1.0)
    assert voices[-1].play_rate == pytest.approx(MAX_RATE)


@pytest.mark.parametrize("impulse", [0.0, -1.0, QUIET_IMPULSE, float("nan"), float("inf")])
def test_silent_for_touches_and_nonsense(impulse):
    voice = impulse_to_voice(impulse)
    assert voice.volume == 0.0 and voice.play_rate == MIN_RATE


def test_master_volume_scales_and_clamps():
    j = LOUD_IMPULSE / 10
    assert impulse_to_voice(j, 0.5).volume == pytest.approx(impulse_to_voice(j, 1.0).volume * 0.5)
    assert impulse_to_voice(LOUD_IMPULSE * 100, 7.0).volume == pytest.approx(1.0)
    assert impulse_to_voice(j, 0.0).volume == 0.0


def test_rolling_grows_with_speed_and_stays_quiet():
    assert rolling_volume(0.0) == 0.0
    assert 0 < rolling_volume(0.1) < rolling_volume(1.0) <= 0.35


@pytest.mark.parametrize("make", [synth.glass_click, synth.lead_thud, synth.rolling_loop])
def test_synthesised_sounds_are_valid_wavs(make):
    samples = make()
    assert np.max(np.abs(samples)) <= 1.0 and np.max(np.abs(samples)) > 0.3
    data = synth.to_wav_bytes(samples)
    with wave.open(io.BytesIO(data)) as wav:
        assert wav.getframerate() == synth.SAMPLE_RATE
        assert wav.getnframes() == samples.size


def test_glass_is_brighter_than_lead():
    def centroid(x):
        spectrum = np.abs(np.fft.rfft(x)) ** 2
        freqs = np.fft.rfftfreq(x.size, 1 / synth.SAMPLE_RATE)
        return float((spectrum * freqs).sum() / spectrum.sum())
    assert centroid(synth.glass_click()) > 3 * centroid(synth.lead_thud())
