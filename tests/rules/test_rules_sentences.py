"""Every sentence the referee says, over a soak of random seeded games, read by a small grammar check.

The check: a capital first letter, no body id ("saturn.3", "mars.taw") and no
planet named in lower case, numbers that agree with their nouns, "the stakes"
as a plural, no one replacing himself, a reason for every ruling that moves no
marbles, and every payment citing its own rule.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings, strategies as st

from game.rules.report import ruling_to_json, ruling_to_text
from game.rules.ruling import Ruling
from game.rules.termination import Termination
from tests.hypothesis_profiles import examples
from tests.rules.test_rules_properties import debt_heavy_game, house_rules, players_drawn, random_game

BODY_ID = re.compile(r"\b(?:sun|mercury|venus|earth|mars|jupiter|saturn|herschel)(?:\.(?:\d+|taw))?\b")
ONE_MANY = re.compile(r"(?<![\d.])1 (?:marbles|planets|satellites|rounds)\b")
MANY_ONE = re.compile(r"(?<![\d.])(?!1\b)\d+ (?:marble|planet|satellite|round)\b(?!s)")
STAKES_SINGULAR = re.compile(r"\b[Tt]he stakes (?:pays|has|owes|puts|forfeits|is|was)\b")
SELF_REPLACES = re.compile(r"\b(\w+) (?:replaces|puts a marble down for) \1\b")


def problems(sentence: str) -> list[str]:
    """What the grammar check finds wrong with one sentence a player reads."""
    found = []
    if not sentence[:1].isupper():
        found.append("does not start with a capital")
    for pattern, what in ((BODY_ID, "a body id or a planet in lower case"), (ONE_MANY, "1 with a plural"),
                          (MANY_ONE, "a plural number with a singular"), (STAKES_SINGULAR, "'the stakes' singular"),
                          (SELF_REPLACES, "someone replacing himself")):
        match = pattern.search(sentence)
        if match:
            found.append(f"{what}: {match.group(0)!r}")
    return found


def sentences(ruling: Ruling) -> list[str]:
    """Every sentence of the ruling a player may read: the spoken text and each reason the JSON and HUD carry."""
    data = ruling_to_json(ruling)
    said = ruling_to_text(ruling).splitlines()
    said += [t["reason"] for t in data["transfers"]] + [f["reason"] for f in data["fouls"]]
    said += data["notes"] + [u["text"] for u in data["unpaid"]] + [p["reason"] for p in data["board"]["put_down"]]
    said += [c.reason for c in ruling.take_off] + ([ruling.ending] if ruling.ending else [])
    return said


def check_ruling(ruling: Ruling) -> list[str]:
    bad = [f"{s!r}: {p}" for s in sentences(ruling) for p in problems(s)]
    if not ruling.transfers and not (ruling.unpaid or ruling.fouls):
        bad.append("a ruling that moves no marbles does not say why")
    if "Nothing to pay" in ruling_to_text(ruling):
        bad.append("a ruling hides its reasons behind 'Nothing to pay'")
    for t in ruling.transfers:
        if not t.cause:
            bad.append(f"a rule {t.rule} payment with no cause: {t.reason!r}")
        if t.rule and not t.reason.endswith(f"(rule {t.rule})"):
            bad.append(f"a rule {t.rule} payment that cites no rule or another: {t.reason!r}")
    if ruling.termination not in (None, Termination.SUN_BEYOND_HERSCHEL):
        bad += [f"a {ruling.termination} pot labelled rule 9" for t in ruling.transfers
                if t.rule == 9 and t.payer == "stakes"]
    return bad


def test_the_grammar_check_catches_each_kind_of_slip():
    assert problems("Venus pays the Earth 2 (rule 7).") == []
    assert problems("Venus pays the Earth 1 of the 2 owed (rule 7).") == []
    for slip in ("the Earth knocked the Sun onto his own line.", "Venus struck a satellite of Saturn (saturn.3).",
                 "The Sun stopped with 1 planets there.", "Mars takes up 3 marble.", "The stakes pays Mars 3.",
                 "Herschel replaces Herschel at its original place.", "Venus struck mars."):
        assert problems(slip), slip


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
    assert "nothing can be taken, but payments count" in default[3]
    assert "no player pays another" in other[3]
    assert "an unheld orbit pays nothing" in default[8] and "the stakes pay an unheld orbit" in other[8]
    assert "forfeits 5" in other[16]
