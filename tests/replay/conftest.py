import builtins

import pytest


@pytest.fixture(scope="module")
def offscreen_base():
    """An offscreen ShowBase for this module; reuses one another fixture left open (one per process)."""
    existing = getattr(builtins, "base", None)
    if existing is not None and getattr(existing, "win", None) is not None:
        yield existing
        return
    from game.app.scene.offscreen import make_offscreen_base

    try:
        base = make_offscreen_base((320, 240))
    except Exception as err:  # no EGL / GL 3.2 here
        pytest.skip(f"no offscreen graphics pipe: {err}")
    if base.win is None:
        base.destroy()
        pytest.skip("no offscreen graphics pipe: the offscreen window did not open")
    try:
        yield base
    finally:
        base.destroy()
