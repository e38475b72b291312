"""A file the app could not write, in a player's words: "the disk is full", not ``[Errno 28]``."""

from __future__ import annotations

import errno

FULL = (errno.ENOSPC, errno.EDQUOT)
READ_ONLY = (errno.EROFS, errno.EACCES, errno.EPERM)


def reason(err: BaseException, folder: str = "folder") -> str:
    """Why a write failed: the disk is full, the folder is read-only, or the error's own one line."""
    code = getattr(err, "errno", None)
    if code in FULL:
        return "the disk is full"
    if code in READ_ONLY:
        return f"the {folder} is read-only"
    return str(err)
