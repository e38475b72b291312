"""The game's flow names its screens by the ``Screen`` enum: each has a class and a row of allowed jumps."""

from __future__ import annotations

import pytest
from direct.fsm.FSM import RequestDenied

from game.app.screens.flow import STATE_CLASSES, GameFlow
from game.app.screens.screen import IN_GAME, Screen


def test_every_screen_has_a_state_class_and_a_row_of_jumps():
    assert set(STATE_CLASSES) == set(Screen) == set(GameFlow.defaultTransitions)
    assert all(isinstance(target, Screen) for row in GameFlow.defaultTransitions.values() for target in row)


def test_the_flow_refuses_a_jump_its_table_does_not_list():
    flow = GameFlow(app=None)
    flow.state = Screen.AIM
    assert flow.defaultFilter(Screen.SHOT, ("shot",)) == (Screen.SHOT, "shot")
    with pytest.raises(RequestDenied):
        flow.defaultFilter(Screen.RULING, ())  # planted: the aim screen never jumps to a ruling
    with pytest.raises(RequestDenied):
        flow.defaultFilter("Shoot", ())  # a misspelt screen name, as a string would have let through


def test_a_screen_is_its_fsm_name_so_strings_and_members_agree():
    flow = GameFlow(app=None)
    flow.state = "Aim"  # as the FSM holds a state a test requested by its string
    assert flow.screen is Screen.AIM and flow.screen == "Aim"
    flow.state = "Off"
    assert flow.screen is None


def test_the_pause_menu_opens_only_in_a_game_under_way():
    assert Screen.GAME_OVER not in IN_GAME and Screen.MENU not in IN_GAME and Screen.AIM in IN_GAME
