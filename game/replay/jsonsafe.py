"""Checks that a value is plain JSON we are willing to write and to read back.

Rulings, ledgers, house rules and player details come from other layers as
mappings; a replay keeps them verbatim, so they must be JSON-safe: strings,
finite numbers, booleans, None, lists and string-keyed objects, bounded in
depth and size.  The same check runs on load, where the input is hostile.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

import numpy as np

MAX_DEPTH = 32
MAX_STRING = 10_000


@runtime_checkable
class ToDict(Protocol):
    """A value that knows its plain form (a ruling, a ledger, a seating)."""

    def to_dict(self) -> dict[str, Any]: ...


class JsonShapeError(ValueError):
    """A value that is not plain, finite, bounded JSON."""


def to_plain(value: Any) -> Any:
    """Dataclasses and objects with ``to_dict`` become plain mappings; the rest is checked."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = dataclasses.asdict(value)
    elif isinstance(value, ToDict):
        value = value.to_dict()
    return check_plain(value, "value")


def check_plain(value: Any, what: str, depth: int = 0) -> Any:
    """Return a JSON-safe copy of ``value`` (tuples become lists) or raise JsonShapeError."""
    if depth > MAX_DEPTH:
        raise JsonShapeError(f"{what} is nested too deeply")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) > 2**63:
            raise JsonShapeError(f"{what} holds an integer too large")
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise JsonShapeError(f"{what} holds a number that is not finite")
        return float(value)
    if isinstance(value, str):
        if len(value) > MAX_STRING:
            raise JsonShapeError(f"{what} holds a string too long")
        return value
    if isinstance(value, (list, tuple)):
        return [check_plain(v, what, depth + 1) for v in value]
    if isinstance(value, Mapping):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise JsonShapeError(f"{what} has a key that is not a string")
            out[key] = check_plain(item, f"{what}.{key}", depth + 1)
        return out
    if isinstance(value, np.generic):  # numpy's scalars: a float64 from a position, an int64 from a count
        return check_plain(value.item(), what, depth)
    raise JsonShapeError(f"{what} holds a {type(value).__name__}, which JSON cannot hold")


def _reject_constant(name: str) -> Any:
    raise JsonShapeError(f"{name} is not a number a replay may hold")


def loads_strict(text: bytes) -> Any:
    """Parse JSON that must be finite and shallow; any failure is a JsonShapeError."""
    try:
        value = json.loads(text.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError, ValueError) as err:
        if isinstance(err, JsonShapeError):
            raise
        raise JsonShapeError(f"bad JSON ({type(err).__name__})") from None
    _check_parsed(value, "header")
    return value


def _check_parsed(value: Any, what: str) -> None:
    """``check_plain``'s bounds on what ``json.loads`` made, without copying it or recursing.

    A hostile header holds up to hundreds of thousands of values; checking
    them in one loop is several times faster than rebuilding them.
    """
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise JsonShapeError(f"{what} is nested too deeply")
        kind = type(item)
        if kind is dict:
            stack.extend((v, depth + 1) for v in item.values())
        elif kind is list:
            stack.extend((v, depth + 1) for v in item)
        elif kind is str:
            if len(item) > MAX_STRING:
                raise JsonShapeError(f"{what} holds a string too long")
        elif kind is float:
            if not math.isfinite(item):
                raise JsonShapeError(f"{what} holds a number that is not finite")
        elif kind is int:
            if abs(item) > 2**63:
                raise JsonShapeError(f"{what} holds an integer too large")


def dumps_compact(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), allow_nan=False, ensure_ascii=False).encode("utf-8")
