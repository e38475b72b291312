"""Scenarios the adversarial pass found answered badly: each now one line naming the file and key."""

import pytest

from game.cli import main
from game.errors import UserError
from game.scenario.format import MAX_SCENARIO_SHOTS, parse_scenario


def test_a_hat_name_with_a_newline_or_an_escape_is_refused_not_printed(tmp_path, capsys):
    path = tmp_path / "hat.toml"
    path.write_text('[hat]\npeople = ["Ann", "Bo\\nTraceback (most recent call last):\\u001b[31m"]\n')
    assert main(["scenario", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "hat.people[1]" in captured.err
    assert "\x1b" not in captured.err


def test_a_plain_hat_scenario_still_plays(tmp_path, capsys):
    path = tmp_path / "hat.toml"
    path.write_text('[hat]\npeople = ["Ann", "Bo"]\nseed = 3\n')
    assert main(["scenario", str(path)]) == 0
    assert "Ann" in capsys.readouterr().out


def test_more_shots_than_a_scenario_may_play_are_refused_by_count_before_anything_runs():
    text = 'players = ["mercury", "venus"]\nshooter = "mercury"\n' + \
        '[[shots]]\naim = "sun"\nspeed = 0.1\n' * (MAX_SCENARIO_SHOTS + 1)
    with pytest.raises(UserError, match=rf"shots: {MAX_SCENARIO_SHOTS + 1} shots are more than a scenario may play"):
        parse_scenario(text, "many.toml", max_speed=3.8)
