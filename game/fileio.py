"""Files in and out: atomic writes, bounded reads, TOML that cannot hurt.

Every file the game writes (settings, replays, scenario output, frames)
goes through ``write_atomic``: the bytes go to a temporary file in the same
folder, are flushed to disk, and only then replace the target in one rename.
A good file is therefore never overwritten by a bad or partial one.

Only our own kind of file is ever replaced.  A target that exists and is not
a regular file (a device such as ``/dev/null``, a FIFO, a socket, a folder)
is refused.  A symbolic link is written through: its regular-file target is
replaced and the link stays (a settings file kept in a dotfiles folder stays
linked); a dangling link or a loop is refused.  A rewritten file keeps its
permissions; a new one gets them from the umask, like any program's file.

Every file the game reads from a person goes through ``read_bounded``: only
regular files (a FIFO would block forever, ``/dev/zero`` never ends), with a
size bound checked while reading, not only from ``stat``.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
import tomllib
from pathlib import Path
from typing import Any

from game.errors import UserError

class FileWriteError(UserError):
    """A file that could not be written; ``errno`` says why when the system said (ENOSPC: the disk is full)."""

    def __init__(self, message: str, errno_: int | None = None) -> None:
        super().__init__(message)
        self.errno = errno_


NAME_MAX_FALLBACK = 255
TOML_MAX_BYTES = 1 << 20   # scenario and house-rule files are a few KB
TOML_MAX_DEPTH = 32        # tables and arrays within each other; real files use 3


_NOT_REGULAR = ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link"))


def _kind(mode: int) -> str:
    """What a non-regular file is, in a person's words."""
    return next((name for is_kind, name in _NOT_REGULAR if is_kind(mode)), "not a regular file")


def _why(err: OSError) -> str:
    return err.strerror or type(err).__name__


def _folder_of(target: Path) -> Path:
    return target.parent if str(target.parent) else Path(".")


def _check_folder(target: Path) -> Path:
    """The folder ``target`` would be written in, if it is one; else a one-line reason."""
    folder = _folder_of(target)
    try:
        mode = os.stat(folder).st_mode
    except FileNotFoundError:
        raise UserError(f"{target}: folder {folder} does not exist") from None
    except NotADirectoryError:
        raise UserError(f"{target}: the path runs through a file, not a folder") from None
    except OSError as err:
        raise FileWriteError(f"{target}: cannot reach folder {folder} ({_why(err)})", err.errno) from None
    if stat.S_ISREG(mode):
        raise UserError(f"{target}: the path runs through a file, not a folder")
    if not stat.S_ISDIR(mode):
        raise UserError(f"{target}: {folder} is {_kind(mode)}, not a folder")
    try:
        name_max = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        name_max = NAME_MAX_FALLBACK
    size = len(os.fsencode(target.name))
    if size > name_max:
        raise UserError(f"{target}: the file name is {size} bytes long; this folder allows {name_max}")
    return folder


def writable_target(path: str | os.PathLike[str]) -> tuple[Path, os.stat_result | None]:
    """The regular file a write to ``path`` replaces (a symlink resolved), and its stat if it exists.

    Refuses, in one line, anything that exists and is not a regular file, a
    dangling symlink or a loop, a folder that is not one, and a name too long.
    """
    target = Path(path)
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        _check_folder(target)
        return target, None
    except OSError as err:
        _check_folder(target)
        raise FileWriteError(f"{target}: cannot write ({_why(err)})", err.errno) from None
    if stat.S_ISLNK(info.st_mode):
        try:
            real = Path(os.path.realpath(target, strict=True))
            info = os.stat(real)
        except FileNotFoundError:
            raise UserError(f"{target}: is a symbolic link to nothing; refusing to write through it") from None
        except OSError as err:
            reason = "a symbolic link loop" if err.errno == errno.ELOOP else _why(err)
            raise UserError(f"{target}: cannot follow the symbolic link ({reason})") from None
        target = real
    if not stat.S_ISREG(info.st_mode):
        raise UserError(f"{target}: is {_kind(info.st_mode)}, not a regular file; refusing to replace it")
    _check_folder(target)
    return target, info


def _temp_file(folder: Path, name: str) -> tuple[int, Path]:
    """A new file next to the target, created 0666 so the umask decides (as for any new file)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        tmp = folder / f".{name[:40]}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name")


def write_atomic(path: str | os.PathLike[str], data: bytes | str, encoding: str = "utf-8") -> None:
    """Replace ``path`` (or create it) with ``data`` in one rename; see the module's rules."""
    shown = Path(path)
    target, existing = writable_target(path)
    payload = data.encode(encoding) if isinstance(data, str) else data
    try:
        fd, tmp = _temp_file(_folder_of(target), target.name)
    except OSError as err:
        raise FileWriteError(f"{shown}: cannot write here ({_why(err)})", err.errno) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            if existing is not None:
                _keep_owner_and_mode(handle.fileno(), existing)
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException as err:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(err, OSError):
            raise FileWriteError(f"{shown}: cannot write ({_why(err)})", err.errno) from None
        raise


def _keep_owner_and_mode(fd: int, existing: os.stat_result) -> None:
    """The rewritten file keeps the old one's permissions (and owner, where we may set it)."""
    if (existing.st_uid, existing.st_gid) != (os.geteuid(), os.getegid()):
        try:
            os.fchown(fd, existing.st_uid, existing.st_gid)
        except OSError:
            pass  # not ours to give away: the new file is ours, with the old permissions
    os.fchmod(fd, stat.S_IMODE(existing.st_mode))


def check_writable(path: str | os.PathLike[str]) -> Path:
    """Fail early, before hours of work, if ``path`` cannot be written later.

    The same refusals as ``write_atomic`` (a device, a FIFO, a folder, a
    dangling link, a long name), and a folder we may not write in.
    """
    target, _ = writable_target(path)
    folder = _folder_of(target)
    if not os.access(folder, os.W_OK):
        raise FileWriteError(f"{Path(path)}: folder {folder} is not writable", errno.EACCES)
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            raise FileWriteError(f"{Path(path)}: folder {folder} is on a read-only file system", errno.EROFS)
    except OSError:
        pass
    return Path(path)


# -- reading ---------------------------------------------------------------------------

def read_bounded(path: str | os.PathLike[str], limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or a one-line ``UserError``.

    Opened without blocking (a FIFO would otherwise wait forever for a
    writer), then checked to be a regular file; the size bound is checked
    while reading too, so a file that grows, or lies in ``stat``, stops there.
    """
    target = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        mode = os.stat(target).st_mode   # a socket cannot even be opened: say what it is
        if not stat.S_ISREG(mode):
            raise UserError(f"{target}: is {_kind(mode)}, not a {what}")
        fd = os.open(target, flags)
    except FileNotFoundError:
        raise UserError(f"{target}: no such file") from None
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise UserError(f"{target}: cannot read (a symbolic link loop)") from None
        raise UserError(f"{target}: cannot read ({_why(err)})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UserError(f"{target}: is {_kind(info.st_mode)}, not a {what}")
        if info.st_size > limit:
            raise UserError(f"{target}: {info.st_size} bytes is larger than a {what} may be ({limit})")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise UserError(f"{target}: larger than a {what} may be ({limit} bytes)")
        return b"".join(chunks)
    except OSError as err:
        raise UserError(f"{target}: cannot read ({_why(err)})") from None
    finally:
        os.close(fd)


def read_toml(path: str | os.PathLike[str], what: str = "TOML file", limit: int = TOML_MAX_BYTES) -> dict[str, Any]:
    """A TOML file read with ``read_bounded`` and parsed with ``parse_toml``."""
    return parse_toml(read_bounded(path, limit, what), str(Path(path)))


def parse_toml(data: bytes | str, source: str) -> dict[str, Any]:
    """TOML parsed, or one line: not UTF-8, not TOML, nested too deep, a number too long."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as err:
        raise UserError(f"{source}: not UTF-8 text (byte {err.start})") from None
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise UserError(f"{source}: not valid TOML ({err})") from None
    except RecursionError:
        raise UserError(f"{source}: nested more than {TOML_MAX_DEPTH} deep") from None
    except ValueError as err:  # an integer of thousands of digits (int's own limit)
        raise UserError(f"{source}: a value is too long to be a number ({str(err)[:60]})") from None
    check_depth(parsed, source, TOML_MAX_DEPTH)
    return parsed


def check_depth(value: Any, source: str, limit: int) -> None:
    """Refuse tables or arrays nested deeper than ``limit``, without recursing ourselves."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            raise UserError(f"{source}: nested more than {limit} deep")
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
