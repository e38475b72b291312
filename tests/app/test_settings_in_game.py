"""Settings from the pause menu, and graphics qualities that change what the player sees."""

from __future__ import annotations

import numpy as np
import pytest

from game.app.settings import QUALITY_PRESETS, load_settings
from tests.app.helpers_app import click, grab, new_game_at_aim, press, step

pytestmark = pytest.mark.gui


def test_settings_open_from_the_pause_menu_and_save_back_to_it(app):
    new_game_at_aim(app, seed=61)
    press(app, "pause")
    assert app.pause.active
    click(app, app.pause.settings_button)
    panel = app.pause.settings
    assert panel is not None and app.pause.frame.isHidden(), "one overlay at a time"
    assert app.flow.state == "Aim", "the game is kept behind the settings"
    panel.volume.set(0.25)
    click(app, panel.save_button)
    assert app.pause.settings is None and not app.pause.frame.isHidden()  # back on the pause menu
    assert load_settings(app.app_config.paths.settings_file).volume == pytest.approx(0.25)
    click(app, app.pause.settings_button)
    press(app, "pause")  # Esc: closes the settings (cancel), not the pause menu
    assert app.pause.settings is None and app.pause.active
    press(app, "pause")
    assert not app.pause.active and app.flow.state == "Aim"


def test_the_low_and_high_qualities_draw_the_table_differently(app):
    new_game_at_aim(app, seed=62)
    press(app, "overhead")
    app.view.rig.snap()
    looks = {}
    for quality in ("high", "low"):  # the tests' app starts at low: each is chosen by clicks
        press(app, "pause")
        click(app, app.pause.settings_button)
        panel = app.pause.settings
        while panel.quality.value != quality:
            click(app, panel.quality.button)
        assert (panel.shadows.value, panel.render_scale.value) == (QUALITY_PRESETS[quality].shadows,
                                                                   QUALITY_PRESETS[quality].render_scale)
        click(app, panel.save_button)
        press(app, "pause")
        step(app, 3)
        assert (app.settings.quality, app.settings.shadows) == (quality, QUALITY_PRESETS[quality].shadows)
        looks[quality] = grab(app).astype(float)
    changed = np.abs(looks["low"] - looks["high"]).mean(axis=2) > 12
    assert changed.mean() > 0.02, "choosing low against high changed almost nothing on the screen"


def _words_fit(chooser) -> bool:
    """The words' width, as drawn (their text scale), within the button's frame (both in the button's units)."""
    button = chooser.button
    node = button.component("text0").textNode
    scale = button["text_scale"]
    scale = scale[0] if isinstance(scale, (tuple, list)) else scale
    left, right = button["frameSize"][:2]
    return node.calcWidth(button["text"]) * scale <= right - left


def test_every_choice_on_the_settings_screen_keeps_its_words_inside_its_button(app):
    # "Shot preview (new games):  Learning" ran out of its button and under "Slope view" beside it.
    from game.app.hud.widgets import Chooser

    new_game_at_aim(app, seed=62)
    press(app, "pause")
    click(app, app.pause.settings_button)
    panel = app.pause.settings
    choosers = [part for part in panel._parts if isinstance(part, Chooser)]
    assert panel.preview in choosers and len(choosers) >= 8
    for chooser in choosers:
        for _ in chooser.choices:   # every value each one can show
            assert _words_fit(chooser), chooser.button["text"]
            chooser.next()
    press(app, "pause")
    press(app, "pause")
