"""Everything the app is built from, passed in: no global state of ours.

A test builds an ``AppConfig`` pointing at a temporary folder with
``offscreen=True``; ``taw play`` builds one from the command line and the
person's real folders.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.app.paths import UserPaths
from game.app.scene.offscreen import OFFSCREEN_PRC
from game.app.settings import Settings
from game.match.seating import Seating


@dataclass(frozen=True)
class AppConfig:
    paths: UserPaths
    settings: Settings = field(default_factory=Settings)
    offscreen: bool = False
    seed: int | None = None
    # An offscreen buffer's size; a window uses the settings' resolution.
    offscreen_size: tuple[int, int] = (800, 450)
    save_settings: bool = True
    # First start (no settings file yet): measure this machine and choose the graphics quality.
    detect_quality: bool = False
    # ``taw play --seats``: start this game at once instead of showing the title screen.
    seating: Seating | None = None

    def prc(self) -> str:
        """The PRC page for this app: window, GL context, multisampling and audio."""
        s = self.settings
        width, height = self.offscreen_size if self.offscreen else s.resolution()
        lines = [
            "window-title Sun and Planet Taw",
            f"win-size {width} {height}",
            # Our shaders are GLSL 330; Panda pairs that with a 3.2 core context.
            "gl-version 3 2",
            "sync-video true" if not self.offscreen else "sync-video false",
            f"framebuffer-multisample {1 if s.msaa else 0}",
            f"multisamples {s.msaa}",
            "text-minfilter linear",
            "text-magfilter linear",
            "text-pixels-per-unit 48",
        ]
        if self.offscreen:
            lines.append(OFFSCREEN_PRC)
        else:
            lines.append(f"fullscreen {'#t' if s.fullscreen else '#f'}")
        return "\n".join(lines) + "\n"
