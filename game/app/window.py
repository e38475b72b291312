"""The window's own controls: fullscreen (F11), resolution, screenshots (F12).

Screenshots go to the user's data folder (``.../sun-planet-taw/screenshots``),
created the first time one is taken; a notice at the foot of the window
says where the picture went, or why it could not be saved, for a few
seconds.  Offscreen (in tests) there is no real window, so fullscreen only
records the wish.
"""

from __future__ import annotations

import time
from pathlib import Path

from panda3d.core import GraphicsWindow, PNMImage, StringStream, WindowProperties

from game.app.settings import Settings
from game.errors import UserError


NOTICE_SECONDS = 4.0
NOTICE_TASK = "taw-screenshot-notice"


def shown_path(path: Path, home: Path | None = None) -> str:
    """A path as a player reads it: under their home folder it starts with ``~``."""
    home = Path.home() if home is None else home
    try:
        return str(Path("~") / path.relative_to(home))
    except ValueError:
        return str(path)


def window_png(win) -> bytes:
    """The window's last frame, encoded as a PNG in memory.

    Encoded here, not written by Panda to a file: Panda's image writer
    reports success on a disk that fills mid-write ("Error writing 4096
    bytes", and a truncated picture), so the file is written by ``fileio``,
    which sees the failed write and leaves nothing behind.
    """
    texture = win.getScreenshot()
    image = PNMImage()
    if texture is None or not texture.store(image):
        raise OSError("Panda3D could not read the window's picture")
    stream = StringStream()
    if not image.write(stream, "picture.png"):
        raise OSError("Panda3D could not encode the picture")
    return bytes(stream.getData())


def save_window_png(win, path: Path) -> None:
    """The window's last frame as a PNG at ``path``, written as every file is (``fileio.write_atomic``: never through
    a planted link, never into a FIFO, moved over ``path`` whole, only over a regular file, keeping its permissions).
    ``OSError`` or ``UserError`` if not."""
    from game.fileio import write_atomic

    write_atomic(path, window_png(win))


class WindowControl:
    def __init__(self, base, screenshot_dir: Path) -> None:
        self.base = base
        self.screenshot_dir = screenshot_dir
        self.fullscreen = base.settings.fullscreen
        self._count = 0
        self.notice = None  # the "Saved to ..." label while it shows

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

    def screenshot(self) -> Path | None:
        """Save the last rendered frame as a PNG and say so; where it went, or None (with a warning) if it failed.

        The PNG is written under a temporary name and renamed into place, so
        a crash mid-write never leaves a damaged picture; a full disk costs
        the picture, never the game.
        """
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self._count += 1
        path = self.screenshot_dir / f"taw-{stamp}-{self._count:03d}.png"
        try:
            self.screenshot_dir.mkdir(parents=True, exist_ok=True)
            save_window_png(self.base.win, path)
        except (OSError, UserError) as err:
            from game.app.hud.file_problem import reason

            self.base.note_warning(f"could not save a screenshot to {path}: {err}")
            self.show_notice(f"Screenshot not saved: {reason(err, 'screenshots folder')}", failed=True)
            return None
        self.show_notice(f"Saved to {shown_path(path)}")
        return path

    def show_notice(self, text: str, failed: bool = False) -> None:
        """A line on a dark card at the foot of the window, above every overlay, gone after a few seconds."""
        from game.app.hud import theme

        self.clear_notice()
        notice = theme.label(self.base.a2dBottomCenter, text, (0.0, 0.24), scale=0.045,
                             colour=theme.BAD if failed else theme.INK, wordwrap=60)
        notice["frameColor"] = theme.OPAQUE_PANEL
        notice["pad"] = (0.4, 0.3)
        notice.setBin("gui-popup", 100)
        self.notice = notice
        self.base.taskMgr.doMethodLater(NOTICE_SECONDS, lambda task: self.clear_notice(), NOTICE_TASK)

    def clear_notice(self) -> None:
        self.base.taskMgr.remove(NOTICE_TASK)
        if self.notice is not None:
            self.notice.destroy()
            self.notice = None
