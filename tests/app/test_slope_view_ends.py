"""The slope view ends with its game: back at the title menu the table behind it is drawn plainly."""

from __future__ import annotations

import pytest

from tests.app.helpers_app import click, leave_to_menu, press, step

pytestmark = pytest.mark.gui


def test_the_slope_view_of_a_rough_earth_lesson_is_gone_behind_the_title_menu_and_back_in_the_next(app):
    click(app, app.flow.current.buttons["learn"])
    click(app, app.flow.current.rows["11-read-the-ground"])   # rough earth
    assert app.flow.state == "Aim" and app.view.scene.ground_heights is not None
    press(app, "slopes")
    assert app.view.scene.slope_view and app.settings.slopes
    press(app, "pause")
    leave_to_menu(app)
    step(app, 2)
    assert app.flow.state == "Menu"
    assert not app.view.scene.slope_view          # issue 40: it stayed on behind the title menu
    assert app.view.scene.relief[1] == 0.0        # the ground's shader draws no tint or contours
    assert app.settings.slopes                    # the choice is kept for the next game on rough earth
    click(app, app.flow.current.buttons["learn"])
    click(app, app.flow.current.rows["11-read-the-ground"])
    assert app.view.scene.slope_view
    press(app, "slopes")                          # off again, as the module's other tests expect
    press(app, "pause")
    leave_to_menu(app)
