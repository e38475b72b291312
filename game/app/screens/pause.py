"""Pause anywhere in a game: Esc or P stops play and offers resume, rules, settings, or leaving.

While ``active`` every state's per-frame task is skipped (see ``State.add_task``),
so the physics, the AI's clock and the camera's drift all hold still.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.app.hud import theme
from game.app.input.bindings import action_event
from game.app.hud.confirm import ask_to_leave
from game.app.hud.rules_panel import RulesPanel
from game.app.hud.ground_words import ground_line
from game.app.screens.screen import IN_GAME, Screen

if TYPE_CHECKING:  # the settings screen imports this room at run time; only its type is named here
    from game.app.screens.settings_screen import SettingsPanel



class PauseOverlay:
    def __init__(self, app) -> None:
        self.app = app
        self.active = False
        self.frame: Any = None  # the menu's DirectGUI frame and the shade behind it, while it is open
        self.shade: Any = None
        self.rules: RulesPanel | None = None
        self.rules_shade: Any = None
        self.settings: SettingsPanel | None = None
        self.settings_shade: Any = None
        self.confirm: Any = None  # "Leave this game?" while it is asked
        app.accept(action_event("pause"), self.toggle)
        app.accept(action_event("rules"), self.show_rules)

    def toggle(self) -> None:
        if self.app.history.active:  # Esc closes the history panel, and opens nothing behind it
            self.app.history.close()
            return
        if self.rules is not None:
            self.hide_rules()
            return
        if self.settings is not None:
            self.settings.back()
            return
        if self.active:
            self.resume()
        elif self.app.flow.state in IN_GAME:
            if self.app.flow.current is not None and self.app.flow.current.cancel_gesture():
                return  # Esc while charging lets go of the shot; a second Esc pauses
            self.open()

    def open(self) -> None:
        if self.app.flow.current is not None:
            self.app.flow.current.cancel_gesture()
        self.active = True
        self.shade = theme.modal(self.app.aspect2d, 50)
        self.frame = theme.panel(self.shade, (-0.6, 0.6, -0.5, 0.5), colour=theme.OPAQUE_PANEL)
        theme.label(self.frame, "Paused", (0, 0.35), scale=0.09, colour=theme.BRASS)
        self.resume_button = theme.button(self.frame, "Resume", (0, 0.2), self.resume, width=10)
        self.rules_button = theme.button(self.frame, "Rules", (0, 0.08), self.show_rules, width=10)
        self.settings_button = theme.button(self.frame, "Settings", (0, -0.04), self.show_settings, width=10)
        self.watch_button = theme.button(self.frame, "Watch the last shot", (0, -0.16), self.watch_last_shot,
                                          width=10)
        if self.app.game is None or self.app.game.session.replay() is None:
            self.watch_button["state"] = "disabled"  # no shot played yet
            self.watch_button.setAlphaScale(0.45)
        self.menu_button = theme.button(self.frame, "Leave to menu", (0, -0.33), ask_to_leave, width=10,
                                        extra_args=[self])
        if self.app.game is not None:  # the ground is a house rule the player chose: said where the game is paused
            theme.label(self.frame, "Ground: " + ground_line(self.app.game.session.house), (0, -0.44), scale=0.04,
                        colour=theme.DIM_INK)

    def watch_last_shot(self) -> None:
        """The viewer opens over the pause menu; leaving it comes back here, still paused."""
        self.app.watch_replay(whole=False)

    def show_settings(self) -> None:
        """The Settings screen over the paused game; Save or Cancel come back to the pause menu."""
        if self.settings is not None or not self.active:
            return
        from game.app.screens.settings_screen import SettingsPanel

        self.settings_shade = theme.modal(self.app.aspect2d, 60)
        self.settings = SettingsPanel(self.app, self.settings_shade, self.hide_settings, in_game=True)
        self.frame.hide()

    def hide_settings(self) -> None:
        if self.settings is not None:
            self.settings.destroy()
            self.settings_shade.destroy()
            self.settings = self.settings_shade = None
            if self.frame is not None:
                self.frame.show()

    def resume(self) -> None:
        self.hide_rules()
        self.hide_settings()
        if self.active and self.app.flow.current is not None:
            self.app.flow.current.resumed()
        self.active = False
        if self.frame is not None:
            self.shade.destroy()
            self.frame = self.shade = None

    def show_rules(self) -> None:
        if self.app.flow.state not in IN_GAME or self.rules is not None or self.app.history.active:
            return
        if not self.active:
            self.open()
        self.rules_shade = theme.modal(self.app.aspect2d, 60)
        house = self.app.game.session.house if self.app.game is not None else None
        self.rules = RulesPanel(self.rules_shade, self.hide_rules, house)  # the readings of this game's house rules
        self.frame.hide()  # one overlay at a time: nothing of the pause menu shows through

    def hide_rules(self) -> None:
        if self.rules is not None:
            self.rules.destroy()
            self.rules_shade.destroy()
            self.rules = self.rules_shade = None
            if self.frame is not None:
                self.frame.show()

    def leave(self) -> None:
        self.resume()
        self.app.flow.request(Screen.MENU)

    def destroy(self) -> None:
        self.resume()
