"""Continuing an unfinished game from its replay file: rebuilt exactly, verified shot by shot, recorded on."""

from __future__ import annotations

import dataclasses
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import numpy as np
import pytest

from game.app.replay.library import ReplayEntry, list_replays
from game.app.session.continuing import CannotContinue, placement_angle
from game.app.session.match_session import MatchSession
from game.replay import load_replay, save_replay
from game.replay.model import GameMeta, Replay
from game.rules.events import AllAtRest
from game.rules.house import HouseRules
from tests.app.session_kit import play_one, recorded_file, recorded_game

def _standing(session: MatchSession) -> tuple:
    """Everything a continued game must agree on: the referee's whole state, the turn, the round, the books."""
    view = session.view()
    return (session.state, session.shooter(), view.turn, view.round, dict(session.purses()), session.stakes(),
            session.positions(), session.summary(), session.purse_history(), session.players, session.planet_of,
            session.human, session.levels)


@pytest.fixture
def played(tmp_path):
    """An unfinished game of nine shots, the human seat among three, recorded to a file; closed afterwards."""
    path = tmp_path / "game.replay"
    session, hand = recorded_game(path, 9)
    assert not session.is_over() and session.state.shots == 9
    yield path, session, hand
    session.close()


def test_a_rebuilt_game_stands_exactly_where_the_original_stopped_and_plays_on_the_same(played):
    path, original, hand = played
    rebuilt = MatchSession.continue_from(path)
    try:
        assert _standing(rebuilt) == _standing(original)
        assert rebuilt.human == original.human and rebuilt.is_human_turn() == original.is_human_turn()
        # Play on in both until the human has shot once more: the unplanned AI draws the same shots
        # (its random stream was drawn through as it was then), the human's identical shot lands the same.
        for _ in range(4):
            if original.is_over():
                break
            view = original.view()
            if original.is_human_turn():
                shot = hand.choose_shot(view)
                other = shot
            else:
                shot = original.ai[original.shooter()].choose_shot(view)
                other = rebuilt.ai[rebuilt.shooter()].choose_shot(rebuilt.view())
            assert other == shot
            for session, s in ((original, shot), (rebuilt, other)):
                live = session.start_shot(s)
                live.result()
                session.finish_shot(live)
            if original.is_over():  # the game ended on that shot: both end it alike
                assert rebuilt.is_over() and rebuilt.state == original.state
                break
            assert _standing(rebuilt) == _standing(original)
        rebuilt.wait_for_replay()
        original.wait_for_replay()
        on_disk = load_replay(path)
        assert len(on_disk.shots) == original.state.shots > 9
        assert on_disk.equals(original.replay())  # every earlier shot kept, the new ones appended
    finally:
        rebuilt.close()


def test_a_tampered_rest_position_is_refused_with_the_shot_it_happened_in(played, tmp_path):
    path, _original, _hand = played
    replay = load_replay(path)
    shot = replay.shots[3]
    rest = shot.events[-1]
    assert isinstance(rest, AllAtRest)
    positions = dict(rest.positions)
    body = sorted(positions)[0]
    x, y = positions[body]
    positions[body] = (x + 1e-7, y)
    shot.events = (*shot.events[:-1], AllAtRest(rest.t, positions))
    tampered = tmp_path / "tampered.replay"
    save_replay(replay, tampered)
    with pytest.raises(CannotContinue) as err:
        MatchSession.continue_from(tampered)
    assert str(err.value) == "this game cannot be continued: shot 4 does not replay the same"
    assert "\n" not in str(err.value)
    # The untouched copy still continues, and the refusal wrote nothing into the tampered file.
    before = tampered.read_bytes()
    MatchSession.continue_from(path).close()
    assert tampered.read_bytes() == before


def test_motion_that_does_not_end_where_the_bodies_rest_is_refused(played, tmp_path):
    path, _original, _hand = played
    replay = load_replay(path)
    shot = replay.shots[2]
    _frames, bodies = np.nonzero(shot.moved)
    at_end = np.nonzero(shot.present[-1])[0]
    entry = int(np.nonzero(np.isin(bodies, at_end))[0][-1])  # the last stored pose of a body still on the ground
    steps = shot.steps.copy()
    steps[entry, 0] += 20  # 2 mm, in 0.1 mm counts
    shot.steps = steps
    save_replay(replay, tmp_path / "motion.replay")
    with pytest.raises(CannotContinue, match="^this game cannot be continued: shot 3 does not replay the same$"):
        MatchSession.continue_from(tmp_path / "motion.replay")


def test_a_changed_ledger_or_shot_input_is_refused_too(played, tmp_path):
    path, _original, _hand = played
    replay = load_replay(path)
    ledger = dict(replay.shots[1].ledger)
    ledger["stakes"] = int(ledger["stakes"]) + 1
    replay.shots[1].ledger = ledger
    save_replay(replay, tmp_path / "ledger.replay")
    with pytest.raises(CannotContinue, match="shot 2 does not replay the same"):
        MatchSession.continue_from(tmp_path / "ledger.replay")
    replay = load_replay(path)
    inputs = replay.shots[6].inputs
    replay.shots[6].inputs = dataclasses.replace(inputs, speed=inputs.speed * (1 + 1e-12))
    save_replay(replay, tmp_path / "speed.replay")
    with pytest.raises(CannotContinue, match="shot 7 does not replay the same"):
        MatchSession.continue_from(tmp_path / "speed.replay")


@pytest.mark.slow
def test_a_finished_game_and_a_game_without_a_human_are_not_offered(tmp_path):
    finished_path = tmp_path / "finished.replay"
    finished, _ = recorded_game(finished_path, 400, house_rules={"round_limit": 1}, opponents=1)
    robots_path = tmp_path / "robots.replay"
    robots, _ = recorded_game(robots_path, 3, human=False, opponents=1, seed=12)   # a game three shots leave unfinished
    try:
        assert finished.is_over()
        entries = {e.path.name: e for e in list_replays(tmp_path)}
        assert not entries["finished.replay"].continuable
        assert "finished" in entries["finished.replay"].continue_refusal()
        assert not entries["robots.replay"].continuable
        assert "no one at this computer" in entries["robots.replay"].continue_refusal()
        with pytest.raises(CannotContinue, match="it is finished"):
            MatchSession.continue_from(finished_path)
        with pytest.raises(CannotContinue, match="no one at this computer"):
            MatchSession.continue_from(robots_path)
    finally:
        finished.close()
        robots.close()


def test_an_older_file_continues_when_it_says_enough_and_is_refused_when_it_does_not(played, tmp_path):
    path, original, _hand = played
    replay = load_replay(path)
    assert replay.meta.extra["setup"]["planet"] == "hat"
    # Before the header kept the setup: the seat, controller and seed still rebuild it (the hat is tried first).
    extra = {k: v for k, v in replay.meta.extra.items() if k != "setup"}
    save_replay(Replay(dataclasses.replace(replay.meta, extra=extra, seating=None), replay.shots),
                tmp_path / "no-setup.replay")
    assert ReplayEntry(tmp_path / "no-setup.replay", 0.0).continuable
    rebuilt = MatchSession.continue_from(tmp_path / "no-setup.replay")
    try:
        assert _standing(rebuilt) == _standing(original)
    finally:
        rebuilt.close()
    # Without who sat where, nothing can be rebuilt.
    players = tuple({"planet": p["planet"], "level": p["level"]} for p in replay.meta.players)
    save_replay(Replay(GameMeta(seed=replay.meta.seed, players=players), replay.shots), tmp_path / "old.replay")
    entry = ReplayEntry(tmp_path / "old.replay", 0.0)
    assert not entry.continuable and "older version" in entry.continue_refusal()
    with pytest.raises(CannotContinue):
        MatchSession.continue_from(tmp_path / "old.replay")


def test_a_chosen_planet_game_continues_as_chosen(tmp_path):
    path = tmp_path / "saturn.replay"
    original, _ = recorded_game(path, 7, planet="saturn", opponents=3)
    try:
        rebuilt = MatchSession.continue_from(path)
        try:
            assert rebuilt.human == "saturn" and rebuilt.setup.seats().seat("You").planet == "saturn"
            assert _standing(rebuilt) == _standing(original)
        finally:
            rebuilt.close()
    finally:
        original.close()


@pytest.mark.parametrize("angle", [0.0, 1e-9, 12.345678901234, 179.99999999, 271.0 / 3.0, 359.9999999999])
def test_a_placement_angle_is_found_that_lays_the_taw_on_the_recorded_spot_exactly(angle):
    layout = HouseRules().layout()
    spot = layout.home_on_line("mars", angle)
    found = placement_angle(layout, "mars", spot)
    assert found is not None and layout.home_on_line("mars", found) == spot


# -- the Replays screen -------------------------------------------------------------------------


def _stopped_at_the_humans_turn(path: Path, at_least: int) -> MatchSession:
    session, hand = recorded_game(path, at_least)
    while not session.is_human_turn():
        play_one(session, hand)
    session.wait_for_replay()
    return session


@contextmanager
def _closed_after(app, original: MatchSession) -> Iterator[None]:
    """The original game kept open while the app takes its file up; then closed, and the app back at its menu."""
    from tests.app.helpers_app import step

    try:
        yield
    finally:
        original.close()
        app.flow.request("Menu")
        step(app)


@pytest.mark.gui
def test_continue_from_the_list_lands_in_the_aim_state_at_the_right_turn(app, tmp_path):
    from tests.app.helpers_app import click, human_shot, play_until, press, step

    folder = app.app_config.paths.replay_dir  # empty: the app fixture saw to it
    path = folder / "20260301-120000-seed11.replay"
    original = _stopped_at_the_humans_turn(path, 6)
    finished_path = folder / "20260201-120000-seed12.replay"
    recorded_file(finished_path, 400, seed=12, house_rules={"round_limit": 1}, opponents=1)
    with _closed_after(app, original):
        click(app, app.flow.current.buttons["replays"])
        screen = app.flow.current
        assert app.flow.state == "Replays" and screen.chosen_entry().path == path
        assert screen.continue_button["state"] == "normal"
        press(app, "list-down")  # the finished game: no Continue, and C says why
        assert screen.chosen_entry().path == finished_path and screen.continue_button["state"] == "disabled"
        press(app, "list-continue", frames=3)
        assert app.flow.state == "Replays"
        assert screen.notice["text"] == "This game cannot be continued: it is finished (it can still be watched)."
        press(app, "list-up")
        press(app, "list-continue")
        assert screen.notice["text"] == "Setting up the game..."
        step(app, 3)
        assert app.flow.state == "Aim"
        session = app.game.session
        assert session is not original and _standing(session) == _standing(original)
        assert session.shooter() == original.human and app.game.replay_path == path
        hud = app.game.status()
        view = original.view()
        assert (hud.shooter, hud.turn, hud.round) == (original.human, view.turn + 1, view.round + 1)
        # The game plays on into the same file: one more shot, and the file holds them all.
        human_shot(app, 0.4)
        play_until(app, ("Ruling",))
        session.wait_for_replay()
        on_disk = load_replay(path)
        assert len(on_disk.shots) == original.state.shots + 1
        assert Replay(on_disk.meta, on_disk.shots[:-1]).equals(original.replay())


@pytest.mark.gui
def test_continue_at_an_ais_turn_goes_to_thinking_and_its_shot_is_recorded_on(app, tmp_path):
    from tests.app.helpers_app import click, play_until, step

    folder = app.app_config.paths.replay_dir  # empty: the app fixture saw to it
    path = folder / "20260302-120000-seed11.replay"
    original, hand = recorded_game(path, 5)
    while original.is_human_turn():
        play_one(original, hand)
    original.wait_for_replay()
    with _closed_after(app, original):
        click(app, app.flow.current.buttons["replays"])
        click(app, app.flow.current.continue_button)
        step(app)
        history = app.flow.history
        assert history[len(history) - 1 - history[::-1].index("Replays") + 1] == "Thinking"  # a random-level AI decides within frames
        session = app.game.session
        # (The AI's shot is computed on a worker thread from here on, so the
        # session may already be one shot on: compare what was rebuilt, then the first new shot.)
        done = original.state.shots
        # (A laid taw's angle is found again from its spot, so compare the shot's direction and speed.)
        assert [(h.shooter, h.shot.direction, h.shot.speed) for h in session.match.history[:done]] == \
            [(h.shooter, h.shot.direction, h.shot.speed) for h in original.match.history]
        expected = original.ai[original.shooter()].choose_shot(original.view())
        play_until(app, ("Ruling",))
        played = session.match.history[done]
        assert played.shooter == original.shooter() != original.human
        assert played.shot == expected  # the AI plays on as it would have in the original game
        session.wait_for_replay()
        on_disk = load_replay(path)
        assert len(on_disk.shots) > done and on_disk.shots[done].inputs.shooter == played.shooter


@pytest.mark.gui
def test_continue_on_the_title_screen_takes_up_the_game_cut_short_and_is_absent_without_one(app, tmp_path):
    from tests.app.helpers_app import click, step

    assert "continue" not in app.flow.current.buttons  # the replay folder is empty: nothing to take up
    folder = app.app_config.paths.replay_dir
    path = folder / "20260303-120000-seed11.replay"
    # A game left at the human's turn, its file as a killed app leaves it (rewritten whole after each shot).
    original = _stopped_at_the_humans_turn(path, 6)
    with _closed_after(app, original):
        app.flow.request("Rules")
        app.flow.request("Menu")  # the title screen looks again
        menu = app.flow.current
        assert set(menu.buttons) >= {"continue", "new", "replays"}
        shots = original.state.shots
        assert menu.continue_note["text"].endswith(f", after {shots} shots")
        assert menu.continue_note["text"].startswith("You (")
        click(app, menu.buttons["continue"])
        assert app.flow.state == "Menu" and menu.continue_note["text"] == "Setting up the game..."
        step(app, 3)
        assert app.flow.state == "Aim"
        session = app.game.session
        assert _standing(session) == _standing(original) and app.game.replay_path == path


@pytest.mark.gui
def test_a_game_the_title_screen_offers_but_cannot_rebuild_says_why_there(app, tmp_path):
    from tests.app.helpers_app import click, step

    folder = app.app_config.paths.replay_dir
    path = folder / "20260304-120000-seed11.replay"
    original = _stopped_at_the_humans_turn(path, 4)
    original.close()
    replay = load_replay(path)
    inputs = replay.shots[1].inputs
    replay.shots[1].inputs = dataclasses.replace(inputs, speed=inputs.speed * (1 + 1e-12))
    save_replay(replay, path)  # the header still offers it; only playing it again finds the change
    app.flow.request("Rules")
    app.flow.request("Menu")
    menu = app.flow.current
    click(app, menu.buttons["continue"])
    step(app, 3)
    assert app.flow.state == "Menu" and app.game is None
    assert menu.continue_note["text"] == "This game cannot be continued: shot 2 does not replay the same."
    assert menu.buttons["continue"]["state"] == "disabled"
