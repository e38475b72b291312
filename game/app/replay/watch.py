"""Watching a replay over the running app: the game's last shot, the whole game so far, or a saved game.

The replay viewer is attached to the running app and lent its ``TableScene``
and camera.  While it runs the game holds still: the flow's per-frame tasks
skip (``TawApp.is_held``), key actions other than fullscreen and screenshot
are not sent (``KeyBindings``), the game's 2-D layer is hidden and the table
view is suspended.  "Export video" writes what is watched to an MP4 in the
player's videos folder (``video_panel``).  ``close()`` gives everything back
as it was: the same state, bodies, camera, lens, HUD and menus.
"""

from __future__ import annotations

from game.app.hud import theme
from game.app.replay.video_panel import VideoExport
from game.app.replay.viewer import ReplayViewer, table_of
from game.replay.model import Replay


def hide_gui(app) -> list:
    """Hide every visible piece of the 2-D layer (below aspect2d and its edge anchors); return what was hidden."""
    anchors = [child for child in app.aspect2d.getChildren() if child.getName().startswith("a2d")]
    hidden = []
    for root in (app.aspect2d, *anchors):
        for child in root.getChildren():
            if child.getName().startswith("a2d") or child.isHidden():
                continue
            child.hide()
            hidden.append(child)
    return hidden


class ReplayWatch:
    """One visit to the replay viewer; ``close()`` returns to the game exactly as it was."""

    def __init__(self, app, replay: Replay, on_exit, first_shot: int = 0,
                 back_label: str = "Back to the game") -> None:
        self.app = app
        self._hidden = hide_gui(app)
        self._held = app.view.suspend()
        # The game's table is lent when the replay was played on it; another layout or ground gets a table
        # of its own, and the game's is hidden meanwhile, so the game comes back untouched.
        self._own_table = table_of(replay) != (app.view.layout, app.view.scene.ground_heights)
        if self._own_table:
            app.view.scene.root.hide()
        self.viewer = ReplayViewer(app, replay, on_exit=on_exit, scene=None if self._own_table else app.view.scene)
        if first_shot:
            self.viewer.jump_to_shot(first_shot)
        self.back_button = theme.button(app.a2dTopRight, back_label, (-0.3, -0.08), on_exit, scale=0.05,
                                        width=10)
        self.video = VideoExport(app, replay, app.app_config.paths.data_dir)

    def close(self) -> None:
        self.video.destroy()
        self.back_button.destroy()
        self.viewer.destroy()
        if self._own_table:
            self.app.view.scene.root.show()
        self.app.view.scene.show_slopes(self.app.settings.slopes)  # S in the viewer changed the lent table's
        self.app.view.resume(self._held)
        for node in self._hidden:
            if not node.isEmpty():
                node.show()
