"""The app's way from its menu to the person's first turn, shared by the benchmarks that time the aim screen."""

from __future__ import annotations


def into_first_turn(app) -> None:  # type: ignore[no-untyped-def]
    """New game, Start, the hat's fall, the setup's taws laid where offered: the first turn's aim screen."""
    from direct.gui import DirectGuiGlobals as DGG

    app.messenger.send(DGG.B1CLICK + app.flow.current.buttons["new"].guiId, [None])
    app.taskMgr.step()
    app.messenger.send(DGG.B1CLICK + app.flow.current.start_button.guiId, [None])
    app.taskMgr.step()
    for _ in range(200):
        if app.flow.state not in ("HatDrop", "LayTaws"):
            break
        app.messenger.send("taw-fast-forward")  # Space: the planets taken; the taw laid where offered
        app.taskMgr.step()
    if app.flow.state != "Aim":
        raise SystemExit(f"expected the person's first turn (Aim), found {app.flow.state}")
