"""One module per state of the game's flow; ``GameFlow`` builds them by name."""

from game.app.states.menu import MenuState
from game.app.states.new_game import NewGameState
from game.app.states.rules import RulesState
from game.app.states.settings_screen import SettingsState

STATE_CLASSES: dict[str, type] = {
    "Menu": MenuState,
    "NewGame": NewGameState,
    "Settings": SettingsState,
    "Rules": RulesState,
}
