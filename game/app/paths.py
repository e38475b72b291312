"""Where the desktop game keeps a person's files.

Settings live in the config folder (``$XDG_CONFIG_HOME/sun-planet-taw`` or
``~/.config/sun-planet-taw``); screenshots in the data folder
(``$XDG_DATA_HOME/sun-planet-taw/screenshots`` or
``~/.local/share/sun-planet-taw/screenshots``), and replays beside them in
``replays``.  Both are computed from an
explicit environment mapping so tests can point them at a temporary folder;
folders are created only when something is written.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

APP_DIR_NAME = "sun-planet-taw"
SETTINGS_FILE = "settings.json"
PEOPLE_FILE = "people.json"


@dataclass(frozen=True)
class UserPaths:
    config_dir: Path
    data_dir: Path

    @property
    def settings_file(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def people_file(self) -> Path:
        """Each person's own settings by name, and the last seating (``game.app.people``)."""
        return self.config_dir / PEOPLE_FILE

    @property
    def new_game_file(self) -> Path:
        """The New Game screen's last choices (``game.app.choices``)."""
        return self.config_dir / "new_game.json"

    @property
    def screenshot_dir(self) -> Path:
        return self.data_dir / "screenshots"

    @property
    def replay_dir(self) -> Path:
        """Every game's replay, written as it goes (``<timestamp>-seed<N>.replay``)."""
        return self.data_dir / "replays"

    @property
    def lessons_file(self) -> Path:
        """Lessons of "Learn the game" passed and skipped (``game.coach.lesson_progress``)."""
        return self.data_dir / "lessons.json"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "UserPaths":
        env = os.environ if env is None else env
        home = Path(env.get("HOME") or Path.home())
        config = env.get("XDG_CONFIG_HOME") or str(home / ".config")
        data = env.get("XDG_DATA_HOME") or str(home / ".local" / "share")
        return cls(Path(config) / APP_DIR_NAME, Path(data) / APP_DIR_NAME)

    @classmethod
    def under(cls, root: Path) -> "UserPaths":
        """Both folders inside one root: what tests use."""
        return cls(root / "config", root / "data")
