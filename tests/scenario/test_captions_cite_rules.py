"""Every word a player reads about a ruling cites only Martin's seventeen rules: never "rule 0".

Rule 0 is the referee's internal code for a reading of an ending the text
leaves open (the last player in takes the pot, the round limit).  Every
scenario in tests/scenarios/ is played, and every caption of its replay,
every line of the spoken ruling, every line of the HUD's feed and the
coach's verdict on the shot are read.
"""

import re

from game.app.hud.ruling_feed import every_line
from game.coach.verdict import verdict_of
from game.replay.model import ShotInputs
from game.replay.recorder import ShotRecorder, ruling_record
from game.replay.timeline import ruling_captions, ruling_text
from game.rules.ruling_text import cite, rule_label, ruling_to_text
from tests.scenario.scenario_kit import FOLDER, LAYOUT, play

_CITED = re.compile(r"\brule (\d+)", re.IGNORECASE)


def bad_citations(text: str) -> list[str]:
    """Each rule number the text cites that is not one of the seventeen ("rule 0", "Rule 18")."""
    return [m.group(0) for m in _CITED.finditer(text) if not 1 <= int(m.group(1)) <= 17]


def replay_captions(shot) -> list[str]:
    """A scenario's shot recorded as a replay records it (rulings and events), and its captions read back."""
    inputs = ShotInputs(shot.shooter, f"{shot.shooter}.taw", shot.shot.direction, shot.shot.speed)
    recorder = ShotRecorder(inputs)
    for event in shot.events:
        recorder.on_event(event)
    return [words for _, words in ruling_captions(recorder.finish(*ruling_record(shot.ruling)))]


def test_the_citation_check_finds_rule_0_and_numbers_past_17():
    assert bad_citations("Venus is the last player in: Venus takes all the stakes (rule 0).") == ["rule 0"]
    assert bad_citations("Rule 0: the stakes pay Venus 3") == ["Rule 0"]
    assert bad_citations("Rule 18: nothing") == ["Rule 18"]
    assert bad_citations("Venus pays Mars 6 (rule 8). Foul! (rule 15)") == []


def test_a_pot_taken_by_an_ending_the_text_does_not_name_is_captioned_without_a_rule():
    assert cite(0) == "" and cite(None) == "" and cite(True) == "" and cite(8) == " (rule 8)"
    assert rule_label(0) == "Ruling" and rule_label(16) == "Rule 16"
    assert ruling_text({"rule": 0}) == "Ruling"
    result = play("rule13_pot_told_after_who_went_out")
    captions = replay_captions(result.shots[0])
    pot = [c for c in captions if "takes all the stakes" in c]
    assert pot and all(bad_citations(c) == [] for c in pot)
    assert any(t.rule == 0 for t in result.shots[0].ruling.transfers)  # the case: a rule-0 transfer


def test_every_caption_ruling_feed_line_and_verdict_of_every_scenario_cites_only_the_seventeen_rules():
    read = 0
    for path in sorted(FOLDER.glob("*.toml")):
        result = play(path.stem)
        before = result.start.positions if getattr(result, "shots", ()) else {}
        for shot in getattr(result, "shots", ()):
            verdict = verdict_of(shot.ruling, shot.shooter, LAYOUT, before, shot.rest.positions).sentence
            lines = replay_captions(shot) + ruling_to_text(shot.ruling).splitlines() + every_line(shot.ruling)
            lines.append(verdict)
            before = shot.positions
            for line in lines:
                assert bad_citations(line) == [], f"{path.name}: {line}"
            read += len(lines)
    assert read > 300
