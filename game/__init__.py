"""Sun and Planet Taw: William Martin's marble game, in 3D.

Layers, each importing only from those below it:

1. ``game.rules``   pure Python: layout, zones, events, ledger, referee.
2. ``game.physics`` the Bullet world and its event stream.
3. ``game.match``, ``game.ai``, ``game.replay``: the turn loop, planning and recording.
4. ``game.app``     the Panda3D ShowBase layer, the only one that opens a window.
"""

__version__ = "0.1.0"
