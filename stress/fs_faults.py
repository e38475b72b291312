"""File-system faults for the GUI soak: the app's folders read-only, a disk that fills mid-game, a settings
folder that is a file.

Each fault is a ``FaultedRoot``: the user root the app is built on, and
what to do at the soak's chosen frame (fill the disk).  Read-only and full
disks are real: a small tmpfs mounted for the run (root only); where none
can be mounted, ``prepare`` says why and the soak runs without the fault.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Callable


class Fault(Enum):
    READ_ONLY = "read-only"            # config and data folders on a read-only file system
    FULL_DISK = "full-disk"            # a 1 MB disk, filled to the last byte part-way through
    SETTINGS_IS_A_FILE = "settings-file"   # the config folder is a regular file


@dataclass
class FaultedRoot:
    root: Path
    at_frame: Callable[[Any], None] = lambda app: None   # done to the app once, part-way through the soak
    cleanup: Callable[[], None] = lambda: None
    notes: list[str] = field(default_factory=list)


def _mount(point: Path, size: str) -> str | None:
    point.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(point)], capture_output=True,
                          text=True)
    return None if done.returncode == 0 else (done.stderr.strip() or "mount failed")[:120]


def _unmount(point: Path) -> None:
    subprocess.run(["umount", "-l", str(point)], capture_output=True)


def fill(folder: Path) -> None:
    """Write zeros into ``folder`` until its file system has no byte left."""
    try:
        with open(folder / "filler", "wb") as handle:
            while True:
                handle.write(b"\0" * 65536)
                handle.flush()
    except OSError:  # full (perhaps already, by what the app wrote): the point
        pass


def prepare(fault: Fault | None, base: Path) -> FaultedRoot:
    """The user root for a soak under ``fault`` (None: an ordinary folder)."""
    if fault is None:
        return FaultedRoot(base)
    if fault is Fault.SETTINGS_IS_A_FILE:
        base.mkdir(parents=True, exist_ok=True)
        (base / "config").write_text("a file where the settings folder should be\n")
        # Save, as the settings screen's button does: random clicks reach it too seldom to count on.
        return FaultedRoot(base, at_frame=lambda app: app.apply_settings(app.settings),
                           notes=["the config folder is a file; Save pressed part-way through"])
    disk = base / "disk"
    problem = _mount(disk, "1m")
    if problem is not None:
        return FaultedRoot(base, notes=[f"no tmpfs could be mounted ({problem}); ran without the fault"])
    cleanup = lambda: _unmount(disk)  # noqa: E731
    if fault is Fault.READ_ONLY:
        for sub in ("config", "data/replays", "data/screenshots"):
            (disk / sub).mkdir(parents=True, exist_ok=True)
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        return FaultedRoot(disk, cleanup=cleanup, notes=["config and data on a read-only tmpfs"])
    return FaultedRoot(disk, at_frame=lambda app: fill(disk), cleanup=cleanup,
                       notes=["config and data on a 1 MB tmpfs, filled part-way through"])
