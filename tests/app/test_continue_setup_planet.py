"""An older file's recorded setup names the planet chosen; anything but a planet's name is refused in one line."""

from __future__ import annotations

import pytest

from game.app.session.continuing import CannotContinue, setups_from_meta
from game.app.session.game_setup import YOU
from game.replay.model import GameMeta

PLAYERS = ({"seat": YOU, "planet": "earth", "controller": "human"},
           {"seat": "Opponent 1", "planet": "mars", "controller": "ai", "level": "easy"})


def meta_with_setup(setup: object) -> GameMeta:
    return GameMeta(seed=7, players=PLAYERS, extra={"setup": setup})


def test_a_recorded_planet_is_the_one_setup_rebuilt():
    setups = setups_from_meta(meta_with_setup({"planet": "earth"}))
    assert [s.planet for s in setups] == ["earth"]


@pytest.mark.parametrize("planet", [None, 3, ["earth"]])
def test_a_recorded_planet_that_is_not_a_name_is_refused_in_one_line(planet):
    with pytest.raises(CannotContinue, match=r"^this game cannot be continued: its setup cannot be rebuilt "
                                             r"\(unknown planet .*\)$"):
        setups_from_meta(meta_with_setup({"planet": planet}))


def test_without_a_recorded_setup_the_hat_and_the_players_planet_are_both_offered():
    setups = setups_from_meta(GameMeta(seed=7, players=PLAYERS))
    assert [s.planet for s in setups][1:] == ["earth"]
