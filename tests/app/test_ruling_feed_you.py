"""The person at the machine reads his own shot addressed to him, and is never named both ways in one ruling.

Before: "Rule 7: the Earth knocked the Sun against Venus: you pay Venus 2", the Earth being the reader.
"""

from pathlib import Path

import pytest

from game.app.hud.ruling_feed import every_line
from game.physics import PhysicsConfig
from game.rules import names
from game.scenario.format import load_scenario
from game.scenario.run import run_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _last_ruling(name: str):
    return run_scenario(load_scenario(SCENARIOS / name, max_speed=PhysicsConfig().max_shot_speed)).shots[-1].ruling


@pytest.mark.parametrize("name, told", [
    ("taw_off_the_table_goes_back_on_his_line.toml",
     ["Your taw struck nothing, so nobody pays.",
      "Your taw left the play area: you lay it again anywhere on your own line (a house rule: the text is silent on "
      "a taw off the play area)"]),
    ("rule12_taw_falls_home.toml", ["Rule 12: Your taw struck a marble and fell into your own orbit: you pay the stakes 1",
                                    "You struck Venus, which stays in the Earth's orbit; the orbit is your own, so nobody "
                                    "pays (rule 11)."]),
])
def test_the_shooter_at_the_machine_is_told_his_own_shot(name, told):
    ruling = _last_ruling(name)
    assert every_line(ruling, human=ruling.shooter) == told


@pytest.mark.parametrize("name, reader, told", [
    ("rule10_planet_out.toml", "mars", "Rule 10: You put a new marble down at your planet's home spot"),
    ("rule10_no_marble_to_put_down.toml", "herschel",
     "You have no marble to put down where your planet lay, so the place stays empty (rule 10)."),
])
def test_the_player_who_puts_a_planet_down_again_is_told_it(name, reader, told):
    lines = every_line(_last_ruling(name), human=reader)
    assert told in lines, lines
    assert not any(names.who(reader) + " " in line.split(":")[-1] for line in lines if "put" in line), lines


@pytest.mark.parametrize("name", ["rule07_sun_against_planet.toml", "rule15_own_satellite.toml",
                                  "rule17_first_shot_off_line.toml", "rule11_struck_into_the_shooters_own_orbit.toml",
                                  "rule16_sun_in_saturn_ring.toml", "rule09_win.toml", "rule08_schedule.toml"])
def test_no_line_names_the_reader_by_his_planet_as_the_doer(name):
    ruling = _last_ruling(name)
    me = names.who(ruling.shooter)
    lines = every_line(ruling, human=ruling.shooter)
    third = every_line(ruling, human=None)
    assert any(f"{me} " in line or names.possessive(ruling.shooter) in line for line in third), third
    for line in lines:
        for deed in (f"{me} struck", f"{me} knocked", f"{me} shot", f"{me} must", f"{me} took",
                     f"{names.possessive(ruling.shooter)} taw", f"{names.possessive(ruling.shooter)} first"):
            assert deed.lower() not in line.lower(), (line, lines)


def test_the_sun_knocked_onto_ones_own_line_is_told_once_with_the_toll_to_come():
    ruling = _last_ruling("rule06_sun_on_own_line.toml")  # the Earth's shot put it there; Venus's pays the toll
    first = run_scenario(load_scenario(SCENARIOS / "rule06_sun_on_own_line.toml",
                                       max_speed=PhysicsConfig().max_shot_speed)).shots[0].ruling
    lines = every_line(first, human=first.shooter)
    toll = "You knocked the Sun onto your own line: every other shooter pays you 1 while it stays there (rule 6)."
    assert lines.count(toll) == 1 and len(lines) == len(set(lines)), lines
    assert every_line(ruling, human="earth") == ["Rule 6: The Sun lay on your line as the shot began: Venus pays you 1"]


def test_the_winner_at_the_machine_reads_the_ending_to_him():
    ruling = _last_ruling("rule09_win.toml")
    assert ruling.ending == f"{names.sentence(names.who(ruling.winner))} knocked the Sun beyond Herschel's orbit and " \
                            "wins the game (rule 9)."
    told = names.sentence(ruling.ending_phrase.told(you=ruling.winner))
    assert told == "You knocked the Sun beyond Herschel's orbit and win the game (rule 9)."


def test_a_quiet_shot_of_ones_own_is_told_once():
    from game.rules.phrase import Phrase
    from game.rules.ruling import NoPayment, Unpaid

    quiet = Unpaid(0, NoPayment.NO_RULE, "Venus's taw struck nothing, so nobody pays.",
                   Phrase("{0:Poss} taw struck nothing, so nobody pays.", ("venus",)))

    class Quiet:
        fouls = transfers = put_down = comets = out = notes = ()
        winner, finished, unpaid = None, False, (quiet,)

    assert every_line(Quiet(), human="venus") == ["Your taw struck nothing, so nobody pays."]
    assert every_line(Quiet(), human="mars") == ["Venus's taw struck nothing, so nobody pays."]
