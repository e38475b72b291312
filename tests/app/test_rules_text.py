import re
from pathlib import Path

import pytest

from game.app.hud.rules_panel import PER_PAGE
from game.app.hud.rules_text import RULES, rule_line
from game.rules.readings import readings

SEED = Path("/work/shared/seeds/sun-and-planet-taw.txt")


def test_seventeen_rules_each_with_our_reading():
    lines = readings()
    assert sorted(RULES) == list(range(1, 18)) == sorted(lines)
    assert all(len(lines[n]) < 130 for n in lines)  # one line on the rules screen
    assert rule_line(7).startswith("Rule 7: If the Sun is knocked against a planet")


@pytest.mark.skipif(not SEED.exists(), reason="the source text is not on this machine")
def test_shipped_text_is_the_source_text_word_for_word():
    text = SEED.read_text(encoding="utf-8")
    source = {int(m.group(1)): m.group(2).strip() for m in re.finditer(r"^(\d+)\. (.+)$", text, re.M)}
    assert source == RULES


def test_the_seventeen_rules_fill_exactly_six_pages():
    assert PER_PAGE * 6 >= len(RULES) > PER_PAGE * 5


DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_the_rules_screen_and_docs_rules_md_give_each_rule_the_same_reading():
    """docs/rules.md opens each rule with the line the game shows, word for word (default house rules)."""
    text = DOCS.read_text(encoding="utf-8")
    sections = re.split(r"^## Rule (\d+) — .*$", text, flags=re.M)[1:]
    in_docs = {}
    for number, body in zip(sections[::2], sections[1::2]):
        first = re.search(r"^\*In the game:\* (.+?)\n\n", body, flags=re.M | re.S)
        assert first, f"rule {number}'s section has no in-game line"
        in_docs[int(number)] = " ".join(first.group(1).split())
    assert in_docs == readings()


def test_rule_8_reads_as_the_referee_pays_it_the_holder_of_the_orbit_pays():
    from game.app.hud.ruling_feed import ruling_lines
    from game.physics import PhysicsConfig
    from game.scenario.format import load_scenario
    from game.scenario.run import run_scenario

    assert "the holder of the orbit it stops in pays you" in readings()[8]
    scenario = load_scenario(DOCS.parents[1] / "tests" / "scenarios" / "rule08_schedule.toml",
                             max_speed=PhysicsConfig().max_shot_speed)
    ruling = run_scenario(scenario).shots[-1].ruling
    paid = [t for t in ruling.transfers if t.rule == 8]
    assert [(t.payer, t.payee, t.marbles) for t in paid] == [("mercury", "earth", 7)]  # Mercury holds the orbit
    assert any(line.startswith("Rule 8:") and line.endswith("Mercury pays you 7")
               for line in ruling_lines(ruling, human="earth"))
