"""The Settings screen's Keys list: every action a player may give other keys, and the key it has now.

A click on an action's key waits for the next key pressed and gives the
action that key alone (Esc keeps the old one); *Defaults* puts every key
back.  A key the player gave that another action has too is said under the
list ("Q is both Aim left and Sight"), since both then happen.  The list edits a copy: ``on_done`` gets the
changed keys (action -> keys, only those that differ from the defaults), or
nothing on *Cancel*.
"""

from __future__ import annotations

from typing import Callable, Mapping

from panda3d.core import TextNode

from game.app.hud import theme
from game.app.input.bindings import REMAPPABLE, KeyBindings, is_key_name, key_words

CAPTURE_EVENT = "taw-key-capture"
ROWS_A_COLUMN = 13
KEY_WIDTH = 9.0  # a key button's width, in its own units


class KeysPanel:
    def __init__(self, app, parent, overrides: Mapping[str, tuple[str, ...]], title: str,
                 on_done: Callable[[dict[str, tuple[str, ...]] | None], None]) -> None:
        self.app = app
        self.on_done = on_done
        self.overrides = dict(overrides)
        self.waiting: str | None = None  # the action whose new key is awaited
        self.shade = theme.modal(parent, 80)
        self.frame = theme.panel(self.shade, (-1.25, 1.25, -0.95, 0.9), colour=theme.OPAQUE_PANEL)
        theme.label(self.frame, title, (0, 0.78), scale=0.07, colour=theme.BRASS)
        self.buttons = {}
        for i, (action, words) in enumerate(REMAPPABLE):
            x = -1.18 if i < ROWS_A_COLUMN else 0.04
            z = 0.66 - (i % ROWS_A_COLUMN) * 0.1
            theme.label(self.frame, words, (x, z), scale=0.038, align=TextNode.ALeft)
            self.buttons[action] = theme.button(self.frame, "", (x + 0.9, z - 0.005), self.listen, scale=0.036,
                                                width=KEY_WIDTH, extra_args=[action])
        self.note = theme.label(self.frame, "", (0, -0.68), scale=0.04, colour=theme.DIM_INK, wordwrap=55)
        self.defaults_button = theme.button(self.frame, "Defaults", (-0.55, -0.85), self.defaults, scale=0.05, width=6)
        self.done_button = theme.button(self.frame, "Done", (0.0, -0.85), self.done, scale=0.05, width=6)
        self.cancel_button = theme.button(self.frame, "Cancel", (0.55, -0.85), self.cancel, scale=0.05, width=6)
        self._refresh()

    def bindings(self) -> KeyBindings:
        return KeyBindings.with_overrides(self.overrides)

    def _refresh(self) -> None:
        keys = self.bindings()
        for action, button in self.buttons.items():
            chosen = keys.keys_of(action)
            button["text"] = "Press a key..." if action == self.waiting else (
                " / ".join(key_words(k) for k in chosen) or "(none)")
            theme.fit_text(button, KEY_WIDTH)  # "Shift / Lshift / Rshift" ran past its button
        if self.waiting is None:
            self.note["text"] = "; ".join(self.shared(keys)) or "Click a key to change it."
        else:
            self.note["text"] = f"Press the key for {dict(REMAPPABLE)[self.waiting]} (Esc keeps the old one)."

    @staticmethod
    def shared(keys: KeyBindings) -> list[str]:
        """Keys the player gave an action that another action of the list has too ("X is both Sight and
        Coach"); the defaults' own sharing (W: topspin, and walking in the free camera) is by design."""
        defaults = KeyBindings()
        seen: dict[str, tuple[str, str]] = {}
        said = []
        for action, words in REMAPPABLE:
            for key in keys.keys_of(action):
                if key in seen and not (key in defaults.keys_of(action) and key in defaults.keys_of(seen[key][0])):
                    said.append(f"{key_words(key)} is both {seen[key][1]} and {words}")
                seen.setdefault(key, (action, words))
        return said

    def listen(self, action: str) -> None:
        """Wait for the next key pressed: it becomes ``action``'s key."""
        self.waiting = action
        thrower = self.app.buttonThrowers[0].node() if self.app.buttonThrowers else None
        if thrower is not None:
            thrower.setButtonDownEvent(CAPTURE_EVENT)
        self.app.accept(CAPTURE_EVENT, self.pressed)
        self._refresh()

    def pressed(self, key: str) -> None:
        """A key went down while waiting (mouse buttons and Esc are not keys for this: Esc keeps the old one)."""
        if self.waiting is None or not is_key_name(key) or key == "escape":
            return
        self.overrides[self.waiting] = (key,)
        self._stop_listening()

    def _stop_listening(self) -> None:
        self.waiting = None
        self.app.ignore(CAPTURE_EVENT)
        if self.app.buttonThrowers:
            self.app.buttonThrowers[0].node().setButtonDownEvent("")
        self._refresh()

    def back(self) -> None:
        """Esc: stop waiting for a key, else close the list as Cancel."""
        if self.waiting is not None:
            self._stop_listening()
        else:
            self.cancel()

    def defaults(self) -> None:
        self.overrides = {}
        self._stop_listening()

    def done(self) -> None:
        self.close()
        self.on_done(dict(self.overrides))

    def cancel(self) -> None:
        self.close()
        self.on_done(None)

    def close(self) -> None:
        if self.waiting is not None:
            self._stop_listening()
        if self.shade is not None:
            self.shade.destroy()
            self.shade = None
