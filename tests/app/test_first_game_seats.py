"""A first game's default opponents (issue 45): Easy one against one, two Easy at the default table of three."""

from __future__ import annotations

import pytest

from game.app.session.game_setup import GameSetup
from tests.app.helpers_app import built_app, click, step


def test_the_default_table_is_a_person_and_two_easy_ais():
    seating = GameSetup().seats()
    assert [(seat.is_person, seat.level) for seat in seating.seats] == [(True, None), (False, "easy"),
                                                                        (False, "easy")]


def test_a_larger_first_table_adds_medium_ais():
    assert [seat.level for seat in GameSetup(opponents=4).seats().ais()] == ["easy", "easy", "medium", "medium"]


def test_one_against_one_the_default_opponent_is_easy():
    assert [seat.level for seat in GameSetup(opponents=1).seats().ais()] == ["easy"]


@pytest.mark.gui
def test_a_first_run_offers_the_first_games_seats_on_the_new_game_screen(offscreen_pipe, tmp_path):
    with built_app(tmp_path) as app:
        step(app, 2)
        click(app, app.flow.current.buttons["new"])
        seating = app.flow.current.seats.seating()
        assert [seat.level for seat in seating.ais()] == ["easy", "easy"]
        assert len(seating.people()) == 1
