"""``taw play``: read the person's settings, open the window, run until they quit."""

from __future__ import annotations

import argparse
import sys
import warnings

from game.app.config import AppConfig
from game.app.paths import UserPaths
from game.app.settings import SettingsWarning, load_settings


def launch(args: argparse.Namespace) -> int:
    """Play with ``args`` as ``play_options.add_play_options`` parses them."""
    paths = UserPaths.from_env()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", SettingsWarning)
        settings = load_settings(paths.settings_file)
    notes = [str(w.message) for w in caught if issubclass(w.category, SettingsWarning)]
    for note in notes:
        sys.stderr.write(f"taw: warning: {note}\n")
    if args.windowed:
        from dataclasses import replace

        settings = replace(settings, fullscreen=False)
    smoke = args.smoke_test
    # With no display a build is still checked: the title screen drawn
    # offscreen (EGL), at the settings' resolution.
    offscreen = bool(smoke) and not _display_available()
    first_start = not paths.settings_file.exists()
    config = AppConfig(paths=paths, settings=settings, seed=args.seed, offscreen=offscreen,
                       offscreen_size=settings.resolution(), detect_quality=first_start and not smoke)

    from game.app.app import TawApp
    from game.errors import UserError

    no_window = UserError("cannot open a window (is there a display? on a server try "
                          "'xvfb-run taw play', or the headless commands: taw --help)", exit_code=1)
    if not offscreen and not _display_available():
        raise no_window   # before Panda tries, and prints its pipe list and errors
    try:
        app = TawApp(config)
    except Exception as err:
        if "open window" not in str(err):
            raise
        raise no_window from None
    for note in notes:
        app.note_warning(note)
    saved: list[bool] = []
    if smoke:
        _schedule_smoke_test(app, smoke, saved)
    try:
        app.run()
    except SystemExit:
        pass
    if smoke and saved != [True]:
        raise UserError(f"smoke test: no screenshot saved to {smoke}", exit_code=1)
    return 0


def _display_available(environ=None) -> bool:
    """False where a window certainly cannot open: Linux (X11; Panda 1.10 has no Wayland pipe) with no DISPLAY."""
    import os

    env = os.environ if environ is None else environ
    return not sys.platform.startswith("linux") or bool(env.get("DISPLAY"))


def _schedule_smoke_test(app, target: str, saved: list[bool], seconds: float = 3.0) -> None:
    """Checking a build: show the title screen a moment, save it as ``target`` (PNG), quit; ``saved`` gets the outcome."""
    from pathlib import Path

    from panda3d.core import Filename

    def shoot(task):
        path = Path(target).resolve()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            ok = app.win.saveScreenshot(Filename.fromOsSpecific(str(path)))
        except OSError:
            ok = False
        saved.append(bool(ok))
        sys.stderr.write(f"taw: smoke test {'saved ' + str(path) if ok else 'could not save a screenshot'}\n")
        app.userExit()
        return task.done

    app.taskMgr.doMethodLater(seconds, shoot, "taw-smoke-test")
