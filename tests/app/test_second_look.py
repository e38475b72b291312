"""The note heading the coach's full answer says what changed since its first answer (``second_look``)."""

from __future__ import annotations

from dataclasses import replace

from game.app.hud.second_look import second_look, shot_changes
from game.match.players import Shot, TawPlacement

FIRST = Shot(direction=90.0, speed=1.9)
WORDS = "Coach: Strike the Sun to rest within Venus's orbit.\nPredicted: Venus pays you 6 (rule 8)\n"


def test_the_same_shot_is_said_the_same():
    assert second_look(FIRST, WORDS, FIRST, WORDS) == "The next shots weighed: the same shot."


def test_another_plan_is_a_change_of_mind():
    other = "Coach: Drive the Sun out to Mars's orbit.\nPredicted: nobody pays (rule 8)\n"
    assert second_look(FIRST, WORDS, replace(FIRST, direction=80.0), other) == "The next shots changed the coach's mind:"


def test_the_same_plan_played_harder_with_topspin_says_so_not_a_change_of_mind():
    full = replace(FIRST, speed=3.8, spin=1.0)
    assert second_look(FIRST, WORDS, full, WORDS) == (
        "The next shots weighed: the same plan, played harder, with topspin 100%:")


def test_each_change_of_the_shot_is_named_in_a_players_words():
    full = Shot(direction=88.5, speed=1.0, spin=-0.5, placement=TawPlacement("venus", 30.0))
    assert shot_changes(FIRST, full) == ["played from another spot", "aimed 1.5° further right", "played softer",
                                         "with backspin 50%"]
    assert shot_changes(FIRST, replace(FIRST, direction=359.0 + 92.0)) == ["aimed 1.0° further left"]
    assert shot_changes(FIRST, replace(FIRST, direction=90.01)) == ["played a hair differently"]
    assert shot_changes(replace(FIRST, spin=0.4), FIRST) == ["without spin"]
    assert second_look(FIRST, WORDS, replace(FIRST, direction=89.3, speed=1.2), WORDS) == (
        "The next shots weighed: the same plan, aimed 0.7° further right, played softer:")  # as seen in play
