"""The replay's auto camera keeps what it frames above the status lines and the timeline bar (issue 27)."""

from __future__ import annotations

import pytest

from game.replay.director import FRAME_FILL_BOTTOM, FRAME_FILL_TOP

pytestmark = pytest.mark.gui


def test_the_lowest_framed_point_lies_above_the_status_card_and_the_bar(offscreen_base):
    from game.app.replay.overlays import TextOverlay

    base = offscreen_base
    overlay = TextOverlay(base.a2dTopCenter, base.a2dBottomLeft, lambda: (1280, 720))
    try:
        overlay.set_status("shot 1/1   0.00 s   x1   playing   camera: auto   trails: on\nEsc back   space: play")
        overlay.show_status(True)
        low, high = overlay.status.getTightBounds(base.render2d)
        status_top = high.z
        # the picture's middle is render2d 0, its bottom -1; the auto camera's fov spans the height (16:9)
        lowest_framed = -FRAME_FILL_BOTTOM
        # 0.1 (5% of the picture): a framed ball's contact flash and trail reach past its own edge
        assert lowest_framed > status_top + 0.1
        # the timeline bar (a2dBottomCenter, 0.06 up, its thumb 0.04 tall at scale 0.9) lies under the status lines
        bar_top = -1.0 + 0.06 + 0.04 * 0.9
        assert status_top > bar_top
        assert FRAME_FILL_TOP < 1.0  # and room is kept above for the captions
    finally:
        overlay.status.destroy()
        overlay.captions.destroy()
