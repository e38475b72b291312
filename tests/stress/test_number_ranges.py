"""Every number a file holds is read against its range: a 310-digit integer (too big for a float) or a value
past its bound is one line and exit 2, quoted short, in every command that reads it, and a dropped value in
the app's own files; never a traceback or an OverflowError."""

import shutil
from pathlib import Path

import pytest

from game.app.choices import from_plain
from game.cli import main
from game.errors import UserError
from game.rules.house import HouseRules, HouseRuleError
from game.scenario.format import MAX_PURSE, MAX_STAKES, parse_scenario

HUGE = "1" + "0" * 309    # 310 digits: float() of it raises OverflowError
FLOAT_RULES = ("ground_roughness_mm", "simultaneous_s", "start_tolerance")
SCENARIO = 'players = ["mercury", "venus"]\nshooter = "mercury"\n'
LESSONS = Path(__file__).resolve().parents[2] / "game" / "coach" / "lessons"


def _one_short_line(err: str) -> None:
    assert err.count("\n") == 1 and "Traceback" not in err and "Overflow" not in err, err
    assert "(310 digits)" in err and len(err) < 400, err


@pytest.mark.parametrize("rule", FLOAT_RULES)
def test_a_310_digit_float_house_rule_is_one_line_in_every_command(tmp_path, capsys, rule):
    house = tmp_path / "house.toml"
    house.write_text(f"[house_rules]\n{rule} = {HUGE}\n")
    scenario = tmp_path / "scenario.toml"
    scenario.write_text(f'{SCENARIO}[house_rules]\n{rule} = {HUGE}\n[shot]\naim = "sun"\nspeed = 1.0\n')
    lessons = tmp_path / "lessons"
    shutil.copytree(LESSONS / "02-first-shot-inner-ring", lessons / "02-first-shot-inner-ring")
    with open(lessons / "02-first-shot-inner-ring" / "scenario.toml", "a") as extra:
        extra.write(f"\n[house_rules]\n{rule} = {HUGE}\n")
    replay = _a_replay(tmp_path)
    for argv in (["match", "--players", "2", "--rounds", "1", "--house-rules", str(house)],
                 ["scenario", str(scenario)], ["hint", str(scenario)], ["replay", str(replay), "--judge", str(house)]):
        assert main(argv) == 2, argv
        captured = capsys.readouterr()
        _one_short_line(captured.err)
        assert rule in captured.err, (argv, captured.err)
    # learn lists each lesson on its own line; the one that cannot load is bad input: one line says why (exit 2)
    assert main(["learn", "--check", "--dir", str(lessons)]) == 2
    captured = capsys.readouterr()
    said = [line for line in captured.out.splitlines() if "cannot load" in line]
    assert len(said) == 1 and rule in captured.err, captured
    _one_short_line(captured.err)


def _a_replay(tmp_path):
    from game.replay.fileformat import save_replay
    from game.replay.model import GameMeta, Replay
    from tests.replay.replay_synthetic import knock_shot

    path = tmp_path / "game.replay"
    save_replay(Replay(GameMeta(seed=3), [knock_shot()]), path)
    return path


def test_a_310_digit_roughness_in_new_game_json_is_dropped_with_a_note_not_an_overflow():
    loaded = from_plain({"house_rules": {"ground_roughness_mm": int(HUGE), "ground_seed": int(HUGE)}}, "new_game.json")
    assert loaded.setup is not None and "ground_roughness_mm" not in loaded.setup.house_rules
    assert len(loaded.notes) == 2 and all("(310 digits)" in note for note in loaded.notes), loaded.notes


@pytest.mark.parametrize("field", [
    '[bodies]\nearth = {at = [HUGE, 0.0]}\n[shot]\naim = "sun"\nspeed = 1.0\n',
    '[bodies]\nearth = {on = "earth", angle = HUGE}\n[shot]\naim = "sun"\nspeed = 1.0\n',
    '[bodies]\nearth = {beyond = "earth", by = HUGE}\n[shot]\naim = "sun"\nspeed = 1.0\n',
    '[bodies]\nearth = {in = "earth", frac = HUGE}\n[shot]\naim = "sun"\nspeed = 1.0\n',
    '[shot]\naim = "sun"\nspeed = HUGE\n',
    '[shot]\ndirection = HUGE\nspeed = 1.0\n',
    '[shot]\naim = "sun"\nspeed = 1.0\nspin = HUGE\n',
    '[shot]\naim = "sun"\nspeed = 1.0\noffset = HUGE\n',
    '[shot]\naim = "sun"\nspeed = 1.0\noffset_m = HUGE\n',
    'stakes = HUGE\n[shot]\naim = "sun"\nspeed = 1.0\n',
    '[purses]\nmercury = HUGE\n[shot]\naim = "sun"\nspeed = 1.0\n',
], ids=["at", "angle", "by", "frac", "speed", "direction", "spin", "offset", "offset_m", "stakes", "purses"])
def test_every_number_in_a_scenario_has_a_range_and_a_310_digit_one_is_one_short_line(field):
    with pytest.raises(UserError) as caught:
        parse_scenario(SCENARIO + field.replace("HUGE", HUGE), "s.toml", max_speed=3.8)
    _one_short_line(str(caught.value) + "\n")


def test_stakes_and_purses_have_a_maximum_and_hint_refuses_past_it(tmp_path, capsys):
    at_most = f'{SCENARIO}stakes = {MAX_STAKES}\n[purses]\nmercury = {MAX_PURSE}\n[shot]\naim = "sun"\nspeed = 1.0\n'
    assert parse_scenario(at_most, "s.toml", max_speed=3.8).state.stakes == MAX_STAKES
    for key, text in (("stakes", f"stakes = {MAX_STAKES + 1}\n"), ("purses.mercury", f"[purses]\nmercury = {10**309}\n")):
        path = tmp_path / "position.toml"
        path.write_text(SCENARIO + text)
        assert main(["hint", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{key}: must lie between 0 and" in err and "Traceback" not in err, err


def test_a_house_rule_past_its_range_is_refused_quoted_short():
    with pytest.raises(HouseRuleError) as caught:
        HouseRules.from_mapping({"starting_purse": int(HUGE)})
    assert "starting_purse: must lie between 0 and 10000, not 10000000... (310 digits)" in str(caught.value)
    with pytest.raises(HouseRuleError, match=r"ground_roughness_mm: must lie between 0.5 and 8 millimetres"):
        HouseRules.from_mapping({"ground_roughness_mm": -int(HUGE)})
