"""The game's flow as a finite-state machine.

Menu → NewGame (or Settings, Rules, Replays) → HatDrop → LayTaws (the setup) → turns ([HandOver →] Aim, or Thinking → AiAim, → Shot →
Ruling) → GameOver → Menu; Menu or Replays → [HandOver →] Aim or Thinking continues an unfinished game.  HandOver is the
banner naming the next person when several play at one machine.  ``defaultTransitions`` makes any other jump an error
(``RequestDenied``), which keeps bugs in the flow loud.  Each state's
behaviour lives in its own module under ``game/app/screens``; this class only
builds the state object on entry and tears it down on exit.
"""

from __future__ import annotations

from typing import Any

from direct.fsm.FSM import FSM

from game.app.screens.ai_aim import AiAimState
from game.app.screens.aim import AimState
from game.app.screens.game_over import GameOverState
from game.app.screens.hand_over import HandOverState
from game.app.screens.hat_drop import HatDropState
from game.app.screens.lay_taws import LayTawsState
from game.app.screens.learn import LearnState, LessonResultState
from game.app.screens.menu import MenuState
from game.app.screens.new_game import NewGameState
from game.app.screens.play_out import PlayOutState
from game.app.screens.replays import ReplaysState
from game.app.screens.rules import RulesState
from game.app.screens.ruling_screen import RulingState
from game.app.screens.settings_screen import SettingsState
from game.app.screens.watch_shot import ShotState
from game.app.screens.thinking import ThinkingState
from game.app.screens.base import State
from game.app.screens.screen import Screen

STATE_CLASSES: dict[Screen, type[State]] = {
    Screen.MENU: MenuState,
    Screen.NEW_GAME: NewGameState,
    Screen.SETTINGS: SettingsState,
    Screen.RULES: RulesState,
    Screen.REPLAYS: ReplaysState,
    Screen.HAT_DROP: HatDropState,
    Screen.LAY_TAWS: LayTawsState,
    Screen.HAND_OVER: HandOverState,
    Screen.AIM: AimState,
    Screen.THINKING: ThinkingState,
    Screen.AI_AIM: AiAimState,
    Screen.PLAY_OUT: PlayOutState,
    Screen.SHOT: ShotState,
    Screen.RULING: RulingState,
    Screen.GAME_OVER: GameOverState,
    Screen.LEARN: LearnState,
    Screen.LESSON_RESULT: LessonResultState,
}


class GameFlow(FSM):
    # Where each screen may go; FSM raises RequestDenied for any other jump.
    defaultTransitions: dict[Screen, list[Screen]] = {
        Screen.MENU: [Screen.NEW_GAME, Screen.SETTINGS, Screen.RULES, Screen.REPLAYS, Screen.LEARN,
                      Screen.HAT_DROP,  # HatDrop: taw play --seats
                      Screen.AIM, Screen.THINKING, Screen.HAND_OVER],  # Continue takes an unfinished game up
        # Learn the game: the list of lessons, a lesson's one shot, its result (retry, next, back to the list).
        Screen.LEARN: [Screen.MENU, Screen.AIM],
        Screen.LESSON_RESULT: [Screen.LEARN, Screen.AIM, Screen.MENU],
        Screen.NEW_GAME: [Screen.MENU, Screen.HAT_DROP],
        Screen.SETTINGS: [Screen.MENU],
        Screen.RULES: [Screen.MENU],
        # Watching a game from the list happens inside this state; Continue takes an unfinished one up again.
        Screen.REPLAYS: [Screen.MENU, Screen.AIM, Screen.THINKING, Screen.HAND_OVER],
        Screen.HAT_DROP: [Screen.LAY_TAWS, Screen.AIM, Screen.THINKING, Screen.HAND_OVER, Screen.MENU],
        # The setup: the people at the machine lay their taws on their lines before the first shot.
        Screen.LAY_TAWS: [Screen.AIM, Screen.THINKING, Screen.HAND_OVER, Screen.MENU],
        # Several people at the machine: the banner naming the next one before they aim.
        Screen.HAND_OVER: [Screen.AIM, Screen.MENU],
        Screen.AIM: [Screen.SHOT, Screen.MENU],
        # PlayOut: a player who is out plays the rest at once
        Screen.THINKING: [Screen.AI_AIM, Screen.MENU, Screen.PLAY_OUT],
        Screen.PLAY_OUT: [Screen.GAME_OVER, Screen.MENU],
        Screen.AI_AIM: [Screen.SHOT, Screen.MENU, Screen.PLAY_OUT],  # an AI's aim shown for a second before it shoots
        # back to the shooter if the match refuses the shot
        Screen.SHOT: [Screen.RULING, Screen.MENU, Screen.AIM, Screen.THINKING, Screen.HAND_OVER],
        Screen.RULING: [Screen.AIM, Screen.THINKING, Screen.HAND_OVER, Screen.GAME_OVER, Screen.MENU,
                        Screen.LESSON_RESULT, Screen.PLAY_OUT],
        Screen.GAME_OVER: [Screen.MENU, Screen.NEW_GAME],
    }

    def __init__(self, app: Any) -> None:
        FSM.__init__(self, "GameFlow")
        self.app = app
        self.current: State | None = None
        self.history: list[Screen] = []

    @property
    def screen(self) -> Screen | None:
        """The screen shown now; None before the first, after shutdown, or between two."""
        state = self.state
        return Screen(state) if isinstance(state, str) and state in tuple(Screen) else None

    def defaultEnter(self, *args: Any) -> None:
        if self.newState == "Off":  # cleanup() on shutdown
            return
        screen = Screen(self.newState)
        self.history.append(screen)
        self.current = STATE_CLASSES[screen](self.app, *args)
        self.current.enter()

    def defaultExit(self) -> None:
        self.app.stop_watching()  # leaving a state (to the menu, say) closes a replay watched from it
        if self.current is not None:
            self.current.exit()
            self.current = None

    def shutdown(self) -> None:
        self.cleanup()
