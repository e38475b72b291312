"""Replays in the app: the viewer and its overlays, watching over the running game, the saved games listed, export.

``ReplayViewer(base, replay)`` plays a replay inside any ShowBase (the app's
window or an offscreen one); ``export_frames`` renders one headless to PNG
frames and a GIF.  The playback logic is pure code in ``game.replay``.
"""

from game.app.replay.export import ExportResult, export_frames
from game.app.replay.viewer import ReplayViewer

__all__ = ["ExportResult", "ReplayViewer", "export_frames"]
