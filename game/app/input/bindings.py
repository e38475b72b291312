"""Which key does what, in one table, so docs/controls.md and the code agree.

Actions are messenger events of our own (``taw-pause`` …) sent when a bound
key goes down; states listen for actions, never for raw keys.  The player
may give any action of ``REMAPPABLE`` other keys (the Settings screen's
*Keys*): ``KeyBindings.with_overrides`` lays those over the defaults, and
``KeyBindings.rebind`` swaps the bindings of a running app.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

# action -> keys.  Held keys (camera movement) are polled through the
# mouse watcher instead, see HELD_KEYS.
DEFAULT_KEYS: dict[str, tuple[str, ...]] = {
    "pause": ("escape", "p"),
    "fullscreen": ("f11",),
    "screenshot": ("f12",),
    "overhead": ("tab", "o"),
    "sight": ("z",),
    "free-camera": ("f",),
    "knuckle-down": ("k",),
    "fast-forward": ("space",),
    "shoot-press": ("mouse1",),
    "shoot-release": ("mouse1-up",),
    "power-press": ("enter",),
    "power-release": ("enter-up",),
    "place-left": ("arrow_left", "a"),
    "place-right": ("arrow_right", "d"),
    "place-press": ("mouse3",),
    "place-release": ("mouse3-up",),
    "line-next": ("page_up", "]"),
    "line-prev": ("page_down", "["),
    "rules": ("f1",),
    "history": ("l",),
    # Teaching (issue 11): the coach, shooting at the set power, the wheel setting it.
    "coach": ("h",),
    "shoot-planned": ("g",),
    "power-up": ("wheel_up",),
    "power-down": ("wheel_down",),
    "replay-last": ("r",),
    "slopes": ("t",),   # the slope view of rough earth
    "whole-ground": ("home", "x"),   # the overhead view zoomed back out to the whole ground
    # Lists (the Replays screen): a key may serve a list and the game both, see bind_global.
    "list-up": ("arrow_up",),
    "list-down": ("arrow_down",),
    "list-open": ("enter",),
    "list-prev-page": ("arrow_left", "page_up"),
    "list-next-page": ("arrow_right", "page_down"),
    "list-delete": ("delete",),
    "list-continue": ("c",),
}
# Actions sent even while a replay is watched (the viewer has its own keys).
WHILE_WATCHING = ("fullscreen", "screenshot")

# Keys read every frame while held: free camera, keyboard aiming and spin.
HELD_KEYS: dict[str, tuple[str, ...]] = {
    "forward": ("w", "arrow_up"),
    "back": ("s", "arrow_down"),
    "left": ("a", "arrow_left"),
    "right": ("d", "arrow_right"),
    "up": ("r",),
    "down": ("v",),
    "aim-left": ("q",),
    "aim-right": ("e",),
    # Aiming (not in the free camera, where W / S and the arrows walk): the thumb's spin.
    "topspin": ("w", "arrow_up"),
    "backspin": ("s", "arrow_down"),
    "fine": ("shift", "lshift", "rshift"),
}
# Held actions whose quick taps must count even when a key goes down and up between two frames.
TAPPED = ("aim-left", "aim-right", "left", "right", "topspin", "backspin")


# What the Settings screen's Keys list offers to change, in its order, with the words it shows.
REMAPPABLE: tuple[tuple[str, str], ...] = (
    ("aim-left", "Aim left"), ("aim-right", "Aim right"), ("fine", "Fine aim (held)"),
    ("power-press", "Charge the power (held)"), ("shoot-planned", "Shoot at the set power"),
    ("topspin", "Topspin"), ("backspin", "Backspin"),
    ("left", "Slide the taw left; walk left"), ("right", "Slide the taw right; walk right"),
    ("line-next", "A comet: next line"), ("line-prev", "A comet: previous line"),
    ("sight", "Sight"), ("overhead", "Overhead view"), ("whole-ground", "Overhead: the whole ground"), ("free-camera", "Free camera"),
    ("knuckle-down", "Knuckle down"), ("forward", "Walk forward"), ("back", "Walk back"),
    ("up", "Rise (free camera)"), ("down", "Sink (free camera)"),
    ("slopes", "Slope view (rough earth)"), ("coach", "Coach"), ("history", "History"), ("rules", "Rules"), ("replay-last", "Watch the last shot"),
    ("fast-forward", "Play fast; next turn"), ("pause", "Pause menu"),
)
RELEASE_OF = {"power-press": "power-release"}  # an action whose key's release is an action too
NAMED_KEYS = frozenset(
    ("space", "tab", "enter", "backspace", "insert", "delete", "home", "end", "page_up", "page_down",
     "arrow_left", "arrow_right", "arrow_up", "arrow_down", "shift", "lshift", "rshift", "control",
     "lcontrol", "rcontrol", "alt", "lalt", "ralt", "escape") + tuple(f"f{n}" for n in range(1, 13)))
MOUSE_KEYS = ("mouse1", "mouse2", "mouse3", "wheel_up", "wheel_down")


def is_key_name(key: object) -> bool:
    """A key the keyboard sends, by Panda's name: a printable character (lower case) or a named key."""
    if not isinstance(key, str):
        return False
    if len(key) == 1:
        return key.isprintable() and not key.isupper() and key != " "
    return key in NAMED_KEYS


def key_words(key: str) -> str:
    """How the Keys list names a key: "Q", "Page Up", "Left arrow"."""
    if len(key) == 1:
        return key.upper()
    if key.startswith("arrow_"):
        return key.removeprefix("arrow_").capitalize() + " arrow"
    return key.replace("_", " ").title()


def action_event(action: str) -> str:
    return f"taw-{action}"


@dataclass
class KeyBindings:
    keys: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    held: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(HELD_KEYS))
    overrides: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # what the player changed
    _bound: tuple[str, ...] = ()

    @classmethod
    def with_overrides(cls, overrides: Mapping[str, Sequence[str]]) -> "KeyBindings":
        """The defaults with the player's keys laid over them (only actions of ``REMAPPABLE``; an empty
        list leaves an action with no key)."""
        keys, held = dict(DEFAULT_KEYS), dict(HELD_KEYS)
        remappable = dict(REMAPPABLE)
        kept: dict[str, tuple[str, ...]] = {}
        for action, chosen in overrides.items():
            if action not in remappable:
                continue
            chosen = tuple(dict.fromkeys(chosen))   # a key listed twice binds once: one press, one action
            kept[action] = chosen
            table = held if action in HELD_KEYS else keys
            table[action] = chosen
            if action in RELEASE_OF:
                keys[RELEASE_OF[action]] = tuple(f"{k}-up" for k in chosen)
        return cls(keys, held, kept)

    def keys_of(self, action: str) -> tuple[str, ...]:
        return self.held[action] if action in self.held else self.keys.get(action, ())

    def rebind(self, base, overrides: Mapping[str, Sequence[str]]) -> "KeyBindings":
        """New bindings for ``base`` in place of these (a person's own keys on their turn); these are let go."""
        fresh = KeyBindings.with_overrides(overrides)
        for key in self._bound:
            base.ignore(key)
        fresh.bind_global(base)
        return fresh

    def bind_global(self, base) -> None:
        """Turn raw key events into action events for the lifetime of ``base``."""
        # One accept per key (a second accept of the same key would replace the first),
        # sending every action bound to it: Enter is both the power meter and a list's "open".
        actions_of: dict[str, list[str]] = {}
        for action, keys in self.keys.items():
            for key in keys:
                actions_of.setdefault(key, []).append(action)
        for key, actions in actions_of.items():
            base.accept(key, self._send_all, [base, tuple(actions)])
        self._bound = tuple(actions_of)
        # Keys arrive bare ("q", never "shift-q"): Shift is read as a held key (fine aim), and a
        # click with Shift down must still be a click.
        from panda3d.core import ModifierButtons

        for thrower in getattr(base, "buttonThrowers", None) or ():
            thrower.node().setModifierButtons(ModifierButtons())
        base.accept(action_event("fullscreen"), base.window.toggle_fullscreen)
        base.accept(action_event("screenshot"), base.window.screenshot)

    @classmethod
    def _send_all(cls, base, actions: tuple[str, ...]) -> None:
        for action in actions:
            cls._send(base, action)

    @staticmethod
    def _send(base, action: str) -> None:
        if base.watching is None or action in WHILE_WATCHING:
            base.messenger.send(action_event(action))

    def is_down(self, base, name: str) -> bool:
        """True while any key of a held action is pressed (False with no keyboard)."""
        from panda3d.core import ButtonHandle, ButtonRegistry

        watcher = base.mouseWatcherNode
        if watcher is None:
            return False
        registry = ButtonRegistry.ptr()
        for key in self.held[name]:
            button = registry.findButton(key)
            if button != ButtonHandle.none() and watcher.isButtonDown(button):
                return True
        return False


class TapCounter:
    """Counts key presses of held actions as they happen, so a tap shorter than a frame is not lost.

    Polling ``is_down`` once a frame misses a key that went down and up
    between two frames (easy at 10 frames a second); the key-down events are
    never missed.  ``taps(name)`` hands back the presses since the last call.
    """

    def __init__(self, held: dict[str, tuple[str, ...]], names: tuple[str, ...] = TAPPED) -> None:
        self._of_key: dict[str, list[str]] = {}
        for name in names:
            for key in held[name]:
                self._of_key.setdefault(key, []).append(name)
        self._count: dict[str, int] = {name: 0 for name in names}

    def keys(self) -> tuple[str, ...]:
        return tuple(self._of_key)

    def pressed(self, key: str) -> None:
        for name in self._of_key.get(key, ()):
            self._count[name] += 1

    def taps(self, name: str) -> int:
        count, self._count[name] = self._count[name], 0
        return count

    def forget(self) -> None:
        for name in self._count:
            self._count[name] = 0

    def listen(self, listener) -> None:
        """Count through ``listener`` (a DirectObject: its ``ignoreAll`` stops the counting)."""
        for key in self.keys():
            listener.accept(key, self.pressed, [key])
