"""The first start (no settings file yet) measures the machine and keeps what it chose."""

import pytest

from game.app.settings import Settings, load_settings

pytestmark = pytest.mark.gui


def test_a_first_start_detects_the_quality_and_writes_it_to_the_settings_file(offscreen_pipe, tmp_path):
    from game.app.app import TawApp
    from game.app.app_config import AppConfig
    from game.app.paths import UserPaths

    from tests.app.helpers_app import restore_clock, step

    paths = UserPaths.under(tmp_path)
    assert not paths.settings_file.exists()
    app = TawApp(AppConfig(paths=paths, settings=Settings(), offscreen=True, offscreen_size=(400, 225),
                           detect_quality=True))
    try:
        assert app.taskMgr.hasTaskNamed("taw-detect-quality")
        for _ in range(200):
            step(app)
            if not app.taskMgr.hasTaskNamed("taw-detect-quality"):
                break
        assert app.settings.detected_frame_ms > 0
        saved = load_settings(paths.settings_file)
        assert saved.detected_frame_ms == app.settings.detected_frame_ms and saved.msaa == 0
    finally:
        app.destroy()
        restore_clock()
