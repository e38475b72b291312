"""The aim as pure state (``TawAim``): what the Aim screen would shoot, moved by turns, slides and advice."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.app.input.aiming import OWN_CLEARANCE, aim_towards, first_contact, launch_speed
from game.app.input.taw_aim import PLANNED_LEVEL, TawAim
from game.match.match import Match
from game.match.players import MatchView, RandomPlayer, Shot, TawPlacement
from game.rules.layout import Layout, taw_id


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


def _round_two_view(shooter: str, taw_at) -> MatchView:
    """A later turn's view: every body at home, the shooter's taw where it came to rest (``taw_at``)."""
    positions = dict(Layout().home_positions())
    positions[taw_id(shooter)] = taw_at
    return MatchView(shooter=shooter, planets=(shooter, "venus"), active=(shooter, "venus"), positions=positions,
                     purses={}, stakes=0, sun_released=True, comets=(), placements=None, max_speed=3.8,
                     layout=Layout(), turn=3, round=2)


def _beyond(point, factor: float):
    return (point[0] * factor, point[1] * factor)


def _first_struck(aim: TawAim) -> str | None:
    contact = first_contact(aim.origin(), aim.direction, aim.view.layout.marble_radius, aim.bodies(), math.inf)
    return contact.body if contact is not None else None


def _off_straight(aim: TawAim) -> float:
    """How many degrees the aim lies off the straight line to the Sun."""
    sun = aim.view.positions["sun"]
    straight = aim_towards(aim.origin(), sun)
    return abs((aim.direction - straight + 180.0) % 360.0 - 180.0)


@pytest.mark.parametrize("own", ["mars", "mars.2", "earth", "earth.1"])
def test_a_turn_never_opens_on_the_shooters_own_planet_or_satellite(own):
    shooter = own.split(".")[0]
    home = Layout().home_positions()[own]
    aim = TawAim.start(_round_two_view(shooter, _beyond(home, 1.12)))  # his own marble hides the Sun
    first = _first_struck(aim)
    assert first is None or not first.startswith(shooter)
    assert _off_straight(aim) < 30.0  # the nearest line clear of it, still about toward the Sun


def test_a_turn_with_the_sun_half_hidden_by_his_own_planet_opens_on_a_cut_at_the_sun():
    positions = {"sun": (0.0, 0.0), "venus": (0.015, -0.3), "venus.taw": (0.0, -0.5)}  # Venus a hair off the line
    view = _round_two_view("venus", (0.0, -0.5))
    view = replace(view, positions=positions)
    aim = TawAim.start(view)
    assert _first_struck(aim) == "sun" and 0.0 < _off_straight(aim) < 2.0


def test_the_opening_line_passes_his_own_marble_with_room_to_spare():
    home = Layout().home_positions()["mars"]
    aim = TawAim.start(_round_two_view("mars", _beyond(home, 1.045)))  # so near that Mars fills the view
    bodies = {b: (c, r + 0.9 * OWN_CLEARANCE * aim.view.layout.marble_radius) for b, (c, r) in aim.bodies().items()}
    contact = first_contact(aim.origin(), aim.direction, aim.view.layout.marble_radius, bodies, math.inf)
    assert contact is None or not contact.body.startswith("mars")


def test_a_turn_with_a_clear_line_still_opens_straight_at_the_sun():
    aim = TawAim.start(_round_two_view("venus", (0.0, -0.5)))
    assert aim.direction == pytest.approx(90.0) and _first_struck(aim) == "sun"


@pytest.mark.parametrize("own, factor", [("mars", 1.12), ("mars", 1.045), ("earth.1", 1.12)])
def test_bullet_plays_the_opening_aim_without_a_rule_15_foul(own, factor):
    """The straight-line sweep is the aim's reckoning; Bullet, shooting the opening aim at the planned power, agrees."""
    from game.coach.preview import PreviewRequest, preview_shot
    from game.rules.house import HouseRules
    from tests.rules.rules_kit import game, place

    shooter = own.split(".")[0]
    taw_at = _beyond(Layout().home_positions()[own], factor)
    view = _round_two_view(shooter, taw_at)
    aim = TawAim.start(view)
    state = place(game([shooter, "venus"]), **{f"{shooter}_taw": taw_at})
    state = replace(state, turn=state.players.index(shooter))  # his turn
    shot = aim.shot(PLANNED_LEVEL)
    straight = replace(shot, direction=aim_towards(aim.origin(), (0.0, 0.0)))
    opened = preview_shot(PreviewRequest(state, HouseRules(), Layout(), shot))
    assert opened.shooter == shooter
    fouls = [f.rule for f in opened.ruling.fouls]
    before = [f.rule for f in preview_shot(PreviewRequest(state, HouseRules(), Layout(), straight)).ruling.fouls]
    assert 15 not in fouls and 15 in before  # the line the turn used to open on was the foul
