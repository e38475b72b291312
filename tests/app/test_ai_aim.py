"""An AI's turn a player can follow: its aim shown and said before it shoots, the camera on the action."""

from __future__ import annotations

import math

import pytest

from game.app.hud.ai_aim_caption import Power, power_word, read_aim
from game.app.screens.watch_shot import action_points
from game.match.players import MatchView, Shot
from game.match.table import body_radius
from game.rules.events import Contact
from game.rules.layout import Layout
from game.rules.names import body, sentence, who
from tests.app.helpers_app import human_shot, press, start_game, step

FPS = 60


def _view(positions, shooter="mars", max_speed=3.8) -> MatchView:
    return MatchView(shooter=shooter, planets=(shooter, "venus"), active=(shooter, "venus"), positions=positions,
                     purses={}, stakes=0, sun_released=True, comets=(), placements=None, max_speed=max_speed,
                     layout=Layout(), turn=1, round=1)


def test_the_caption_names_the_first_body_on_the_aim_line_and_the_power_in_words():
    positions = {"mars.taw": (0.0, -0.4), "venus": (0.0, -0.2), "sun": (0.0, 0.0), "earth.1": (0.3, -0.4)}
    reading = read_aim(_view(positions), Shot(direction=90.0, speed=1.5))
    assert reading.target == "venus"  # Venus lies between the taw and the Sun
    assert reading.caption() == "Mars aims at Venus, firm"
    assert read_aim(_view(positions, shooter="earth"), Shot(direction=90.0, speed=0.5)) is None  # no taw down
    positions["earth.taw"] = positions.pop("mars.taw")
    reading = read_aim(_view(positions, shooter="earth"), Shot(direction=0.0, speed=3.5))
    assert reading.caption() == "The Earth aims at the Moon, hard"
    reading = read_aim(_view(positions, shooter="earth"), Shot(direction=180.0, speed=0.4))
    assert reading.caption() == "The Earth shoots into open ground, gentle"


def test_the_caption_says_a_stop_or_a_follow_shot_when_the_ai_puts_spin_on_it():
    positions = {"mars.taw": (0.0, -0.4), "sun": (0.0, 0.0)}
    stop = read_aim(_view(positions), Shot(direction=90.0, speed=1.5, spin=-0.6))
    follow = read_aim(_view(positions), Shot(direction=90.0, speed=1.5, spin=0.3))
    plain = read_aim(_view(positions), Shot(direction=90.0, speed=1.5, spin=0.001))
    assert stop.caption() == "Mars aims at the Sun, firm, a stop shot (backspin)"
    assert follow.caption() == "Mars aims at the Sun, firm, a follow shot (topspin)"
    assert plain.caption() == "Mars aims at the Sun, firm"


def test_power_words_split_the_speed_range_in_thirds():
    assert [power_word(s, 3.0) for s in (0.1, 0.99, 1.01, 1.99, 2.01, 3.0)] == [
        Power.GENTLE, Power.GENTLE, Power.FIRM, Power.FIRM, Power.HARD, Power.HARD]


def _first_on_line(view: MatchView, origin, direction: float) -> str | None:
    """Independently of the caption's code: the body whose centre is nearest along the aim among those it passes."""
    ux, uy = math.cos(math.radians(direction)), math.sin(math.radians(direction))
    best = None
    for b, (x, y) in view.positions.items():
        if b == view.taw:
            continue
        along = (x - origin[0]) * ux + (y - origin[1]) * uy
        across = abs(-(x - origin[0]) * uy + (y - origin[1]) * ux)
        if along > 0 and across < view.layout.marble_radius + body_radius(view.layout, b):
            if best is None or along < best[0]:
                best = (along, b)
    return best[1] if best else None


def _in_window(app, point) -> bool:
    from game.app.scene.offscreen import project_to_pixel

    return project_to_pixel(app.cam, app.win, point) is not None


@pytest.mark.gui
def test_an_ai_shows_its_aim_then_shoots_and_the_camera_holds_what_it_strikes(app):
    start_game(app, rounds=3, planet="herschel", opponents=2, seed=5)
    struck_checked = 0
    announced = 0
    before = None  # the table before the AI's shot (once its shot is started the match is past it)
    for _ in range(20000):
        state = app.flow.state
        if state == "GameOver" or struck_checked:
            break
        if state == "Aim":
            human_shot(app, 0.3)
        elif state in ("HatDrop", "LayTaws", "Ruling"):
            before = app.game.session.view() if not app.game.session.is_over() else None
            press(app, "fast-forward")
        elif state == "AiAim":
            screen = app.flow.current
            view = before
            shooter = view.shooter
            text = screen.caption.text
            reading = screen.reading
            target = _first_on_line(view, reading.origin, screen.shot.direction)
            assert text.startswith(sentence(who(shooter)) + " ")
            assert text.endswith(", " + power_word(screen.shot.speed, view.max_speed).value)
            if target is None:
                assert "into open ground" in text
            else:
                assert f" at {body(target)}," in text
            assert app.view.aim_shown
            frames = 0
            while app.flow.state == "AiAim":
                assert screen.live is None or screen.live.time == 0.0  # nothing played while the aim shows
                assert app.game.hud.status.shooter == shooter  # the HUD is not ahead of the table
                step(app)
                frames += 1
            assert app.flow.state == "Shot"
            assert frames >= FPS  # shown for about a second
            assert not app.view.aim_shown
            shot_screen = app.flow.current
            live = shot_screen.live
            assert live.time <= 1.0 / FPS + 1e-9  # the shot is played from its start only now
            announced += 1
            since_framed = 0
            while app.flow.state == "Shot":
                assert app.game.hud.status.shooter == shooter
                step(app)
                since_framed = since_framed + 1 if shot_screen._framed else 0
                if since_framed < FPS // 2:
                    continue  # the camera glides to its framing (the shot is computed on a worker thread)
                events = live.result().events
                struck = {b for e in events if isinstance(e, Contact) and e.t <= live.time for b in (e.a, e.b)}
                positions = live.positions()
                for b in struck:
                    x, y = positions.get(b, (99.0, 99.0))
                    if math.hypot(x, y) <= app.view.layout.play_radius:
                        assert _in_window(app, (x, y, 0.01)), f"{b} out of frame at t={live.time:.2f}"
                        struck_checked += 1
        else:
            if state == "Thinking":
                before = app.game.session.view()
            step(app)
    assert announced and struck_checked, "no AI shot struck anything to keep in frame"


def test_action_points_hold_the_moving_bodies_on_the_ground_only():
    import numpy as np

    class Live:
        frames = [
            (0.0, ["a", "b", "c"], np.array([[0, 0, 0, 1, 0, 0, 0], [1, 0, 0, 1, 0, 0, 0], [2, 0, 0, 1, 0, 0, 0]], float)),
            (1.0, ["a", "b", "c"], np.array([[0.5, 0, 0, 1, 0, 0, 0], [1, 0, 0, 1, 0, 0, 0], [9, 0, 0, 1, 0, 0, 0]], float)),
        ]

    points = action_points(Live(), play_radius=2.5)
    assert (0.0, 0.0) in points and (0.5, 0.0) in points  # a moved
    assert (1.0, 0.0) not in points  # b never moved
    assert (2.0, 0.0) in points and (9.0, 0.0) not in points  # c held up to where it left the ground
