"""The referee's fourth reading (issue 42) on plain event logs: one place, one answer on every line, rule 15's
tie, and the silent readings no single shot in Bullet pins as plainly (docs/rules.md, "Where the text is silent")."""

import math
from dataclasses import replace

import pytest

from game.rules.events import AllAtRest, Contact, ShotStarted
from game.rules.house import HouseRules
from game.rules.layout import PLANETS, SUN, taw_id
from game.rules.referee import judge
from game.rules.ruling import NoPayment
from game.rules.state import STAKES
from game.rules.sun import RULE8_SCHEDULE
from tests.rules.rules_kit import LAYOUT, game, play, region_spot

REACH_SUN = LAYOUT.sun_radius + LAYOUT.line_width / 2
REACH = LAYOUT.marble_radius + LAYOUT.line_width / 2
AWAY = {"venus.taw": region_spot("mars", 100), "earth.taw": region_spot("jupiter", 100)}


def radial(r: float, angle: float = 135.0):
    a = math.radians(angle)
    return (r * math.cos(a), r * math.sin(a))


def across(line: str, reach: float, side: int, angle: float = 135.0):
    """A resting place with the outline on ``line`` and the centre half a reach to one side of it."""
    return radial(LAYOUT.line_radius(line) + side * reach / 2, angle)


def _striker(line: str) -> str:
    return "earth" if line == "venus" else "venus"


# -- one place, one answer ------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", PLANETS)
def test_a_body_on_any_line_lies_in_that_lines_orbit_whichever_side_its_centre_is(line):
    R = LAYOUT.line_radius(line)
    for radius in (LAYOUT.sun_radius, LAYOUT.marble_radius):
        reach = radius + LAYOUT.line_width / 2
        for r in (R - reach + 1e-6, R, R + reach - 1e-6):
            assert LAYOUT.body_region(r, radius) == line
            assert LAYOUT.zone((r, 0.0), radius).region == line
        # Clear of the line, the centre decides (rule 5).
        assert LAYOUT.body_region(R + reach + 1e-6, radius) == LAYOUT.region_at_radius(R + reach + 1e-6)
        assert LAYOUT.body_region(R - reach - 1e-6, radius) == line


@pytest.mark.parametrize("line", PLANETS)
def test_rule8_the_sun_across_a_line_is_paid_for_by_that_lines_holder_on_every_line(line):
    shooter = _striker(line)
    for side in (-1, 1):
        ruling = play(game(), shooter, contacts=[(taw_id(shooter), SUN)],
                      rest={SUN: across(line, REACH_SUN, side)})
        assert ruling.winner is None
        assert ruling.paid(line, shooter, 8) == RULE8_SCHEDULE[line], (line, side)


@pytest.mark.parametrize("line", PLANETS[1:])
def test_rule4_the_release_across_a_line_counts_that_lines_orbit_on_every_line(line):
    shooter = _striker(line)
    state = game(released=False)
    ruling = play(state, shooter, contacts=[(taw_id(shooter), SUN)], rest={SUN: across(line, REACH_SUN, 1)})
    assert ruling.state.sun_released
    (paid,) = [t for t in ruling.transfers if t.rule == 4]
    assert paid.payer == line
    lying = sum(1 for b, p in state.positions.items() if b in state.board and not b.endswith(".taw")
                and LAYOUT.body_region(math.hypot(*p), LAYOUT.marble_radius) == line)
    assert paid.marbles == lying


def test_rule3_the_sun_across_mercurys_line_is_in_mercurys_orbit_so_not_beyond_it():
    state = game(released=False)
    ruling = play(state, "earth", contacts=[("earth.taw", SUN)], rest={SUN: across("mercury", REACH_SUN, 1)})
    assert not ruling.state.sun_released and ruling.transfers == ()


@pytest.mark.parametrize("line", PLANETS)
def test_rule12_a_taw_across_its_own_line_fell_into_its_own_orbit_on_every_line(line):
    other = _striker(line)
    for side in (-1, 1):
        ruling = play(game(), line, contacts=[(taw_id(line), taw_id(other))],
                      rest={taw_id(line): across(line, REACH, side, 250.0)})
        assert ruling.paid(line, STAKES, 12) == 1, (line, side)
    if line != "mercury":
        # Across the next line in, it lies in the inner planet's orbit: not his own.
        inner = PLANETS[PLANETS.index(line) - 1]
        ruling = play(game(), line, contacts=[(taw_id(line), taw_id(other))],
                      rest={taw_id(line): across(inner, REACH, 1, 250.0)})
        assert ruling.paid(line, STAKES, 12) == 0


def test_rule11_a_planet_across_the_next_line_in_lies_in_that_orbit():
    # Mars strikes the Earth inward to rest across Venus's line, its centre still in the Earth's region.
    spot = across("venus", REACH, 1, 310.0)
    assert LAYOUT.region_at_radius(math.hypot(*spot)) == "earth"
    ruling = play(game(), "mars", contacts=[("mars.taw", "earth")], rest={"earth": spot})
    assert ruling.paid("mars", "venus", 11) == 1  # the Moon


# -- rule 15's tie --------------------------------------------------------------------------------------------

def _tie(state, first: str, second: str, gap: float, house: HouseRules):
    events = [ShotStarted(0.0, "earth.taw", state.positions["earth.taw"], (1.0, 0.0)),
              Contact(0.1, "earth.taw", first, 0.01, (0.5, 0.0)),
              Contact(0.1 + gap, "earth.taw", second, 0.01, (0.5, 0.0)),
              AllAtRest(1.0, dict(state.positions))]
    return judge(state, "earth", events, LAYOUT, house)


@pytest.mark.parametrize("order", [("earth.1", "mars.1"), ("mars.1", "earth.1")])
def test_rule15_own_and_anothers_satellite_within_the_tolerance_is_a_foul_in_either_order(order):
    state = game(["earth", "mars"])
    house = HouseRules()
    assert [f.rule for f in _tie(state, *order, gap=0.0, house=house).fouls] == [15]
    assert [f.rule for f in _tie(state, *order, gap=house.simultaneous_s / 2, house=house).fouls] == [15]


@pytest.mark.parametrize("order", [("earth.1", "mars.1"), ("mars.1", "earth.1")])
def test_rule15_under_the_house_rule_a_tie_with_anothers_satellite_is_no_foul_in_either_order(order):
    state = game(["earth", "mars"])
    house = HouseRules(rule15_tie_foul=False)
    assert _tie(state, *order, gap=0.0, house=house).fouls == ()
    alone = _tie(state, "earth.1", "mars.1", gap=house.simultaneous_s * 5, house=house)
    assert [f.rule for f in alone.fouls] == [15]  # his own struck alone first is still a foul


def test_rule15_anothers_satellite_struck_clearly_first_excuses_the_own_one_after():
    state = game(["earth", "mars"])
    house = HouseRules()
    assert _tie(state, "mars.1", "earth.1", gap=house.simultaneous_s * 5, house=house).fouls == ()
    assert [f.rule for f in _tie(state, "earth.1", "mars.1", gap=house.simultaneous_s * 5, house=house).fouls] == [15]


# -- the silent readings --------------------------------------------------------------------------------------

def test_rule11_against_an_unheld_orbit_is_paid_into_the_pot():
    # Nobody holds Mars: the Earth struck into Mars's orbit costs Venus 1 (the Moon), paid into the pot.
    state = game(["venus", "earth"])
    ruling = play(state, "venus", contacts=[("venus.taw", "earth")], rest={"earth": region_spot("mars", 310.0)})
    assert ruling.paid("venus", STAKES, 11) == 1


def _with_mars_out(state):
    """Mars already out: his taw picked up, his planet and satellites the stakes', his purse frozen."""
    board = {b: (STAKES if b.split(".")[0] == "mars" else o) for b, o in state.board.items() if b != "mars.taw"}
    positions = {b: p for b, p in state.positions.items() if b != "mars.taw"}
    purses = {**state.purses, "mars": state.purses["mars"] + 1}
    return replace(state, board=board, positions=positions, purses=purses, out=("mars",))


def test_a_player_who_is_out_is_paid_nothing_under_rule_7_and_collects_no_toll_under_rule_6():
    state = _with_mars_out(game(["venus", "earth", "mars"]))
    ruling = play(state, "venus", contacts=[("venus.taw", SUN), (SUN, "mars")], rest={SUN: region_spot("venus")})
    assert ruling.paid("venus", STAKES, 7) == 2 and ruling.paid("venus", "mars") == 0
    assert ruling.state.purses["mars"] == state.purses["mars"]
    on_mars_line = replace(state, sun_line_holder="mars", positions={**state.positions, SUN: radial(0.47)})
    toll = play(on_mars_line, "venus", contacts=[("venus.taw", "earth")])
    assert [t for t in toll.transfers if t.rule == 6] == []


def test_a_short_purse_pays_in_rule_order_and_the_player_it_puts_out_keeps_his_taw():
    # Venus has 1. Rule 6's toll (1 to Herschel, on whose line the Sun lies) comes before rule 7's 2 to the Earth.
    state = game(["venus", "earth", "herschel"])
    state = replace(state, purses={**state.purses, "venus": 1}, sun_line_holder="herschel",
                    marbles_in_game=state.marbles_in_game - state.purses["venus"] + 1,
                    positions={**state.positions, SUN: radial(0.95)})
    ruling = play(state, "venus", contacts=[("venus.taw", SUN), (SUN, "earth")], rest={SUN: region_spot("venus")})
    assert [(t.rule, t.payee, t.marbles) for t in ruling.transfers] == [(6, "herschel", 1)]
    assert any(u.rule == 7 and u.why is NoPayment.EMPTY_PURSE for u in ruling.unpaid)
    assert ruling.out == ("venus",)
    assert ruling.state.purses["venus"] == 1 and "venus.taw" not in ruling.state.board  # he picked up his taw


def test_rule11_counts_the_satellites_the_same_shot_takes_up_under_rule16():
    # The Sun, struck within Saturn's ring, strikes Saturn into Herschel's orbit: rule 16 takes up Saturn and his
    # seven, and rule 11 counts the seven he had when struck.
    state = game(["venus", "saturn", "herschel"])
    ring = LAYOUT.saturn_home()
    state = replace(state, positions={**state.positions, SUN: (ring[0] + 0.02, ring[1])})
    ruling = play(state, "venus", contacts=[("venus.taw", SUN), (SUN, "saturn")],
                  rest={"saturn": region_spot("herschel", 280.0), SUN: region_spot("saturn", 270.0)})
    assert sorted(c.body for c in ruling.take_off if c.rule == 16) == sorted(["saturn"] + [f"saturn.{i}"
                                                                                         for i in range(1, 8)])
    assert ruling.paid("venus", "herschel", 11) == 7


def test_a_taw_laid_again_starts_anywhere_on_its_line_or_where_it_rests_after_a_turn_in_between():
    state = game(["venus", "earth"])
    off = play(state, "venus", out=["venus.taw"])  # Venus's taw leaves the play area
    between = play(off.state, "earth", rest={"venus.taw": region_spot("earth", 120.0)})  # knocked off his line
    assert "venus" in between.state.first_shot_pending
    on_line = LAYOUT.home_on_line("venus", 10.0)
    assert play(between.state, "venus", start=on_line).fouls == ()
    assert play(between.state, "venus", start=region_spot("earth", 120.0)).fouls == ()
    (foul,) = play(between.state, "venus", start=region_spot("mars", 300.0)).fouls
    assert foul.rule == 17 and "laid again" in foul.reason
