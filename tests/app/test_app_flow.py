"""The desktop app, offscreen, driven through the messenger like a person would."""

from __future__ import annotations

import math

import numpy as np
import pytest
from direct.fsm.FSM import RequestDenied

from game.app.hud.ruling_feed import every_line, rule_numbers_unbroken
from game.app.settings import load_settings
from game.rules.names import sentence
from game.rules.termination import Termination
from tests.app.helpers_app import (capture_shots, click, frames_until, grab, human_shot, leave_to_menu, new_game_at_aim,
                                   shoot_anyway_if_asked,
                                   play_until, press, start_game, step)

pytestmark = pytest.mark.gui


def hud_only(app) -> np.ndarray:
    """A frame of the 2D layer alone, so only the HUD can differ between two grabs."""
    app.render.hide()
    try:
        return grab(app).astype(int)
    finally:
        app.render.show()


def test_menu_to_a_finished_game_and_back(app):
    start_game(app, rounds=1, planet="hat")
    assert len(app.game.session.players) == 3
    play_until(app, ("GameOver",))
    history = app.flow.history
    for state in ("Menu", "NewGame", "HatDrop", "Shot", "Ruling", "GameOver"):
        assert state in history
    assert "Aim" in history  # the human shot at least once
    session = app.game.session
    assert session.is_over()
    # The summary and the chart cover every turn and every player.
    assert len(session.purse_history()) == session.state.shots + 1
    rows = session.summary()
    assert {r.planet for r in rows} == set(session.players)
    assert [r.purse for r in rows] == [session.state.purses[p] for p in session.players]
    assert [r.worth for r in rows] == [session.state.worth(p) for p in session.players]
    ending = session.last_ruling.termination if session.last_ruling else None
    if ending in (Termination.ROUND_LIMIT, Termination.ROUND_LIMIT_TIE):
        # The referee's sentence, told to the person at the machine when it names him.
        last = session.last_ruling
        if session.winner() == session.human:
            assert session.end_reason() == sentence(last.ending_phrase.told(you=session.human)) != last.ending
        else:
            assert session.end_reason() == last.ending
        standing = [r for r in rows if not r.out]
        best = max(standing, key=lambda r: (r.worth, r.purse, -session.players.index(r.planet)))
        assert best.planet == session.winner()
    assert session.purse_history()[-1] == dict(session.state.purses)
    session.state.check_ledger()
    click(app, app.flow.current.menu_button)
    assert app.flow.state == "Menu" and app.game is None


def test_hud_shows_the_ruling_after_a_shot(app):
    new_game_at_aim(app, seed=5, rounds=2)
    before = hud_only(app)
    feed_before = app.game.hud.feed_title["text"], app.game.hud.feed_text["text"]
    human_shot(app, 0.9)
    assert app.flow.state == "Shot"
    while app.flow.state == "Shot":
        press(app, "fast-forward")
    assert app.flow.state == "Ruling"
    step(app)
    after = hud_only(app)
    feed_after = app.game.hud.feed_title["text"], app.game.hud.feed_text["text"]
    assert feed_after != feed_before
    assert feed_after[0] == "Your shot"
    told = every_line(app.flow.current.ruling, app.game.session.human, who=app.game.naming.label)[:4]
    assert feed_after[1] == "\n".join(rule_numbers_unbroken(line) for line in told)
    # The feed panel's pixels changed: the person sees the ruling.
    h, w, _ = after.shape
    feed_box = (slice(int(h * 0.76), int(h * 0.97)), slice(0, int(w * 0.6)))
    changed = np.abs(after[feed_box] - before[feed_box]).sum(axis=2) > 60
    assert changed.sum() > 50
    press(app, "pause")
    assert app.pause.active
    leave_to_menu(app)
    assert app.flow.state == "Menu"


def test_aiming_shoots_where_aimed_within_the_cap(app):
    aim = new_game_at_aim(app, seed=21)
    aim.aiming.direction = 33.0
    shots = capture_shots(app)
    human_shot(app, 0.95)
    assert len(shots) == 1
    shot = shots[0]
    assert shot.direction == pytest.approx(33.0)
    assert 0.0 < shot.speed < aim.view.max_speed
    press(app, "pause")
    leave_to_menu(app)


def test_dragging_the_mouse_back_sets_the_power(app):
    from game.app.screens.aim_pointer import DRAG_FULL

    aim = new_game_at_aim(app, seed=22)
    direction = aim.aiming.direction
    shots = capture_shots(app)
    press(app, "shoot-press")
    aim.pointer.move(0.0, 0.3)
    aim.pointer.move(0.05, 0.3 - 0.6 * DRAG_FULL)  # pulled back towards the player, a little sideways
    step(app, 45)  # the meter no longer rises and falls
    assert aim.meter.level == pytest.approx(0.6)
    press(app, "shoot-release")
    shoot_anyway_if_asked(app)
    assert len(shots) == 1
    assert shots[0].speed == pytest.approx(0.6 * aim.view.max_speed, rel=0.01)
    assert shots[0].direction == pytest.approx(direction)  # the pull does not turn the aim
    press(app, "pause")
    leave_to_menu(app)


def test_aim_aid_is_drawn_and_off_against_hard_opponents(app):
    new_game_at_aim(app, seed=3)
    assert app.view.aim_shown
    press(app, "pause")
    leave_to_menu(app)
    new_game_at_aim(app, seed=3, hard=True)
    assert app.game.aim_aid_strength() == 0.0
    assert not app.view.aim_shown
    press(app, "pause")
    leave_to_menu(app)


def test_pause_freezes_the_shot(app):
    new_game_at_aim(app, seed=8)
    human_shot(app, 0.95)
    assert app.flow.state == "Shot"
    step(app, 2)
    press(app, "pause")
    live = app.flow.current.live
    t0 = live.time
    step(app, 10)
    assert live.time == t0 and app.flow.state == "Shot"
    press(app, "pause")
    step(app, 3)
    assert live.time > t0
    press(app, "pause")
    leave_to_menu(app)


def test_the_taw_slides_along_its_own_line_at_the_setup_and_the_camera_keys_switch_modes(app):
    start_game(app, rounds=3, seed=4)
    play_until(app, ("LayTaws",))
    setup = app.flow.current
    planet = setup.planet
    layout = app.game.session.layout
    before = layout.home_on_line(planet, setup.angle)
    press(app, "right", frames=30)  # held and tapped: the taw slides along its own line
    setup.slide(40.0)
    after = layout.home_on_line(planet, setup.angle)
    assert math.hypot(*after) == pytest.approx(layout.line_radius(planet), abs=1e-6)
    assert math.dist(before, after) > 0.05
    press(app, "fast-forward")  # laid there: the first shot starts from that very spot
    play_until(app, ("Aim",))
    aim = app.flow.current
    assert aim.view.placements is None and aim.aiming.origin() == pytest.approx(after)
    press(app, "overhead")
    assert app.view.mode == "overhead"
    press(app, "free-camera")
    assert app.view.mode == "free"
    press(app, "knuckle-down")
    assert app.view.mode == "knuckle"
    press(app, "pause")
    leave_to_menu(app)


def test_the_flow_refuses_a_shot_or_game_over_from_the_menu(app):
    assert app.flow.state == "Menu"
    with pytest.raises(RequestDenied):
        app.flow.request("Shot", None)
    with pytest.raises(RequestDenied):
        app.flow.request("GameOver")


def test_the_settings_screen_saves_its_changes_and_applies_them(app):
    click(app, app.flow.current.buttons["settings"])
    screen = app.flow.current.panel
    screen.volume.set(0.3)
    shadows_before = app.settings.shadows
    click(app, screen.shadows.button)
    click(app, screen.save_button)
    assert app.flow.state == "Menu"
    saved = load_settings(app.app_config.paths.settings_file)
    assert saved.volume == pytest.approx(0.3) and saved.shadows is (not shadows_before)
    assert app.audio.master_volume == pytest.approx(0.3)
    assert app.settings == saved


def test_screenshot_key_writes_a_png(app):
    folder = app.app_config.paths.screenshot_dir
    assert not folder.exists() or not list(folder.iterdir())
    step(app)
    path = app.window.screenshot()
    assert path.parent == folder and path.suffix == ".png"
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in folder.iterdir()] == [path.name]  # no partial file left beside it


def test_a_screenshot_that_cannot_be_written_warns_and_the_game_goes_on(app, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the screenshot folder should be")
    app.window.screenshot_dir = blocker / "screenshots"
    step(app)
    assert app.window.screenshot() is None
    assert any("could not save a screenshot" in w for w in app.warnings_seen)
    step(app)


def test_rules_screen_pages_through_all_seventeen(app):
    click(app, app.flow.current.buttons["rules"])
    panel = app.flow.current.panel
    seen = []
    for _ in range(panel.pages):
        seen.extend(panel.numbers_on_page())
        click(app, panel.next_button)
    assert seen == list(range(1, 18))
    press(app, "pause")
    assert app.flow.state == "Menu"


def test_a_contact_with_the_sun_sounds_lead_and_between_marbles_glass(app):
    app.audio.contact("earth", "mars", 0.01)
    app.audio.contact("sun", "mars", 0.01)
    kinds = [kind for kind, _v, _r in app.audio.played[-2:]]
    assert kinds == ["glass", "lead"]


def test_a_refused_shot_hands_the_turn_back(app):
    from game.match.players import Shot, TawPlacement

    new_game_at_aim(app, seed=6)
    shooter = app.game.session.shooter()
    other = next(p for p in ("herschel", "saturn") if p != shooter)
    app.flow.request("Shot", Shot(direction=0.0, speed=1.0, placement=TawPlacement(other, 0.0)))
    frames_until(app, lambda: app.flow.state != "Shot", 20)
    assert app.flow.state == "Aim" and app.game.session.shooter() == shooter
    assert "not allowed" in app.game.hud.feed_text["text"]
    press(app, "pause")
    leave_to_menu(app)
