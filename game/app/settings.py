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
from dataclasses import asdict, dataclass, field, fields, replace
from functools import partial
from pathlib import Path
from typing import Any, Callable

from attrs import validators as v

from game.app.input.bindings import REMAPPABLE, is_key_name
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


# -- the schema: each setting's check, declared on its field ----------------------------------------
# attrs' validators (``attrs.validators``) compose the checks; a field's metadata holds its check and the words
# a warning uses to say what was expected.  The loader runs them one key at a time, so a bad key falls back to
# its default alone (docs/decisions.md, "The settings' checks declared on their fields").

def _whole(lo: int, hi: int) -> Any:
    """An integer (not a bool, which Python counts as one) from ``lo`` to ``hi``."""
    return v.and_(v.instance_of(int), v.not_(v.instance_of(bool)), v.ge(lo), v.le(hi))


def _number(lo: float, hi: float) -> Any:
    """An integer or a float (not a bool, not NaN: NaN compares false with both bounds) from ``lo`` to ``hi``."""
    return v.and_(v.instance_of((int, float)), v.not_(v.instance_of(bool)), v.ge(lo), v.le(hi))


_BOOL = v.instance_of(bool)


def _one_of(choices: tuple[Any, ...], words: str | None = None) -> tuple[Any, str]:
    """A check that ``value`` is one of ``choices``, and its words; numbers are checked as numbers first, so that
    ``True`` or ``0.0`` never pass for ``1`` or ``0``."""
    kind = _whole(min(choices), max(choices)) if all(isinstance(c, int) for c in choices) else \
        _number(min(choices), max(choices)) if all(isinstance(c, float) for c in choices) else v.instance_of(str)
    return v.and_(kind, v.in_(choices)), words or "one of " + ", ".join(map(str, choices))


def _key_list(_inst: Any, _attr: Any, keys: Any) -> None:
    """Up to three different key names for one action (a key listed twice would fire the action twice a
    press)."""
    v.and_(v.instance_of((list, tuple)), v.max_len(3), v.deep_iterable(v.instance_of(str)))(_inst, _attr, keys)
    if not all(map(is_key_name, keys)) or len(set(keys)) != len(keys):
        raise ValueError(keys)


_KEY_MAP = v.deep_mapping(key_validator=v.in_(dict(REMAPPABLE)), value_validator=_key_list,
                          mapping_validator=v.and_(v.instance_of(dict), v.max_len(len(REMAPPABLE))))


def key_map(value: Any) -> dict[str, tuple[str, ...]]:
    """A checked key map as the settings hold it (tuples, so two equal maps compare equal after a save)."""
    return {action: tuple(keys) for action, keys in value.items()}


def _setting(default: Any, check: Any, expected: str, *, convert: Callable[[Any], Any] | None = None) -> Any:
    """A settings field: its default, its check (attrs validators) and the words a warning says it expects;
    ``convert`` turns a checked value from the file into what the settings hold (a float field takes an int)."""
    if convert is None and isinstance(default, float):
        convert = float
    metadata = {"check": check, "expected": expected, "convert": convert}
    if isinstance(default, dict):
        return field(default_factory=dict, metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass(frozen=True)
class Settings:
    width: int = _setting(1280, _whole(320, 7680), "a whole number from 320 to 7680")
    height: int = _setting(720, _whole(240, 4320), "a whole number from 240 to 4320")
    fullscreen: bool = _setting(False, _BOOL, "true or false")
    volume: float = _setting(0.8, _number(0.0, 1.0), "a number from 0 to 1")
    quality: str = _setting("medium", *_one_of(QUALITY_CHOICES))
    shadows: bool = _setting(True, _BOOL, "true or false")
    # The window opens with it; the quality detection raises it where the renderer is a GPU.
    msaa: int = _setting(0, *_one_of(MSAA_CHOICES))
    mouse_sensitivity: float = _setting(1.0, _number(0.1, 5.0), "a number from 0.1 to 5")
    aim_aid: float = _setting(1.0, _number(0.0, 1.0), "a number from 0 (off) to 1 (full)")
    markers: bool = _setting(True, _BOOL, "true or false")
    render_scale: float = _setting(1.0, *_one_of(RENDER_SCALE_CHOICES, "one of 1, 0.75, 0.5"))
    # Filled in by the quality detection (first start, or Detect in the settings): the median
    # frame it measured at the chosen quality, in milliseconds; 0 until it has run.
    detected_frame_ms: float = _setting(0.0, _number(0.0, 10000.0), "a number of milliseconds from 0 to 10000")
    preview: str = _setting("learning", *_one_of(PREVIEW_CHOICES))   # the New Game screen's default shot preview
    # Show the first-turn tip about the inner ring (until dismissed for good).
    first_tip: bool = _setting(True, _BOOL, "true or false")
    # The players' colours: "colour-blind" keeps every pair apart for colour-blind eyes.
    palette: str = _setting("standard", *_one_of(PALETTE_CHOICES))
    # The slope view on rough earth: contour lines and height tint (key T toggles it).
    slopes: bool = _setting(False, _BOOL, "true or false")
    # The keys the player gave actions in place of the defaults (``input.bindings.REMAPPABLE``): action -> keys.
    keys: dict[str, tuple[str, ...]] = _setting(
        {}, _KEY_MAP, "an object of actions (as the Settings screen's Keys list names them), each with a list "
                      "of up to three different key names", convert=key_map)

    def resolution(self) -> tuple[int, int]:
        return (self.width, self.height)


_FIELDS = {f.name: f for f in fields(Settings)}


def passes(key: str, value: Any) -> bool:
    """Whether ``value`` is one the setting ``key`` may hold, by the check its field declares."""
    try:
        _FIELDS[key].metadata["check"](None, _FIELDS[key], value)
    except (TypeError, ValueError):
        return False
    return True


def held(key: str, value: Any) -> Any:
    """A value that ``passes`` as the settings hold it (an int as a float, a key map's lists as tuples)."""
    convert = _FIELDS[key].metadata["convert"]
    return value if convert is None else convert(value)


# Each key's check and the words a warning uses to say what was expected (``people`` checks a person's own
# settings with them), taken from the fields.
CHECKS: dict[str, tuple[Callable[[Any], bool], str]] = {
    name: (partial(passes, name), f.metadata["expected"]) for name, f in _FIELDS.items()}


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
        if not passes(key, value):
            _warn(f"{source}: {key} must be {CHECKS[key][1]}, not {_short(value)}; using {getattr(defaults, key)!r}")
            continue
        chosen[key] = held(key, value)
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
    data = found.data
    if found.repeated:   # a key given twice: neither value is the person's clear choice
        for key in found.repeated:
            _warn(f"{path}: {_short(key)} is given more than once; using its default")
        data = {key: value for key, value in data.items() if key not in found.repeated}
    return settings_from_dict(data, str(path))


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
