"""Replays from the game: every shot is recorded to the data folder; R, the pause menu and the
game-over screen open the viewer over the running game, and leaving it changes nothing."""

from __future__ import annotations

import numpy as np
import pytest

from game.replay import load_replay
from tests.app.helpers_app import capture_shots, click, human_shot, play_until, press, start_game, step

pytestmark = pytest.mark.gui


def leave_to_menu(app) -> None:
    if app.watching is not None:
        app.stop_watching()
    if not app.pause.active:
        press(app, "pause")
    click(app, app.pause.menu_button)
    click(app, app.pause.confirm.yes_button)  # it asks first
    assert app.flow.state == "Menu"


def to_ruling_after_my_shot(app, seed: int) -> list:
    """Start a game, take the human's first shot, and stop at its ruling; the shots the session was given."""
    start_game(app, rounds=3, seed=seed)
    play_until(app, ("Aim",))
    shots = capture_shots(app)
    human_shot(app, 0.8)
    while app.flow.state == "Shot":
        press(app, "fast-forward")
    assert app.flow.state == "Ruling"
    return shots


def census(app) -> tuple[int, int, int, int]:
    return (app.render.countNumDescendants(), app.aspect2d.countNumDescendants(),
            app.render2d.countNumDescendants(), len(app.taskMgr.getAllTasks()))


def settle_camera(app) -> None:
    """The camera at its goal, so a frame's easing cannot move it."""
    app.view.rig.snap()
    step(app)
    assert app.view.rig.settled(1e-6)


def test_each_shot_is_written_to_the_replay_file_as_it_is_played(app):
    shots = to_ruling_after_my_shot(app, seed=12)
    app.game.session.wait_for_replay()  # written on the session's worker thread, a few ms after the ruling
    path = app.game.replay_path
    assert path.parent == app.app_config.paths.replay_dir
    assert path.name.endswith("-seed12.replay")
    replay = load_replay(path)
    session = app.game.session
    assert len(replay.shots) == session.state.shots == 1
    recorded = replay.shots[0]
    assert recorded.inputs.shooter == session.human
    assert recorded.inputs.direction == pytest.approx(shots[0].direction % 360.0)
    assert recorded.inputs.speed == pytest.approx(shots[0].speed)
    assert recorded.ledger["purses"] == dict(session.state.purses)
    assert replay.meta.seed == 12
    assert [p["planet"] for p in replay.meta.players] == list(session.players)
    assert [p["controller"] for p in replay.meta.players].count("human") == 1
    assert replay.meta.house_rules == {"round_limit": 3}
    # The motion is the shot as played back: the taw ends where the session says it lies.
    taw = f"{session.human}.taw"
    assert recorded.frame_count > 10 and taw in recorded.body_ids
    if taw in session.state.positions and recorded.present[-1, recorded.body_index(taw)]:
        end = recorded.positions[-1, recorded.body_index(taw)]
        assert np.allclose(end[:2], session.state.positions[taw], atol=1e-3)
    leave_to_menu(app)


def test_r_watches_the_last_shot_and_leaving_returns_exactly(app):
    to_ruling_after_my_shot(app, seed=13)
    ruling = app.flow.current
    settle_camera(app)
    before_nodes = census(app)
    before_bodies = {b: (s, tuple(p)) for b, (s, p, _bp, _bq) in app.view.scene.capture().items()}
    before_cam = (tuple(app.camera.getPos()), tuple(app.camera.getQuat()))
    feed = app.game.hud.feed_text["text"]
    press(app, "replay-last")
    assert app.watching is not None and app.flow.state == "Ruling"
    viewer = app.watching.viewer
    assert viewer.timeline.shot_count == 1 and viewer.clock.shot_index == 0
    assert viewer.scene is app.view.scene  # the app's own table, lent
    assert app.game.hud.feed_text.isHidden() or any(n.isHidden() for n in app.game.hud._anchors.values())
    # The game holds still behind the viewer: its keys do not reach the ruling, its clock stops.
    for _ in range(5):
        app.messenger.send("space")
        step(app, 40)
    assert app.flow.current is ruling and ruling.elapsed < 0.1
    assert viewer.clock.time > 0.5  # the replay plays
    app.messenger.send("escape")
    step(app)
    assert app.watching is None
    assert app.flow.current is ruling and not app.pause.active  # Escape left the viewer, and only that
    assert census(app) == before_nodes
    after_bodies = {b: (s, tuple(p)) for b, (s, p, _bp, _bq) in app.view.scene.capture().items()}
    assert after_bodies == before_bodies
    assert np.allclose(app.camera.getPos(), before_cam[0], atol=1e-5)
    assert np.allclose(tuple(app.camera.getQuat()), before_cam[1], atol=1e-5)
    assert app.game.hud.feed_text["text"] == feed and not app.game.hud.feed_text.isHidden()
    leave_to_menu(app)


def test_the_pause_menu_watches_the_last_shot_and_comes_back_paused(app):
    to_ruling_after_my_shot(app, seed=14)
    press(app, "pause")
    assert app.pause.active
    click(app, app.pause.watch_button)
    assert app.watching is not None and app.pause.frame.isHidden()
    click(app, app.watching.back_button)
    step(app)
    assert app.watching is None
    assert app.pause.active and not app.pause.frame.isHidden() and app.flow.state == "Ruling"
    leave_to_menu(app)


def test_nothing_opens_before_a_shot_and_r_in_the_free_camera_rises_instead(app):
    start_game(app, rounds=3, seed=15)
    play_until(app, ("Aim",))
    assert app.game.session.replay() is None  # holding Mercury, the human shoots first
    press(app, "replay-last")
    assert app.watching is None
    human_shot(app, 0.6)
    while app.flow.state == "Shot":
        press(app, "fast-forward")
    app.view.set_mode("free")
    press(app, "replay-last")
    assert app.watching is None
    app.view.set_mode("overhead")
    press(app, "replay-last")
    assert app.watching is not None
    app.messenger.send("escape")
    step(app)
    assert app.watching is None and app.flow.state == "Ruling"
    leave_to_menu(app)


def test_the_game_over_button_watches_the_whole_game(app):
    start_game(app, rounds=1, seed=16)
    play_until(app, ("GameOver",))
    screen = app.flow.current
    before = census(app)
    click(app, screen.watch_button)
    assert app.watching is not None
    viewer = app.watching.viewer  # opening it waited for the last shot's record
    on_disk = load_replay(app.game.replay_path)
    assert viewer.timeline.shot_count == len(on_disk.shots) == app.game.session.state.shots > 1
    viewer.jump_to_shot(viewer.timeline.shot_count - 1)
    step(app, 3)
    app.stop_watching()
    assert app.flow.current is screen and app.flow.state == "GameOver"
    assert census(app) == before
    # R here is the last shot, inside the whole game: it keeps its number, and [ steps back from it.
    press(app, "replay-last")
    viewer = app.watching.viewer
    assert viewer.clock.shot_index == viewer.timeline.shot_count - 1
    app.messenger.send("[")
    step(app)
    assert viewer.clock.shot_index == viewer.timeline.shot_count - 2
    app.messenger.send("escape")
    step(app)
    assert app.watching is None and census(app) == before
    click(app, screen.menu_button)
    assert app.flow.state == "Menu" and app.game is None


def test_leaving_to_the_menu_while_watching_closes_the_viewer(app):
    to_ruling_after_my_shot(app, seed=17)
    press(app, "replay-last")
    assert app.watching is not None
    app.flow.request("Menu")
    assert app.watching is None and app.flow.state == "Menu"
    step(app, 2)
