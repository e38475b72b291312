"""The screens of the game's flow, as one enum: the names ``GameFlow`` moves between.

A member's value is the name Panda's ``FSM`` keys its state by (a
``StrEnum``, so the FSM's own string handling and a test's ``flow.state ==
"Aim"`` both hold); the flow's code names a screen only by its member, so
a misspelt screen is an error mypy finds, not a ``RequestDenied`` at play.
"""

from __future__ import annotations

from enum import StrEnum


class Screen(StrEnum):
    """One state of the game's flow (``GameFlow.defaultTransitions`` lists where each may go)."""

    MENU = "Menu"
    NEW_GAME = "NewGame"
    SETTINGS = "Settings"
    RULES = "Rules"
    REPLAYS = "Replays"
    LEARN = "Learn"                  # the list of lessons
    LESSON_RESULT = "LessonResult"   # a lesson's shot judged: retry, next, back to the list
    HAT_DROP = "HatDrop"             # rule 1: the marbles fall from the hat
    LAY_TAWS = "LayTaws"             # the setup: the people lay their taws on their lines
    HAND_OVER = "HandOver"           # the banner naming the next person at the machine
    AIM = "Aim"
    THINKING = "Thinking"            # an AI plans its shot
    AI_AIM = "AiAim"                 # an AI's aim shown before it shoots
    PLAY_OUT = "PlayOut"             # the rest of the game at once, for players who are out
    SHOT = "Shot"
    RULING = "Ruling"
    GAME_OVER = "GameOver"


# The screens of a game under way, where the pause menu opens (the game-over screen has its own buttons).
IN_GAME = frozenset({Screen.HAT_DROP, Screen.HAND_OVER, Screen.AIM, Screen.THINKING, Screen.AI_AIM, Screen.SHOT,
                     Screen.RULING, Screen.PLAY_OUT})
