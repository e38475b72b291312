"""The New game screen's goal line says plainly how a player is put out (issue 45, rule 13)."""

from game.app.screens.new_game import GOAL_LINE


def test_the_goal_line_says_an_adversary_can_knock_your_taw_into_the_inner_ring_and_you_can_him():
    assert "rule 9" in GOAL_LINE
    assert "An adversary can knock your taw into the inner ring and put you out, as you can him (rule 13)" in GOAL_LINE
    assert "\n" not in GOAL_LINE
