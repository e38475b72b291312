"""Replay captions a player can read: on a card, inside the window, clear of every button, at any size."""

from __future__ import annotations

import pytest

from game.app.replay.overlays import CAPTION_MIN_PX, CaptionLayout
from tests.app.helpers_app import built_app, play_until, random_opponents, start_game, step
from tests.app.layout_kit import undrawn

pytestmark = pytest.mark.gui

# As long as the referee's longest lines, three at once.
LONG = ("Venus strikes the Sun beyond Mercury's orbit and it stops in the Earth's orbit, where 2 planets and "
        "satellites lie: the Earth pays Venus 2 (rule 4). Venus's taw falls into his own orbit after striking "
        "Saturn's third satellite, so he puts 1 in the inner ring as stakes for the winner (rule 12).")


def _rect(node, render2d):
    """(left, right, bottom, top) in render2d units, -1..1 across the window each way."""
    lo, hi = node.getTightBounds(render2d)
    return lo.x, hi.x, lo.z, hi.z


def _overlap(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def _pressables(app):
    """Every visible button, slider and entry of the 2-D layer, as its frame's rect in render2d units."""
    from panda3d.core import Point3

    found = []
    for item in app.aspect2d.findAllMatches("**/+PGItem"):
        if item.isHidden() or not item.node().hasFrame():
            continue
        left, right, bottom, top = item.node().getFrame()
        a = app.render2d.getRelativePoint(item, Point3(left, 0, bottom))
        b = app.render2d.getRelativePoint(item, Point3(right, 0, top))
        found.append((item.getName(), (min(a.x, b.x), max(a.x, b.x), min(a.z, b.z), max(a.z, b.z))))
    return found


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_replay_captions_sit_inside_the_window_and_clear_of_every_button(offscreen_pipe, tmp_path, size):
    with built_app(tmp_path, session_factory=random_opponents, size=size) as app:
        step(app, 2)
        with undrawn(app):   # the shot played: what is measured is the viewer, drawn below
            start_game(app, rounds=1, opponents=1, seed=4)
            play_until(app, ("Ruling",))
        assert app.watch(app.game.session.replay())
        step(app, 3)
        viewer = app.watching.viewer
        buttons = _pressables(app)
        assert len(buttons) >= 2  # at least the Back button and the timeline
        for lines in ([c.text for c in viewer.timeline.captions], [LONG, LONG, LONG]):
            viewer.text.set_captions(lines)  # (measured before the viewer's next frame writes its own)
            caption = _rect(viewer.text.captions, app.render2d)
            assert -1.0 <= caption[0] and caption[1] <= 1.0 and -1.0 <= caption[2] and caption[3] <= 1.0, caption
            for name, rect in buttons:
                assert not _overlap(caption, rect), (name, rect, caption)
        # The card behind the text is drawn: the caption's pixels are dark round light letters.
        line_px = viewer.text.layout.scale * size[1] / 2.0
        assert line_px >= CAPTION_MIN_PX - 1e-6


def test_caption_text_is_never_smaller_than_its_minimum_and_wraps_inside_the_width():
    small, large = CaptionLayout.for_window((640, 360)), CaptionLayout.for_window((1280, 720))
    assert small.scale * 180 >= CAPTION_MIN_PX and large.scale * 360 >= CAPTION_MIN_PX
    for layout, aspect in ((small, 640 / 360), (large, 1280 / 720)):
        assert layout.wordwrap * layout.scale < 2 * aspect  # a wrapped line fits across the window
    tall = CaptionLayout.for_window((360, 640))
    assert tall.wordwrap * tall.scale < 2.0
