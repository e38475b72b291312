import dataclasses
from dataclasses import fields

import attrs
import pytest

from game.app.paths import UserPaths
from game.app.settings import (CHECKS, Settings, SettingsWarning, load_settings, passes, save_settings,
                               settings_from_dict)


def test_round_trip_keeps_every_value(tmp_path):
    paths = UserPaths.under(tmp_path)
    chosen = Settings(width=1024, height=600, fullscreen=True, volume=0.25, quality="high",
                      shadows=False, msaa=2, mouse_sensitivity=2.5, aim_aid=0.0)
    save_settings(chosen, paths.settings_file)
    assert load_settings(paths.settings_file) == chosen
    assert sorted(p.name for p in paths.config_dir.iterdir()) == ["settings.json"]


def test_missing_file_gives_defaults_silently(tmp_path, recwarn):
    assert load_settings(tmp_path / "nope.json") == Settings()
    assert not [w for w in recwarn if issubclass(w.category, SettingsWarning)]


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", "\xff\xfe garbage", ""])
def test_corrupt_file_falls_back_to_defaults_with_a_warning(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content.encode("latin-1"))
    with pytest.warns(SettingsWarning, match=str(path.name)):
        assert load_settings(path) == Settings()


def test_each_bad_key_warns_and_keeps_the_good_ones():
    data = {"width": 800, "volume": "loud", "msaa": 3, "fullscreen": 1, "colour": "red", "aim_aid": 0.5}
    with pytest.warns(SettingsWarning) as caught:
        settings = settings_from_dict(data, "s.json")
    messages = [str(w.message) for w in caught]
    assert len(messages) == 4
    assert any("volume" in m for m in messages)
    assert any("msaa" in m for m in messages)
    assert any("fullscreen" in m for m in messages)
    assert any("colour" in m and "unknown" in m for m in messages)
    assert settings.width == 800 and settings.aim_aid == 0.5
    assert settings.volume == Settings().volume and settings.msaa == Settings().msaa
    assert settings.fullscreen is False


def test_bool_is_not_accepted_as_a_number():
    with pytest.warns(SettingsWarning, match="width"):
        assert settings_from_dict({"width": True}).width == Settings().width


def test_user_paths_follow_xdg_config_home_and_default_the_data_folder_under_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "c"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    paths = UserPaths.from_env()
    assert paths.settings_file == tmp_path / "c" / "sun-planet-taw" / "settings.json"
    assert paths.screenshot_dir == tmp_path / ".local" / "share" / "sun-planet-taw" / "screenshots"


def test_a_bad_key_gets_the_one_line_it_always_got():
    with pytest.warns(SettingsWarning) as caught:
        settings_from_dict({"width": 100, "render_scale": True, "volume": 0.5}, "s.json")
    assert [str(w.message) for w in caught] == [
        "s.json: width must be a whole number from 320 to 7680, not 100; using 1280",
        "s.json: render_scale must be one of 1, 0.75, 0.5, not True; using 1.0"]


NUMBERS = [f.name for f in fields(Settings) if f.type in ("int", "float")]
OUT_OF_ANY_RANGE = (10 ** 310, -(10 ** 310), float("nan"), float("inf"), True, "1", None)


def let_through(field) -> list:
    """The values no setting may hold that ``field``'s declared check accepts."""
    accepted = []
    for bad in OUT_OF_ANY_RANGE:
        try:
            field.metadata["check"](None, field, bad)
        except (TypeError, ValueError):
            continue
        accepted.append(bad)
    return accepted


@pytest.mark.parametrize("key", NUMBERS)
def test_every_number_is_bounded_by_the_check_its_field_declares(key):
    default = getattr(Settings(), key)
    assert passes(key, default)
    assert let_through(next(f for f in fields(Settings) if f.name == key)) == []
    for bad in OUT_OF_ANY_RANGE:
        with pytest.warns(SettingsWarning, match=f"^s.json: {key} must be ") as caught:
            assert getattr(settings_from_dict({key: bad}, "s.json"), key) == default
        assert len(str(caught[0].message)) < 200 and "\n" not in str(caught[0].message)


def test_a_number_declared_without_a_bound_is_caught():
    # The planted fault: a field whose check takes any whole number lets a 310-digit one through.
    from game.app.settings import _setting

    @dataclasses.dataclass(frozen=True)
    class Loose:
        width: int = _setting(1280, attrs.validators.instance_of(int), "any whole number")

    assert let_through(fields(Loose)[0]) == [10 ** 310, -(10 ** 310), True]


def test_every_setting_declares_a_check_and_its_words():
    for field in fields(Settings):
        assert callable(field.metadata.get("check")) and field.metadata.get("expected"), field.name
        assert passes(field.name, getattr(Settings(), field.name)), field.name
    assert set(CHECKS) == {f.name for f in fields(Settings)}


@pytest.mark.parametrize("xdg", ["", "relative/folder"])
def test_user_paths_ignore_an_empty_or_relative_xdg_folder(tmp_path, monkeypatch, xdg):
    monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    monkeypatch.setenv("XDG_DATA_HOME", xdg)
    monkeypatch.setenv("HOME", str(tmp_path))
    paths = UserPaths.from_env()
    assert paths.settings_file == tmp_path / ".config" / "sun-planet-taw" / "settings.json"
    assert paths.replay_dir == tmp_path / ".local" / "share" / "sun-planet-taw" / "replays"


def test_user_paths_follow_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    assert UserPaths.from_env().lessons_file == tmp_path / "d" / "sun-planet-taw" / "lessons.json"


def test_a_key_given_twice_falls_back_to_its_default_and_the_others_are_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"volume": 0.2, "width": 800, "volume": 0.9}')
    with pytest.warns(SettingsWarning) as caught:
        settings = load_settings(path)
    assert [str(w.message) for w in caught] == [f"{path}: 'volume' is given more than once; using its default"]
    assert settings.volume == Settings().volume and settings.width == 800


def test_only_the_top_level_objects_repeated_keys_are_noted(tmp_path):
    # Only the top-level object's repeats are the settings file's: a nested object's are its value's business.
    from game.fileio import read_app_json

    path = tmp_path / "x.json"
    path.write_text('{"keys": {"sight": ["x"], "sight": ["y"]}, "a": 1}')
    assert read_app_json(path, 1000, "x").repeated == ()
    path.write_text('[{"a": 1, "a": 2}]')
    assert read_app_json(path, 1000, "x").repeated == ()
    path.write_text('{"a": {"b": 1}, "a": 2}')
    assert read_app_json(path, 1000, "x").repeated == ("a",)
