"""A body the shot never moved is reported exactly where it was placed, not at Bullet's float32 copy.

Bullet keeps positions in single precision: a satellite placed exactly on
the Herschel line used to come back a few tenths of a micrometre off it,
on the far side, and the referee ruled it knocked beyond Herschel by a shot
that never touched it.
"""

from __future__ import annotations

import math

import numpy as np

from game.physics import Simulation
from tests.physics.physics_kit import LAYOUT, aim, world
from game.physics.world import BULLET_UNIT


def on_the_herschel_line(count: int) -> dict[str, tuple[float, float]]:
    """``count`` satellites exactly on the Herschel line, a taw and the Sun far from them."""
    spots = {"sun": (0.0, 0.0), "earth.taw": (-0.5, -0.1)}
    for i in range(count):
        spots[f"herschel.{i + 1}"] = LAYOUT.home_on_line("herschel", 20.0 + 13.0 * i)
    return spots


def single_precision_round_trip(xy: tuple[float, float]) -> tuple[float, float]:
    return tuple(float(np.float32(c * BULLET_UNIT)) / BULLET_UNIT for c in xy)  # type: ignore[return-value]


def test_the_spots_are_not_exact_in_single_precision() -> None:
    # Otherwise the tests below could not tell an exact answer from Bullet's.
    spots = on_the_herschel_line(6)
    assert any(single_precision_round_trip(p) != p for b, p in spots.items() if b.startswith("herschel"))


def test_bodies_the_shot_never_touched_stay_exactly_on_their_line() -> None:
    spots = on_the_herschel_line(6)
    sim, rec = world(spots)
    sim.shoot("earth.taw", aim(spots["earth.taw"], (-0.5, 0.4), 1.0))  # away from everything
    rest = sim.run_to_rest()
    assert not rec.of("contact")
    for body_id, spot in spots.items():
        if body_id == "earth.taw":
            continue
        assert rest.positions[body_id] == spot, body_id
        assert sim.positions()[body_id] == spot
        assert sim.spec(body_id).position == spot
        if body_id.startswith("herschel"):
            assert not LAYOUT.zone(rest.positions[body_id]).beyond_herschel, body_id
    ids, poses = sim.poses()
    for body_id, spot in spots.items():
        if body_id != "earth.taw":
            i = ids.index(body_id)
            assert (poses[i, 0], poses[i, 1]) == spot
            assert list(poses[i, 3:]) == [1.0, 0.0, 0.0, 0.0]  # nothing rolled
    sim.close()


def test_a_body_that_moved_reports_where_bullet_has_it() -> None:
    spots = on_the_herschel_line(2)
    sim, rec = world(spots)
    target = spots["herschel.1"]
    sim.shoot("earth.taw", aim(spots["earth.taw"], target, 2.2))
    rest = sim.run_to_rest()
    assert any({c.a, c.b} == {"earth.taw", "herschel.1"} for c in rec.of("contact"))
    struck = rest.positions["herschel.1"]
    assert math.dist(struck, target) > 0.01
    assert single_precision_round_trip(struck) == struck  # Bullet's own value, in metres
    assert rest.positions["herschel.2"] == spots["herschel.2"]
    ids, poses = sim.poses()
    i = ids.index("herschel.1")
    assert (poses[i, 0], poses[i, 1]) == struck
    sim.close()


def test_a_body_placed_by_hand_is_reported_exactly_there() -> None:
    spots = on_the_herschel_line(1)
    sim, _ = world(spots)
    spot = LAYOUT.home_on_line("herschel", 200.0)
    assert single_precision_round_trip(spot) != spot
    sim.place("herschel.1", spot)
    assert sim.positions()["herschel.1"] == spot
    ids, poses = sim.poses()
    i = ids.index("herschel.1")
    assert (poses[i, 0], poses[i, 1]) == spot and list(poses[i, 3:]) == [1.0, 0.0, 0.0, 0.0]
    sim.close()


def test_a_fresh_world_built_from_the_rest_reports_the_same_places() -> None:
    spots = on_the_herschel_line(6)
    sim, _ = world(spots)
    sim.shoot("earth.taw", aim(spots["earth.taw"], spots["herschel.3"], 2.0))
    rest = sim.run_to_rest()
    sim.close()
    again = Simulation.from_positions(rest.positions, LAYOUT)
    assert again.positions() == rest.positions
    again.close()
