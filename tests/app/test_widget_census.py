"""No DirectGUI widget outlives its screen: after many screen changes the menu holds as many widgets as before.

A widget hung under a plain node (not under another widget) is not
destroyed with its panel: ``DirectGuiWidget.guiDict`` keeps it, and each
visit leaves more behind.  The rules screen's diagram did so (16 labels a
visit; the GUI soak's 10 -> 42 widgets in ``docs/stress.md``).
"""

from __future__ import annotations

from direct.gui.DirectGuiBase import DirectGuiWidget

from tests.app.helpers_app import click, leave_to_menu, new_game_against_one, press, step

CYCLES = 3


def widgets() -> int:
    return len(DirectGuiWidget.guiDict)


def menu_screens(app) -> None:
    """Every screen the title menu opens, each left by its own way back."""
    menu = app.flow.current
    click(app, menu.buttons["rules"])
    for _ in range(3):
        app.flow.current.panel.turn(1)
    press(app, "pause")
    click(app, app.flow.current.buttons["settings"])
    settings = app.flow.current.panel
    click(app, settings.keys_button)
    settings.back()
    step(app)
    click(app, settings.cancel_button)
    for name, back in (("new", "back_button"), ("learn", "back_button"), ("replays", "back_button")):
        click(app, app.flow.current.buttons[name])
        click(app, getattr(app.flow.current, back))
    assert app.flow.state == "Menu"


def game_overlays(app) -> None:
    """A game's pause menu, its rules (every page), its settings and the history, then back to the menu."""
    new_game_against_one(app, preview="none")
    press(app, "pause")
    click(app, app.pause.rules_button)
    for _ in range(app.pause.rules.pages):
        app.pause.rules.turn(1)
    click(app, app.pause.rules.close_button)
    click(app, app.pause.settings_button)
    click(app, app.pause.settings.cancel_button)
    click(app, app.pause.resume_button)
    press(app, "history")
    app.history.close()
    step(app)
    press(app, "pause")
    leave_to_menu(app)
    step(app, 2)
    assert app.flow.state == "Menu"


def test_the_menu_holds_as_many_widgets_after_many_screen_changes_as_before(app):
    step(app, 2)
    counts = [widgets()]
    for _ in range(CYCLES):
        menu_screens(app)
        game_overlays(app)
        counts.append(widgets())
    assert counts == [counts[0]] * (CYCLES + 1), f"widgets alive at the menu, cycle by cycle: {counts}"
