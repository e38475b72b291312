"""The replay viewer (layer 4): ``ReplayViewer(base, replay)`` and headless frame export."""
