"""Find the shipped asset folders (``models/``, ``shaders/``) at run time.

Three layouts must work: a source checkout or editable install (folders at the
repository root), an installed wheel (mapped to ``game/_data/``), and a frozen
``build_apps`` build (folders beside the executable).
"""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent
ASSET_KINDS = ("models", "shaders")


def _candidates(kind: str) -> list[Path]:
    found = []
    if getattr(sys, "frozen", False):
        found.append(Path(sys.executable).resolve().parent / kind)
    found.append(_PACKAGE_DIR / "_data" / kind)
    found.append(_PACKAGE_DIR.parent / kind)
    return found


def asset_dir(kind: str) -> Path:
    """The folder holding one kind of asset; raises FileNotFoundError if none is shipped."""
    if kind not in ASSET_KINDS:
        raise ValueError(f"unknown asset kind {kind!r}; expected one of {ASSET_KINDS}")
    for path in _candidates(kind):
        if path.is_dir():
            return path
    raise FileNotFoundError(f"the game's {kind}/ folder is missing from this install")


def asset_path(kind: str, name: str) -> Path:
    path = asset_dir(kind) / name
    if not path.is_file():
        raise FileNotFoundError(f"asset {kind}/{name} is missing from this install")
    return path
