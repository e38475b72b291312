"""The shot preview's mode is an enum inside the game and its plain spelling in every file."""

from __future__ import annotations

import json

import pytest

from game.app.choices import load_choices, save_choices
from game.app.session.game_setup import GameSetup
from game.app.session.preview_mode import PreviewMode, preview_mode
from game.app.settings import CHECKS


def test_a_files_spelling_reads_as_its_mode():
    assert [preview_mode(word) for word in ("learning", "guide", "none")] == list(PreviewMode)
    assert GameSetup(preview="guide").preview is PreviewMode.GUIDE


@pytest.mark.parametrize("value", ["Learning", "full", "", 1, None, ["guide"]])
def test_an_unknown_preview_is_refused_in_one_line_naming_the_choices(value):
    with pytest.raises(ValueError, match=r"^preview must be one of learning, guide, none, not .*$"):
        preview_mode(value)
    with pytest.raises(ValueError, match="preview must be one of"):
        GameSetup(preview=value)


def test_the_new_game_file_keeps_the_plain_spelling(tmp_path):
    path = tmp_path / "new_game.json"
    assert save_choices(path, GameSetup(preview=PreviewMode.NONE)) is None
    assert json.loads(path.read_text())["preview"] == "none"
    assert load_choices(path).setup.preview is PreviewMode.NONE


def test_only_a_known_spelling_passes_the_settings_check():
    ok, expected = CHECKS["preview"]
    assert ok("guide") and not ok("Guide") and not ok(["guide"])
    assert expected == "one of learning, guide, none"


def test_only_the_none_mode_draws_nothing():
    assert [mode.draws for mode in PreviewMode] == [True, True, False]
    assert [mode.label for mode in PreviewMode] == ["Learning", "Guide", "None"]
