"""Where the desktop game keeps a person's files.

Settings live in the config folder, screenshots and replays in the data
folder, both as ``platformdirs`` finds them for the platform: on Linux
``$XDG_CONFIG_HOME/sun-planet-taw`` (or ``~/.config/sun-planet-taw``) and
``$XDG_DATA_HOME/sun-planet-taw`` (or ``~/.local/share/sun-planet-taw``), a
relative XDG path ignored as the spec says; the per-user folders on Windows
and macOS.  Tests point them at a temporary folder with ``UserPaths.under``
or those variables; folders are created only when something is written.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

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

    def sweep_stale_temps(self) -> list[Path]:
        """Remove what killed writers left in the game's own folders (a replay's temp file, an export's or a
        screenshot's private folder): each file there has a name of its own, so no later write of the same
        target would (``fileio.clean_stale_temps``, for any target its temp name spells)."""
        from game.fileio import clean_stale_temps

        folders = (self.config_dir, self.data_dir, self.replay_dir, self.screenshot_dir, self.data_dir / "videos")
        return [path for folder in folders for path in clean_stale_temps(folder, None)]

    @classmethod
    def from_env(cls) -> "UserPaths":
        """The person's folders, as ``platformdirs`` reads them from this process's environment; one line
        (``UserError``) if no home folder can be found."""
        import platformdirs

        from game.errors import UserError

        try:
            return cls(Path(platformdirs.user_config_dir(APP_DIR_NAME, appauthor=False)),
                       Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False)))
        except RuntimeError as err:   # no HOME, and none in the password database
            raise UserError(f"cannot find the folders for settings and replays ({err})") from None

    @classmethod
    def under(cls, root: Path) -> "UserPaths":
        """Both folders inside one root: what tests use."""
        return cls(root / "config", root / "data")


# -- Panda's model cache ---------------------------------------------------------------------------

MODEL_CACHE_MIN_FREE = 64 << 20   # bytes free for the cache to stay on; the game's models cache to about 5 MB


def cache_folder_usable(folder: Path, min_free: int = MODEL_CACHE_MIN_FREE) -> str | None:
    """None if ``folder`` can hold the model cache; else why not, in a few words."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK | os.X_OK):
            return "it cannot be written"
        info = os.statvfs(folder)
    except OSError as err:
        return err.strerror or type(err).__name__
    if info.f_flag & os.ST_RDONLY:
        return "it is on a read-only file system"
    if info.f_bavail * info.f_frsize < min_free:
        return "the disk is full"
    return None


def _configured_model_cache() -> str:
    """The ``model-cache-dir`` the PRC pages set, expanded; read from the pages, since asking the variable
    itself (or ``BamCache``) before Panda declares it prints warnings, and building the cache writes to it."""
    from panda3d.core import ConfigPageManager, Filename

    manager = ConfigPageManager.getGlobalPtr()
    pages = [manager.getExplicitPage(i) for i in reversed(range(manager.getNumExplicitPages()))]
    pages += [manager.getImplicitPage(i) for i in range(manager.getNumImplicitPages())]
    for page in pages:
        for i in range(page.getNumDeclarations()):
            if page.getVariableName(i) == "model-cache-dir":
                raw = page.getStringValue(i).strip()
                return Filename.expandFrom(raw).toOsSpecific() if raw else ""
    return ""


def guard_model_cache() -> str | None:
    """Turn Panda's model cache off when its folder cannot take writes; the reason, or None if it stays on.

    On a full or read-only disk Panda's cache prints an error for every
    write it tries (tens of thousands of lines) and then crashes, so every
    command that draws calls this before its ShowBase: an empty
    ``model-cache-dir`` turns the cache off, and models load from the game's
    own files as they would the first time.  Mesa's shader cache is turned
    off the same way (``_guard_shader_cache``).
    """
    from panda3d.core import loadPrcFileData

    _guard_shader_cache(os.environ)
    folder = _configured_model_cache()
    if not folder:
        return None
    why = cache_folder_usable(Path(folder))
    if why is not None:
        loadPrcFileData("taw-model-cache-off", "model-cache-dir\n")
    return why


def _guard_shader_cache(env: "os._Environ[str]") -> None:
    """Mesa's shader cache (llvmpipe's, on machines without a GPU) maps its files: on a full disk that is
    a bus error.  Off when its folder cannot take writes; read by Mesa when the GL context is made."""
    if env.get("MESA_SHADER_CACHE_DISABLE"):
        return
    home = Path(env.get("HOME") or "/")
    folder = Path(env.get("MESA_SHADER_CACHE_DIR") or Path(env.get("XDG_CACHE_HOME") or home / ".cache")
                  / "mesa_shader_cache")
    if cache_folder_usable(folder) is not None:
        env["MESA_SHADER_CACHE_DISABLE"] = "true"
