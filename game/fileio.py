"""Writing files so that a crash or a full disk never leaves half a file.

Every file the game writes (settings, replays, scenario output, logs) goes
through ``write_atomic``: the bytes go to a temporary file in the same
folder, are flushed to disk, and only then replace the target in one rename.
A good file is therefore never overwritten by a bad or partial one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from game.errors import UserError


def write_atomic(path: str | os.PathLike[str], data: bytes | str, encoding: str = "utf-8") -> None:
    target = Path(path)
    payload = data.encode(encoding) if isinstance(data, str) else data
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise UserError(f"{target}: folder {folder} does not exist")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise UserError(f"{target}: cannot write here ({err.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException as err:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        if isinstance(err, OSError):
            raise UserError(f"{target}: cannot write ({err.strerror})") from None
        raise


def check_writable(path: str | os.PathLike[str]) -> Path:
    """Fail early, before hours of work, if ``path`` cannot be written later."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise UserError(f"{target}: is a folder, not a file")
    if not folder.is_dir():
        raise UserError(f"{target}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise UserError(f"{target}: folder {folder} is not writable")
    return target
