"""Driving the desktop app offscreen from tests: build it, press keys, click buttons, grab frames."""

from __future__ import annotations

import shutil
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

import numpy as np
from direct.gui import DirectGuiGlobals as DGG
from panda3d.core import ClockObject

from game.app.app_config import AppConfig
from game.app.paths import UserPaths
from game.app.settings import Settings


def build_app(root: Path, settings: Settings | None = None, session_factory=None,
              size: tuple[int, int] = (400, 225)):
    from game.app.app import TawApp

    config = AppConfig(paths=UserPaths.under(root), settings=settings or Settings(msaa=0, shadows=False, quality="low"), offscreen=True,
                       offscreen_size=size)
    app = TawApp(config, session_factory=session_factory)
    # A fixed 1/60 s per frame, so timed waits are frame counts.
    clock = ClockObject.getGlobalClock()
    clock.setMode(ClockObject.MNonRealTime)
    clock.setFrameRate(60)
    return app


def cleared_table(view) -> None:
    """Every body removed from an offscreen table view, and its labels off (what a test before left)."""
    for body in view.scene.body_ids():
        view.scene.remove_body(body)
    view.scene.show_labels(False)


def random_opponents(setup):
    """A session whose opponents play the AI layer's random level: no planning processes, quick turns."""
    from game.app.session.match_session import MatchSession

    return MatchSession(setup.with_ai_level("random"))


@contextmanager
def built_app(root: Path, session_factory=None, size: tuple[int, int] = (400, 225)):
    """An offscreen app for the block (``size`` pixels), then destroyed."""
    app = build_app(root, session_factory=session_factory, size=size)
    try:
        yield app
    finally:
        app.destroy()
        restore_clock()


def reset_to_menu(app, settings: Settings) -> None:
    """Whatever a test left (a game, the pause menu, the viewer, other settings, saved games), back to a fresh menu."""
    app.stop_watching()
    app.pause.resume()
    if app.flow.state != "Menu":
        app.flow.request("Menu")
    if app.settings != settings:
        app.apply_settings(settings)
    app.window.screenshot_dir = app.app_config.paths.screenshot_dir
    app.warnings_seen.clear()
    empty_replay_folder(app)
    if "continue" in app.flow.current.buttons:  # offered as the menu opened, before the folder was emptied
        app.flow.request("Rules")
        app.flow.request("Menu")
    step(app, 2)


def empty_replay_folder(app) -> Path:
    """The app's replay folder, there and with no game in it."""
    folder = app.app_config.paths.replay_dir
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def start_game(app, rounds: int = 1, seed: int = 11, opponents: int = 2, hard: bool = False,
               planet: str = "mercury"):
    """A new game through the New Game screen; holding Mercury, the human shoots first (rule 2)."""
    assert app.flow.state == "Menu"
    click(app, app.flow.current.buttons["new"])
    screen = app.flow.current
    assert app.flow.state == "NewGame"
    level = "hard" if hard else "medium"
    seat_all(app, screen, [("person", "You", planet)] + [("ai", level, "hat")] * opponents)
    while screen.round_limit.value != rounds:
        click(app, screen.round_limit.button)
    screen.seed_entry.enterText(str(seed))
    click(app, screen.start_button)
    assert app.flow.state == "HatDrop"
    assert app.game.setup.seed == seed and app.game.setup.house_rules == {"round_limit": rounds}


def new_game_against_one(app, preview: str = "learning", seed: int = 5, keep_tip: bool = False):
    """One random opponent, the human holding Mercury (first to shoot), through the New Game screen."""
    app.session_factory = random_opponents
    click(app, app.flow.current.buttons["new"])
    screen = app.flow.current
    seat_all(app, screen, [("person", "You", "mercury"), ("ai", "easy", "hat")])
    while screen.preview.value != preview:
        click(app, screen.preview.button)
    screen.seed_entry.enterText(str(seed))
    click(app, screen.start_button)
    press(app, "fast-forward")
    press(app, "fast-forward")
    lay_taws(app)
    assert app.flow.state == "Aim"
    if not keep_tip:  # the first-turn tip closed (nothing aims or shoots while it is open), unless it is looked at
        close_tip(app)
    return app.flow.current


def to_first_turn(app) -> None:
    """From the menu, the New Game screen's defaults, past the hat to the first turn."""
    click(app, app.flow.current.buttons["new"])
    click(app, app.flow.current.start_button)
    press(app, "fast-forward")  # the hat's fall: skip to where the marbles lie
    press(app, "fast-forward")  # the planets taken: on to the setup
    lay_taws(app)


def lay_taws(app) -> None:
    """The setup: each person at the machine lays his taw where it is offered (Space), on to the first turn."""
    while app.flow.state == "LayTaws":
        press(app, "fast-forward")


def capture_shots(app) -> list:
    """Every shot the game's session is handed from now on, appended as it is started."""
    shots: list = []
    original = app.game.session.start_shot
    app.game.session.start_shot = lambda shot: shots.append(shot) or original(shot)
    return shots


def restore_clock() -> None:
    ClockObject.getGlobalClock().setMode(ClockObject.MNormal)


def step(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.taskMgr.step()


def wait_for(app, condition: Callable[[], bool], seconds: float = 60.0) -> None:
    """Step frames until ``condition()``, in real time: the preview and coach workers answer as processes do."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        step(app)
        time.sleep(0.005)


def press(app, action: str, frames: int = 1) -> None:
    """Send one of our action events, as a bound key would."""
    app.messenger.send(f"taw-{action}")
    step(app, frames)


def click(app, button) -> None:
    app.messenger.send(DGG.B1CLICK + button.guiId, [None])
    step(app)


def grab(app) -> np.ndarray:
    """The last rendered frame as RGB, row 0 at the top."""
    app.graphicsEngine.renderFrame()
    tex = app.win.getScreenshot()
    data = np.frombuffer(bytes(tex.getRamImageAs("RGB")), dtype=np.uint8)
    return data.reshape(tex.getYSize(), tex.getXSize(), 3)[::-1].copy()


def frames_until(app, reached: Callable[[], bool], limit: int, pressing: str | None = None,
                 pause: float = 0.0) -> int:
    """Step frames (pressing the action ``pressing`` in each, if given) until ``reached()``, at most ``limit``.

    ``pause`` seconds are slept after each frame where the game waits on the session's worker thread (a
    play-out's shots): frames drawn back to back leave that thread little of the CPU, as a paced game would not.
    Returns the frames taken; the caller asserts where the game got to.
    """
    for frames in range(limit):
        if reached():
            return frames
        if pressing is None:
            step(app)
        else:
            press(app, pressing)
        if pause:
            time.sleep(pause)
    return limit


def play_until(app, states: tuple[str, ...], human_level: float = 0.5, limit: int = 3000) -> str:
    """Step the game, taking the human's shots and hurrying the rest, until a state in ``states``."""
    for _ in range(limit):
        state = app.flow.state
        if state in states:
            close_tip(app)  # at the person's aim: ready to aim (nothing aims or shoots while the tip is open)
            return state
        if state == "Aim" and app.flow.current.check.busy:
            shoot_anyway_if_asked(app)
        elif state == "Aim":
            close_tip(app)
            human_shot(app, human_level)
        elif state == "Ruling" and app.flow.current.choosing:  # everyone at the machine is out: watch on
            click(app, app.flow.current.watch_button)
        elif state in ("HatDrop", "LayTaws", "HandOver", "Thinking", "AiAim", "Shot", "Ruling"):  # Space: Ready, Lay
            press(app, "fast-forward")
            nap_while_worker(app)
        else:
            step(app)
    raise AssertionError(f"never reached {states}; stuck in {app.flow.state}")


# Slept after a frame while the game waits on the session's worker thread or the planner's processes: frames
# drawn back to back leave them little of the CPU, as a paced game would not.
WORKER_PACE_S = 0.02


def waits_on_worker(app) -> bool:
    """The game waits on work off the main thread: an AI's choice, or the shot on the table not yet computed."""
    state, current = app.flow.state, app.flow.current
    if state == "Thinking":
        return not current.choice.done()
    if state in ("AiAim", "Shot"):
        return current.live is not None and not current.live.computed
    if state == "PlayOut":
        return (current.live is not None and not current.live.computed) or \
            (current.choice is not None and not current.choice.done())
    return False


def play_out_frames(app, limit: int, seconds: float = 300.0) -> int:
    """Step a play-out, no key pressed, until the game is over (at most ``limit`` frames); the frames taken.

    Between frames it waits (``nap_while_worker``) while the shot or the AI's choice is still worked out off the
    main thread: a fixed 20 ms after every frame drew hundreds while a shot was computed.  The caller asserts
    where the game got to.
    """
    deadline = time.monotonic() + seconds
    for frames in range(limit):
        if app.flow.state == "GameOver" or time.monotonic() > deadline:
            return frames
        step(app)
        nap_while_worker(app)
    return limit


def nap_while_worker(app, seconds: float = 5.0) -> None:
    """Sleep in 2 ms naps while the game waits on work off the main thread (``waits_on_worker``), at most
    ``seconds``: that work has the CPU, and the next frame is drawn when there is something new to draw."""
    deadline = time.monotonic() + seconds
    while waits_on_worker(app) and time.monotonic() < deadline:
        time.sleep(0.002)


def human_shot(app, level: float) -> None:
    """Hold the shoot button until the meter reaches about ``level``, release, and shoot it even if asked
    (the first-turn tip closed first: nothing shoots while it is open)."""
    close_tip(app)
    press(app, "shoot-press")
    meter = app.flow.current.meter
    for _ in range(200):
        if meter.level >= level:
            break
        step(app)
    press(app, "shoot-release")
    if app.flow.state == "Aim":
        shoot_anyway_if_asked(app)


def shoot_anyway_if_asked(app, limit: int = 600) -> bool:
    """Step while a released shot waits for its preview; answer "Shoot anyway" if the game asks.
    True if it asked.  (A quick preview may have let the shot go already.)"""
    if app.flow.state != "Aim":
        return False
    check = app.flow.current.check
    for _ in range(limit):
        if check.confirm is not None:
            click(app, check.confirm.yes_button)
            return True
        if not check.busy:
            return False
        step(app)
        time.sleep(0.005)  # the preview worker answers in real time
    raise AssertionError("the released shot was never checked")


def leave_to_menu(app) -> None:
    """The pause menu's Leave to menu, and Leave again when it asks."""
    click(app, app.pause.menu_button)
    click(app, app.pause.confirm.yes_button)


def new_game_at_aim(app, seed: int, rounds: int = 3, hard: bool = False):
    """A new game (``start_game``: the human holds Mercury and shoots first) played until they aim; the aim screen."""
    start_game(app, rounds=rounds, seed=seed, hard=hard)
    play_until(app, ("Aim",))
    close_tip(app)
    return app.flow.current


def close_tip(app) -> None:
    """The first-turn tip's Got it, if the tip is open (nothing aims or shoots while it is)."""
    aim = app.flow.current
    if app.flow.state == "Aim" and aim.tip is not None and aim.tip.shown:
        click(app, aim.tip.ok_button)


def seat_row(app, row, kind: str, word: str = "", planet: str = "hat") -> None:
    """Set one New game seat row by its own buttons and entry: "person" (a name), "ai" (a level) or "empty"."""
    while row.kind.value != kind:
        click(app, row.kind.button)
    if kind == "person":
        row.entry.enterText(word)
        while row.planet.value != planet:
            click(app, row.planet.button)
    elif kind == "ai":
        while row.level.value != word:
            click(app, row.level.button)


def seat_all(app, screen, seats: list[tuple[str, str, str]]) -> None:
    """Every row of the New game screen: (kind, name or level, planet) for each seat, the rest empty."""
    for i, row in enumerate(screen.seats.rows):
        if i < len(seats):
            seat_row(app, row, *seats[i])
        else:
            seat_row(app, row, "empty")
