"""The credits screen: reached from the menu, left by Back or Esc, its widgets gone with it."""

import pytest
from direct.gui.DirectGuiBase import DirectGuiWidget

from tests.app.helpers_app import click, press

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("leave", ["back", "esc"])
def test_the_credits_open_from_the_menu_and_close_to_it(app, leave):
    before = len(DirectGuiWidget.guiDict)
    click(app, app.flow.current.buttons["credits"])
    assert app.flow.state == "Credits"
    if leave == "back":
        click(app, app.flow.current.back_button)
    else:
        press(app, "pause")
    assert app.flow.state == "Menu" and len(DirectGuiWidget.guiDict) == before
