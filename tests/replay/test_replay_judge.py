"""``taw replay FILE --judge HOUSE.toml``: every recorded shot judged again from its events, no physics."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.errors import UserError
from game.replay import load_replay
from game.replay.model import ShotInputs
from game.replay.recorder import GameRecorder, ShotRecorder, meta_from, ruling_record
from game.replay.rejudge import rejudge
from game.rules.house import HouseRules
from game.rules.layout import taw_id
from game.rules.referee import judge
from game.rules.state import new_game
from tests.replay.replay_physics import record_game
from tests.rules.rules_kit import region_spot, shot_events

PLAYED = HouseRules(stakes_pay_unheld_orbits=True, starting_stakes=4)


def scripted_game(path) -> None:
    """Two shots judged under PLAYED: Venus releases the Sun into Mars's orbit (unheld: the pot pays him, rule 4)."""
    layout = PLAYED.layout()
    state = new_game(["venus", "earth"], layout, PLAYED)
    game = GameRecorder(path, meta_from(7, [{"planet": "venus", "controller": "ai"},
                                            {"planet": "earth", "controller": "ai"}], PLAYED.to_dict(), layout))
    shots = [("venus", dict(contacts=[("venus.taw", "sun")],
                            rest={"sun": region_spot("mars"), "venus.taw": region_spot("earth", 30)},
                            start=layout.home_on_line("venus", layout.default_taw_angle("venus")))),
             ("earth", dict(start=layout.home_on_line("earth", layout.default_taw_angle("earth")),
                            rest={"earth.taw": region_spot("mars", 200)}))]
    for shooter, kwargs in shots:
        events = shot_events(state, shooter, **kwargs)
        ruling = judge(state, shooter, events, layout, PLAYED)
        recorder = ShotRecorder(ShotInputs(shooter, taw_id(shooter), 0.0, 1.0,
                                           kwargs["start"], shooter))  # a first shot: the taw laid on its line
        for event in events:
            recorder.on_event(event)
        game.add_shot(recorder.finish(*ruling_record(ruling)))
        state = ruling.state


@pytest.fixture(scope="module")
def scripted(tmp_path_factory):
    path = tmp_path_factory.mktemp("judge") / "scripted.replay"
    scripted_game(path)
    return path


def house_file(tmp_path, text: str):
    path = tmp_path / "house.toml"
    path.write_text("[house_rules]\n" + text)
    return path


def test_a_real_game_judged_under_its_own_house_rules_differs_nowhere(tmp_path):
    record_game(tmp_path / "g.replay", seed=3, max_shots=10)
    replay = load_replay(tmp_path / "g.replay")
    result = rejudge(replay, HouseRules.from_mapping(dict(replay.meta.house_rules)))
    assert len(result.shots) == 10 and result.differing == ()


def test_other_house_rules_show_the_shots_whose_rulings_and_purses_differ(scripted, tmp_path, capsys):
    assert main(["replay", str(scripted), "--judge", str(house_file(tmp_path, "starting_stakes = 4\n"))]) == 0
    out = capsys.readouterr().out
    assert "2 shots judged again" in out and "2 judged differently" in out
    assert "Shot 1, Venus:\n  recorded:  Rule 4: the stakes pay Venus 1\n  re-judged: Nothing paid\n" in out
    assert "nobody holds Mars's orbit, so nobody pays (rule 4)" in out
    assert "after the shot: Venus 21 → 20; the stakes 3 → 4" in out
    # The Earth's shot is judged alike; only the purses it leaves still differ.
    assert "Shot 2, the Earth:\n  after the shot: Venus 21 → 20; the stakes 3 → 4\n" in out


def test_the_json_form_is_one_object_with_both_verdicts(scripted, tmp_path, capsys):
    house = house_file(tmp_path, "starting_stakes = 4\n")
    assert main(["replay", str(scripted), "--judge", str(house), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    shot, later = data["differences"]
    assert (shot["shot"], shot["shooter"], shot["rulings_differ"], shot["purses_differ"]) == (1, "venus", True, True)
    assert shot["recorded"]["transfers"] == [{"rule": 4, "from": "stakes", "to": "venus", "marbles": 1}]
    assert shot["rejudged"]["transfers"] == [] and shot["rejudged"]["stakes"] == 4
    assert (later["shot"], later["rulings_differ"], later["purses_differ"]) == (2, False, True)
    assert data["shots"] == 2 and data["end"]["finished"] is False


@pytest.mark.parametrize("text, words", [
    ("rule3_gate = \"never\"\n", "rule3_gate: must be one of"),
    ("no_such_rule = 1\n", "no_such_rule: unknown house rule"),
    ("jupiter_moons = 2\n", "moons of Jupiter"),
])
def test_an_invalid_house_rules_file_is_one_line_and_exit_2(scripted, tmp_path, capsys, text, words):
    assert main(["replay", str(scripted), "--judge", str(house_file(tmp_path, text))]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_json_without_judge_is_refused(scripted, capsys):
    assert main(["replay", str(scripted), "--json"]) == 2
    assert "--json only applies with --judge" in capsys.readouterr().err


def test_shots_after_the_game_would_have_ended_are_reported_as_not_played(tmp_path, capsys):
    record_game(tmp_path / "g.replay", seed=4, max_shots=6)
    assert main(["replay", str(tmp_path / "g.replay"), "--judge", str(house_file(tmp_path, "round_limit = 1\n"))]) == 0
    out = capsys.readouterr().out
    assert "Shot 5, Mercury:\n  not played: the game was already over under these house rules" in out
    assert "Under these house rules the game ends after shot 4" in out and "(round_limit" in out


def test_a_file_that_does_not_replay_under_its_own_house_rules_is_refused(scripted, tmp_path, capsys):
    replay = load_replay(scripted)
    replay.meta.house_rules["starting_purse"] = 30  # not the house rules it was played under
    with pytest.raises(UserError, match="does not come out as recorded under its own house rules"):
        rejudge(replay, HouseRules())
