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


def test_every_scenario_ruling_reads_as_good_sentences():
    from tests.rules.test_rules_sentences import check_ruling
    from tests.scenario.test_rule_scenarios import FOLDER

    for path in sorted(FOLDER.glob("*.toml")):
        result = play(path.stem)
        for shot in result.shots:
            bad = check_ruling(shot.ruling)
            assert not bad, f"{path.name}: " + "\n".join(bad)


def test_the_report_names_the_striker_first():
    from game.scenario.report import result_to_text

    # The physics lists this contact as (the Moon, the Earth's taw), though the taw struck the resting Moon.
    text = result_to_text(play("rule15_own_satellite"))
    assert "The Earth's taw strikes the Moon (" in text and "The Moon strikes the Earth (" in text
    assert "strikes the Earth's taw" not in text
