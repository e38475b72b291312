"""Every key of the Keys list can be changed in Settings, kept in settings.json or, for a person at a
hot-seat game, in people.json by their name."""

from __future__ import annotations

import json
import warnings

import pytest

from game.app.hud.keys_panel import CAPTURE_EVENT
from game.app.input.bindings import DEFAULT_KEYS, HELD_KEYS, REMAPPABLE, KeyBindings, is_key_name
from game.app.people import PeopleStore
from game.app.settings import Settings, SettingsWarning, load_settings, save_settings, settings_from_dict
from tests.app.helpers_app import click, new_game_at_aim, press, step


def test_every_remappable_action_is_an_action_the_game_binds():
    for action, words in REMAPPABLE:
        assert action in DEFAULT_KEYS or action in HELD_KEYS, action
        assert words


def test_overrides_replace_an_actions_keys_and_carry_a_held_keys_release():
    keys = KeyBindings.with_overrides({"sight": ("x",), "aim-left": ("j",), "power-press": ("space",),
                                       "not-an-action": ("k",)})
    assert keys.keys["sight"] == ("x",) and keys.held["aim-left"] == ("j",)
    assert keys.keys["power-release"] == ("space-up",)
    assert "not-an-action" not in keys.keys and keys.keys["pause"] == DEFAULT_KEYS["pause"]


def test_key_names_are_checked():
    assert is_key_name("q") and is_key_name("page_up") and is_key_name(";")
    assert not is_key_name("Q") and not is_key_name("mouse1") and not is_key_name("") and not is_key_name(3)


def test_the_settings_file_keeps_the_keys_and_drops_a_bad_map_with_a_warning(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(keys={"sight": ("x",)}), path)
    assert load_settings(path).keys == {"sight": ("x",)}
    assert json.loads(path.read_text())["keys"] == {"sight": ["x"]}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        bad = settings_from_dict({"keys": {"launch-missiles": ["x"]}, "volume": 0.5})
    assert bad.keys == {} and bad.volume == 0.5
    assert any(issubclass(w.category, SettingsWarning) and "keys must be" in str(w.message) for w in caught)


def test_a_persons_keys_are_kept_by_name_and_laid_over_the_machines(tmp_path):
    store = PeopleStore.load(tmp_path / "people.json")
    assert store.remember("Ann", {"keys": {"aim-left": ("j",)}}) is None
    again = PeopleStore.load(tmp_path / "people.json")
    assert again.notes == []
    machine = Settings(keys={"sight": ("x",)})
    assert again.settings_for("Ann", machine).keys == {"aim-left": ("j",)}
    assert again.settings_for("Bob", machine).keys == {"sight": ("x",)}


@pytest.mark.gui
def test_a_key_changed_in_settings_is_saved_and_drives_the_game(app):
    click(app, app.flow.current.buttons["settings"])
    panel = app.flow.current.panel
    click(app, panel.keys_button)
    keys = panel.keys_panel
    click(app, keys.buttons["sight"])
    assert keys.waiting == "sight"
    app.messenger.send(CAPTURE_EVENT, ["mouse1"])  # not a key: still waiting
    assert keys.waiting == "sight"
    app.messenger.send(CAPTURE_EVENT, ["x"])
    assert keys.waiting is None and keys.buttons["sight"]["text"] == "X"
    click(app, keys.done_button)
    click(app, panel.save_button)
    assert load_settings(app.app_config.paths.settings_file).keys == {"sight": ("x",)}
    new_game_at_aim(app, seed=71)
    app.messenger.send("z")
    step(app)
    assert app.view.mode == "knuckle", "the old key still works"
    app.messenger.send("x")
    step(app)
    assert app.view.mode == "sight"
    press(app, "sight")
    app.apply_settings(Settings(msaa=0, shadows=False, quality="low"))


def test_every_key_button_keeps_its_words_inside_it(app):
    # "Shift / Lshift / Rshift" ran past the fine-aim button's edges.
    click(app, app.flow.current.buttons["settings"])
    panel = app.flow.current.panel
    click(app, panel.keys_button)
    keys = panel.keys_panel
    for action, button in keys.buttons.items():
        scale = button["text_scale"]
        scale = scale[0] if isinstance(scale, (tuple, list)) else scale
        left, right = button["frameSize"][:2]
        drawn = button.component("text0").textNode.calcWidth(button["text"]) * scale
        assert drawn <= right - left, (action, button["text"])
    click(app, keys.cancel_button)
    click(app, panel.cancel_button)
