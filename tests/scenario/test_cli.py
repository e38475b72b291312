"""``taw scenario``: the referee's words, one JSON object, and one-line errors with exit status 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

FOLDER = Path(__file__).resolve().parents[1] / "scenarios"


def test_json_is_one_object_with_the_rulings_events_and_final_positions(capsys):
    assert main(["scenario", str(FOLDER / "rule07_sun_against_planet.toml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["transfers"][0] == {"rule": 7, "from": "earth", "to": "venus", "marbles": 2,
                                    "reason": data["transfers"][0]["reason"]}
    assert data["fouls"] == [] and data["out"] == [] and data["winner"] is None
    assert set(data["final"]) >= {"sun", "venus", "earth.taw"} and len(data["final"]["sun"]) == 2
    kinds = [e["kind"] for e in data["events"]]
    assert kinds[0] == "shot_started" and kinds[-1] == "all_at_rest" and "contact" in kinds


def test_a_sequence_gathers_every_shots_rulings(capsys):
    assert main(["scenario", str(FOLDER / "rule06_sun_on_own_line.toml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["shots"]) == 2
    assert {"rule": 6, "from": "venus", "to": "earth", "marbles": 1} .items() <= data["transfers"][-1].items()


def test_text_reads_like_a_referee(capsys):
    assert main(["scenario", str(FOLDER / "rule09_win.toml")]) == 0
    out = capsys.readouterr().out
    assert "strikes the Sun" in out and "wins" in out and "Game over" in out


def test_the_hat_scenario_reports_who_shoots_first(capsys):
    assert main(["scenario", str(FOLDER / "rule01_hat.toml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hat"][0]["planet"] == "mercury" and data["first_shooter"] == data["hat"][0]["person"]


@pytest.mark.slow
def test_bad_files_give_one_line_and_status_two(tmp_path):
    cases = {
        "broken.toml": "players = [",
        "speed.toml": 'players = ["earth"]\nshooter = "earth"\n[shot]\naim = "sun"\nspeed = 99\n',
        "overlap.toml": 'players = ["earth"]\nshooter = "earth"\n[bodies]\nsun = {on = "mercury", angle = 90}\n'
                        '[shot]\naim = "sun"\nspeed = 1\n',
        "house.toml": 'players = ["earth"]\nshooter = "earth"\n[house_rules]\nrule7 = 3\n[shot]\naim = "sun"\nspeed = 1\n',
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text)
        proc = subprocess.run([sys.executable, "-m", "game", "scenario", str(path)], capture_output=True, text=True)
        assert proc.returncode == 2, (name, proc.stderr)
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and str(path) in lines[0] and "Traceback" not in proc.stderr
    missing = subprocess.run([sys.executable, "-m", "game", "scenario", str(tmp_path / "none.toml")],
                             capture_output=True, text=True)
    assert missing.returncode == 2 and "no such file" in missing.stderr


def test_a_placement_the_rules_do_not_allow_is_an_error_naming_the_shot(tmp_path, capsys):
    path = tmp_path / "place.toml"
    path.write_text('players = ["earth", "venus"]\n[[shots]]\nshooter = "earth"\ndirection = 0\nspeed = 1\n'
                    'place = {on = "mars", angle = 0}\n')
    assert main(["scenario", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: shots[0]:" in err and "rule 17" in err


def test_aiming_at_a_body_taken_up_by_an_earlier_shot_is_an_error(tmp_path, capsys):
    text = (FOLDER / "rule16_sun_in_saturn_ring.toml").read_text().replace("[shot]", "[[shots]]")
    path = tmp_path / "gone.toml"
    path.write_text(text + '\n[[shots]]\nshooter = "earth"\naim = "saturn"\nspeed = 1\n')
    assert main(["scenario", str(path)]) == 2  # Saturn was taken up by the first shot (rule 16)
    err = capsys.readouterr().err
    assert f"{path}: shots[1].aim: saturn is not on the ground" in err


def test_every_example_reads_out_in_words(capsys):
    for path in sorted(FOLDER.glob("rule*.toml")):
        assert main(["scenario", str(path)]) == 0
        out = capsys.readouterr().out
        rule = int(path.name[4:6])
        assert f"Rule {rule}" in out  # the description heads the report
        assert "(rule 1)" in out if rule == 1 else "The referee:" in out
