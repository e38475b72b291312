"""Controls that obey: a charging shot can be let go, nothing fires behind a menu, overlays are modal."""

from __future__ import annotations

import pytest

from game.app.hud import theme
from game.app.input.aiming import tap_degrees
from game.app.screens.aim import TAP_DEG
from game.app.screens.aim_pointer import FINE
from tests.app.helpers_app import capture_shots, new_game_at_aim, play_until, press, start_game, step

pytestmark = pytest.mark.gui


def test_escape_while_charging_lets_go_and_fires_nothing(app):
    new_game_at_aim(app, seed=31)
    shots = capture_shots(app)
    press(app, "shoot-press")
    step(app, 20)
    assert app.flow.current.meter.charging
    press(app, "pause")  # Esc: the charge is let go, the menu does not open
    assert not app.flow.current.meter.charging and not app.pause.active
    press(app, "shoot-release")
    step(app, 5)
    assert shots == [] and app.flow.state == "Aim"
    press(app, "pause")  # a second Esc pauses
    assert app.pause.active


def test_a_release_behind_the_pause_menu_fires_nothing(app):
    new_game_at_aim(app, seed=32)
    shots = capture_shots(app)
    app.pause.open()  # the menu opened by other means (P, focus) while the button is held
    press(app, "shoot-press")
    press(app, "shoot-release")
    step(app, 5)
    assert shots == [] and app.flow.state == "Aim"
    app.pause.resume()


def test_the_right_button_while_charging_lets_go(app):
    new_game_at_aim(app, seed=33)
    shots = capture_shots(app)
    press(app, "shoot-press")
    step(app, 10)
    press(app, "place-press")
    press(app, "place-release")
    press(app, "shoot-release")
    step(app, 3)
    assert shots == [] and not app.flow.current.meter.charging


def test_moving_the_pointer_to_start_a_drag_never_turns_the_aim(app):
    aim = new_game_at_aim(app, seed=34)
    aim.pointer.move(0.0, 0.0)
    before = aim.aiming.direction
    press(app, "shoot-press")
    aim.pointer.move(0.3, 0.0)   # sideways, then back: all while the button is down
    aim.pointer.move(0.35, -0.01)
    assert aim.aiming.direction == before


def test_a_tap_shorter_than_a_frame_still_turns_the_aim(app):
    aim = new_game_at_aim(app, seed=35)
    before = aim.aiming.direction
    app.messenger.send("q")  # down and up between two frames: polling would never see it
    app.messenger.send("q-up")
    step(app)
    tap = tap_degrees(aim.display.target_range, app.game.session.view().layout.marble_radius, TAP_DEG)
    assert aim.aiming.direction == pytest.approx((before + tap * app.settings.mouse_sensitivity) % 360.0)


def test_shift_turns_the_aim_ten_times_slower(app):
    aim = new_game_at_aim(app, seed=36)
    aim.pointer.fine = lambda: FINE  # Shift held (the keyboard is polled, so stand in for it)
    aim.pointer.move(0.0, 0.0)
    before = aim.aiming.direction
    aim.pointer.move(0.1, 0.0)
    fine_turn = (before - aim.aiming.direction) % 360.0
    del aim.pointer.fine
    aim.pointer.move(0.2, 0.0)
    coarse_turn = (before - fine_turn - aim.aiming.direction) % 360.0
    assert coarse_turn == pytest.approx(fine_turn / FINE)


def test_the_rules_over_the_pause_menu_are_opaque_and_hide_the_menu(app):
    new_game_at_aim(app, seed=37)
    press(app, "pause")
    press(app, "rules")
    assert app.pause.rules is not None
    assert app.pause.frame.isHidden()
    assert app.pause.rules.frame["frameColor"][3] == 1.0
    shade = app.pause.rules_shade
    assert shade["state"] == "normal" and shade.getBinName() == "gui-popup"  # takes the clicks under it
    press(app, "pause")  # Esc closes the rules, back to the pause menu
    assert app.pause.rules is None and not app.pause.frame.isHidden()
    app.pause.resume()


def test_escape_on_the_game_over_screen_changes_nothing(app):
    start_game(app, rounds=1, seed=38)
    play_until(app, ("GameOver",))
    press(app, "pause")
    assert app.flow.state == "GameOver" and not app.pause.active
    assert theme.OPAQUE_PANEL[3] == 1.0


def test_the_cursor_hides_while_the_pointer_turns_the_low_view_and_comes_back_at_rest_over_a_panel_or_a_menu(app):
    from game.app.input.pointer_aim import REST_S

    aim = new_game_at_aim(app, seed=37)
    aim.pointer.move(0.0, 0.0, dt=1 / 60)
    aim.pointer.move(0.1, 0.0, dt=1 / 60)
    assert aim.pointer.hidden                     # turning the picture under it: no cursor to fight
    for _ in range(int(REST_S * 60) + 2):
        aim.pointer.move(0.1, 0.0, dt=1 / 60)
    assert not aim.pointer.hidden                 # at rest it is back, where it can reach a button
    aim.pointer.move(0.2, 0.0, dt=1 / 60)
    assert aim.pointer.hidden
    aim.pointer.move(0.3, 0.0, over_gui=True, dt=1 / 60)
    assert not aim.pointer.hidden                 # over a panel
    aim.pointer.move(0.2, 0.0, dt=1 / 60)
    aim.pointer.move(0.1, 0.0, dt=1 / 60)
    assert aim.pointer.hidden
    app.pause.open()
    step(app)
    assert not aim.pointer.hidden                 # the pause menu needs it
    app.pause.resume()
