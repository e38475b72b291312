"""The person's settings: what they are, how they are read, checked and saved.

The file is JSON in the user's config folder, written atomically.  Reading is
forgiving on purpose: a game must start even if its settings file is broken,
so a corrupt file falls back to every default, and each unknown key or bad
value falls back to that key's default; each problem is reported as a
``SettingsWarning`` naming the file and the key, never an exception.
"""

from __future__ import annotations

import json
import warnings
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from game.app.session.preview_mode import PreviewMode
from game.fileio import write_app_file

MSAA_CHOICES = (0, 2, 4)  # as game.app.scene.quality offers
QUALITY_CHOICES = ("low", "medium", "high")
PREVIEW_CHOICES = tuple(PreviewMode)  # the shot preview's modes, as the file spells them (a StrEnum)
MAX_SETTINGS_BYTES = 1 << 20  # the file is a few hundred bytes
RENDER_SCALE_CHOICES = (1.0, 0.75, 0.5)  # as game.app.scene.render_scale offers
PALETTE_CHOICES = ("standard", "colour-blind")  # as game.app.scene.palette.PALETTES names them
# Pixels times samples a window may ask for: 3840x2160 with MSAA 4 (7680x4320 with MSAA 4 took the smoke test
# 1.77 GB); a larger window draws with less multisampling.
MAX_FRAME_SAMPLES = 3840 * 2160 * 4


@dataclass(frozen=True)
class QualityPreset:
    """What a graphics quality stands for on the screen: the sun's shadows and how finely the table is drawn
    (the shadow map's size follows ``quality`` itself: ``table_view.SHADOW_MAP``)."""

    shadows: bool
    render_scale: float


# Choosing a quality on the Settings screen sets these; each can then be changed on its own.
QUALITY_PRESETS: dict[str, QualityPreset] = {
    "low": QualityPreset(shadows=False, render_scale=0.75),
    "medium": QualityPreset(shadows=True, render_scale=1.0),
    "high": QualityPreset(shadows=True, render_scale=1.0),
}


class SettingsWarning(UserWarning):
    """A problem in the settings file that was replaced by a default."""


@dataclass(frozen=True)
class Settings:
    width: int = 1280
    height: int = 720
    fullscreen: bool = False
    volume: float = 0.8
    quality: str = "medium"
    shadows: bool = True
    msaa: int = 0  # the window opens with it; the quality detection raises it where the renderer is a GPU
    mouse_sensitivity: float = 1.0
    aim_aid: float = 1.0
    markers: bool = True
    render_scale: float = 1.0
    # Filled in by the quality detection (first start, or Detect in the settings): the median
    # frame it measured at the chosen quality, in milliseconds; 0 until it has run.
    detected_frame_ms: float = 0.0
    preview: str = "learning"   # the New Game screen's default shot preview
    first_tip: bool = True      # show the first-turn tip about the inner ring (until dismissed for good)
    palette: str = "standard"   # the players' colours: "colour-blind" keeps every pair apart for colour-blind eyes
    slopes: bool = False        # the slope view on rough earth: contour lines and height tint (key T toggles it)
    # The keys the player gave actions in place of the defaults (``input.bindings.REMAPPABLE``): action -> keys.
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def resolution(self) -> tuple[int, int]:
        return (self.width, self.height)


def _int_in(lo: int, hi: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _num_in(lo: float, hi: float) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and lo <= v <= hi


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_key_map(v: Any) -> bool:
    """Actions the Keys list offers, each with a list of at most three different key names (a key listed
    twice for one action would fire it twice a press)."""
    from game.app.input.bindings import REMAPPABLE, is_key_name

    actions = dict(REMAPPABLE)
    return isinstance(v, dict) and len(v) <= len(actions) and all(
        action in actions and isinstance(keys, (list, tuple)) and len(keys) <= 3 and all(map(is_key_name, keys))
        and len(set(keys)) == len(keys) for action, keys in v.items())


def key_map(value: Any) -> dict[str, tuple[str, ...]]:
    """A checked key map as the settings hold it (tuples, so two equal maps compare equal after a save)."""
    return {action: tuple(keys) for action, keys in value.items()}


# Each key's check and the words a warning uses to say what was expected.
CHECKS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "width": (_int_in(320, 7680), "a whole number from 320 to 7680"),
    "height": (_int_in(240, 4320), "a whole number from 240 to 4320"),
    "fullscreen": (_is_bool, "true or false"),
    "volume": (_num_in(0.0, 1.0), "a number from 0 to 1"),
    "quality": (lambda v: v in QUALITY_CHOICES, "one of " + ", ".join(QUALITY_CHOICES)),
    "shadows": (_is_bool, "true or false"),
    "msaa": (lambda v: _int_in(0, 4)(v) and v in MSAA_CHOICES, "one of 0, 2, 4"),
    "mouse_sensitivity": (_num_in(0.1, 5.0), "a number from 0.1 to 5"),
    "aim_aid": (_num_in(0.0, 1.0), "a number from 0 (off) to 1 (full)"),
    "markers": (_is_bool, "true or false"),
    "render_scale": (lambda v: _num_in(0.5, 1.0)(v) and float(v) in RENDER_SCALE_CHOICES, "one of 1, 0.75, 0.5"),
    "detected_frame_ms": (_num_in(0.0, 10000.0), "a number of milliseconds from 0 to 10000"),
    "preview": (lambda v: v in PREVIEW_CHOICES, "one of " + ", ".join(PREVIEW_CHOICES)),
    "first_tip": (_is_bool, "true or false"),
    "palette": (lambda v: v in PALETTE_CHOICES, "one of " + ", ".join(PALETTE_CHOICES)),
    "slopes": (_is_bool, "true or false"),
    "keys": (_is_key_map, "an object of actions (as the Settings screen's Keys list names them), each with a list "
                          "of up to three different key names"),
}


def _warn(message: str) -> None:
    from game.errors import printable

    warnings.warn(printable(message), SettingsWarning, stacklevel=3)


def _short(value: Any) -> str:
    """A value quoted from the file, cut short: a warning is one readable line."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def settings_from_dict(data: Any, source: str = "settings") -> Settings:
    """Build settings from parsed JSON, keeping every good key and warning on each bad one."""
    defaults = Settings()
    if not isinstance(data, dict):
        _warn(f"{source}: expected an object of settings, using every default")
        return defaults
    chosen: dict[str, Any] = {}
    unknown = [key for key in data if key not in CHECKS]
    if len(unknown) == 1:
        _warn(f"{source}: unknown setting {_short(unknown[0])} ignored")
    elif unknown:
        _warn(f"{source}: {len(unknown)} unknown settings ignored ({_short(unknown[0])} and others)")
    for key, value in data.items():
        if key not in CHECKS:
            continue
        check, expected = CHECKS[key]
        if not check(value):
            _warn(f"{source}: {key} must be {expected}, not {_short(value)}; using {getattr(defaults, key)!r}")
            continue
        if key == "keys":
            value = key_map(value)
        chosen[key] = float(value) if isinstance(getattr(defaults, key), float) else value
    return _bounded_samples(replace(defaults, **chosen), source)


def _bounded_samples(settings: Settings, source: str) -> Settings:
    """The settings with MSAA lowered until the window's pixels times samples fit ``MAX_FRAME_SAMPLES``."""
    pixels = settings.width * settings.height
    if pixels * max(settings.msaa, 1) <= MAX_FRAME_SAMPLES:
        return settings
    msaa = max((m for m in MSAA_CHOICES if pixels * max(m, 1) <= MAX_FRAME_SAMPLES), default=0)
    _warn(f"{source}: a {settings.width}x{settings.height} window with MSAA {settings.msaa} is more than the game "
          f"draws (3840x2160 with MSAA 4); using MSAA {msaa}")
    return replace(settings, msaa=msaa)


def load_settings(path: Path) -> Settings:
    """The settings in ``path``; defaults (with a warning) if it is missing parts or broken.

    Whatever the file is (a FIFO, a device, megabytes, JSON nested 100,000
    deep, a number of 5,000 digits) the game starts, with a one-line warning.
    """
    from game.fileio import read_app_json

    found = read_app_json(path, MAX_SETTINGS_BYTES, "settings file", max_depth=8)
    if found.problem:
        _warn(f"{found.problem}; using every default")
    if found.data is None:
        return Settings()
    return settings_from_dict(found.data, str(path))


def save_settings(settings: Settings, path: Path) -> None:
    """Write the settings atomically; a folder that cannot be made or written is a one-line ``FileWriteError``."""
    from game.fileio import FileWriteError

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError) as err:
        raise FileWriteError(f"{path.parent}: a file stands where the settings folder should be", err.errno) \
            from None
    except OSError as err:
        raise FileWriteError(f"{path.parent}: cannot create the settings folder ({err.strerror})", err.errno) \
            from None
    write_app_file(path, json.dumps(asdict(settings), indent=2, sort_keys=True) + "\n", MAX_SETTINGS_BYTES,
                   "settings file", max_depth=8)
