"""A package of the game as it was at a git revision, loaded beside today's under another name.

``bench_physics.py --baseline REV`` and ``bench_ai.py --baseline REV`` time
``game/physics`` or ``game/ai`` at ``REV`` against the present in one run.
The old files are written into a temporary folder as a package of their own
(``physics_baseline``, ``ai_baseline``), their imports of themselves renamed,
so both versions live in one process on today's other layers.  That folder
goes on ``sys.path``: the planner's worker processes import the old package
by name too.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_baseline(rev: str, package: str, as_name: str, folder: Path) -> ModuleType:
    """``package`` (a dotted name under the repository, ``game.ai``) at ``rev``, imported as ``as_name``."""
    source = package.replace(".", "/")
    listing = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", f"{rev}:{source}"],
                             capture_output=True, text=True, check=True).stdout.split()
    target = folder / as_name
    target.mkdir()
    for name in listing:
        if not name.endswith(".py"):
            continue
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{source}/{name}"],
                              capture_output=True, text=True, check=True).stdout
        text = text.replace(f"from {package} import", f"from {as_name} import").replace(f"{package}.", f"{as_name}.")
        (target / name).write_text(text)
    sys.path.insert(0, str(folder))
    return importlib.import_module(as_name)
