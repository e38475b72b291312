import re
from pathlib import Path

import pytest

from game.app.hud.rules_panel import PER_PAGE
from game.app.hud.rules_text import READINGS, RULES, rule_line

SEED = Path("/work/shared/seeds/sun-and-planet-taw.txt")


def test_seventeen_rules_each_with_our_reading():
    assert sorted(RULES) == list(range(1, 18)) == sorted(READINGS)
    assert all(len(READINGS[n]) < 130 for n in READINGS)  # one line on the rules screen
    assert rule_line(7).startswith("Rule 7: If the Sun is knocked against a planet")


@pytest.mark.skipif(not SEED.exists(), reason="the source text is not on this machine")
def test_shipped_text_is_the_source_text_word_for_word():
    text = SEED.read_text(encoding="utf-8")
    source = {int(m.group(1)): m.group(2).strip() for m in re.finditer(r"^(\d+)\. (.+)$", text, re.M)}
    assert source == RULES


def test_the_seventeen_rules_fill_exactly_six_pages():
    assert PER_PAGE * 6 >= len(RULES) > PER_PAGE * 5
