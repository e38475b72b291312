"""Argument types shared by the commands and the frozen app's options: a bad value is one line from argparse, exit 2.

Numbers are bounded on both sides (a round limit of 10^12 is a typo, not a
long game) and must be finite (``nan`` compares false with every bound, so
it is refused by name).  A path argument may not be empty: ``--export ''``
would otherwise read as "not given".
"""

from __future__ import annotations

import argparse
import math
import os
from typing import Callable

# The house rules' own bound on a round limit (game.rules.house._LIMITS).
MAX_ROUNDS = 100_000
MAX_GAMES = 100_000
MAX_SEED = 2**63 - 1


def bounded(name: str, kind: type, low: float, high: float) -> Callable[[str], int | float]:
    """A ``kind`` number from ``low`` to ``high``, or a one-line reason why not."""
    noun = "a whole number" if kind is int else "a number"

    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except (ValueError, OverflowError):
            raise argparse.ArgumentTypeError(f"{name} must be {noun}, not {text!r}") from None
        if kind is float and not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{name} must be a finite number, not {text!r}")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be from {low:g} to {high:g}, not {text.strip()[:30]}")
        return value

    parse.__name__ = name  # argparse names the type in its messages
    return parse


NAME_MAX = 255    # bytes in one file or folder name (Linux, macOS, Windows' NTFS alike)
PATH_MAX = 4095   # bytes in a whole path (Linux)


def path_arg(name: str) -> Callable[[str], str]:
    """A file or folder name: not empty, not blank, no NUL byte, no part longer than a file system allows."""

    def parse(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError("needs a file or folder name, not an empty one")
        if "\x00" in text:
            raise argparse.ArgumentTypeError("may not hold a NUL character")
        size = len(os.fsencode(text))
        if size > PATH_MAX:
            raise argparse.ArgumentTypeError(f"a path of {size} bytes is longer than a file system allows "
                                             f"({PATH_MAX})")
        longest = max(len(os.fsencode(part)) for part in text.split(os.sep))
        if longest > NAME_MAX:
            raise argparse.ArgumentTypeError(f"a name of {longest} bytes in that path is longer than a file system "
                                             f"allows ({NAME_MAX})")
        return text

    parse.__name__ = name
    return parse


seed = bounded("seed", int, -MAX_SEED, MAX_SEED)
rounds = bounded("rounds", int, 0, MAX_ROUNDS)
games = bounded("games", int, 1, MAX_GAMES)
