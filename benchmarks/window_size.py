"""``--size WIDTHxHEIGHT`` for the benchmarks that draw: parsed once, refused in argparse's one line (exit 2)."""

from __future__ import annotations

import argparse

SMALLEST = 64


def window_size(text: str) -> tuple[int, int]:
    """``"1280x720"`` -> ``(1280, 720)``; an argparse ``type``."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts) or min(int(p) for p in parts) < SMALLEST:
        raise argparse.ArgumentTypeError(f"must be WIDTHxHEIGHT, {SMALLEST} or more each, not {text[:40]!r}")
    return int(parts[0]), int(parts[1])
