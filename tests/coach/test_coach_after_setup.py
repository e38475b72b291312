"""After the setup every player shoots from where his taw lies (rule 17), and so do the coach and the AI.

The rule state alone cannot tell a taw laid at the setup from one still to be
laid (the first shooter is still "pending" until the game's first shot), so
the coach and the AI plan from the placements the match offers.  A coach that
read the rule state alone offered the first shooter a new spot on his line
while the game shot from where his taw lay.
"""

from __future__ import annotations

from game.ai.levels import get_level
from game.ai.player import AIPlayer, placement_lines, situation_from_view
from game.ai.workers import PlannerPool
from game.coach.advice import advise, situation_for
from game.match.match import Match
from game.match.players import ScriptedPlayer, Shot, TawPlacement
from game.rules.house import HouseRules

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()


def _after_the_setup() -> Match:
    """Mercury and Venus lay their taws at the setup: Mercury's at 270 degrees, off the Sun's straight line."""
    idle = [Shot(direction=0.0, speed=1.0)]
    match = Match({"mercury": ScriptedPlayer(idle), "venus": ScriptedPlayer(idle)}, house=HOUSE)
    match.lay_taw("mercury", TawPlacement("mercury", 270.0))
    match.lay_taw("venus", TawPlacement("venus", 40.0))
    return match


def test_the_rule_state_alone_still_offers_the_first_shooter_his_line():
    # Why the coach needs the match's placements: this is what it read before.
    match = _after_the_setup()
    assert situation_for(match.state, HOUSE, LAYOUT).placement_orbits == ("mercury",)
    assert match.view().placements is None


def test_after_the_setup_the_coach_shoots_the_first_shooter_from_where_his_laid_taw_lies():
    match = _after_the_setup()
    view = match.view()
    laid = match.state.positions["mercury.taw"]
    advice = advise(match.state, HOUSE, LAYOUT, level="easy", seed=1, lines=placement_lines(view))
    assert advice.shooter == "mercury"
    assert advice.shot.placement is None
    assert advice.preview.start == laid
    result = match.play_shot(advice.shot)  # the match plays it from there, and rules as the coach said
    assert result.start == laid
    assert result.ruling == advice.preview.ruling


def test_after_the_setup_the_ai_shoots_from_where_its_laid_taw_lies():
    match = _after_the_setup()
    view = match.view()
    assert situation_from_view(view).placement_orbits == ()
    with PlannerPool(0) as pool:
        shot = AIPlayer(get_level("easy"), seed=3, pool=pool).choose_shot(view)
    laid = match.state.positions["mercury.taw"]
    assert shot.placement is None
    assert match.play_shot(shot).start == laid
