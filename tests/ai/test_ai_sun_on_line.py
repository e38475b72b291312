"""A Sun lying on a painted line is judged by its outline, as the referee judges it (``Layout.body_region``).

Plain data: a Sun whose centre has just crossed a line while its outline
still lies on the stripe.  The referee reads it in the inner orbit (rule 8
pays by that, rule 9 wants it wholly clear of Herschel's line); the AI's
pricing, the headless log and the coach's sentence must read it the same
way.  Each test also shows that the centre reading (``region_at_radius``)
gives the other answer, so it would fail on the old code.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

from game.ai.headless import _shot_info
from game.ai.rollout import sun_orbit
from game.ai.value import distance_to_win
from game.coach.why import _drive_on, _sun_region
from game.rules import names
from game.rules.layout import SUN, Layout

LAYOUT = Layout()


def _past_line(planet: str) -> float:
    """A radius whose centre is just past ``planet``'s line while the Sun's outline still lies on the stripe."""
    return LAYOUT.line_radii[planet] + LAYOUT.line_width / 2 + 0.5 * LAYOUT.sun_radius


def test_the_ai_prices_a_sun_on_mercurys_line_in_mercurys_orbit():
    r = _past_line("mercury")
    assert LAYOUT.region_at_radius(r) == "venus"          # the centre reading: the planted fault
    assert sun_orbit(LAYOUT, (r, 0.0)) == "mercury" == LAYOUT.body_region(r, LAYOUT.sun_radius)


def test_the_headless_log_names_the_orbit_the_referee_read():
    r = _past_line("earth")
    result = SimpleNamespace(ruling=SimpleNamespace(transfers=()), positions={SUN: (0.0, r)}, number=3, round=1)
    shot = SimpleNamespace(direction=10.0, speed=1.0, placement=None)
    info = _shot_info(SimpleNamespace(layout=LAYOUT), "hard", "venus", shot, result, 0.5)
    assert info["summary"].endswith("[Sun in earth]")
    assert LAYOUT.region_at_radius(r) == "mars"


def _preview(start: float, rest: float) -> SimpleNamespace:
    state = SimpleNamespace(sun_released=True)
    return SimpleNamespace(rest={SUN: (rest, 0.0)}, paths={SUN: [(start, 0.0), (rest, 0.0)]},
                           ruling=SimpleNamespace(state=state))


def test_the_coach_names_the_orbit_of_a_sun_on_a_line():
    preview = _preview(0.0, _past_line("venus"))
    assert _sun_region(LAYOUT, preview) == names.orbit("venus")
    assert names.orbit(LAYOUT.region_at_radius(_past_line("venus"))) != names.orbit("venus")


def test_the_coach_sees_no_drive_in_a_sun_still_on_the_line_it_lay_on():
    # From on Mercury's line (centre past it) to on the same line: the referee's orbit did not change.
    still = _preview(_past_line("mercury"), LAYOUT.line_radii["mercury"] + 0.6 * LAYOUT.sun_radius)
    assert LAYOUT.region_at_radius(_past_line("mercury")) == "venus"
    assert _drive_on(still, LAYOUT) is None
    # From on Mercury's line into Venus's orbit, clear of every line: a drive, said so.
    mid_venus = (LAYOUT.line_radii["mercury"] + LAYOUT.line_radii["venus"]) / 2
    driven = _preview(_past_line("mercury"), mid_venus)
    assert _drive_on(driven, LAYOUT) is not None


def test_the_sun_still_on_herschels_line_has_ground_to_go_until_clear_of_it():
    on = _past_line("herschel")
    assert not LAYOUT.clear_beyond(on, LAYOUT.sun_radius, LAYOUT.line_radii["herschel"])
    assert distance_to_win(LAYOUT, (on, 0.0)) > 0.0          # the centre reading said 0: already out
    clear = LAYOUT.line_radii["herschel"] + LAYOUT.line_width / 2 + LAYOUT.sun_radius + 1e-4
    assert LAYOUT.clear_beyond(clear, LAYOUT.sun_radius, LAYOUT.line_radii["herschel"])
    assert distance_to_win(LAYOUT, (clear, 0.0)) == 0.0
    assert math.isclose(distance_to_win(LAYOUT, (on, 0.0)), 0.5 * LAYOUT.sun_radius, abs_tol=1e-9)
