"""The New Game screen remembers the last choices across runs, in a file read as a hostile one."""

from __future__ import annotations

import json
import os
import stat

import pytest

from game.app.choices import load_choices, save_choices
from game.app.paths import UserPaths
from game.app.session.game_setup import GameSetup
from tests.app.helpers_app import built_app, click, step, seat_all

CHOSEN = GameSetup(opponents=3, levels=("easy", "hard", "medium", "medium", "medium", "medium"), planet="mars",
                   house_rules={"round_limit": 5, "jupiter_moons": 2}, seed=77, preview="guide")


def test_choices_saved_and_loaded_are_the_same_setup(tmp_path):
    path = tmp_path / "cfg" / "new_game.json"
    assert save_choices(path, CHOSEN) is None
    loaded = load_choices(path)
    assert loaded.setup == CHOSEN and loaded.notes == []


def test_no_file_means_no_choices_and_no_note(tmp_path):
    loaded = load_choices(tmp_path / "new_game.json")
    assert loaded.setup is None and loaded.notes == []


@pytest.mark.parametrize("text", ["not json", "[1, 2]", "{" * 5000, '{"opponents": "three"}'])
def test_a_broken_file_starts_from_defaults_with_a_note(tmp_path, text):
    path = tmp_path / "new_game.json"
    path.write_text(text)
    loaded = load_choices(path)
    assert loaded.notes and all("\n" not in note for note in loaded.notes)
    assert loaded.setup is None or loaded.setup.opponents == GameSetup().opponents


def test_each_bad_field_falls_back_alone(tmp_path):
    path = tmp_path / "new_game.json"
    data = json.loads(json.dumps({"opponents": 4, "levels": ["easy"] * 6, "planet": "pluto", "seed": True,
                                  "preview": "guide", "house_rules": {"round_limit": -3, "jupiter_moons": 8}}))
    path.write_text(json.dumps(data))
    loaded = load_choices(path)
    assert loaded.setup.opponents == 4 and loaded.setup.levels == ("easy",) * 6 and loaded.setup.preview == "guide"
    assert loaded.setup.planet == GameSetup().planet and loaded.setup.seed is None
    assert loaded.setup.house_rules == {"jupiter_moons": 8}
    assert len(loaded.notes) == 3  # planet, seed, round_limit


def test_symlinks_fifos_and_huge_files_are_not_read_and_not_written_over(tmp_path):
    target = tmp_path / "elsewhere.json"
    target.write_text(json.dumps({"opponents": 5}))
    link = tmp_path / "new_game.json"
    link.symlink_to(target)
    assert load_choices(link).setup is None and load_choices(link).notes
    assert save_choices(link, CHOSEN) is not None
    assert json.loads(target.read_text()) == {"opponents": 5}
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert load_choices(fifo).setup is None and load_choices(fifo).notes
    assert save_choices(fifo, CHOSEN) is not None and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    huge = tmp_path / "huge.json"
    huge.write_text(" " * 100_000 + "{}")
    assert load_choices(huge).notes


def test_a_read_only_folder_is_said_in_one_line(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running with permissions that ignore a read-only folder")
        problem = save_choices(folder / "new_game.json", CHOSEN)
        assert problem is not None and "\n" not in problem
    finally:
        folder.chmod(0o700)


def open_new_game(app):
    """From the title screen to the New game screen, through its button."""
    step(app, 2)
    click(app, app.flow.current.buttons["new"])
    return app.flow.current


def choose(app, chooser, value) -> None:
    while chooser.value != value:
        click(app, chooser.button)


@pytest.mark.gui
def test_the_new_game_screen_offers_the_last_runs_choices(offscreen_pipe, tmp_path):
    with built_app(tmp_path) as app:
        screen = open_new_game(app)
        seat_all(app, screen, [("person", "Ann", "mars")] + [("ai", "medium", "hat")] * 3)
        choose(app, screen.round_limit, 5)
        choose(app, screen.preview, "guide")
        screen.seed_entry.enterText("77")
        click(app, screen.start_button)
        assert app.flow.state == "HatDrop"
    assert UserPaths.under(tmp_path).new_game_file.is_file()
    with built_app(tmp_path) as again:
        screen = open_new_game(again)
        assert screen.seats.seating().names == ("Ann", "Medium AI", "Medium AI 2", "Medium AI 3")
        assert screen.seats.seating().seat("Ann").planet == "mars"
        assert (screen.round_limit.value, screen.preview.value) == (5, "guide")
        assert screen.seed_entry.get() == "77"


@pytest.mark.gui
def test_a_first_game_has_no_round_limit_and_a_chosen_limit_is_kept_next_run(offscreen_pipe, tmp_path):
    with built_app(tmp_path) as app:
        screen = open_new_game(app)
        assert screen.round_limit.value == 0  # nothing chosen yet: the game ends by the rules
        choose(app, screen.round_limit, 10)
        click(app, screen.start_button)
        assert app.flow.state == "HatDrop"
        assert app.game.setup.house_rules.get("round_limit") == 10
    with built_app(tmp_path) as again:
        assert open_new_game(again).round_limit.value == 10


def test_the_ground_choices_are_kept_and_a_bad_one_is_dropped_alone(tmp_path):
    path = tmp_path / "new_game.json"
    rough = GameSetup(house_rules={"ground": "rough", "ground_roughness_mm": 5.0, "ground_seed": 42})
    assert save_choices(path, rough) is None
    assert load_choices(path).setup.house_rules == rough.house_rules
    data = json.loads(path.read_text())
    data["house_rules"].update(ground="gravel", ground_roughness_mm=80.0)
    path.write_text(json.dumps(data))
    loaded = load_choices(path)
    assert loaded.setup.house_rules == {"ground_seed": 42}
    assert len(loaded.notes) == 2 and all("\n" not in note for note in loaded.notes)
    assert any("ground_roughness_mm" in note for note in loaded.notes)


@pytest.mark.gui
def test_rough_earth_chosen_is_the_games_ground_is_kept_and_its_slopes_shown_on_a_key(offscreen_pipe, tmp_path):
    from game.app.settings import load_settings
    from game.physics.terrain import Terrain
    from game.rules.house import GroundKind
    from tests.app.helpers_app import press

    with built_app(tmp_path) as app:
        screen = open_new_game(app)
        assert screen.ground.value is GroundKind.SMOOTH and screen.roughness.button.isHidden()
        choose(app, screen.ground, GroundKind.ROUGH)
        assert not screen.roughness.button.isHidden() and not screen.ground_seed.isHidden()
        choose(app, screen.roughness, 6.0)
        screen.ground_seed.enterText("x1")
        click(app, screen.start_button)
        assert app.flow.state == "NewGame" and "ground seed" in screen.warning["text"]
        screen.ground_seed.enterText("42")
        click(app, screen.start_button)
        assert app.flow.state == "HatDrop"
        assert app.game.session.house.ground is GroundKind.ROUGH
        assert app.view.scene.ground_heights == Terrain.rough(6.0, 42)
        assert app.game.hud.slopes_text["text"] == "Rough earth: T shows its slopes"
        before = app.game.hud.status
        press(app, "slopes")
        assert app.game.hud.status.hint == before.hint and app.game.hud.status.shooter == before.shooter
        assert app.settings.slopes and app.view.scene.slope_view and app.view.scene.relief[1] == 1.0
        assert "contour line every" in app.game.hud.slopes_text["text"]
    with built_app(tmp_path) as again:
        screen = open_new_game(again)
        assert (screen.ground.value, screen.roughness.value, screen.ground_seed.get()) == (GroundKind.ROUGH, 6.0, "42")
    assert load_settings(UserPaths.under(tmp_path).settings_file).slopes  # the slope view is kept like any setting
