"""The next adversary's threat in the rules' words, with its chance (issue 45)."""

from __future__ import annotations

from game.ai.reply_guard import PERSON, Exposure, OutKind
from game.coach.exposure_words import chance_words, exposure_to_json, exposure_words


def test_a_chance_is_said_as_a_plain_fraction():
    assert chance_words(4 / 6) == "about 2 times in 3"
    assert chance_words(1 / 6) == "about 1 time in 6"
    assert chance_words(0.5) == "about 1 time in 2"
    assert chance_words(1.0) == "every time"
    assert chance_words(0.0) == "hardly ever"


def test_a_likely_knock_out_is_said_in_the_rules_words_with_the_gap_and_the_chance():
    exposure = Exposure(4 / 6, "venus", "medium", OutKind.RING, 0.031, 6)
    assert exposure_words(exposure) == ("leaves your taw 3 cm from the inner ring: Venus puts it in about 2 times "
                                        "in 3, and you are out (rule 13)")


def test_an_emptied_purse_is_said_as_such_and_no_threat_says_nothing():
    purse = Exposure(0.5, "earth", "hard", OutKind.PURSE, 0.3, 6)
    assert "empties it about 1 time in 2" in exposure_words(purse) and "the Earth" in exposure_words(purse)
    assert exposure_words(Exposure(0.0, "venus", "medium", None, 0.2, 6)) == ""


def test_the_json_carries_the_chance_who_how_the_gap_and_the_words():
    exposure = Exposure(4 / 6, "venus", "medium", OutKind.RING, 0.031, 6)
    out = exposure_to_json(exposure)
    assert out["chance"] == 0.6667 and out["by"] == "venus" and out["kind"] == "ring"
    assert out["gap_m"] == 0.031 and out["likely"] is True and out["words"] == exposure_words(exposure)


def test_a_risk_mostly_of_the_players_own_shot_names_his_hands_not_an_adversary():
    own = Exposure(0.5, "mercury", "medium", OutKind.RING, 0.0, 3, 2, PERSON, own=0.5)
    assert own.by_own_shot
    assert exposure_words(own) == ("puts your own taw in the inner ring about 1 time in 2 with your hands, "
                                   "and you are out (rule 13)")
    assert exposure_to_json(own)["own"] == 0.5


def test_a_risk_mostly_of_the_adversarys_reply_still_names_him():
    mostly_his = Exposure(5 / 6, "venus", "medium", OutKind.RING, 0.031, 6, 2, PERSON, own=1 / 6)
    assert not mostly_his.by_own_shot and "Venus puts it in" in exposure_words(mostly_his)
