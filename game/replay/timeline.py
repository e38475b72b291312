"""The replay's timeline as pure code: time -> poses, seeking, speed, loop, captions.

The viewer is a thin Panda3D layer over this.  A game's shots are laid end
to end on one timeline, each followed by a short hold so its rulings can be
read; ``Timeline`` maps a time on it to a shot and the interpolated poses,
``PlaybackClock`` moves through it as a person commands.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

from game.replay.model import Replay, ShotRecord
from game.rules.events import BodyOut, Contact
from game.rules.layout import SUN, is_planet
from game.rules.ruling_text import cite, rule_label

MIN_SPEED = 0.1
MAX_SPEED = 4.0
HOLD_AFTER_SHOT = 2.0  # seconds of stillness after each shot, to read its rulings
CAPTION_SECONDS = 3.0
CAPTION_STEP = 1.2  # seconds between captions earned at one moment: each comes in as the newest line, in order
FLASH_SECONDS = 0.3
FULL_FLASH_IMPULSE = 0.02  # N·s: a hard marble-on-marble knock


@dataclass(frozen=True)
class Sample:
    """Everything on the ground at one moment: only the bodies present then."""

    shot: int
    local_t: float
    ids: tuple[str, ...]
    positions: np.ndarray  # (N, 3)
    quats: np.ndarray  # (N, 4) w, x, y, z

    def poses(self) -> np.ndarray:
        """(N, 7) x, y, z, qw, qx, qy, qz, as ``Simulation.poses()`` gives them."""
        return np.concatenate([self.positions, self.quats], axis=1)

    def position_of(self, body: str) -> np.ndarray | None:
        return self.positions[self.ids.index(body)] if body in self.ids else None


@dataclass(frozen=True)
class Caption:
    start: float  # global time
    end: float
    text: str
    shot: int


@dataclass(frozen=True)
class Flash:
    t: float  # global time of the contact
    position: tuple[float, float]
    bodies: tuple[str, str]
    strength: float  # 0..1 from the impulse


def ruling_text(ruling: Mapping[str, Any]) -> str:
    """The words to show for a ruling given as one caption."""
    for key in ("caption", "text", "summary", "reason", "description"):
        value = ruling.get(key)
        if isinstance(value, str) and value:
            return value
    return rule_label(ruling.get("rule"))


# Rules decided by a strike are shown when the strike happens; the rest
# (where the Sun or a taw came to rest) when everything has stopped.
_STRIKE_RULES = {7, 11, 15, 16}


def _moment(item: Mapping[str, Any], shot: ShotRecord) -> float:
    """When in the shot a payment or foul was earned, from the recorded events."""
    end = shot.duration
    bodies = item.get("bodies")
    if isinstance(bodies, list):
        for event in shot.events:
            if isinstance(event, BodyOut) and event.body in bodies:
                return event.t
    rule = item.get("rule")
    if rule in _STRIKE_RULES:
        taw = shot.inputs.body
        for event in shot.events:
            if not isinstance(event, Contact):
                continue
            if rule == 7 and event.involves(SUN) and is_planet(event.other(SUN)):
                return event.t
            if rule != 7 and event.involves(taw) and event.other(taw) != SUN:
                return event.t
    return end


def ruling_captions(shot: ShotRecord, names: Mapping[str, str] | None = None) -> list[tuple[float, str]]:
    """(time in the shot, words) for every payment, foul, body laid down again and note of the shot's rulings.

    Rulings in the referee's report shape (``transfers``, ``fouls``,
    ``notes``, ``winner``) give one caption per item, each at the moment it
    was earned; any other ruling gives one caption, at its ``t`` if it has
    one, else when the bodies came to rest.  At rest they come as they
    happened, as the HUD's feed tells them: the numbered rules' payments,
    bodies laid down again, the notes (who went out), then a pot taken by an
    ending the text does not name, then the game's end.
    """
    out: list[tuple[float, str]] = []
    end = shot.duration
    for ruling in shot.rulings:
        items = [i for key in ("fouls", "transfers") for i in ruling.get(key, []) or [] if isinstance(i, Mapping)]
        if items or "notes" in ruling or "winner" in ruling:
            numbered = [i for i in items if i.get("rule") != 0 or "from" not in i]
            out += [(_moment(item, shot), _item_words(item)) for item in numbered]
            out += [(end, words) for words in _put_down_words(ruling)]
            out += [(end, note) for note in _notes(ruling, bool(out))]
            out += [(end, _item_words(item)) for item in items if item.get("rule") == 0 and "from" in item]
            winner, ending = ruling.get("winner"), ruling.get("ending")
            if isinstance(ending, str) and ending:
                out.append((end, f"Game over. {ending}"))
            elif isinstance(winner, str) and winner:  # recorded before the referee gave the ending
                out.append((end, f"Game over: {player_words(winner, names or {})} wins."))
            continue
        when = ruling.get("t")
        local = float(when) if isinstance(when, (int, float)) and not isinstance(when, bool) \
            and 0.0 <= when <= end else end
        out.append((local, ruling_text(ruling)))
    return sorted(out, key=lambda c: c[0])


def _item_words(item: Mapping[str, Any]) -> str:
    """A payment or a foul as its caption reads: its reason, citing its rule (rule 0, our reading of an ending,
    is never cited)."""
    reason = item.get("reason")
    words = reason if isinstance(reason, str) else ruling_text(item)
    if "player" in item and "from" not in item:
        words = f"Foul! {words}"
    if "rule" not in words:
        words += cite(item.get("rule"))
    return words


def _put_down_words(ruling: Mapping[str, Any]) -> list[str]:
    """A body laid down again (a taw back on its line, a planet replaced); replays recorded before reasons
    were kept have none."""
    board = ruling.get("board")
    words = []
    for put in (board.get("put_down", []) or []) if isinstance(board, Mapping) else []:
        if isinstance(put, Mapping) and isinstance(put.get("reason"), str):
            words.append(put["reason"] + ("" if "rule" in put["reason"] else cite(put.get("rule"))))
    return words


def _notes(ruling: Mapping[str, Any], said: bool) -> list[str]:
    """The ruling's notes; rule 3's reminder ("the Sun has not been released yet") only when nothing else
    is said, as in the HUD's feed: it must not push what the shot did off the captions."""
    reminders = {u.get("text") for u in ruling.get("unpaid", []) or []
                 if isinstance(u, Mapping) and u.get("rule") == 3}
    notes = [n for n in ruling.get("notes", []) or [] if isinstance(n, str)]
    others = [n for n in notes if n not in reminders]
    return others if said or others or ruling.get("winner") or ruling.get("ending") else notes


def one_at_a_time(captions: list[tuple[float, str]], step: float = CAPTION_STEP) -> list[tuple[float, str]]:
    """Captions in order, each at least ``step`` after the one before: rulings earned at one moment (a
    marble paid and a taw out in the same shot) come in one after another, each read as the newest line,
    instead of all at once with only the last few shown."""
    out: list[tuple[float, str]] = []
    for t, text in captions:
        out.append((t if not out else max(t, out[-1][0] + step), text))
    return out


def seat_names(players) -> dict[str, str]:
    """planet -> the seat's name, from a header's players (``{"planet", "seat"}``); others are left out."""
    names = {}
    for p in players:
        if isinstance(p, Mapping) and isinstance(p.get("planet"), str) and isinstance(p.get("seat"), str) \
                and p["seat"]:
            names[p["planet"]] = p["seat"]
    return names


def player_words(planet: str, names: Mapping[str, str]) -> str:
    """"Ann (Venus)" for a seated player, "Venus" for one the header does not name."""
    name = names.get(planet)
    return f"{name} ({planet.capitalize()})" if name else planet.capitalize()


def shot_title(index: int, shot: ShotRecord, names: Mapping[str, str] | None = None) -> str:
    who = player_words(shot.inputs.shooter, names or {})
    return f"Shot {index + 1}: {who} shoots at {shot.inputs.speed:.2f} m/s"


class Timeline:
    """A replay's shots laid end to end; every query is by global time in seconds."""

    def __init__(self, replay: Replay, hold: float = HOLD_AFTER_SHOT) -> None:
        self.replay = replay
        self.hold = hold
        self.names = seat_names(replay.meta.players)  # captions name who shot: "Ann (Venus)"
        self.holds: list[float] = []
        self.starts: list[float] = []
        self.captions: list[Caption] = []
        self.flashes: list[Flash] = []
        # One pass over the shots: a loaded replay decodes a shot each time it is asked for (ShotList),
        # so everything the timeline needs of a shot is read while it is at hand.
        at = 0.0
        for index, shot in enumerate(replay.shots):
            captions = one_at_a_time(ruling_captions(shot, self.names))
            # A shot's hold is longer by as long as its captions come in after it ends: its last caption (a
            # game's end, after the rulings of the shot that ended it) is read for as long as any other.
            shot_hold = hold + max(0.0, captions[-1][0] - shot.duration) if captions else hold
            self.holds.append(shot_hold)
            self.starts.append(at)
            self.captions += self._shot_captions(index, shot, at, shot_hold, captions)
            self.flashes += self._shot_flashes(shot, at)
            at += shot.duration + shot_hold
        self.duration = at

    @property
    def shot_count(self) -> int:
        return len(self.replay.shots)

    def shot(self, index: int) -> ShotRecord:
        return self.replay.shots[index]

    def shot_start(self, index: int) -> float:
        if not 0 <= index < self.shot_count:
            raise IndexError(f"shot {index + 1} is not in this replay (it has {self.shot_count})")
        return self.starts[index]

    def shot_end(self, index: int) -> float:
        return self.shot_start(index) + self.shot(index).duration + self.holds[index]

    def locate(self, t: float) -> tuple[int, float]:
        """The shot playing at global time t and the time within it (clamped to the replay)."""
        if not self.starts:
            return -1, 0.0
        t = min(max(t, 0.0), self.duration)
        index = max(0, bisect.bisect_right(self.starts, t) - 1)
        return index, t - self.starts[index]

    def sample(self, t: float) -> Sample:
        index, local = self.locate(t)
        if index < 0:
            return Sample(-1, 0.0, (), np.zeros((0, 3)), np.zeros((0, 4)))
        return sample_shot(self.shot(index), local, index)

    # -- what to show and when ---------------------------------------------------------------

    def _shot_captions(self, index: int, shot: ShotRecord, start: float, shot_hold: float,
                       rulings: list[tuple[float, str]]) -> list[Caption]:
        """The shot's title, then its rulings' captions."""
        out = [Caption(start, start + min(CAPTION_SECONDS, shot.duration + shot_hold),
                       shot_title(index, shot, self.names), index)]
        # shown for a while, and until the shot's hold ends, but never into the next shot
        until = start + shot.duration + shot_hold
        out += [Caption(start + local, until, text, index) for local, text in rulings]
        return out

    def captions_at(self, t: float) -> list[Caption]:
        return [c for c in self.captions if c.start <= t < c.end]

    @staticmethod
    def _shot_flashes(shot: ShotRecord, start: float) -> list[Flash]:
        out = []
        for event in shot.events:
            if isinstance(event, Contact):
                strength = float(np.clip(event.impulse / FULL_FLASH_IMPULSE, 0.15, 1.0))
                out.append(Flash(start + event.t, event.position, (event.a, event.b), strength))
        return out

    def flashes_at(self, t: float) -> list[tuple[Flash, float]]:
        """Contacts to flash now, each with its brightness 0..1, fading over FLASH_SECONDS."""
        return [(f, f.strength * (1.0 - (t - f.t) / FLASH_SECONDS))
                for f in self.flashes if f.t <= t < f.t + FLASH_SECONDS]

    def trail(self, t: float, body: str, seconds: float = 1.0) -> np.ndarray:
        """(K, 3) the body's recorded path over the last ``seconds``, ending where it is now."""
        index, local = self.locate(t)
        if index < 0:
            return np.zeros((0, 3))
        shot = self.shot(index)
        if body not in shot.body_ids:
            return np.zeros((0, 3))
        col = shot.body_index(body)
        lo, hi = np.searchsorted(shot.times, [local - seconds, local], side="right")
        keep = shot.present[lo:hi, col]
        path = shot.positions[lo:hi, col][keep]
        now = sample_shot(shot, local, index).position_of(body)
        return np.vstack([path, now[None, :]]) if now is not None else path


def sample_shot(shot: ShotRecord, local_t: float, index: int = 0) -> Sample:
    """Poses at a time within a shot: positions linear and rotations normalised-linear between frames."""
    times = shot.times
    if shot.frame_count == 0:
        return Sample(index, local_t, (), np.zeros((0, 3)), np.zeros((0, 4)))
    k = int(np.searchsorted(times, local_t, side="right")) - 1
    k = min(max(k, 0), shot.frame_count - 1)
    present = shot.present[k]
    ids = tuple(b for b, here in zip(shot.body_ids, present) if here)
    pos = shot.positions[k]
    rot = shot.quats[k]
    if k + 1 < shot.frame_count and times[k + 1] > times[k] and local_t > times[k]:
        u = min(1.0, (local_t - times[k]) / (times[k + 1] - times[k]))
        both = present & shot.present[k + 1]
        nxt_rot = shot.quats[k + 1]
        sign = np.where(np.sum(rot * nxt_rot, axis=1) < 0, -1.0, 1.0)[:, None]
        mixed_pos = pos + (shot.positions[k + 1] - pos) * u
        mixed_rot = rot * (1 - u) + nxt_rot * sign * u
        mixed_rot /= np.linalg.norm(mixed_rot, axis=1, keepdims=True)
        pos = np.where(both[:, None], mixed_pos, pos)
        rot = np.where(both[:, None], mixed_rot, rot)
    return Sample(index, local_t, ids, pos[present].copy(), rot[present].copy())


@dataclass
class PlaybackClock:
    """Where playback is and how it moves: play, pause, step, seek, speed, loop, shot jumps."""

    timeline: Timeline
    time: float = 0.0
    playing: bool = True
    speed: float = 1.0
    loop: bool = False

    def tick(self, wall_dt: float, slow: float = 1.0) -> float:
        """Advance by ``wall_dt`` seconds of wall time, scaled by speed and the director's slow-down."""
        if self.playing and wall_dt > 0:
            self.time += wall_dt * self.speed * slow
            end = self.timeline.duration
            if self.time >= end:
                if self.loop and end > 0:
                    self.time %= end
                else:
                    self.time = end
                    self.playing = False
        return self.time

    def play(self) -> None:
        if self.time >= self.timeline.duration and not self.loop:
            self.time = 0.0
        self.playing = True

    def pause(self) -> None:
        self.playing = False

    def toggle(self) -> None:
        self.pause() if self.playing else self.play()

    def seek(self, t: float) -> None:
        self.time = min(max(float(t), 0.0), self.timeline.duration)

    def step(self, frames: int = 1) -> None:
        """Pause and move by whole frames of the current shot's recording rate."""
        self.pause()
        index, _ = self.timeline.locate(self.time)
        rate = self.timeline.shot(index).rate if index >= 0 else 60.0
        self.seek(self.time + frames / rate)

    def set_speed(self, speed: float) -> float:
        self.speed = float(min(max(speed, MIN_SPEED), MAX_SPEED))
        return self.speed

    def faster(self) -> float:
        return self.set_speed(self.speed * 2)

    def slower(self) -> float:
        return self.set_speed(self.speed / 2)

    def jump_to_shot(self, index: int) -> None:
        """Go to the start of shot ``index`` (0-based)."""
        self.seek(self.timeline.shot_start(index))

    @property
    def shot_index(self) -> int:
        return self.timeline.locate(self.time)[0]

    @property
    def fraction(self) -> float:
        """Position on the timeline slider, 0..1."""
        return self.time / self.timeline.duration if self.timeline.duration > 0 else 0.0

    def scrub(self, fraction: float) -> None:
        self.seek(fraction * self.timeline.duration)
