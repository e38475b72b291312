"""The shapes a replay's free-form JSON must have for the viewer and export to show it.

A replay keeps the referee's rulings, the layout and the events as JSON.
The viewer reads parts of them (captions from ``transfers``, ``fouls``,
``notes`` and ``board.put_down``, less the reminders ``unpaid`` names; the ground from the layout; flashes from
contacts), so the loader checks exactly those parts here and refuses a file
that breaks them in one line.  What the loader accepts, the viewer shows:
they never disagree.  Keys the viewer does not read are left free.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from game.rules.layout import PLANETS, Layout, LayoutError

RULING_LISTS = ("transfers", "fouls")
RULING_WORDS = ("caption", "text", "summary", "reason", "description")
BOARD_LISTS = ("put_down", "take_off")
MAX_RULE = 100
MAX_RULING_ITEMS = 1000   # payments, fouls, notes and board changes of one shot; a real one has under 20


class ShapeError(ValueError):
    """A part of the file's JSON the viewer relies on has the wrong shape; the message says which."""


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _optional_list(value: Any, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ShapeError(f"{what} must be a list")
    return value


def _item(item: Any, what: str) -> None:
    """A payment, foul or board change: an object whose rule, reason and bodies are what they say."""
    if not isinstance(item, dict):
        raise ShapeError(f"{what} must hold objects")
    rule = item.get("rule")
    if rule is not None and (not isinstance(rule, int) or isinstance(rule, bool) or not 0 <= rule <= MAX_RULE):
        raise ShapeError(f"{what}: 'rule' must be a rule number from 0 to {MAX_RULE}")
    for key in ("reason", "player", "from", "to", "body"):
        if item.get(key) is not None and not isinstance(item[key], str):
            raise ShapeError(f"{what}: '{key}' must be a string")
    bodies = item.get("bodies")
    if bodies is not None and (not isinstance(bodies, list) or not all(isinstance(b, str) for b in bodies)):
        raise ShapeError(f"{what}: 'bodies' must be a list of body ids")


def check_ruling(ruling: Mapping[str, Any]) -> int:
    """One ruling as ``game.replay.timeline.ruling_captions`` reads it; how many captions it can give."""
    items = 0
    for key in RULING_LISTS:
        for item in _optional_list(ruling.get(key), f"'{key}'"):
            _item(item, f"'{key}'")
            items += 1
    notes = _optional_list(ruling.get("notes"), "'notes'")
    if not all(isinstance(n, str) for n in notes):
        raise ShapeError("'notes' must be a list of strings")
    items += len(notes)
    for item in _optional_list(ruling.get("unpaid"), "'unpaid'"):
        _item(item, "'unpaid'")
        if item.get("text") is not None and not isinstance(item["text"], str):
            raise ShapeError("'unpaid': 'text' must be a string")
        items += 1
    board = ruling.get("board")
    if board is not None:
        if not isinstance(board, dict):
            raise ShapeError("'board' must be an object")
        for key in BOARD_LISTS:
            for item in _optional_list(board.get(key), f"'board.{key}'"):
                _item(item, f"'board.{key}'")
                items += 1
    for key in ("winner", *RULING_WORDS):
        if ruling.get(key) is not None and not isinstance(ruling[key], str):
            raise ShapeError(f"'{key}' must be a string")
    _item({"rule": ruling.get("rule")}, "a ruling")
    when = ruling.get("t")
    if when is not None and not _is_number(when):
        raise ShapeError("'t' must be a number")
    return items + 1


def check_rulings(rulings: list[Any]) -> int:
    """A shot's rulings, each an object of the right shape, with at most ``MAX_RULING_ITEMS`` captions."""
    items = 0
    for ruling in rulings:
        if not isinstance(ruling, dict):
            raise ShapeError("each ruling must be an object")
        items += check_ruling(ruling)
        if items > MAX_RULING_ITEMS:
            raise ShapeError(f"more than {MAX_RULING_ITEMS} payments, fouls and notes in one shot")
    return items


def check_event_numbers(event: Mapping[str, Any], limit: float) -> None:
    """Every number in an event (positions, velocities, impulses) finite and within ``limit``."""
    stack: list[Any] = [event]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and not abs(value) <= limit:
            raise ShapeError(f"an event holds the number {value:.3g}, beyond {limit:g}")


# (low, high) for each of the layout's lengths, metres: a marble of 0 or a ground of a kilometre is no layout.
_LENGTHS = {"inner_ring_radius": (0.001, 10.0), "saturn_ring_radius": (0.001, 10.0), "line_width": (0.0005, 1.0),
            "play_radius": (0.01, 50.0), "marble_radius": (0.001, 0.5), "sun_radius": (0.001, 0.5)}


def _planet_map(value: Any, key: str, low: float, high: float, whole: bool = False) -> None:
    if not isinstance(value, dict) or not set(value) <= set(PLANETS):
        raise ShapeError(f"layout: '{key}' must be an object keyed by planet")
    for planet, number in value.items():
        if not _is_number(number) or not low <= number <= high or (whole and not isinstance(number, int)):
            kind = "a whole number" if whole else "a number"
            raise ShapeError(f"layout: '{key}.{planet}' must be {kind} from {low:g} to {high:g}")


def layout_from(data: Mapping[str, Any]) -> Layout:
    """The layout a replay's header records (the default for an empty one), checked as the viewer draws it."""
    known = {k: v for k, v in data.items() if k in Layout.__dataclass_fields__}
    for key, (low, high) in _LENGTHS.items():
        if key in known and (not _is_number(known[key]) or not low <= known[key] <= high):
            raise ShapeError(f"layout: '{key}' must be a number from {low:g} to {high:g} metres")
    if "line_radii" in known:
        _planet_map(known["line_radii"], "line_radii", 0.001, 50.0)
    if "planet_angles" in known:
        _planet_map(known["planet_angles"], "planet_angles", -720.0, 720.0)
        if set(known["planet_angles"]) != set(PLANETS):
            raise ShapeError("layout: 'planet_angles' must give every planet's angle")
    if "satellites" in known:
        _planet_map(known["satellites"], "satellites", 0, 12, whole=True)
    try:
        return Layout(**known)
    except (LayoutError, TypeError, ValueError) as err:
        raise ShapeError(f"layout: {err}") from None
