
import pytest

from game.app.paths import UserPaths
from game.app.settings import Settings, SettingsWarning, load_settings, save_settings, settings_from_dict


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


def test_user_paths_follow_xdg_config_home_and_default_the_data_folder_under_home(tmp_path):
    paths = UserPaths.from_env({"XDG_CONFIG_HOME": str(tmp_path / "c"), "HOME": str(tmp_path)})
    assert paths.settings_file == tmp_path / "c" / "sun-planet-taw" / "settings.json"
    assert paths.screenshot_dir == tmp_path / ".local" / "share" / "sun-planet-taw" / "screenshots"
