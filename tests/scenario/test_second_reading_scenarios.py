"""The referee's second reading (issue 13), each fix played through Bullet from a file in tests/scenarios/."""

from tests.scenario.test_rule_scenarios import play, transfers


def test_a_shot_is_settled_as_a_whole_so_a_player_ahead_on_it_stays_in():
    result = play("settle_a_shot_as_a_whole")
    shot = result.shots[0]
    (penalty,) = transfers(shot, 7)
    (reward,) = transfers(shot, 8)
    assert (penalty.payer, penalty.payee, penalty.marbles, penalty.owed) == ("mars", "venus", 2, 2)
    assert (reward.payer, reward.payee) == ("earth", "mars") and reward.marbles > 2
    assert shot.ruling.out == ()
    assert result.end.purses["mars"] == 1 - 2 + reward.marbles
