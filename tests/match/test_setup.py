"""The setup in the match: every taw laid before the first shot, by the players who choose, and kept."""

import math

import pytest

from game.ai.setup_spot import choose_setup_spot
from game.match.match import IllegalShotError, new_match
from game.match.players import ScriptedPlayer, Shot, TawPlacement
from game.rules.house import HouseRules
from game.rules.layout import SUN, taw_id


class Layer(ScriptedPlayer):
    """Lays its taw at a fixed angle on its own line, then plays its script."""

    def __init__(self, angle: float) -> None:
        super().__init__([Shot(0.0, 0.5)])
        self.angle = angle
        self.asked = 0

    def lay_taw(self, view):
        self.asked += 1
        assert view.placements is not None and view.placements.orbits == (view.shooter,)
        return TawPlacement(view.shooter, self.angle)


def test_every_player_who_chooses_lays_his_taw_before_the_first_shot_and_it_stays_there():
    mercury, venus = Layer(10.0), Layer(300.0)
    match = new_match(["mercury", "venus"], [mercury, venus])
    assert match.taws_to_lay == ["mercury", "venus"]
    match.play_turn()  # the setup first: both are asked once, before Mercury shoots
    assert (mercury.asked, venus.asked) == (1, 1) and match.taws_to_lay == []
    spot = match.laid["venus"]
    assert spot == pytest.approx(match.layout.home_on_line("venus", 300.0))
    first = match.history[0]
    assert first.start == pytest.approx(match.layout.home_on_line("mercury", 10.0))
    # Mercury's shot went nowhere near Venus's taw, so it still lies where it was laid, and binds him.
    assert match.state.positions[taw_id("venus")] == spot
    assert match.legal_placements("venus") is None


def test_a_taw_is_laid_on_a_free_spot_of_its_own_line_and_never_after_the_first_shot():
    match = new_match(["mercury", "venus"], [ScriptedPlayer([Shot(0.0, 0.5)])] * 2)
    venus_home = math.degrees(math.atan2(*reversed(match.layout.home_positions()["venus"]))) % 360.0
    laid = match.lay_taw("venus", TawPlacement("venus", venus_home))  # Venus's planet lies there
    assert laid.angle != venus_home and match.state.positions["venus.taw"] == match.laid["venus"]
    with pytest.raises(IllegalShotError):
        match.lay_taw("venus", TawPlacement("venus", 10.0))  # laid once
    with pytest.raises(IllegalShotError):
        match.lay_taw("mercury", TawPlacement("venus", 10.0))  # on another's line
    match.play_shot(Shot(0.0, 0.5))
    with pytest.raises(IllegalShotError):
        match.lay_taw("mercury", TawPlacement("mercury", 10.0))


def test_under_own_first_shot_there_is_no_setup():
    match = new_match(["mercury", "venus"], [Layer(10.0), Layer(20.0)], house=HouseRules(taws_laid="own_first_shot"))
    assert match.taws_to_lay == []


def test_the_ai_lays_its_taw_where_the_line_to_the_sun_is_clear():
    match = new_match(["mercury", "venus", "earth"], [ScriptedPlayer([Shot(0.0, 0.5)])] * 3)
    view = match.setup_view("earth")
    choice = choose_setup_spot(view)
    spot = match.layout.home_on_line("earth", choice.angle)
    sun = view.positions[SUN]
    others = [p for b, p in view.positions.items() if b not in (SUN, view.taw)]
    # Nothing lies within a marble's width of the straight path to the Sun.
    for p in others:
        t = max(0.0, min(1.0, ((p[0] - spot[0]) * (sun[0] - spot[0]) + (p[1] - spot[1]) * (sun[1] - spot[1]))
                         / math.dist(spot, sun) ** 2))
        closest = (spot[0] + t * (sun[0] - spot[0]), spot[1] + t * (sun[1] - spot[1]))
        assert math.dist(p, closest) > 2 * match.layout.marble_radius


def test_the_first_shooter_who_laid_his_taw_at_the_setup_shoots_from_there():
    match = new_match(["mercury", "venus"], [Layer(10.0), Layer(300.0)])
    assert match.legal_placements("mercury") is not None  # before the setup: his own line is offered
    match.lay_taws()
    assert match.legal_placements("mercury") is None
    start, placement = match.start_of(Shot(0.0, 0.5))
    assert placement is None and start == match.laid["mercury"]
