"""Between games: a player who is out plays the rest at once or leaves; Leave to menu asks first."""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import replace

import pytest

from game.app.session.match_session import MatchSession
from game.app.session.shot_choice import ShotChoice
from game.match.players import RandomPlayer
from tests.app.helpers_app import built_app, click, frames_until, lay_taws, play_out_frames, press, start_game, step

pytestmark = pytest.mark.gui


class OutSession(MatchSession):
    """The human counts as out from the start (a stand-in for a taw left in the inner ring); his seat,
    still in the match's turn order here, is played by the random AI."""

    def active_players(self):
        return tuple(p for p in super().active_players() if p != self.human)

    def is_human_turn(self) -> bool:
        return False

    def think(self) -> ShotChoice:
        if self.shooter() != self.human:
            return super().think()
        done: Future = Future()
        done.set_result(RandomPlayer(self.state.shots).choose_shot(self.view()))
        return ShotChoice(done)


def test_a_player_who_is_out_plays_to_the_end_without_animation_and_keeps_the_replay(offscreen_pipe, tmp_path):
    factory = lambda setup: OutSession(replace(setup, levels=("random",) * 6))  # noqa: E731
    with built_app(tmp_path, session_factory=factory) as app:
        step(app, 2)
        start_game(app, rounds=2, opponents=2, seed=3, planet="venus")
        press(app, "fast-forward")
        press(app, "fast-forward")
        lay_taws(app)
        frames_until(app, lambda: app.flow.state in ("Thinking", "AiAim"), 300)
        screen = app.flow.current
        assert screen.offer is not None, "the player who is out is offered Play to the end"
        entered = len(app.flow.history)
        click(app, screen.offer.play_button)
        assert app.flow.state == "PlayOut"
        play_out_frames(app, 3000)
        assert app.flow.state == "GameOver"
        assert app.flow.history[entered:] == ["PlayOut", "GameOver"]  # no shot was played back on the table
        session = app.game.session
        assert session.is_over() and session.state.shots > 0
        session.wait_for_replay()
        assert len(session.replay().shots) == session.state.shots  # every shot kept in the replay


def test_a_player_who_is_out_can_leave(offscreen_pipe, tmp_path):
    factory = lambda setup: OutSession(replace(setup, levels=("random",) * 6))  # noqa: E731
    with built_app(tmp_path, session_factory=factory) as app:
        step(app, 2)
        start_game(app, rounds=2, opponents=1, seed=3, planet="venus")
        frames_until(app, lambda: app.flow.state in ("Thinking", "AiAim"), 300, pressing="fast-forward")
        click(app, app.flow.current.offer.leave_button)
        assert app.flow.state == "Menu"


def test_leave_to_menu_asks_first(app):
    start_game(app, rounds=1, opponents=1)
    frames_until(app, lambda: app.flow.state in ("Aim", "Thinking"), 300, pressing="fast-forward")
    press(app, "pause")
    click(app, app.pause.menu_button)
    assert app.pause.confirm is not None and app.flow.state != "Menu"
    assert app.pause.frame.isHidden()  # the question alone, over the game
    click(app, app.pause.confirm.no_button)  # Stay
    assert app.flow.state != "Menu" and not app.pause.frame.isHidden()
    click(app, app.pause.menu_button)
    press(app, "pause")  # Esc closes the pause menu and the question with it
    assert not app.pause.active and app.flow.state != "Menu"
    press(app, "pause")
    click(app, app.pause.menu_button)
    click(app, app.pause.confirm.yes_button)  # Leave
    assert app.flow.state == "Menu"
