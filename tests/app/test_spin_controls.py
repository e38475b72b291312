"""Spin for the player, offscreen through the app's own keys: W / S set it, the dot shows it, the shot carries it.

Also the crosshair that replaces the aim line where the shot preview is off.
"""

from __future__ import annotations

import math

import pytest

from game.app.hud.spin_dot import dot_height
from game.app.input.aiming import SPIN_HOLD_DELAY, SPIN_PER_S, SPIN_TAP
from game.coach.advice import Advice
from game.match.players import Shot
from tests.app.helpers_app import new_game_against_one, play_until, press, shoot_anyway_if_asked, start_game, step
from tests.app.test_shot_preview_app import wait_for

pytestmark = pytest.mark.gui


def tap(app, key: str, times: int = 1) -> None:
    """Key down and up between two frames, as a quick tap arrives."""
    for _ in range(times):
        app.messenger.send(key)
        app.messenger.send(f"{key}-up")
    step(app)


def aim_full_at_sun(aim) -> None:
    ox, oy = aim.aiming.origin()
    sx, sy = aim.view.positions["sun"]
    aim.aiming.direction = math.degrees(math.atan2(sy - oy, sx - ox)) % 360.0


def capture_results(app) -> list:
    """Every ShotResult the match plays from now on (what the session accounts, not what the app asked)."""
    results: list = []
    session = app.game.session
    original = session.finish_shot
    session.finish_shot = lambda live: results.append(live.result()) or original(live)
    return results


def play_out_the_shot(app) -> None:
    for _ in range(600):
        if app.flow.state not in ("Aim", "Shot"):
            return
        if app.flow.state == "Aim" and app.flow.current.check.busy:
            shoot_anyway_if_asked(app)
        press(app, "fast-forward")
    raise AssertionError(f"the shot never finished; stuck in {app.flow.state}")


def test_w_and_s_taps_set_the_spin_and_move_the_dot_on_the_taw(app):
    aim = new_game_against_one(app, preview="none")
    assert aim.aiming.spin.value == 0.0 and aim.spin_dot.dot.getZ() == pytest.approx(0.0)
    assert aim.spin_dot.text == "No spin"
    tap(app, "w", 3)
    assert aim.aiming.spin.value == pytest.approx(3 * SPIN_TAP)
    assert aim.spin_dot.dot.getZ() == pytest.approx(dot_height(3 * SPIN_TAP)) and aim.spin_dot.dot.getZ() > 0
    assert aim.spin_dot.text == "Follow topspin 30%"
    tap(app, "arrow_down", 8)  # the arrows do as W / S
    assert aim.aiming.spin.value == pytest.approx(-5 * SPIN_TAP)
    assert aim.spin_dot.dot.getZ() < 0 and aim.spin_dot.text == "Stop backspin 50%"
    tap(app, "s", 30)  # never past the most a thumb gives
    assert aim.aiming.spin.value == -1.0 and aim.aiming.shot(0.5).spin == -1.0


def test_a_held_spin_key_waits_a_moment_then_sweeps_steadily_frame_by_frame(app, monkeypatch):
    aim = new_game_against_one(app, preview="none")
    monkeypatch.setattr(app.keys, "is_down", lambda base, name: name == "topspin")
    seen = []
    for _ in range(40):
        step(app)
        seen.append(aim.aiming.spin.value)
    frame = 1.0 / 60.0  # the test clock
    waited = round(SPIN_HOLD_DELAY / frame)
    assert seen[:waited - 1] == [0.0] * (waited - 1)  # a tap held over a slow frame is still one tap
    steps = [b - a for a, b in zip(seen[waited + 1:], seen[waited + 2:])]
    assert steps == pytest.approx([SPIN_PER_S * frame] * len(steps), abs=1e-6)


def test_spin_keys_walk_the_free_camera_and_leave_the_spin_alone(app):
    aim = new_game_against_one(app, preview="none")
    press(app, "free-camera")
    tap(app, "w", 4)
    assert aim.aiming.spin.value == 0.0
    press(app, "knuckle-down")
    tap(app, "w")
    assert aim.aiming.spin.value == pytest.approx(SPIN_TAP)  # taps made in the free camera were not saved up


def fire_full_at_sun_with(app, key: str) -> tuple:
    """A new game; full on at the Sun at a firm power with ten taps of ``key``; the shot the match played."""
    aim = new_game_against_one(app, preview="none")
    aim_full_at_sun(aim)
    sun = aim.view.positions["sun"]
    aim.aiming.planned = 0.55
    tap(app, key, 10)
    results = capture_results(app)
    press(app, "shoot-planned")
    play_out_the_shot(app)
    app.game.session.wait_for_replay()
    return results[0], app.game.session.replay().shots[0], sun


def test_backspin_holds_the_taw_back_and_topspin_carries_it_on_after_the_sun(app):
    from tests.app.helpers_app import reset_to_menu

    stop, stop_replayed, sun = fire_full_at_sun_with(app, "s")
    reset_to_menu(app, app.app_config.settings)
    follow, follow_replayed, _ = fire_full_at_sun_with(app, "w")
    assert stop.shot.spin == -1.0 and follow.shot.spin == 1.0  # what the match played
    assert stop_replayed.inputs.spin == -1.0 and follow_replayed.inputs.spin == 1.0  # and what the replay keeps
    assert stop.start == follow.start and stop.shot.direction == pytest.approx(follow.shot.direction)

    def forward(result) -> float:
        """How far along the line of the shot the taw came to rest."""
        a = math.radians(result.shot.direction)
        x, y = result.positions["mercury.taw"]
        return (x - result.start[0]) * math.cos(a) + (y - result.start[1]) * math.sin(a)

    sun_at = math.dist(stop.start, sun)
    # The same flick full on at the Sun: the stopped taw stays short of where the Sun lay, the followed one
    # runs on past it.
    assert forward(stop) < sun_at < forward(follow)


def test_the_preview_plays_the_spun_shot_and_the_shot_then_does_what_it_showed(app):
    aim = new_game_against_one(app, preview="learning")
    aim_full_at_sun(aim)
    aim.aiming.planned = 0.55
    wait_for(app, lambda: aim.shot_preview.current)
    plain = aim.shot_preview.shown
    tap(app, "s", 10)
    # A new spin is a new shot to preview (the preview may already be drawn: it takes a millisecond).
    wait_for(app, lambda: aim.shot_preview.current)
    spun = aim.shot_preview.shown
    assert spun.shot.spin == -1.0 and plain.shot.spin == 0.0
    assert spun.rest["mercury.taw"] != plain.rest["mercury.taw"]
    results = capture_results(app)
    press(app, "shoot-planned")
    play_out_the_shot(app)
    assert results[0].shot == spun.shot and results[0].ruling == spun.ruling
    assert results[0].positions.get("mercury.taw") == spun.rest.get("mercury.taw")


def test_every_turn_starts_with_no_spin(app):
    start_game(app, rounds=3, seed=41)
    play_until(app, ("Aim",))
    aim = app.flow.current
    aim.aiming.direction = (aim.aiming.direction + 180.0) % 360.0  # away from the Sun, into open ground
    aim.aiming.planned = 0.2
    tap(app, "w", 6)
    assert aim.aiming.spin.value == pytest.approx(0.6)
    press(app, "shoot-planned")
    play_out_the_shot(app)
    assert play_until(app, ("Aim",)) == "Aim"
    again = app.flow.current
    assert again is not aim and again.aiming.spin.value == 0.0 and again.spin_dot.dot.getZ() == pytest.approx(0.0)
    assert app.game.session.replay().shots[0].inputs.spin == pytest.approx(0.6)


def test_taking_the_coachs_shot_takes_its_spin(app):
    aim = new_game_against_one(app, preview="none")
    direction = (aim.aiming.direction + 2.0) % 360.0
    aim.coach.advice = Advice("mercury", Shot(direction, 1.5, None, -0.7), preview=None, why="", seconds=0.0)
    press(app, "coach")  # H again, with the advice shown
    assert aim.aiming.direction == pytest.approx(direction) and aim.aiming.spin.value == pytest.approx(-0.7)
    assert aim.spin_dot.text == "Stop backspin 70%"


@pytest.mark.parametrize("strength", ["learning", "guide"])
def test_the_preview_strengths_keep_the_aim_line(app, strength):
    new_game_against_one(app, preview=strength)
    step(app, 2)
    aim_line = app.view.scene.aim
    assert aim_line.path_shown and not aim_line.crosshair_shown


def test_with_the_preview_off_a_crosshair_replaces_the_aim_line(app):
    new_game_against_one(app, preview="none")
    step(app, 2)
    aim_line = app.view.scene.aim
    assert aim_line.crosshair_shown and not aim_line.path_shown
    press(app, "shoot-planned")
    assert not aim_line.shown  # gone with the shot
