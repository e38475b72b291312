"""The settings screen: change, then Save (applied at once and written) or Cancel.

Detect measures this machine again (as the first start does), applies and
keeps the quality that holds 30 frames a second, and shows the measured
frame time beside the graphics settings.
"""

from __future__ import annotations

from typing import Any

from dataclasses import replace

from game.app.hud import theme
from game.app.session.preview_mode import preview_mode
from game.app.scene.detect import TARGET_MS
from game.app.settings import (MSAA_CHOICES, PALETTE_CHOICES, PREVIEW_CHOICES, QUALITY_CHOICES, QUALITY_PRESETS,
                               RENDER_SCALE_CHOICES)
from game.app.screens.base import State
from game.app.input.sensitivity import HIGHEST, LOWEST, LogScale
from game.app.hud.keys_panel import KeysPanel
from game.app.hud.widgets import Chooser, LabelledSlider
from game.app.screens.screen import Screen

RESOLUTIONS = ((1024, 576), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440))


DETECT_TASK = "taw-settings-detect"


def _yes_no(value: bool) -> str:
    return "on" if value else "off"


def frame_time_text(frame_ms: float) -> str:
    """The measured frame as the settings screen shows it."""
    if frame_ms <= 0:
        return "Frame time not measured yet: Detect measures it"
    verdict = "holds 30 fps" if frame_ms <= TARGET_MS else "under 30 fps"
    return f"Measured frame: {frame_ms:.0f} ms, {verdict}"


PALETTE_NAMES = {"standard": "standard", "colour-blind": "colour-blind"}


def keys_person(app) -> str | None:
    """Whose keys the Settings screen changes: over a hot-seat game, the shooting person's; else the machine's."""
    game = app.game
    if game is None or game.session.is_over():
        return None
    shooter = game.session.shooter()
    return game.naming.name(shooter) if game.naming.hot_seat() and game.naming.is_person(shooter) else None


class SettingsPanel:
    """Every setting with Save and Cancel: the title menu's Settings screen, and the pause menu's over a game.

    ``on_close`` runs after Save (applied at once and written) or Cancel.  Over a game (``in_game``)
    Detect is not offered: it measures the table alone, as at the first start.
    """

    def __init__(self, app, parent, on_close, in_game: bool = False) -> None:
        self.app = app
        self.on_close = on_close
        s = app.settings
        colour = theme.OPAQUE_PANEL if in_game else theme.PANEL
        root = self.root = theme.panel(parent, (-1.0, 1.0, -0.97, 0.85), colour=colour)
        theme.label(root, "Settings", (0, 0.7), scale=0.09, colour=theme.BRASS)
        resolutions = list(RESOLUTIONS)
        if s.resolution() not in resolutions:
            resolutions.append(s.resolution())
        self.resolution = Chooser(root, "Resolution", resolutions, s.resolution(), (0, 0.52),
                                  describe=lambda r: f"{r[0]} x {r[1]}")
        self.fullscreen = Chooser(root, "Fullscreen", [False, True], s.fullscreen, (0, 0.41), describe=_yes_no)
        self.quality = Chooser(root, "Graphics quality", list(QUALITY_CHOICES), s.quality, (0, 0.30),
                               on_change=self._preset)
        self.shadows = Chooser(root, "Shadows", [True, False], s.shadows, (0, 0.19), describe=_yes_no)
        self.msaa = Chooser(root, "Anti-aliasing (MSAA)", list(MSAA_CHOICES), s.msaa, (0, 0.08),
                            describe=lambda m: f"{m}x" if m else "off")
        self.render_scale = Chooser(root, "Render scale", list(RENDER_SCALE_CHOICES), s.render_scale, (0.66, 0.08),
                                    describe=lambda v: f"{round(v * 100)}%", width=11)
        self.detect_button = theme.button(root, "Detect", (0.66, 0.30), self.detect, scale=0.05, width=11)
        self.frame_time = theme.label(root, frame_time_text(s.detected_frame_ms), (0.66, 0.215), scale=0.035,
                                      colour=theme.DIM_INK, wordwrap=14)
        if in_game:
            self.detect_button["state"] = "disabled"
            self.detect_button.setAlphaScale(0.45)
            self.frame_time["text"] = "Detect: on the title screen's Settings"
        self.markers = Chooser(root, "Overhead markers", [True, False], s.markers, (0, -0.03), describe=_yes_no)
        self.palette = Chooser(root, "Colours", list(PALETTE_CHOICES), s.palette, (0.66, -0.03), width=11,
                               describe=lambda name: PALETTE_NAMES.get(name, name))
        self.volume = LabelledSlider(root, "Volume", s.volume, (0.0, 1.0), (0, -0.16))
        self.sensitivity = LabelledSlider(root, "Mouse sensitivity", s.mouse_sensitivity, (LOWEST, HIGHEST), (0, -0.29),
                                          fmt="{:.2f}x", scale=LogScale(), marks=(1.0,))
        self.aim_aid = LabelledSlider(root, "Aiming aid", s.aim_aid, (0.0, 1.0), (0, -0.42))
        self.preview = Chooser(root, "Shot preview (new games)", list(PREVIEW_CHOICES), preview_mode(s.preview), (0, -0.53),
                               describe=lambda mode: mode.label)
        # Contour lines and height tint on rough earth (T in a game)
        self.slopes = Chooser(root, "Slope view", [False, True], s.slopes, (0.66, -0.53), width=11, describe=_yes_no)
        # Choosing "yes" here (a click on it this visit) brings the tip back for those who sent it away themselves.
        self.tip_chosen = False
        self.first_tip = Chooser(root, "First-turn tip", [True, False], s.first_tip, (0, -0.64), describe=_yes_no,
                                 on_change=lambda _v: setattr(self, "tip_chosen", True))
        theme.label(root, "The aiming aid is always off against hard opponents. Anti-aliasing changes apply at the next start.",
                    (0, -0.74), scale=0.035, colour=theme.DIM_INK)
        # The keys: the machine's, or over a hot-seat game the shooting person's own (kept in people.json).
        self.person = keys_person(app)
        self.key_overrides = dict(app.game.turn_settings().keys if self.person else s.keys)
        self.keys_panel: KeysPanel | None = None
        self.keys_button = theme.button(root, "Keys...", (0.66, -0.64), self.show_keys, scale=0.05, width=11)
        self.save_button = theme.button(root, "Save", (-0.3, -0.88), self.save, width=5)
        self.cancel_button = theme.button(root, "Cancel", (0.3, -0.88), self.cancel, width=5)
        self._parts: list[Any] = [self.resolution, self.fullscreen, self.quality, self.shadows, self.msaa, self.render_scale,
                       self.markers, self.palette,
                       self.volume, self.sensitivity, self.aim_aid, self.preview, self.first_tip, self.slopes]

    def _preset(self, name: str) -> None:
        """Choosing a graphics quality sets the shadows and the render scale it stands for (each can then
        be changed on its own)."""
        preset = QUALITY_PRESETS[name]
        self.shadows.set(preset.shadows)
        self.render_scale.set(preset.render_scale)

    def show_keys(self) -> None:
        title = f"Keys for {self.person}" if self.person else "Keys"
        self.keys_panel = KeysPanel(self.app, self.root, self.key_overrides, title, self._keys_done)

    def _keys_done(self, overrides) -> None:
        self.keys_panel = None
        if overrides is not None:
            self.key_overrides = overrides

    def back(self) -> None:
        """Esc: out of the Keys list if it is open, else Cancel."""
        if self.keys_panel is not None:
            self.keys_panel.back()
        else:
            self.cancel()

    def chosen(self):
        width, height = self.resolution.value
        return replace(
            self.app.settings, width=width, height=height, fullscreen=self.fullscreen.value,
            quality=self.quality.value, shadows=self.shadows.value, msaa=self.msaa.value,
            render_scale=self.render_scale.value,
            volume=round(self.volume.value, 3), mouse_sensitivity=round(self.sensitivity.value, 3),
            aim_aid=round(self.aim_aid.value, 3), markers=self.markers.value, palette=self.palette.value,
            preview=self.preview.value.value, first_tip=self.first_tip.value, slopes=self.slopes.value,
            keys=self.app.settings.keys if self.person else dict(self.key_overrides),
        )

    def detect(self) -> None:
        """Say so and draw that, then measure with the table in full view (the screen stands still a few seconds)."""
        self.frame_time["text"] = "Measuring this machine..."
        self.detect_button["state"] = "disabled"
        self.app.taskMgr.doMethodLater(0.1, self._measure, DETECT_TASK)

    def _measure(self, task):
        root = self.root
        root.hide()  # the table in full view, as at the first start; a line says what is happening
        note = theme.label(self.app.aspect2d, "Measuring this machine's frames...", (0, -0.9), scale=0.05,
                           colour=theme.BRASS)
        self.app.graphicsEngine.renderFrame()
        try:
            found = self.app.detect_quality()
        finally:
            note.destroy()
            root.show()
        p = found.profile
        self.quality.set(p.quality)
        self.shadows.set(p.shadows)
        self.msaa.set(p.msaa)
        self.render_scale.set(p.render_scale)
        # The kept figure (rounded to a tenth), so the screen says now what it will say when opened again.
        self.frame_time["text"] = f"{frame_time_text(self.app.settings.detected_frame_ms)}: applied"
        self.detect_button["state"] = "normal"
        return task.done

    def save(self) -> None:
        if self.person:
            problem = self.app.people.remember(self.person, {"keys": dict(self.key_overrides)})
            if problem:
                self.app.note_warning(problem)
        self.app.apply_settings(self.chosen())
        if self.app.game is not None:
            self.app.use_keys(self.app.game.turn_settings().keys)
        if self.tip_chosen and self.first_tip.value:
            problem = self.app.people.forget("first_tip")
            if problem:
                self.app.note_warning(problem)
        self.on_close()

    def cancel(self) -> None:
        self.on_close()

    def destroy(self) -> None:
        if self.keys_panel is not None:
            self.keys_panel.close()
        self.app.taskMgr.remove(DETECT_TASK)
        for part in self._parts:
            part.destroy()
        self.root.destroy()


class SettingsState(State):
    """The title menu's Settings screen."""

    name = "settings"

    def enter(self) -> None:
        self.panel = SettingsPanel(self.app, self.app.aspect2d, lambda: self.go(Screen.MENU))
        self.on_action("pause", self.panel.back)

    def exit(self) -> None:
        self.panel.destroy()
        super().exit()
