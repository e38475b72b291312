"""Files in and out: atomic writes, bounded reads, TOML that cannot hurt.

Every file the game writes (settings, replays, scenario output, frames)
goes through ``write_atomic``: the bytes go to a temporary file in the same
folder, are flushed to disk, and only then replace the target in one rename.
A good file is therefore never overwritten by a bad or partial one.

The temporary file is created exclusively (``O_EXCL``, never through a link)
under a name tied to its target (``temp_name``: a tag hashed from the
target's name), so the sweep of what a killed writer left takes only ours.
A writer that opens files by name itself (ffmpeg, Panda's screenshot) writes
in a folder of our own instead (``private_folder``) and the whole file is
moved over the target (``replace_with``).

Only our own kind of file is ever replaced.  A target that exists and is not
a regular file (a device such as ``/dev/null``, a FIFO, a socket, a folder)
is refused.  A symbolic link is written through: its regular-file target is
replaced and the link stays (a settings file kept in a dotfiles folder stays
linked); a dangling link or a loop is refused.  A rewritten file keeps its
permissions; a new one gets them from the umask, like any program's file.

Every file the game reads from a person goes through ``read_bounded``: only
regular files (a FIFO would block forever, ``/dev/zero`` never ends), with a
size bound checked while reading, not only from ``stat``.  The app's own JSON
files are read with ``read_app_json`` (an unusable one kept aside) and
written with ``write_app_file`` (never over one we could not read).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import stat
import tomllib
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from game.errors import UserError

try:
    import fcntl
except ImportError:   # not POSIX: temp files are told stale by their age alone (STALE_TEMP_SECONDS_UNLOCKED)
    fcntl = None  # type: ignore[assignment]  # no module here: None says so

class FileWriteError(UserError):
    """A file that could not be written; ``errno`` says why when the system said (ENOSPC: the disk is full)."""

    def __init__(self, message: str, errno_: int | None = None) -> None:
        super().__init__(message)
        self.errno = errno_


NAME_MAX_FALLBACK = 255
TOML_MAX_BYTES = 1 << 20   # scenario and house-rule files are a few KB
TOML_MAX_DEPTH = 32        # tables and arrays within each other; real files use 3
TOML_MAX_KEY_PARTS = 32    # parts of one dotted key (a.b.c is 3); real files use 2
TOML_MAX_LINE = 8192       # characters on one line; the longest shipped line is about 200


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


def writable_target(path: str | os.PathLike[str], follow_links: bool = True) -> tuple[Path, os.stat_result | None]:
    """The regular file a write to ``path`` replaces (a symlink resolved), and its stat if it exists.

    Refuses, in one line, anything that exists and is not a regular file, a
    dangling symlink or a loop, a folder that is not one, and a name too long;
    with ``follow_links`` False, any symbolic link.
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
        if not follow_links:
            raise UserError(f"{target}: is a symbolic link; refusing to write through it")
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


# A temp file's (or private folder's) name: ``.NAME.<nonce><tag>.tawtmp``, NAME the target's (cut to 40
# characters) and the tag a hash of the target's whole name and the nonce.  The sweep removes only names whose
# tag is right for the target being written: another program's temp file never has one.
_TEMP_NAME = re.compile(r"\.(?P<prefix>.{1,40})\.(?P<nonce>[0-9a-f]{8})(?P<tag>[0-9a-f]{8})\.tawtmp", re.DOTALL)
TEMP_PREFIX_CHARS = 40
STALE_TEMP_SECONDS = 5.0   # a temp file untouched this long and locked by no one was left by a killed writer
STALE_TEMP_SECONDS_UNLOCKED = 3600.0   # where no lock can tell a live writer's file, only an hour's age does
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def _tag(target_name: str, nonce: str) -> str:
    return hashlib.sha256(b"taw-temp\0" + os.fsencode(target_name) + b"\0" + nonce.encode()).hexdigest()[:8]


def temp_name(target_name: str) -> str:
    """A fresh temporary name for a file (or private folder) written on the way to ``target_name``."""
    nonce = secrets.token_hex(4)
    return f".{target_name[:TEMP_PREFIX_CHARS]}.{nonce}{_tag(target_name, nonce)}.tawtmp"


def is_our_temp(name: str, target_name: str | None) -> bool:
    """``name`` is one of our temp names for ``target_name`` (None: for the target the name spells whole)."""
    match = _TEMP_NAME.fullmatch(name)
    if match is None:
        return False
    if target_name is None:
        if len(match["prefix"]) >= TEMP_PREFIX_CHARS:
            return False   # the name was cut: the target it belongs to is not known
        target_name = match["prefix"]
    elif match["prefix"] != target_name[:TEMP_PREFIX_CHARS]:
        return False
    return match["tag"] == _tag(target_name, match["nonce"])


def _temp_file(folder: Path, name: str) -> tuple[int, Path]:
    """A new file next to the target, created 0666 so the umask decides (as for any new file).

    Created exclusively (``O_EXCL``, never through a link); the writer holds
    an exclusive ``flock`` on it until the rename, which is how the next
    writer tells a temp file in use from one a killed process left behind
    (``clean_stale_temps``).
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
    for _ in range(100):
        tmp = folder / temp_name(name)
        try:
            fd = os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # ours alone: nobody else knows the name yet
        return fd, tmp
    raise FileExistsError(errno.EEXIST, "no free temporary name")


def clean_stale_temps(folder: Path, target_name: str | None, now: float | None = None) -> list[Path]:
    """Remove our own temporary files (and private folders) for ``target_name`` that a killed writer left.

    Only names ``temp_name`` made for that target (``target_name`` None: for
    any target whose name the temp name holds whole, in a folder the game
    owns), regular files or folders of ours, untouched for
    ``STALE_TEMP_SECONDS`` and locked by no live writer.  Best effort:
    anything odd is left where it is.
    """
    import time

    now = time.time() if now is None else now
    age = STALE_TEMP_SECONDS if fcntl is not None else STALE_TEMP_SECONDS_UNLOCKED
    removed: list[Path] = []
    try:
        entries = [e for e in os.scandir(folder) if is_our_temp(e.name, target_name)]
    except OSError:
        return removed
    for entry in entries:
        try:
            info = entry.stat(follow_symlinks=False)
            if not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)) or info.st_uid != os.geteuid() \
                    or now - info.st_mtime < age:
                continue
            fd = os.open(entry.path, os.O_RDONLY | _NOFOLLOW | _CLOEXEC | _NONBLOCK)
        except OSError:
            continue
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)   # a live writer holds it: BlockingIOError
            if os.fstat(fd).st_ino == os.lstat(entry.path).st_ino and _remove_ours(Path(entry.path)):
                removed.append(Path(entry.path))
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def _remove_ours(path: Path) -> bool:
    """Remove a temp file, or a private folder of regular files (never a link, never deeper); True if gone."""
    if not stat.S_ISDIR(os.lstat(path).st_mode):
        os.unlink(path)
        return True
    for entry in os.scandir(path):
        if not entry.is_file(follow_symlinks=False):
            return False
    for entry in os.scandir(path):
        os.unlink(entry.path)
    os.rmdir(path)
    return True


def write_atomic(path: str | os.PathLike[str], data: bytes | str, encoding: str = "utf-8",
                 follow_links: bool = True) -> None:
    """Replace ``path`` (or create it) with ``data`` in one rename; see the module's rules.

    Our own temporary files for this target that a killed writer left are
    removed first (``clean_stale_temps``).  ``follow_links`` False refuses a
    symbolic link (files only the game makes, such as an export's frames).
    """
    shown = Path(path)
    target, existing = writable_target(path, follow_links)
    payload = data.encode(encoding) if isinstance(data, str) else data
    folder = _folder_of(target)
    clean_stale_temps(folder, target.name)
    try:
        fd, tmp = _temp_file(folder, target.name)
    except OSError as err:
        raise FileWriteError(f"{shown}: cannot write here ({_why(err)})", err.errno) from None
    try:
        if existing is not None:
            _keep_owner_and_mode(fd, existing)
        _write_all(fd, payload)
        os.fsync(fd)
        os.replace(tmp, target)   # still open and locked: no cleaner takes it from under us
    except BaseException as err:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(err, OSError):
            raise FileWriteError(f"{shown}: cannot write ({_why(err)})", err.errno) from None
        raise
    finally:
        os.close(fd)


@contextmanager
def private_folder(target: str | os.PathLike[str]) -> Iterator[Path]:
    """A new folder of our own beside ``target`` (mode 700, a temp name tied to it), as an absolute path.

    For a writer that opens files by name (ffmpeg): nobody else can plant a
    link, a FIFO or a file of theirs in a folder we just made, so what is
    written there is ours.  Held locked while in use; on the way out what we
    wrote in it is removed with it.  A kill leaves it for the next write of
    the same target to sweep (``clean_stale_temps``).
    """
    shown = Path(target)
    folder = _folder_of(shown)
    clean_stale_temps(folder, shown.name)
    for _ in range(100):
        path = Path(os.path.abspath(folder / temp_name(shown.name)))
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            continue
        except OSError as err:
            raise FileWriteError(f"{shown}: cannot write here ({_why(err)})", err.errno) from None
        break
    else:
        raise FileWriteError(f"{shown}: cannot write here (no free temporary name)", errno.EEXIST)
    fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _CLOEXEC | getattr(os, "O_DIRECTORY", 0))
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        yield path
    finally:
        try:
            _remove_ours(path)
        except OSError:
            pass
        os.close(fd)


def replace_with(part: Path, path: str | os.PathLike[str]) -> None:
    """Move ``part``, a finished file in our ``private_folder``, over ``path`` (as ``write_atomic`` would).

    Only over a regular file, which keeps its permissions; flushed to disk first.
    """
    shown = Path(path)
    target, existing = writable_target(path)
    try:
        fd = os.open(part, os.O_RDONLY | _NOFOLLOW | _CLOEXEC | _NONBLOCK)
    except OSError as err:
        raise FileWriteError(f"{shown}: cannot write ({_why(err)})", err.errno) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UserError(f"{shown}: what was written is {_kind(mode)}, not a regular file; not moving it")
        if existing is not None:
            _keep_owner_and_mode(fd, existing)
        os.fsync(fd)
        os.replace(part, target)
    except OSError as err:
        raise FileWriteError(f"{shown}: cannot write ({_why(err)})", err.errno) from None
    finally:
        os.close(fd)


def _write_all(fd: int, payload: bytes) -> None:
    view = memoryview(payload)
    while view:
        view = view[os.write(fd, view):]


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
    """TOML parsed, or one line: not UTF-8, not TOML, nested too deep, a number too long.

    The text's shape is bounded before the parser sees it (``check_toml_text``):
    the parser's own cost grows far faster than the text on a long dotted key
    or deep brackets, so the size bound alone does not protect it.
    """
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as err:
        raise UserError(f"{source}: not UTF-8 text (byte {err.start})") from None
    check_toml_text(text, source)
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


# Strings and comments, which may hold any bracket or dot: matched first so the rest is structure only.
_TOML_QUOTED = re.compile(r'"""(?:\\[\s\S]|[^\\])*?(?:"""|\Z)|\'\'\'[\s\S]*?(?:\'\'\'|\Z)|"(?:\\.|[^"\\\n])*(?:"|$)'
                          r"|'[^'\n]*(?:'|$)|#[^\n]*", re.MULTILINE)   # an unclosed string runs to its end: no re-scans
_TOML_BRACKET = re.compile(r"[\[\]{}]")
_TOML_KEY_BREAK = re.compile(r"[=,{}\[\]\n]")


def check_toml_text(text: str, source: str) -> None:
    """Refuse, in one line and before parsing, a line too long, brackets too deep or a dotted key too long.

    Works on the raw text at the regular-expression engine's speed; strings
    and comments are set aside first so a dot or bracket inside them counts
    for nothing.
    """
    structure = _TOML_QUOTED.sub(lambda m: "" if m.group().startswith("#") else '""', text)
    depth = 0
    for match in _TOML_BRACKET.finditer(structure):
        depth += 1 if match.group() in "[{" else -1
        if depth > TOML_MAX_DEPTH:
            raise UserError(f"{source}: nested more than {TOML_MAX_DEPTH} deep")
    parts = max((segment.count(".") + 1 for segment in _TOML_KEY_BREAK.split(structure)), default=1)
    if parts > TOML_MAX_KEY_PARTS:
        raise UserError(f"{source}: a dotted key of {parts} parts is nested more than {TOML_MAX_KEY_PARTS} deep")
    longest = max(map(len, text.splitlines()), default=0)
    if longest > TOML_MAX_LINE:
        raise UserError(f"{source}: a line of {longest} characters is longer than a TOML file here may have "
                        f"({TOML_MAX_LINE})")


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


# -- the app's own files -----------------------------------------------------------------

@dataclass(frozen=True)
class AppFileRead:
    """What ``read_app_json`` found: the parsed JSON (None if there was nothing usable) and, if the file
    could not be used, one line saying why and where it was kept aside; ``held`` when it could not be moved
    and stays where it is (never to be written over: ``write_app_file``)."""

    data: Any = None
    problem: str = ""
    held: bool = False
    # The keys the file's top-level object gives more than once (JSON keeps the last without a word): a
    # reader warns of each rather than take one silently.
    repeated: tuple[str, ...] = ()


MAX_KEPT_ASIDE = 99   # NAME.bad, NAME.bad2 ... NAME.bad99


def read_app_json(path: str | os.PathLike[str], limit: int, what: str, max_depth: int = 16,
                  follow_links: bool = True) -> AppFileRead:
    """One of the app's own JSON files (settings, people, choices, lesson progress), read as a hostile file.

    Never raises: a missing file is ``AppFileRead()``; anything else wrong (a
    special file, too large, unreadable, not UTF-8, not JSON, nested past
    ``max_depth``) is a ``problem`` line, and the rest of the app goes on.  A
    regular file we could not use is renamed aside to ``NAME.bad`` (a
    symbolic link is moved, its target left alone), so the next save cannot
    write over something we never understood; the line says so.  Past
    ``NAME.bad99`` it stays where it is, ``held``, and the line says it will
    not be written over.  With ``follow_links`` False a symbolic link is not
    read (a file whose writer also refuses links), and is left where it is.
    """
    target = Path(path)
    if not os.path.lexists(target):
        return AppFileRead()
    if not follow_links and os.path.islink(target):
        return AppFileRead(None, f"{target}: a symbolic link, not read", held=True)
    try:
        raw = read_bounded(target, limit, what)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise UserError(f"{target}: cannot read the {what} (not UTF-8 text, byte {err.start})") from None
        objects: list[tuple[str, ...]] = []
        try:
            data = json.loads(text, object_pairs_hook=lambda pairs: _object_noting_repeats(pairs, objects))
        except RecursionError:
            raise UserError(f"{target}: cannot read the {what} (nested more than {max_depth} deep)") from None
        except ValueError as err:   # json.JSONDecodeError, or an integer of thousands of digits
            raise UserError(f"{target}: cannot read the {what} ({str(err)[:80]})") from None
        check_depth(data, str(target), max_depth)
    except UserError as err:
        aside, held = _kept_aside(target)
        return AppFileRead(None, f"{err}{aside}", held)
    return AppFileRead(data, repeated=objects[-1] if isinstance(data, dict) else ())


def _object_noting_repeats(pairs: list[tuple[str, Any]], objects: list[tuple[str, ...]]) -> dict[str, Any]:
    """A JSON object as ``json`` builds it, noting in ``objects`` the keys it gives more than once (the
    top-level object is built last)."""
    counts = Counter(key for key, _ in pairs)
    objects.append(tuple(sorted(key for key, n in counts.items() if n > 1)))
    return dict(pairs)


def write_app_file(path: str | os.PathLike[str], text: str, limit: int, what: str, max_depth: int = 16,
                   follow_links: bool = True) -> None:
    """Write one of the app's own JSON files (``write_atomic``), never over one we could not read.

    The file there now is read as ``read_app_json`` reads it (and so kept
    aside if it cannot be used and a name is free); one that could be kept
    aside nowhere is refused in one line, ``FileWriteError``, and left whole.
    """
    found = read_app_json(path, limit, what, max_depth, follow_links)
    if found.held:
        raise FileWriteError(f"{Path(path)}: not written over, since it could not be read and stays where it is "
                             f"({found.problem})")
    write_atomic(path, text)


def _kept_aside(target: Path) -> tuple[str, bool]:
    """Move an unusable regular file (or a link to one) aside: the words to add to the problem, and whether it
    stays where it is (held).

    The new name is taken exclusively (a hard link, then the old name
    removed), so a ``.bad`` file that appears meanwhile is never written over.
    """
    try:
        if not stat.S_ISREG(os.stat(target).st_mode):
            return "", False   # a FIFO, a device, a folder: never written over (write_atomic refuses), so left as it is
    except OSError:
        if not os.path.islink(target):
            return "", False
    for n in range(1, MAX_KEPT_ASIDE + 1):
        aside = target.with_name(f"{target.name}.bad" if n == 1 else f"{target.name}.bad{n}")
        try:
            os.link(target, aside, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError as err:
            if err.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
                return f"; it stays where it is and will not be written over (not kept aside: {_why(err)})", True
            if os.path.lexists(aside):   # a file system without hard links: a plain rename to a free name
                continue
            try:
                os.rename(target, aside)
            except OSError as err:
                return f"; it stays where it is and will not be written over (not kept aside: {_why(err)})", True
            return f"; kept aside as {aside.name}", False
        try:
            os.unlink(target)
        except OSError as err:
            os.unlink(aside)
            return f"; it stays where it is and will not be written over (not kept aside: {_why(err)})", True
        return f"; kept aside as {aside.name}", False
    return (f"; it stays where it is and will not be written over ({target.name}.bad to .bad{MAX_KEPT_ASIDE} "
            "are all taken: remove some)"), True
