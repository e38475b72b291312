"""The window's own controls: fullscreen (F11), resolution, screenshots (F12).

Screenshots go to the user's data folder (``.../sun-planet-taw/screenshots``),
created the first time one is taken.  Offscreen (in tests) there is no real
window, so fullscreen only records the wish.
"""

from __future__ import annotations

import time
from pathlib import Path

from panda3d.core import Filename, GraphicsWindow, WindowProperties

from game.app.settings import Settings


class WindowControl:
    def __init__(self, base, screenshot_dir: Path) -> None:
        self.base = base
        self.screenshot_dir = screenshot_dir
        self.fullscreen = base.settings.fullscreen
        self._count = 0

    def _is_window(self) -> bool:
        return isinstance(self.base.win, GraphicsWindow)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self._is_window():
            props = WindowProperties()
            props.setFullscreen(self.fullscreen)
            if not self.fullscreen:
                props.setSize(*self.base.settings.resolution())
            self.base.win.requestProperties(props)

    def apply(self, settings: Settings) -> None:
        if not self._is_window():
            self.fullscreen = settings.fullscreen
            return
        props = WindowProperties()
        props.setSize(*settings.resolution())
        props.setFullscreen(settings.fullscreen)
        self.fullscreen = settings.fullscreen
        self.base.win.requestProperties(props)

    def screenshot(self) -> Path:
        """Save the last rendered frame as a PNG and return where it went."""
        self.screenshot_dir.mkdir(parents=True, exist_ok=True)
        self._count += 1
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.screenshot_dir / f"taw-{stamp}-{self._count:03d}.png"
        if not self.base.win.saveScreenshot(Filename.fromOsSpecific(str(path))):
            raise OSError(f"could not save a screenshot to {path}")
        return path
