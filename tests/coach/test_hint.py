"""``taw hint``: the coach's shot, and a predicted ruling that ``taw scenario`` gives when that shot is played."""

import json
from pathlib import Path

import pytest

from game.cli import main

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _hint(capsys, path: Path, *extra: str) -> dict:
    assert main(["hint", str(path), "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def _scenario_with_shot(source: Path, hint: dict, target: Path) -> Path:
    """The same file with the coach's shot written in as its only shot."""
    lines = []
    skipping = False
    for line in source.read_text().splitlines():
        stripped = line.strip()
        if stripped in ("[shot]", "[[shots]]"):
            skipping = True
            continue
        if skipping and stripped.startswith("[") and stripped not in ("[shot]", "[[shots]]"):
            skipping = False
        if not skipping:
            lines.append(line)
    shot = hint["shot"]
    lines += ["", "[[shots]]", f'shooter = "{hint["shooter"]}"', f"direction = {shot['direction']!r}",
              f"speed = {shot['speed']!r}", f"spin = {shot['spin']!r}"]
    if shot["place"] is not None:
        lines.append(f'place = {{on = "{shot["place"]["on"]}", angle = {shot["place"]["angle"]!r}}}')
    target.write_text("\n".join(lines) + "\n")
    return target


@pytest.mark.parametrize("name, level", [
    ("rule04_release", "easy"),
    ("rule08_schedule", "easy"),
    ("rule13_taw_in_inner_ring", "medium"),
    ("rule17_first_shot_off_line", "easy"),
    ("rule16_sun_in_saturn_ring", "hard"),
])
def test_hint_predicts_exactly_the_ruling_taw_scenario_gives_for_that_shot(capsys, tmp_path, name, level):
    source = SCENARIOS / f"{name}.toml"
    hint = _hint(capsys, source, "--level", level, "--seed", "3")
    assert set(hint) == {"shooter", "shot", "ruling", "why", "safe", "risk"}
    assert 0.0 <= hint["risk"]["chance"] <= 1.0 and "words" in hint["risk"]
    assert set(hint["shot"]) == {"place", "direction", "speed", "spin"}
    assert hint["why"] and hint["why"][0].isupper()
    played = _scenario_with_shot(source, hint, tmp_path / "played.toml")
    assert main(["scenario", str(played), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == hint["ruling"]


def test_a_first_shot_hint_lays_the_taw_on_the_shooters_own_line(capsys):
    hint = _hint(capsys, SCENARIOS / "rule17_first_shot_off_line.toml", "--level", "easy")
    place = hint["shot"]["place"]
    assert place is not None and place["on"] == hint["shooter"]
    assert hint["ruling"]["fouls"] == []


def test_a_position_without_a_shot_is_accepted(capsys, tmp_path):
    path = tmp_path / "position.toml"
    path.write_text('players = ["earth", "venus"]\nshooter = "earth"\nsun_released = true\n'
                    '[bodies]\nsun = {in = "venus", angle = 30, frac = 0.5}\n')
    hint = _hint(capsys, path, "--level", "easy")
    assert hint["shooter"] == "earth" and hint["shot"]["place"] is None
    assert 0 < hint["shot"]["speed"] <= 3.8


def test_the_text_form_names_the_shot_the_reason_and_the_referees_words(capsys):
    assert main(["hint", str(SCENARIOS / "rule04_release.toml"), "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert "shoot towards" in out and "Why: " in out and "The referee would say:" in out


@pytest.mark.parametrize("args, needle", [
    (["--level", "grandmaster"], "invalid choice"),
    (["--seed", "x"], "seed must be a whole number"),
])
def test_bad_options_are_one_line_and_exit_2(capsys, args, needle):
    assert main(["hint", str(SCENARIOS / "rule04_release.toml"), *args]) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1


def test_a_hat_scenario_or_a_missing_file_is_one_line_and_exit_2(capsys, tmp_path):
    assert main(["hint", str(SCENARIOS / "rule01_hat.toml")]) == 2
    assert "hat scenario" in capsys.readouterr().err
    assert main(["hint", str(tmp_path / "nope.toml")]) == 2
    assert "no such file" in capsys.readouterr().err
