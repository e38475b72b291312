"""Building and destroying the app, and an AI that takes its time without freezing the game."""

from __future__ import annotations

import builtins
from concurrent.futures import Future

import pytest

from game.app.session.match_session import MatchSession
from game.app.session.shot_choice import ShotChoice
from game.match.players import Shot
from tests.app.helpers_app import (WORKER_PACE_S, build_app, built_app, frames_until, leave_to_menu, press, restore_clock, step,
                                   to_first_turn)

pytestmark = pytest.mark.gui


def test_a_real_ai_plans_while_frames_keep_coming(tmp_path):
    from dataclasses import replace

    def factory(setup):
        # Every seat an easy AI, planning inline in its plan thread (no worker processes in tests).
        return MatchSession(replace(setup, seating=None, human=False, opponents=1, levels=("easy",) * 6, seed=2),
                            planner_workers=0)

    with built_app(tmp_path, session_factory=factory) as app:
        to_first_turn(app)
        assert app.flow.state == "Thinking"
        frames = frames_until(app, lambda: app.flow.state != "Thinking", 5000, pause=WORKER_PACE_S)
        assert app.flow.state == "AiAim"  # its aim is shown before it shoots
        assert frames > 3  # the plan took many frames, and the game drew every one of them


class SlowThinker(MatchSession):
    """A session whose AI answers only when the test says so."""

    def __init__(self, setup):
        super().__init__(setup)
        self.pending: list[Future] = []

    def is_human_turn(self) -> bool:
        return False

    def think(self) -> ShotChoice:
        future: Future = Future()
        self.pending.append(future)
        return ShotChoice(future)


def test_app_can_be_built_destroyed_and_built_again(tmp_path):
    for _ in range(2):
        with built_app(tmp_path) as app:
            step(app, 2)
            assert app.flow.state == "Menu"
        assert getattr(builtins, "base", None) is None


def test_a_slow_ai_keeps_frames_coming_and_can_be_hurried(tmp_path):
    sessions = []

    def factory(setup):
        from dataclasses import replace

        sessions.append(SlowThinker(replace(setup, seating=None, human=False)))  # every seat an AI
        return sessions[-1]

    with built_app(tmp_path, session_factory=factory) as app:
        to_first_turn(app)
        assert app.flow.state == "Thinking"
        frame = app.clock.getFrameCount()
        step(app, 30)
        assert app.clock.getFrameCount() == frame + 30
        assert app.flow.state == "Thinking"
        assert "thinking" in app.game.hud.thinking_text["text"]
        press(app, "fast-forward")  # Space while it thinks: play its shot fast
        assert app.game.fast_forward
        session = sessions[0]
        session.pending[0].set_result(Shot(direction=90.0, speed=1.0))
        step(app)
        assert app.flow.state == "AiAim"  # hurried, the aim still shows for a glance
        glance = frames_until(app, lambda: app.flow.state != "AiAim", 100)
        assert app.flow.state == "Shot" and 10 < glance < 60
        frames_until(app, lambda: app.flow.state != "Shot", 200)
        assert app.flow.state == "Ruling"
        # Leaving mid-thought cancels the AI's future.
        frames_until(app, lambda: app.flow.state == "Thinking", 300)
        assert app.flow.state == "Thinking"
        press(app, "pause")
        leave_to_menu(app)
        assert session.pending[-1].cancelled()


def test_a_table_that_cannot_be_built_is_one_line_and_leaves_nothing_alive(tmp_path, monkeypatch):
    import game.app.scene.table_scene as table
    from game.errors import UserError

    def missing(*_args, **_kwargs):
        raise FileNotFoundError("model marble.egg did not load")

    monkeypatch.setattr(table, "load_model", missing)
    try:
        with pytest.raises(UserError) as raised:
            build_app(tmp_path)
    finally:
        restore_clock()
    message = str(raised.value)
    assert "3D table could not be built" in message and "marble.egg" in message
    assert getattr(builtins, "base", None) is None
