"""Each of the seventeen rules, happening in Bullet: the scenario files of tests/scenarios/.

Every test plays a file through the real physics and the referee, and checks
both what moved (the contacts and resting places) and the ruling.
"""

import math

import pytest

from game.match.match import check_table
from game.rules.events import Contact
from game.rules.layout import PLANETS
from tests.scenario.scenario_kit import FOLDER, LAYOUT, contacts, play, play_file, region, rest, transfers


def test_every_rule_has_a_scenario_file():
    covered = {int(p.name[4:6]) for p in FOLDER.glob("rule*.toml")}
    assert covered == set(range(1, 18))


def test_rule01_the_hat_gives_mercury_to_the_nearest_marble():
    result = play("rule01_hat")
    drops = result.hat.drops
    assert [d.planet for d in drops] == list(PLANETS[:4])
    assert [d.distance for d in drops] == sorted(d.distance for d in drops)
    assert len({d.rest for d in drops}) == 4  # they really fell to different spots


def test_rule02_mercury_shoots_first_then_outward_from_their_own_lines():
    result = play("rule02_mercury_first")
    assert [s.shooter for s in result.shots] == ["mercury", "venus", "earth"]
    for shot in result.shots:
        assert shot.events[0].body == f"{shot.shooter}.taw"
        assert LAYOUT.zone(shot.start).on_line == shot.shooter
        assert not shot.ruling.fouls


def test_rule02_after_the_named_shooter_the_turn_passes_and_the_referee_agrees():
    result = play("rule02_turn_passes_after_the_named_shooter")
    assert [s.shooter for s in result.shots] == ["earth", "mars", "venus"]
    announced = [s.ruling.state.next_shooter() for s in result.shots]
    assert announced[:-1] == ["mars", "venus"], "each shot is taken by the player the referee named"


def test_rule03_no_planet_is_taken_before_the_sun_is_released():
    shot = play("rule03_gate").shots[0]
    assert frozenset(("earth.taw", "mars")) in contacts(shot)
    assert region(rest(shot, "mars")) == "beyond"          # Bullet did knock him out
    assert not transfers(shot, 10)
    assert [p.body for p in shot.ruling.put_down] == ["mars"]
    assert shot.positions["mars"] == pytest.approx(LAYOUT.home_positions()["mars"])
    assert shot.ruling.state.board["mars"] == "mars"


def test_rule04_the_release_pays_one_for_each_body_in_the_orbit():
    result = play("rule04_release")
    shot = result.shots[0]
    assert frozenset(("earth.taw", "sun")) in contacts(shot)
    assert region(rest(shot, "sun")) == "venus"
    assert LAYOUT.clear_beyond(math.hypot(*rest(shot, "sun")), LAYOUT.sun_radius, LAYOUT.line_radius("mercury"))
    lying = [b for b, p in shot.rest.positions.items() if b in LAYOUT.home_positions() and b != "sun"
             and region(p) == "venus"]
    (paid,) = transfers(shot, 4)
    assert (paid.payer, paid.payee, paid.marbles) == ("venus", "earth", len(lying))
    assert result.end.sun_released and not result.start.sun_released


def test_rule05_the_orbit_between_the_mars_and_jupiter_lines_is_jupiters():
    shot = play("rule05_orbits").shots[0]
    r = math.hypot(*rest(shot, "sun"))
    assert LAYOUT.line_radii["mars"] < r < LAYOUT.line_radii["jupiter"]
    (paid,) = transfers(shot, 8)
    assert (paid.payer, paid.payee, paid.marbles) == ("jupiter", "earth", 3)


def test_rule06_every_shooter_pays_while_the_sun_lies_on_the_holders_line():
    first, second = play("rule06_sun_on_own_line").shots
    sun = rest(first, "sun")
    assert LAYOUT.line_touched(math.hypot(*sun), LAYOUT.sun_radius) == "earth"
    assert first.ruling.state.sun_line_holder == "earth"
    (toll,) = transfers(second, 6)
    assert (toll.payer, toll.payee, toll.marbles) == ("venus", "earth", 1)


def test_rule07_the_sun_knocked_against_a_planet_costs_two():
    shot = play("rule07_sun_against_planet").shots[0]
    assert frozenset(("earth.taw", "sun")) in contacts(shot)
    assert frozenset(("sun", "venus")) in contacts(shot)
    (paid,) = transfers(shot, 7)
    assert (paid.payer, paid.payee, paid.marbles) == ("earth", "venus", 2)


def test_rule08_the_sun_stopping_in_mercurys_orbit_earns_seven():
    shot = play("rule08_schedule").shots[0]
    assert LAYOUT.body_region(math.hypot(*rest(shot, "sun")), LAYOUT.sun_radius) == "mercury"
    assert LAYOUT.line_touched(math.hypot(*rest(shot, "sun")), LAYOUT.sun_radius) is None
    (paid,) = transfers(shot, 8)
    assert (paid.payer, paid.payee, paid.marbles) == ("mercury", "earth", 7)


def test_rule09_the_sun_beyond_herschel_wins_the_game_and_the_stakes():
    result = play("rule09_win")
    shot = result.shots[0]
    assert LAYOUT.clear_beyond(math.hypot(*rest(shot, "sun")), LAYOUT.sun_radius, LAYOUT.line_radius("herschel"))
    assert shot.ruling.winner == "earth" and shot.ruling.finished
    assert {(t.payer, t.marbles) for t in transfers(shot, 9)} == {("venus", 1), ("mars", 1), ("stakes", 5)}
    assert result.end.stakes == 0


def test_rule10_a_planet_knocked_out_belongs_to_the_striker_and_is_replaced():
    shot = play("rule10_planet_out").shots[0]
    assert frozenset(("earth.taw", "mars")) in contacts(shot)
    assert LAYOUT.clear_beyond(math.hypot(*rest(shot, "mars")), LAYOUT.marble_radius, LAYOUT.line_radius("herschel"))
    (taken,) = [t for t in transfers(shot, 10) if t.bodies]
    assert (taken.payer, taken.payee, taken.bodies) == ("mars", "earth", ("mars",))
    (replaced,) = shot.ruling.put_down
    assert replaced.body == "mars" and replaced.from_purse == "mars"
    assert shot.positions["mars"] == pytest.approx(LAYOUT.home_positions()["mars"])
    assert shot.purses == {"earth": 21, "mars": 19}


def test_rule11_a_planet_struck_into_another_orbit_pays_its_satellites():
    shot = play("rule11_planet_into_other_orbit").shots[0]
    assert frozenset(("earth.taw", "mars")) in contacts(shot)
    assert LAYOUT.body_region(math.hypot(*rest(shot, "mars")), LAYOUT.marble_radius) == "jupiter"
    assert LAYOUT.line_touched(math.hypot(*rest(shot, "mars")), LAYOUT.marble_radius) is None
    (paid,) = transfers(shot, 11)
    assert (paid.payer, paid.payee, paid.marbles) == ("earth", "jupiter", 4)


def test_rule12_a_taw_that_struck_and_fell_home_pays_the_stakes():
    shot = play("rule12_taw_falls_home").shots[0]
    assert frozenset(("earth.taw", "venus")) in contacts(shot)
    taw = math.hypot(*rest(shot, "earth.taw"))
    assert LAYOUT.region_at_radius(taw) == "earth" and LAYOUT.line_touched(taw, LAYOUT.marble_radius) is None
    (paid,) = transfers(shot, 12)
    assert (paid.payer, paid.payee, paid.marbles) == ("earth", "stakes", 1)


def test_rule13_a_taw_in_the_inner_ring_stays_and_its_player_is_out():
    result = play("rule13_taw_in_inner_ring")
    shot = result.shots[0]
    assert LAYOUT.clear_within(math.hypot(*rest(shot, "earth.taw")), LAYOUT.marble_radius, LAYOUT.inner_ring_radius)
    assert shot.ruling.out == ("earth",)
    assert "earth.taw" in shot.ruling.left_as_stakes
    assert "earth.taw" in shot.positions            # still on the ground, an obstacle
    assert result.end.next_shooter() == "mars"


def test_rule14_a_player_who_lost_every_satellite_becomes_a_comet():
    first, second, third = play("rule14_comet").shots
    assert LAYOUT.clear_beyond(math.hypot(*rest(first, "mars.4")), LAYOUT.marble_radius, LAYOUT.line_radius("herschel"))
    assert first.ruling.comets == ("mars",)
    assert frozenset(("mars.taw", "sun")) in contacts(second)
    assert third.placement is not None and third.placement.orbit == "mercury"
    assert LAYOUT.zone(third.start).on_line == "mercury"
    assert not third.ruling.fouls


def test_rule15_shooting_at_your_own_satellite_is_a_foul():
    shot = play("rule15_own_satellite").shots[0]
    first_hit = next(e for e in shot.events if isinstance(e, Contact))
    assert {first_hit.a, first_hit.b} == {"earth.taw", "earth.1"}
    assert [f.rule for f in shot.ruling.fouls] == [15]
    (paid,) = transfers(shot, 15)
    assert (paid.payer, paid.payee, paid.marbles) == ("earth", "stakes", 1)


def test_rule16_striking_within_saturns_ring_forfeits_three():
    shot = play("rule16_struck_in_saturn_ring").shots[0]
    hit = next(e for e in shot.events if isinstance(e, Contact) and "earth.taw" in (e.a, e.b))
    assert LAYOUT.in_saturn_ring(hit.position)
    (paid,) = transfers(shot, 16)
    assert (paid.payer, paid.payee, paid.marbles) == ("earth", "stakes", 3)


def test_rule16_the_sun_struck_within_saturns_ring_takes_up_saturn():
    shot = play("rule16_sun_in_saturn_ring").shots[0]
    sun_hit = next(e for e in shot.events if isinstance(e, Contact) and "sun" in (e.a, e.b))
    assert LAYOUT.in_saturn_ring(sun_hit.position)
    taken = [b for t in transfers(shot, 16) for b in t.bodies]
    # Saturn's seven start within his orbit, outside his ring: untouched, all are taken up with him.
    assert sorted(taken) == ["saturn"] + [f"saturn.{i}" for i in range(1, 8)]
    for body in taken:
        assert body not in shot.positions            # lifted off the ground
        assert region(rest(shot, body)) == "saturn"  # each lay in Saturn's orbit
    assert shot.purses["earth"] - 20 == len(taken) + 2  # and rule 8's two for Saturn's orbit


def test_rule17_after_the_first_shot_the_taw_is_shot_from_where_it_rests():
    first, second = play("rule17_shoot_from_rest").shots
    assert second.start == rest(first, "earth.taw")
    assert second.events[0].position == pytest.approx(rest(first, "earth.taw"))
    assert not second.ruling.fouls


def test_rule17_a_first_shot_off_the_own_line_is_a_foul():
    shot = play("rule17_first_shot_off_line").shots[0]
    assert LAYOUT.line_touched(math.hypot(*shot.start), LAYOUT.marble_radius) != "earth"  # laid off his line
    assert [f.rule for f in shot.ruling.fouls] == [17]
    assert shot.purses["earth"] == 19 and shot.stakes == 1


def test_no_scenario_loses_a_marble():
    for path in sorted(FOLDER.glob("*.toml")):
        result = play(path.stem)
        if result.end is None:
            continue
        assert result.end.marbles_in_game == result.start.marbles_in_game
        check_table(result.end)


def test_a_replacement_put_down_on_a_covered_home_moves_to_the_nearest_free_spot(tmp_path):
    home = LAYOUT.home_positions()["mars"]
    text = (FOLDER / "rule10_planet_out.toml").read_text()
    text = text.replace("[bodies]", f"[bodies]\n\"jupiter.1\" = [{home[0]}, {home[1]}]")
    path = tmp_path / "covered.toml"
    path.write_text(text)
    result = play_file(path)
    shot = result.shots[0]
    (replaced,) = shot.ruling.put_down
    assert replaced.body == "mars"
    placed = shot.positions["mars"]
    assert placed != pytest.approx(home)
    gap = math.dist(placed, shot.positions["jupiter.1"]) - 2 * LAYOUT.marble_radius
    assert 0 <= gap < 0.01  # as near its home as the marble lying there allows
    check_table(result.end)
