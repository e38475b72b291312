"""Settings > Detect measures this machine, applies the quality that holds 30 fps and shows the frame time."""

from dataclasses import replace

import pytest

from game.app.screens.settings_screen import DETECT_TASK, frame_time_text

from tests.app.helpers_app import click, step

pytestmark = pytest.mark.gui


def _open_settings(app):
    app.flow.request("Settings")
    step(app)
    return app.flow.current.panel


def test_detect_measures_applies_and_shows_the_measured_frame_time(app):
    screen = _open_settings(app)
    click(app, screen.detect_button)
    assert screen.frame_time["text"] == "Measuring this machine..."
    for _ in range(60):
        if not app.taskMgr.hasTaskNamed(DETECT_TASK):
            break
        step(app)
    chosen = app.settings
    assert chosen.detected_frame_ms > 0
    assert screen.frame_time["text"].startswith(f"Measured frame: {chosen.detected_frame_ms:.0f} ms")
    assert (screen.quality.value, screen.shadows.value, screen.msaa.value, screen.render_scale.value) == \
        (chosen.quality, chosen.shadows, chosen.msaa, chosen.render_scale)
    assert app.render_scale.scale == chosen.render_scale
    assert screen.msaa.value == 0  # llvmpipe (or any software renderer) is never given multisampling
    screen.save()
    assert app.settings.render_scale == chosen.render_scale and app.settings.detected_frame_ms == chosen.detected_frame_ms


def test_the_settings_screen_shows_the_last_measured_frame_time(app):
    app.apply_settings(replace(app.settings, detected_frame_ms=24.4))
    screen = _open_settings(app)
    assert screen.frame_time["text"] == "Measured frame: 24 ms, holds 30 fps"
    screen.cancel()


def test_an_unmeasured_machine_is_told_that_detect_measures_it():
    assert frame_time_text(0.0) == "Frame time not measured yet: Detect measures it"
    assert frame_time_text(50.0) == "Measured frame: 50 ms, under 30 fps"


def test_the_render_scale_chooser_is_saved(app):
    screen = _open_settings(app)
    screen.render_scale.set(0.75)
    screen.save()
    assert app.settings.render_scale == 0.75 and app.render_scale.scale == 0.75
