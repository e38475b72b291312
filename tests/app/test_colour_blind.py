"""Colour-blind players can tell every player apart (issue 27).

Each player's colour is simulated as deuteranopes, protanopes and tritanopes see it
(colorspacious, full severity) and every pair is measured in CAM02-UCS, the
colour-difference space colorspacious's ``deltaE`` uses.  The colour-blind
palette keeps every pair at least MIN_DELTA_E apart in each view, both as
numbers and as the overhead view actually draws the markers; the standard
palette does not (which is why the choice exists).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from game.app.scene.palette import PALETTES, planet_colors
from game.app.scene.quality import GraphicsQuality
from game.app.scene.snapshot import OffscreenTable
from game.app.scene.table_view import OVERHEAD_TILT
from game.app.settings import PALETTE_CHOICES
from game.rules.layout import PLANETS, Layout
from tests.app.helpers_app import cleared_table

colorspacious = pytest.importorskip("colorspacious")

VIEWS = ("normal", "deuteranomaly", "protanomaly", "tritanomaly")  # at severity 100: deuteranopia, protanopia, tritanopia
MIN_DELTA_E = 25.0         # the palette's own colours (measured: 25.7, Mars and Jupiter to a deuteranope)
MIN_DRAWN_DELTA_E = 12.0   # the markers' pixels as rendered, under the contact shadow (measured: 12.3, Mercury
#                            and Herschel to a deuteranope; the standard palette's Earth and Saturn: 3.0 to a protanope)
LAYOUT = Layout()
R = LAYOUT.marble_radius
# one satellite per player, spread over the table
PLACES = {f"{p}.1": (0.55 * np.cos(i * 0.9), 0.4 * np.sin(i * 0.9)) for i, p in enumerate(PLANETS)}


def seen(rgb: np.ndarray, view: str) -> np.ndarray:
    """sRGB in 0..1 as a person with ``view`` sees it."""
    if view == "normal":
        return rgb
    cvd = {"name": "sRGB1+CVD", "cvd_type": view, "severity": 100}
    return np.clip(colorspacious.cspace_convert(rgb, cvd, "sRGB1"), 0.0, 1.0)


def closest_pair(colours: dict[str, np.ndarray], view: str) -> tuple[float, str, str]:
    return min((float(colorspacious.deltaE(seen(colours[a], view), seen(colours[b], view), input_space="sRGB1")), a, b)
               for a, b in itertools.combinations(colours, 2))


def test_the_settings_offer_every_palette():
    assert set(PALETTE_CHOICES) == set(PALETTES)


@pytest.mark.parametrize("view", VIEWS)
def test_colour_blind_palette_keeps_every_pair_of_players_apart(view):
    colours = {p: np.array(c) for p, c in planet_colors("colour-blind").items()}
    assert closest_pair(colours, view)[0] >= MIN_DELTA_E


def test_the_standard_palette_merges_players_for_colour_blind_eyes():
    colours = {p: np.array(c) for p, c in planet_colors("standard").items()}
    delta, a, b = min(closest_pair(colours, view) for view in VIEWS[1:])
    assert delta < 8.0 and {a, b} == {"earth", "saturn"}  # 4.7 to a protanope


@pytest.fixture(scope="module")
def view(offscreen_base):
    v = OffscreenTable.open(offscreen_base, LAYOUT, (1280, 720), GraphicsQuality(shadows=False, msaa=0))
    yield v
    v.close()


def drawn_marker_colours(table, project, palette: str) -> dict[str, np.ndarray]:
    """Each player's marker as the overhead view draws it: the mean pixel on a ring between ball and rim."""
    table.scene.set_palette(palette)
    image = table.grab().astype(float) / 255.0
    colours = {}
    for body, (x, y) in PLACES.items():
        pixels = [project(table.camera, table.buffer, (x + 1.3 * R * np.cos(a), y + 1.3 * R * np.sin(a), 0.0))
                  for a in np.linspace(0, 2 * np.pi, 12, endpoint=False)]
        colours[body.partition(".")[0]] = np.mean([image[row, col] for col, row in pixels], axis=0)
    return colours


@pytest.mark.gui
def test_rendered_overhead_markers_stay_apart_in_each_simulated_view(view, project):
    cleared_table(view)
    view.scene.show_markers(True)
    view.scene.show_signs(False)  # the ring sampled is the marker's colour, not its sign's ink
    view.scene.place(PLACES)
    view.rig.overhead(tilt=OVERHEAD_TILT, snap=True)
    try:
        drawn = drawn_marker_colours(view, project, "colour-blind")
        for sight in VIEWS:
            assert closest_pair(drawn, sight)[0] >= MIN_DRAWN_DELTA_E, sight
        standard = drawn_marker_colours(view, project, "standard")
        assert min(closest_pair(standard, sight)[0] for sight in VIEWS[1:]) < MIN_DRAWN_DELTA_E
    finally:
        view.scene.set_palette("standard")
        view.scene.show_signs(True)
