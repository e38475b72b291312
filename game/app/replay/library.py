"""The saved games in the replay folder, as the Replays screen lists them (no Panda3D here).

Listing only looks at names and dates; a game's header is read (``read_meta``:
the game header and the last shot, not the motion) when its row is first
shown, and kept.  A file that cannot be read keeps the loader's one-line
reason, with the folder left out, so the screen can grey it and say why.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.app.hud.naming import Naming
from game.rules.names import sentence as title_case
from game.errors import UserError
from game.replay.fileformat import ReplaySummary, read_meta

SUFFIX = ".replay"
# game_context.replay_path names files "<YYYYmmdd-HHMMSS>-seed<N>.replay" in local time.
_STAMP = re.compile(r"^(\d{8}-\d{6})")


def played_at(path: Path) -> float:
    """When the game started: the stamp in its name, else the file's last change."""
    match = _STAMP.match(path.name)
    if match:
        try:
            return time.mktime(time.strptime(match.group(1), "%Y%m%d-%H%M%S"))
        except (ValueError, OverflowError):
            pass
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


@dataclass
class ReplayEntry:
    path: Path
    played: float
    summary: ReplaySummary | None = None
    error: str | None = None
    _read: bool = field(default=False, repr=False)  # read_meta has been tried

    def read(self) -> "ReplayEntry":
        """Read the header once; a file that cannot be read keeps the reason."""
        if not self._read:
            self._read = True
            try:
                self.summary = read_meta(self.path)
            except UserError as err:
                self.error = short_reason(err, self.path)
        return self

    @property
    def readable(self) -> bool:
        return self.read().summary is not None

    @property
    def openable(self) -> bool:
        summary = self.read().summary
        return summary is not None and summary.shot_count > 0

    @property
    def finished(self) -> bool:
        """The game in it ended (False for a file that cannot be read)."""
        summary = self.read().summary
        return summary is not None and summary.finished

    def when(self) -> str:
        return time.strftime("%d %b %Y  %H:%M", time.localtime(self.played))

    def players(self) -> list[tuple[str, str]]:
        """(planet, how it is written), as the game names its seats: ``You (Earth)``, ``Easy AI (Mars)``,
        ``Ann (Venus)``; a header without seat names (an older file) gives ``Earth (you)``, ``Mars (hard)``.
        Empty when the file does not say (or cannot be read)."""
        summary = self.read().summary
        if summary is None:
            return []
        out = []
        players = summary.meta.players
        naming = Naming.from_players(players)
        for player in players:
            planet = player.get("planet")
            if not isinstance(planet, str) or not planet:
                continue
            level = player.get("level")
            if planet in naming.names:
                text = naming.label(planet)
            elif player.get("controller") == "human":
                text = f"{title_case(planet)} (you)"
            elif isinstance(level, str) and level:
                text = f"{title_case(planet)} ({level})"
            else:
                text = title_case(planet)
            out.append((planet, text))
        return out

    def people(self) -> dict[str, str]:
        """planet -> name of every person at the machine, from the header (none from a file that cannot be read)."""
        summary = self.read().summary
        if summary is None:
            return {}
        return {p["planet"]: str(p.get("seat")) for p in summary.meta.players
                if p.get("controller") == "human" and isinstance(p.get("planet"), str)}

    def human(self) -> str | None:
        """The planet of the one person at the machine; None when no one, or the file cannot be read."""
        summary = self.read().summary
        if summary is None:
            return None
        for player in summary.meta.players:
            if player.get("controller") == "human" and isinstance(player.get("planet"), str):
                return player["planet"]
        return None

    def continue_refusal(self) -> str | None:
        """Why this game cannot be taken up again, from its header alone; None when Continue may try.

        Continue itself plays every shot again and may still refuse (a shot
        that does not replay the same); this is only what the list can tell.
        """
        summary = self.read().summary
        if summary is None:
            return f"the file cannot be read ({self.error})"
        if summary.shot_count == 0:
            return "no shot was played in it"
        if summary.finished:
            return "it is finished (it can still be watched)"
        players = summary.meta.players
        if not players or any(not isinstance(p.get("seat"), str) or "controller" not in p for p in players) \
                or summary.meta.seed is None:
            return "it was saved by an older version that did not keep who sat where"
        if self.human() is None:
            return "no one at this computer played in it"
        return None

    @property
    def continuable(self) -> bool:
        return self.continue_refusal() is None

    def outcome(self) -> str:
        summary = self.read().summary
        if summary is None:
            return "cannot be read"
        if summary.winner:
            people = self.people()
            if len(people) > 1 and summary.winner in people:
                return f"{people[summary.winner]} won"
            return "You won" if summary.winner == self.human() else f"{title_case(summary.winner)} won"
        return "Ended, no winner" if summary.finished else "Unfinished"

    def shots(self) -> str:
        """How many shots were played ("" for a file that cannot be read)."""
        summary = self.read().summary
        if summary is None:
            return ""
        count = summary.shot_count
        return f"{count} shot" if count == 1 else f"{count} shots"


def short_reason(err: Exception, path: Path) -> str:
    """The loader's message with the folder dropped (the row already shows which game it is)."""
    text = str(err).splitlines()[0] if str(err) else type(err).__name__
    return text.replace(str(path), path.name, 1)


def list_replays(folder: Path) -> list[ReplayEntry]:
    """Every ``*.replay`` file directly in ``folder``, newest first; none when the folder is missing."""
    try:
        files = [p for p in folder.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".")]
    except OSError:
        return []
    entries = [ReplayEntry(p, played_at(p)) for p in files if not p.is_dir()]
    entries.sort(key=lambda e: (e.played, e.path.name), reverse=True)
    return entries


def game_to_continue(entries: list[ReplayEntry]) -> ReplayEntry | None:
    """The last game a person at this computer played in, when it can be taken up again; else None.

    ``entries`` newest first (``list_replays``).  Only the last such game
    counts, as a player means by Continue: one left for a later game that was
    then finished stays on the Replays screen, where it can still be taken
    up.  A file that cannot be read, or a game of AIs alone, is passed over
    (it is no game of his); headers are read only down to the first game he
    played in.
    """
    for entry in entries:
        if entry.human() is not None:
            return entry if entry.continuable else None
    return None


def delete_replay(folder: Path, path: Path) -> None:
    """Remove one saved game, only if it is a ``.replay`` file directly inside ``folder``."""
    target = Path(path)
    if target.suffix != SUFFIX or target.parent.resolve() != Path(folder).resolve() or not target.is_file():
        raise UserError(f"{target}: not a replay in {folder}; nothing deleted")
    try:
        target.unlink()
    except OSError as err:
        raise UserError(f"{target}: cannot delete ({err.strerror})") from None
