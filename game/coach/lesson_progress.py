"""How far the player has come through the course: kept as a small JSON file in the user's data folder.

Read tolerantly (a missing, damaged or hostile file is an empty record and a
one-line note saying why) and written atomically, only over a regular file;
a folder that cannot be written is reported, never fatal.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from game.errors import UserError
from game.fileio import read_app_json, write_app_file

VERSION = 1
MAX_BYTES = 64 * 1024
MAX_IDS = 500


@dataclass
class Progress:
    """Lesson ids passed and skipped; ``note`` says why a stored record could not be read."""

    passed: set[str] = field(default_factory=set)
    skipped: set[str] = field(default_factory=set)
    note: str = ""

    def mark_passed(self, lesson_id: str) -> None:
        self.passed.add(lesson_id)
        self.skipped.discard(lesson_id)

    def mark_skipped(self, lesson_id: str) -> None:
        if lesson_id not in self.passed:
            self.skipped.add(lesson_id)

    def status(self, lesson_id: str) -> str:
        return "passed" if lesson_id in self.passed else "skipped" if lesson_id in self.skipped else ""

    def to_json(self) -> str:
        return json.dumps({"version": VERSION, "passed": sorted(self.passed), "skipped": sorted(self.skipped)},
                          indent=1) + "\n"


def _ids(data: dict, key: str) -> set[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or len(value) > MAX_IDS or not all(
            isinstance(v, str) and 0 < len(v) <= 100 and v.isprintable() for v in value):
        raise ValueError(f"'{key}' must be a list of lesson names")
    return set(value)


def load_progress(path: Path) -> Progress:
    found = read_app_json(path, MAX_BYTES, "lessons record")
    if found.problem:
        return Progress(note=f"lesson progress not read: {found.problem}")
    if found.data is None:
        return Progress()
    data = found.data
    try:
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError(f"not a version {VERSION} lessons record")
        return Progress(_ids(data, "passed"), _ids(data, "skipped"))
    except ValueError as err:
        return Progress(note=f"lesson progress not read: {str(err).replace(chr(10), ' ')}")


def save_progress(progress: Progress, path: Path) -> str:
    """Write the record; '' on success, else one line saying what could not be done."""
    try:
        if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
            return f"lesson progress not saved: {path.name} is not a regular file"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_app_file(path, progress.to_json(), MAX_BYTES, "lessons record")   # never over one we could not read
    except UserError as err:
        return f"lesson progress not saved: {err}"
    except OSError as err:
        return f"lesson progress not saved: {err.strerror or err}"
    return ""
