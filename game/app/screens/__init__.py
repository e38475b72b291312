"""The screens: one module per state of the game's flow (``GameFlow`` in ``flow.py`` builds them by the ``Screen``
enum of ``screen.py``), and the pause menu.  This package's import runs nothing, so a lower room (the HUD) may name a
``Screen`` without building the screens."""
