"""Which key does what, in one table, so docs/controls.md and the code agree.

Actions are messenger events of our own (``taw-pause`` …) sent when a bound
key goes down; states listen for actions, never for raw keys, so a test or a
future rebinding screen needs only this table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# action -> keys.  Held keys (camera movement) are polled through the
# mouse watcher instead, see HELD_KEYS.
DEFAULT_KEYS: dict[str, tuple[str, ...]] = {
    "pause": ("escape", "p"),
    "fullscreen": ("f11",),
    "screenshot": ("f12",),
    "overhead": ("tab", "o"),
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


def action_event(action: str) -> str:
    return f"taw-{action}"


@dataclass
class KeyBindings:
    keys: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    held: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(HELD_KEYS))

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
        from panda3d.core import KeyboardButton

        watcher = base.mouseWatcherNode
        if watcher is None:
            return False
        for key in self.held[name]:
            button = KeyboardButton.asciiKey(key) if len(key) == 1 else getattr(KeyboardButton, _PANDA_NAMES.get(key, key))()
            if watcher.isButtonDown(button):
                return True
        return False


_PANDA_NAMES = {"arrow_up": "up", "arrow_down": "down", "arrow_left": "left", "arrow_right": "right"}


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
