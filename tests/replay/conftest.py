import builtins

import pytest


@pytest.fixture(scope="module")
def offscreen_base(offscreen_pipe):
    """An offscreen ShowBase for this module; reuses one another fixture left open (one per process)."""
    existing = getattr(builtins, "base", None)
    if existing is not None and getattr(existing, "win", None) is not None:
        yield existing
        return
    from game.app.scene.offscreen import make_offscreen_base

    base = make_offscreen_base((320, 240))
    assert base.win is not None, "the offscreen window did not open"
    try:
        yield base
    finally:
        base.destroy()
