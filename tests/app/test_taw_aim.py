"""The aim as pure state (``TawAim``): what the Aim screen would shoot, moved by turns, slides and advice."""

from __future__ import annotations

import math

import pytest

from game.app.input.aiming import launch_speed
from game.app.input.taw_aim import PLANNED_LEVEL, TawAim
from game.match.match import Match
from game.match.players import RandomPlayer, Shot, TawPlacement


def _first_view():
    """The first shooter's view of a fresh two-player game: his taw on his line, where he may lay it anew."""
    match = Match({"mercury": RandomPlayer(1), "venus": RandomPlayer(2)})
    return match.view()


def test_a_turn_starts_aimed_at_the_sun_from_where_the_taw_lies():
    view = _first_view()
    aim = TawAim.start(view)
    assert aim.placement is None and aim.origin() == view.taw_position()
    origin, sun = aim.origin(), view.positions["sun"]
    assert aim.direction == pytest.approx(math.degrees(math.atan2(sun[1] - origin[1], sun[0] - origin[0])) % 360.0)
    assert aim.planned == PLANNED_LEVEL and aim.spin.value == 0.0
    assert aim.positions()[view.taw] == origin and view.taw not in aim.bodies()


def test_the_shot_is_the_aim_as_it_stands():
    aim = TawAim.start(_first_view())
    aim.turn(370.0)
    aim.slide(15.0)  # laid on the first line offered, then slid along it
    aim.spin.add(0.3)
    shot = aim.shot(1.0)
    assert aim.placement is not None and aim.placement.orbit == aim.view.placements.orbits[0]
    assert shot.direction == pytest.approx(aim.direction) and shot.placement == aim.placement
    assert shot.speed == pytest.approx(launch_speed(1.0, aim.view.max_speed)) and shot.spin == pytest.approx(0.3)


def test_advice_snaps_the_aim_the_place_the_power_and_the_spin():
    view = _first_view()
    aim = TawAim.start(view)
    orbit = view.placements.orbits[0]
    advice = Shot(direction=-30.0, speed=view.max_speed / 2, placement=TawPlacement(orbit, 200.0), spin=-0.5)
    aim.take(advice)
    assert aim.direction == pytest.approx(330.0) and aim.placement == advice.placement
    assert aim.spin.value == -0.5 and aim.shot(aim.planned).speed == pytest.approx(advice.speed)


def test_the_set_power_stays_within_its_range():
    aim = TawAim.start(_first_view())
    aim.nudge_power(5.0)
    assert aim.planned == 1.0
    aim.nudge_power(-5.0)
    assert 0.0 < aim.planned < 0.1
