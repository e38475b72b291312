"""The planets' signs: on every marble's glass, and over its marker in the overhead view.

Colour must never be the only cue (issue 27), so each test shows a sign
where a wrong build would show only colour: frames with the signs on are
compared with the same frames with them off.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.app.scene.markers import DARK_INK, PALE_INK, ink_for, style_for
from game.app.scene.palette import PLANET_SYMBOLS, symbol_of
from game.app.scene.quality import GraphicsQuality
from game.app.scene.snapshot import OffscreenTable
from game.app.scene.symbols import ATLAS_ORDER, inline_symbol, plain, symbol_index
from game.app.scene.table_view import OVERHEAD_TILT
from game.rules.layout import PLANETS, SUN, Layout
from tests.app.helpers_app import cleared_table

LAYOUT = Layout()
R = LAYOUT.marble_radius
PLACES = {"mars.1": (-0.40, 0.25), "venus.1": (0.10, 0.22), "earth.1": (0.30, -0.20), SUN: (0.0, 0.0)}


def test_every_planet_has_its_own_sign_and_atlas_cell():
    assert [PLANET_SYMBOLS[p] for p in PLANETS] == ["\u263f", "\u2640", "\u2295", "\u2642", "\u2643", "\u2644", "\u2645"]
    cells = [symbol_index(p) for p in PLANETS]
    assert cells == [float(i) for i in range(7)] and ATLAS_ORDER[:7] == tuple(PLANETS)
    assert symbol_of("saturn.3") == symbol_of("saturn.taw") == PLANET_SYMBOLS["saturn"]
    assert symbol_index("nobody") == -1.0


def test_a_sign_in_hud_text_is_marked_for_the_sign_font_and_reads_plain():
    text = f"{inline_symbol('mars')} Mars"
    assert text != "\u2642 Mars" and plain(text) == "\u2642 Mars"
    assert inline_symbol("stakes") == ""


def test_ink_is_dark_on_light_markers_and_pale_on_dark_ones():
    assert ink_for(style_for("venus.1").color) == DARK_INK      # yellow
    assert ink_for(style_for("mars.1", palette="colour-blind").color) == PALE_INK  # deep red


@pytest.fixture(scope="module")
def view(offscreen_base):
    v = OffscreenTable.open(offscreen_base, LAYOUT, (1280, 720), GraphicsQuality(shadows=False, msaa=0))
    yield v
    v.close()


@pytest.fixture
def table(view):
    cleared_table(view)
    view.scene.show_markers(True)
    view.scene.show_signs(True)
    view.scene.place(PLACES)
    yield view
    view.scene.show_signs(True)


def frames(view) -> tuple[np.ndarray, np.ndarray]:
    """The frame with signs and without, as float RGB."""
    view.scene.show_signs(True)
    on = view.grab().astype(float)
    view.scene.show_signs(False)
    off = view.grab().astype(float)
    return on, off


@pytest.mark.gui
def test_each_marble_wears_its_own_sign_on_the_glass(table, project):
    shapes = {}
    for body in ("mars.1", "venus.1"):
        x, y = PLACES[body]
        table.rig.orbit((x, y, R), yaw=0.0, pitch=math.radians(10.0), distance=0.06, snap=True)
        on, off = frames(table)
        col, row = project(table.camera, table.buffer, (x, y, R))
        window = (slice(row - 60, row + 60), slice(col - 60, col + 60))
        darker = (off[window].sum(axis=2) - on[window].sum(axis=2)) > 90
        assert darker.sum() > 150, body  # dark enamel on the glass
        shapes[body] = darker
    # Mars's sign is not Venus's: the marks differ in shape, not only in place
    assert np.logical_xor(shapes["mars.1"], shapes["venus.1"]).sum() > 100


@pytest.mark.gui
def test_overhead_each_marker_carries_its_sign_and_the_sun_none(table, project):
    table.rig.overhead(tilt=OVERHEAD_TILT, snap=True)
    on, off = frames(table)
    changed = np.abs(on - off).sum(axis=2) > 60
    for body in ("mars.1", "venus.1", "earth.1"):
        col, row = project(table.camera, table.buffer, (*PLACES[body], 0.0))
        near = changed[row - 9: row + 10, col - 9: col + 10]
        assert near.sum() >= 12, body
        assert changed[row - 30: row + 31, col - 30: col + 31].sum() == near.sum(), body  # only on the marker
    col, row = project(table.camera, table.buffer, (0.0, 0.0, 0.0))
    assert not changed[row - 15: row + 16, col - 15: col + 16].any()
    # knuckle-down, the markers (and the signs over them) are gone; only the glass changes
    table.rig.knuckle((0.10, 0.05), (0.0, 1.0), snap=True)
    on, off = frames(table)
    col, row = project(table.camera, table.buffer, (*PLACES["venus.1"], R))
    changed = np.abs(on - off).sum(axis=2) > 60
    ys, xs = np.nonzero(changed)
    assert ys.size and np.hypot(ys - row, xs - col).max() < 60  # within the marble's own outline


@pytest.mark.gui
def test_overhead_each_sign_reads_on_a_badge_of_its_colour_at_least_twelve_pixels_high(table, project):
    # issue 40: the sign lay on the speck of glass (six pixels), ink on its highlights, too small to read.


    table.rig.overhead(tilt=OVERHEAD_TILT, snap=True)
    table.scene.show_markers(True)
    on, _off = frames(table)
    table.scene.show_signs(True)
    for body in ("mars.1", "venus.1", "earth.1"):
        colour = np.array(style_for(body).color) * 255.0
        ink = np.array(ink_for(style_for(body).color)) * 255.0
        col, row = project(table.camera, table.buffer, (*PLACES[body], 0.0))
        patch = on[row - 12: row + 13, col - 12: col + 13]
        span = ink - colour
        towards_ink = np.clip((patch - colour) @ span / float(span @ span), 0.0, 1.0)
        on_badge = np.linalg.norm(patch - (colour + towards_ink[..., None] * span), axis=2) < 45
        is_ink = on_badge & (towards_ink > 0.4)
        rows = np.nonzero(is_ink.any(axis=1))[0]
        assert rows.size and rows[-1] - rows[0] + 1 >= 12, body          # the glyph is 12 pixels high or more
        centre = on[row - 2: row + 3, col - 2: col + 3].reshape(-1, 3)
        mix = np.clip((centre - colour) @ span / float(span @ span), 0.0, 1.0)
        off_badge = np.linalg.norm(centre - (colour + mix[:, None] * span), axis=1)
        assert (off_badge < 45).sum() >= 20, body   # over the glass: the badge's colour, its ink or between

    assert {tuple(ink_for(style_for(b).color)) for b in ("venus.1", "mars.1")} <= {DARK_INK, PALE_INK}
