"""The screens: one module per state of the game's flow (``GameFlow`` in ``flow.py`` builds them by name), and the pause menu."""

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

STATE_CLASSES: dict[str, type] = {
    "Menu": MenuState,
    "NewGame": NewGameState,
    "Settings": SettingsState,
    "Rules": RulesState,
    "Replays": ReplaysState,
    "HatDrop": HatDropState,
    "LayTaws": LayTawsState,
    "HandOver": HandOverState,
    "Aim": AimState,
    "Thinking": ThinkingState,
    "AiAim": AiAimState,
    "PlayOut": PlayOutState,
    "Shot": ShotState,
    "Ruling": RulingState,
    "GameOver": GameOverState,
    "Learn": LearnState,
    "LessonResult": LessonResultState,
}
