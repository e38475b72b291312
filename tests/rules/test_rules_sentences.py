"""Every sentence the referee says, over a soak of random seeded games, read by a small grammar check.

The check: a capital first letter, no body id ("saturn.3", "mars.taw") and no
planet named in lower case, numbers that agree with their nouns, "the stakes"
as a plural, no one replacing himself, a reason for every ruling that moves no
marbles, and every payment citing its own rule.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.hypothesis_profiles import examples
from tests.rules.games_drawn import debt_heavy_game, house_rules, players_drawn, random_game
from tests.rules.sentence_check import check_ruling, problems


def test_the_grammar_check_catches_each_kind_of_slip():
    assert problems("Venus pays the Earth 2 (rule 7).") == []
    assert problems("Venus pays the Earth 1 of the 2 owed (rule 7).") == []
    for slip in ("the Earth knocked the Sun onto his own line.", "Venus struck a satellite of Saturn (saturn.3).",
                 "The Sun stopped with 1 planets there.", "Mars takes up 3 marble.", "The stakes pays Mars 3.",
                 "Herschel replaces Herschel at its original place.", "Venus struck mars."):
        assert problems(slip), slip


@pytest.mark.slow
@settings(max_examples=examples(80), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), house=house_rules(st.integers(0, 6)), players=players_drawn, heavy=st.booleans())
def test_every_ruling_of_random_games_reads_as_good_sentences(data, house, players, heavy):
    for _, ruling in (debt_heavy_game if heavy else random_game)(data, house, players):
        bad = check_ruling(ruling)
        assert not bad, "\n".join(bad)


def test_every_rule_has_a_one_line_reading_that_follows_the_house_rules():
    from game.rules.house import HouseRules
    from game.rules.readings import readings

    default, other = readings(), readings(HouseRules(rule3_gate="scoring", stakes_pay_unheld_orbits=True,
                                                     rule16_forfeit=5))
    assert sorted(default) == list(range(1, 18))
    for text in [*default.values(), *other.values()]:
        assert len(text) < 130 and not problems(text), text
    assert "nothing is taken and rule 8 waits" in default[3]
    assert "no player pays another" in other[3]
    assert "unheld orbits pay nothing" in default[4] and "the stakes pay for unheld orbits" in other[4]
    assert "forfeit 5" in other[16]
    # Issue 25's readings: rule 16's Sun costs nothing, rule 4 counts no taws and no Sun, rule 3 names rule 8
    # as waiting (not "payments count"), rule 10 says what happens to a satellite.
    assert "Strike the Sun there: free" in default[16]
    assert "(no taws, no Sun)" in default[4]
    assert "rule 8 waits" in default[3] and "payments count" not in default[3]
    assert "a satellite is taken, not replaced" in default[10]
