"""The 3-D table (``docs/rendering.md``): ground, marbles, lights and shadows, the camera rig, markers, the chalk aim line; the app's view of it is ``table_view.TableView``."""
