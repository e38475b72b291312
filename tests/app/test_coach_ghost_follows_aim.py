"""The coach's ghost stands for the aim it was given to, and H's aim shoots the coach's own shot (issue 45)."""

from __future__ import annotations

import pytest

from game.coach.advice import Advice
from game.coach.preview import PreviewRequest, preview_shot
from game.match.players import Shot
from tests.app.helpers_app import capture_shots, new_game_against_one, press, shoot_anyway_if_asked, step

pytestmark = pytest.mark.gui


def _advice_at_full_power(aim) -> Advice:
    """A coach's answer at the cap's own speed (3.8 m/s): the power meter's top step launches 0.1 % below it."""
    view = aim.view
    shot = Shot((aim.aiming.direction + 3.0) % 360.0, view.max_speed, aim.aiming.placement, 0.0)
    preview = preview_shot(PreviewRequest(view.rule_state, view.house, view.layout, shot))
    return Advice(view.shooter, shot, preview, why="Strike the Sun (rule 4)", seconds=0.0)


def test_the_ghost_goes_once_the_aim_leaves_the_one_it_was_given_to(app):
    aim = new_game_against_one(app, preview="none")
    step(app, 2)
    assert app.coach_pool is not None   # the coach's workers started as the turn opened, before any H
    aim.coach.show(_advice_at_full_power(aim))
    step(app, 3)
    assert aim.coach.ghost.drawn and aim.coach.advice is not None   # the aim as it was: the ghost stays
    aim.aiming.turn(0.5)
    step(app)
    assert aim.coach.ghost.drawn == () and aim.coach.advice is None
    assert "H asks again" in aim.coach.panel.saying


def _advice_taken(app, frames: int):
    """A new game's first turn with the coach's full-power advice shown, then taken with H (its aim, power and
    spin); the Aim screen and the advice."""
    aim = new_game_against_one(app, preview="none")
    step(app, 2)
    advice = _advice_at_full_power(aim)
    aim.coach.show(advice)
    step(app)
    press(app, "coach")   # H again: its aim, power and spin
    step(app, frames)
    return aim, advice


def test_the_aim_h_took_shoots_the_coachs_own_shot_and_turning_it_lets_the_ghost_go(app):
    aim, advice = _advice_taken(app, 3)
    assert aim.coach.ghost.drawn and aim.coach.follow(aim.aiming.shot(aim.aiming.planned)) == advice.shot
    assert aim.aiming.shot(aim.aiming.planned).speed < advice.shot.speed   # what the meter alone would launch
    aim.aiming.turn(-0.5)
    step(app)
    assert aim.coach.ghost.drawn == () and aim.coach.follow(aim.aiming.shot(aim.aiming.planned)) == aim.aiming.shot(aim.aiming.planned)
    aim.aiming.turn(0.5)
    shots = capture_shots(app)
    press(app, "shoot-planned")
    shoot_anyway_if_asked(app)
    assert shots and shots[0].speed < advice.shot.speed   # the ghost gone, the player's own shot


def test_g_on_the_aim_h_took_fires_the_coachs_exact_shot(app):
    _aim, advice = _advice_taken(app, 2)
    shots = capture_shots(app)
    press(app, "shoot-planned")
    shoot_anyway_if_asked(app)
    assert shots and shots[0] == advice.shot
