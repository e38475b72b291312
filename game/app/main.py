"""``taw play``: read the person's settings, open the window, run until they quit."""

from __future__ import annotations

import argparse
import os
import sys
import warnings

from game.app.app_config import AppConfig
from game.app.paths import UserPaths
from game.app.settings import SettingsWarning, load_settings
from game.match.seating import parse_seats
from game.app.screens.screen import Screen


def launch(args: argparse.Namespace) -> int:
    """Play with ``args`` as ``play_options.add_play_options`` parses them."""
    seating = parse_seats(args.seats) if args.seats is not None else None  # a bad list: one line, exit 2
    paths = UserPaths.from_env()
    paths.sweep_stale_temps()   # what a killed game or export left in its own folders
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
    first_start = not os.path.lexists(paths.settings_file)   # False on any error: a folder we cannot enter
    config = AppConfig(paths=paths, settings=settings, seed=args.seed, offscreen=offscreen,
                       offscreen_size=settings.resolution(), detect_quality=first_start and not smoke,
                       seating=seating)

    from game.app.app import TawApp
    from game.app.paths import guard_model_cache
    from game.errors import UserError

    guard_model_cache()   # Panda's model cache off on a full or read-only disk: the game starts anyway
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
    saved: list[bool | str] = []
    if smoke and seating is not None:
        _schedule_seated_smoke_test(app, smoke, saved)
    elif smoke:
        _schedule_smoke_test(app, smoke, saved)
    try:
        app.run()
    except SystemExit:
        pass
    if smoke and saved != [True]:
        why = f" ({saved[0]})" if saved and isinstance(saved[0], str) else "" if saved \
            else f" (no person's turn came within {SEATED_SMOKE_SECONDS:.0f} s)" if seating else ""
        raise UserError(f"smoke test: no screenshot saved to {smoke}{why}", exit_code=1)
    return 0


def _display_available(environ=None) -> bool:
    """False where a window certainly cannot open: Linux (X11; Panda 1.10 has no Wayland pipe) with no DISPLAY."""
    import os

    env = os.environ if environ is None else environ
    return not sys.platform.startswith("linux") or bool(env.get("DISPLAY"))


def _save_and_quit(app, target: str, saved: list[bool | str]) -> None:
    """Save the smoke test's picture and quit; ``saved`` gets True, or why it could not be saved (said once, by
    launch's error)."""
    from pathlib import Path

    from game.app.window import save_window_png
    from game.errors import UserError

    path = Path(target).resolve()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_window_png(app.win, path)
    except (OSError, UserError) as err:
        saved.append(str(err))
    else:
        saved.append(True)
        sys.stderr.write(f"taw: smoke test saved {path}\n")
    app.userExit()


def _schedule_smoke_test(app, target: str, saved: list[bool | str], seconds: float = 3.0) -> None:
    """Checking a build: show the title screen a moment, save it as ``target`` (PNG), quit; ``saved`` gets the outcome."""

    def shoot(task):
        _save_and_quit(app, target, saved)
        return task.done

    app.taskMgr.doMethodLater(seconds, shoot, "taw-smoke-test")


SEATED_SMOKE_SECONDS = 240.0
PERSON_TURN_STATES = (Screen.HAND_OVER, Screen.AIM)


def _schedule_seated_smoke_test(app, target: str, saved: list[bool | str], settle_frames: int = 20) -> None:
    """With ``--seats``: skip the hat's fall and the setup, let any AI turns before it play, and save the first
    person's turn (their hand-over banner, or their aim when they play alone) once the camera has settled."""
    import time

    from game.app.input.bindings import action_event

    began = time.monotonic()
    seen = [0]

    def watch(task):
        state = app.flow.state
        if state in PERSON_TURN_STATES:
            seen[0] += 1
            if seen[0] >= settle_frames:
                _save_and_quit(app, target, saved)
                return task.done
        elif state in (Screen.HAT_DROP, Screen.LAY_TAWS):  # the setup: each person's taw laid where it is offered
            app.messenger.send(action_event("fast-forward"))
        if time.monotonic() - began > SEATED_SMOKE_SECONDS:
            app.userExit()
            return task.done
        return task.cont

    app.taskMgr.add(watch, "taw-smoke-test")
