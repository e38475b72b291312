"""One module per state of the game's flow; ``GameFlow`` builds them by name."""

from game.app.states.aim import AimState
from game.app.states.game_over import GameOverState
from game.app.states.hat_drop import HatDropState
from game.app.states.menu import MenuState
from game.app.states.new_game import NewGameState
from game.app.states.replays import ReplaysState
from game.app.states.rules import RulesState
from game.app.states.ruling import RulingState
from game.app.states.settings_screen import SettingsState
from game.app.states.shot import ShotState
from game.app.states.thinking import ThinkingState

STATE_CLASSES: dict[str, type] = {
    "Menu": MenuState,
    "NewGame": NewGameState,
    "Settings": SettingsState,
    "Rules": RulesState,
    "Replays": ReplaysState,
    "HatDrop": HatDropState,
    "Aim": AimState,
    "Thinking": ThinkingState,
    "Shot": ShotState,
    "Ruling": RulingState,
    "GameOver": GameOverState,
}
