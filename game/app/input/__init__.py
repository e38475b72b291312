"""What the player's hands do: the key table (``bindings``), aiming as pure geometry with no Panda3D (``aiming``), the mouse-sensitivity scale (``sensitivity``)."""
