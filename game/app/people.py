"""Each person's own settings, kept by name, and the last seating: ``people.json`` in the config folder.

Several people share one machine in a hot-seat game, and each aims with
their own hand: a mouse sensitivity, a shot preview strength and an aiming
aid of their own; and each sends the first-turn tip away for themselves.
``PERSONAL_KEYS`` names the ``Settings`` keys a person keeps for
themselves; on their turn ``settings_for(name, settings)``
lays theirs over the machine's settings.  A key added to ``Settings`` and
to ``PERSONAL_KEYS`` is personal from then on; values are checked by
``settings.CHECKS``, the same checks the settings file gets.

The file is read as a hostile file (``fileio.read_bounded``: a regular
file of at most ``MAX_BYTES``); a broken file, entry or value is dropped
with a note (``notes``), never an exception, and the game starts anyway.
Writing is atomic, never over a device, FIFO or folder, nor over a file it could not read
(``fileio.write_app_file``); a failed write returns a one-line reason the
app shows, and play goes on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping

from game.app.settings import CHECKS, Settings, key_map
from game.errors import UserError
from game.fileio import read_app_json, write_app_file
from game.match.seating import Seating, SeatingError, clean_name, name_key

PERSONAL_KEYS = ("mouse_sensitivity", "aim_aid", "preview", "first_tip", "keys")
MAX_BYTES = 256 * 1024
MAX_PEOPLE = 64  # the least recently seen are forgotten first
VERSION = 1


@dataclass(frozen=True)
class Profile:
    """One person's own settings: only the personal keys they have set."""

    name: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def apply(self, settings: Settings) -> Settings:
        return replace(settings, **{k: v for k, v in self.values.items() if k in PERSONAL_KEYS})


class PeopleStore:
    """The people who have sat at this machine, most recently seen first, and the last seating."""

    def __init__(self, path: Path | None, profiles: list[Profile] | None = None, last_seating: Seating | None = None,
                 notes: list[str] | None = None) -> None:
        self.path = path
        self._profiles = list(profiles or [])
        self.last_seating = last_seating
        self.notes = list(notes or [])  # what was wrong with the file, one line each

    # -- reading ---------------------------------------------------------------------------------

    @classmethod
    def load(cls, path: Path | None) -> "PeopleStore":
        if path is None:
            return cls(None)
        found = read_app_json(path, MAX_BYTES, "people file")
        if found.problem:
            return cls(path, notes=[f"{found.problem}; starting with no one remembered"])
        if found.data is None:
            return cls(path)
        return cls._from_data(path, found.data)

    @classmethod
    def _from_data(cls, path: Path, data: Any) -> "PeopleStore":
        notes: list[str] = []
        if not isinstance(data, dict):
            return cls(path, notes=[f"{path}: expected an object; starting with no one remembered"])
        profiles: list[Profile] = []
        seen: set[str] = set()
        unknown: list[str] = []   # every unknown key of every person: one note for them all
        people = data.get("people", [])
        if not isinstance(people, list):
            notes.append(f"{path}: 'people' must be a list; no one remembered")
            people = []
        for index, entry in enumerate(people[:MAX_PEOPLE], 1):
            profile = _profile_from(entry, f"{path}: person {index}", notes, unknown)
            if profile is not None and name_key(profile.name) not in seen:
                seen.add(name_key(profile.name))
                profiles.append(profile)
        if unknown:
            first = repr(unknown[0])[:40]
            notes.append(f"{path}: unknown key {first} ignored" if len(unknown) == 1
                         else f"{path}: {len(unknown)} unknown keys ignored ({first} and others)")
        last = None
        if data.get("last_seating") is not None:
            try:
                last = Seating.from_plain(data["last_seating"])
            except SeatingError as err:
                notes.append(f"{path}: the last seating is not kept ({err})")
        return cls(path, profiles, last, notes)

    # -- asking -----------------------------------------------------------------------------------

    def names(self) -> list[str]:
        """Everyone remembered, most recently seen first."""
        return [p.name for p in self._profiles]

    def profile(self, name: str) -> Profile | None:
        key = name_key(name)
        return next((p for p in self._profiles if name_key(p.name) == key), None)

    def settings_for(self, name: str, settings: Settings) -> Settings:
        """The machine's settings with ``name``'s own laid over them (unchanged for someone new)."""
        profile = self.profile(name)
        return settings if profile is None else profile.apply(settings)

    # -- changing (each returns None, or one line saying what could not be saved) ----------------

    def remember(self, name: str, values: Mapping[str, Any]) -> str | None:
        """Keep ``name``'s personal values (checked; others ignored), seen just now, and save."""
        name = clean_name(name)
        kept = {k: v for k, v in values.items() if k in PERSONAL_KEYS and CHECKS[k][0](v)}
        old = self.profile(name)
        merged = {**(dict(old.values) if old is not None else {}), **kept}
        self._profiles = [Profile(name, merged)] + [p for p in self._profiles if name_key(p.name) != name_key(name)]
        del self._profiles[MAX_PEOPLE:]
        return self.save()

    def remember_seating(self, seating: Seating) -> str | None:
        """The seating to offer again next time; each person in it is seen just now."""
        self.last_seating = seating
        for seat in reversed(seating.people()):
            old = self.profile(seat.name)
            self._profiles = [old or Profile(seat.name)] + [p for p in self._profiles
                                                            if name_key(p.name) != name_key(seat.name)]
        del self._profiles[MAX_PEOPLE:]
        return self.save()

    def forget(self, key: str) -> str | None:
        """Everyone's own ``key`` dropped (the machine's applies to them again), and save if anyone had one."""
        if not any(key in p.values for p in self._profiles):
            return None
        self._profiles = [Profile(p.name, {k: v for k, v in p.values.items() if k != key}) for p in self._profiles]
        return self.save()

    def save(self) -> str | None:
        if self.path is None:
            return None
        data = {"version": VERSION,
                "people": [{"name": p.name, **dict(p.values)} for p in self._profiles],
                "last_seating": None if self.last_seating is None else self.last_seating.to_plain()}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_app_file(self.path, json.dumps(data, indent=2, ensure_ascii=False) + "\n", MAX_BYTES, "people file")
        except (UserError, OSError) as err:
            return f"could not save who played ({err})"
        return None


def _profile_from(entry: Any, where: str, notes: list[str], unknown: list[str]) -> Profile | None:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        notes.append(f"{where}: not an object with a name; left out")
        return None
    try:
        name = clean_name(entry["name"])
    except SeatingError as err:
        notes.append(f"{where}: {err}; left out")
        return None
    values: dict[str, Any] = {}
    for key, value in entry.items():
        if key == "name":
            continue
        if key not in PERSONAL_KEYS:
            unknown.append(key)
            continue
        check, expected = CHECKS[key]
        if not check(value):
            notes.append(f"{where} ({name}): {key} must be {expected}; ignored")
            continue
        values[key] = float(value) if isinstance(getattr(Settings(), key), float) else value
        if key == "keys":
            values[key] = key_map(value)
    return Profile(name, values)
