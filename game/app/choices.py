"""The New Game screen's last choices, kept between runs: ``new_game.json`` in the config folder.

Read as a hostile file, like the settings and people files: only a small
regular file, not through a symlink; anything broken is dropped with a note
and the screen offers its defaults.  Written atomically, only over a regular
file; a failed write is one line the app shows, never an exception.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.app.session.game_setup import HAT, LEVELS, MAX_OPPONENTS, GameSetup
from game.app.session.preview_mode import PreviewMode
from game.errors import UserError
from game.fileio import read_app_json, write_app_file
from game.rules.house import HouseRules
from game.rules.layout import PLANETS

MAX_BYTES = 16 * 1024
VERSION = 1
ROUND_LIMIT_RANGE = (0, 1000)
JUPITER_MOONS = (0, 2, 4, 8)
KEPT_RULES = ("round_limit", "jupiter_moons", "ground", "ground_roughness_mm", "ground_seed")


@dataclass(frozen=True)
class LoadedChoices:
    setup: GameSetup | None
    notes: list[str] = field(default_factory=list)  # what was wrong with the file, one line each


def to_plain(setup: GameSetup) -> dict[str, Any]:
    rules = {k: v for k, v in setup.house_rules.items() if k in KEPT_RULES}
    return {"version": VERSION, "opponents": setup.opponents, "levels": list(setup.levels), "planet": setup.planet,
            "house_rules": rules, "seed": setup.seed, "preview": setup.preview.value}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def from_plain(data: Any, where: str) -> LoadedChoices:
    """The setup the file describes; each bad field falls back to the default, with a note."""
    if not isinstance(data, dict):
        return LoadedChoices(None, [f"{where}: expected an object; the New Game screen starts from its defaults"])
    notes: list[str] = []
    default = GameSetup()
    values: dict[str, Any] = {}

    def take(key: str, ok, expected: str) -> None:
        if key not in data:
            return
        if ok(data[key]):
            values[key] = data[key]
        else:
            notes.append(f"{where}: {key} must be {expected}; ignored")

    take("opponents", lambda v: _is_int(v) and 1 <= v <= MAX_OPPONENTS, f"1 to {MAX_OPPONENTS}")
    take("levels", lambda v: isinstance(v, list) and len(v) == MAX_OPPONENTS and all(x in LEVELS for x in v),
         f"{MAX_OPPONENTS} of {', '.join(LEVELS)}")
    take("planet", lambda v: v == HAT or v in PLANETS, "'hat' or a planet")
    take("seed", lambda v: v is None or (_is_int(v) and 0 <= v < 2 ** 63), "a whole number or null")
    take("preview", lambda v: v in tuple(PreviewMode), f"one of {', '.join(PreviewMode)}")
    raw_rules = data.get("house_rules", {})
    if not isinstance(raw_rules, dict):
        notes.append(f"{where}: house_rules must be an object; ignored")
        raw_rules = {}
    rules = _kept_rules(raw_rules, where, notes)
    if "levels" in values:
        values["levels"] = tuple(values["levels"])
    setup = GameSetup(**{**{"opponents": default.opponents}, **values, "house_rules": rules})
    return LoadedChoices(setup, notes)


def _kept_rules(raw_rules: dict, where: str, notes: list[str]) -> dict[str, object]:
    """The house rules the screen offers, each checked alone: a bad one is dropped with a note."""
    rules: dict[str, object] = {}
    limit = raw_rules.get("round_limit")
    if limit is not None:
        if _is_int(limit) and ROUND_LIMIT_RANGE[0] < limit <= ROUND_LIMIT_RANGE[1]:
            rules["round_limit"] = limit
        else:
            notes.append(f"{where}: round_limit must be 1 to {ROUND_LIMIT_RANGE[1]}; ignored")
    moons = raw_rules.get("jupiter_moons")
    if moons is not None:
        if _is_int(moons) and moons in JUPITER_MOONS:
            rules["jupiter_moons"] = moons
        else:
            notes.append(f"{where}: jupiter_moons must be one of {JUPITER_MOONS}; ignored")
    for key in ("ground", "ground_roughness_mm", "ground_seed"):
        if key in raw_rules:
            try:  # the house rules' own bounds and one-line errors
                HouseRules.from_mapping({key: raw_rules[key]}, source=where)
            except UserError as err:
                notes.append(f"{err}; ignored")
                continue
            rules[key] = raw_rules[key]
    return rules


def load_choices(path: Path) -> LoadedChoices:
    found = read_app_json(path, MAX_BYTES, "New game choices file", follow_links=False)
    if found.problem:
        return LoadedChoices(None, [f"{found.problem}; the New Game screen starts from its defaults"])
    if found.data is None:
        return LoadedChoices(None)
    return from_plain(found.data, str(path))


def save_choices(path: Path, setup: GameSetup) -> str | None:
    """None, or one line saying why the choices could not be kept."""
    try:
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise UserError(f"{path}: not a regular file, left alone")
        path.parent.mkdir(parents=True, exist_ok=True)
        write_app_file(path, json.dumps(to_plain(setup), indent=2) + "\n", MAX_BYTES, "New game choices file",
                       follow_links=False)
    except (UserError, OSError) as err:
        return f"Your New game choices could not be kept ({err})"
    return None
