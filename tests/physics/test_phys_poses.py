"""Poses read only the bodies that can have moved; they must still agree with a full read."""

from __future__ import annotations

import numpy as np

from game.physics.rolling import roll_quaternions, turn
from tests.physics.physics_kit import CAP, LAYOUT, aim, full_table, world


def rack_table() -> dict[str, tuple[float, float]]:
    """The full table plus a touching rack of ten marbles, so a hit wakes and nudges a cluster."""
    spots = full_table(LAYOUT)
    for j in range(10):
        spots[f"rack.{j}"] = (-0.3 + 0.016 * (j % 5) + 0.008 * (j // 5), 0.55 + 0.013857 * (j // 5))
    spots["mars.taw"] = (-0.3, 0.3)
    return spots


def test_every_frame_agrees_with_reading_every_body_afresh() -> None:
    spots = rack_table()
    sim, rec = world(spots)
    checked: list[int] = []

    def on_frame(t: float, ids: list[str], poses: np.ndarray) -> None:
        fresh = sim.positions()  # reads every body from Bullet
        assert ids == list(fresh)
        for i, body_id in enumerate(ids):
            assert (poses[i, 0], poses[i, 1]) == fresh[body_id], (t, body_id)
        checked.append(len(ids))

    sim.shoot("mars.taw", aim(spots["mars.taw"], spots["rack.2"], CAP))
    rest = sim.run_to_rest(on_frame=on_frame)
    struck = {b for c in rec.of("contact") for b in (c.a, c.b) if b.startswith("rack")}
    assert len(struck) >= 4 and len(checked) > 30
    moved = [b for b in spots if rest.positions.get(b) != spots[b]]
    assert len(moved) >= 5  # the frames above had bodies to get wrong
    sim.close()


def test_a_handed_out_array_is_a_copy() -> None:
    sim, _ = world({"mars": (0.0, 0.0), "venus": (0.3, 0.0)})
    _, first = sim.poses()
    first[:] = 0.0
    _, second = sim.poses()
    assert second[0, 3] == 1.0 and second[1, 0] == 0.3
    sim.close()


def test_the_one_row_turn_gives_the_bits_of_the_array_turn() -> None:
    rng = np.random.default_rng(3)
    quats = rng.normal(size=(2000, 4))
    quats /= np.linalg.norm(quats, axis=1, keepdims=True)
    steps = rng.normal(size=(2000, 2)) * rng.choice([1e-7, 1e-4, 1e-2, 6e-2], size=(2000, 1))
    radius = rng.choice([LAYOUT.marble_radius, LAYOUT.sun_radius], size=2000)
    whole = roll_quaternions(quats, steps, radius)
    for i in range(2000):
        one = turn(tuple(quats[i]), float(steps[i, 0]), float(steps[i, 1]), float(radius[i]))
        assert one == tuple(whole[i]), i
