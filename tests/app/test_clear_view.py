"""Nothing hides the play: HUD panels fade while the Sun, the shooter's taw or a previewed path lies under them."""

from __future__ import annotations

import pytest
from direct.gui.DirectGui import DirectFrame

from game.app.hud.clear_view import FADED, Box, covered, eased, mark
from game.rules.layout import SUN
from tests.app.helpers_app import new_game_against_one, step


def test_a_box_is_covered_by_a_point_inside_it_or_within_the_margin():
    boxes = {"purses": Box(0.5, 0.9, 0.2, 0.8), "feed": Box(-0.9, -0.2, -0.9, -0.6)}
    assert covered(boxes, [(0.6, 0.5)]) == {"purses"}
    assert covered(boxes, [(0.92, 0.5)], margin=0.03) == {"purses"}
    assert covered(boxes, [(0.95, 0.5)], margin=0.03) == set()
    assert covered(boxes, [(0.0, 0.0), (-0.5, -0.7)]) == {"feed"}
    assert covered(boxes, []) == set()


def test_opacity_eases_towards_its_goal_without_overshooting():
    assert eased(1.0, FADED, 0.05) == pytest.approx(0.7)
    assert eased(0.2, FADED, 0.5) == FADED
    assert eased(FADED, 1.0, 1.0) == 1.0


@pytest.mark.gui
def test_a_panel_over_the_sun_fades_and_comes_back_when_it_is_clear(app):
    new_game_against_one(app, preview="none")
    view = app.game.hud.clear_view
    step(app, 2)
    sun = view.screen_points()[0]  # the Sun comes first among the watched points
    assert app.view.scene.on_ground(SUN) and -1 <= sun[0] <= 1 and -1 <= sun[1] <= 1
    # a panel laid over the Sun's place on screen (render2d units), tagged as a HUD panel is
    panel = DirectFrame(parent=app.render2d, frameColor=(0.1, 0.1, 0.1, 0.9), frameSize=(-0.1, 0.1, -0.1, 0.1),
                        pos=(sun[0], 0, sun[1]))
    panel.reparentTo(app.aspect2d)  # keeps its place on screen
    mark(panel)
    try:
        step(app, 20)
        assert panel.getColorScale()[3] == pytest.approx(FADED, abs=0.02)
        assert not app.game.hud.purses.hasColorScale()  # the purses lie over bare earth: untouched
        panel.setPos(app.render2d, -0.95, 0, -0.95)  # a corner: nothing of the play there
        step(app, 20)
        assert not panel.hasColorScale()
    finally:
        panel.destroy()


def test_a_panel_fades_to_its_own_opacity():
    from panda3d.core import NodePath

    node = NodePath("verdict")
    mark(node, 0.55)
    assert float(node.getTag("hides-play")) == pytest.approx(0.55)
    mark(node)
    assert float(node.getTag("hides-play")) == pytest.approx(FADED)
