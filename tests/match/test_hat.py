"""Rule 1 in Bullet: marbles fall from the hat, roll, rest; the nearest takes Mercury."""

import math

import pytest

from game.match.hat import drop_hat
from game.match.match import Match
from game.match.players import RandomPlayer
from game.rules.layout import PLANETS


def test_nearest_marble_takes_mercury_and_so_on_outward():
    result = drop_hat(["ann", "bob", "cy", "dan", "eve"], seed=3)
    distances = [d.distance for d in result.drops]
    assert distances == sorted(distances)
    assert [d.planet for d in result.drops] == list(PLANETS[:5])
    for drop in result.drops:
        assert drop.rest is not None
        assert math.dist(drop.rest, result.sun) == pytest.approx(drop.distance)


def test_the_marbles_really_fall_and_roll():
    frames = []
    result = drop_hat(["ann", "bob"], seed=1, on_frame=lambda t, ids, poses: frames.append((t, ids, poses.copy())))
    assert result.time > 0.2
    first, last = frames[0], frames[-1]
    z_start = first[2][first[1].index("hat:ann"), 2]
    z_end = last[2][last[1].index("hat:ann"), 2]
    assert z_start > 0.03 and z_end == pytest.approx(0.008, abs=5e-4)
    start_xy = first[2][first[1].index("hat:bob"), :2]
    assert math.dist(start_xy, result.drops[0].rest if result.drops[0].player == "bob" else result.drops[1].rest) > 0.01


def test_the_drop_is_seeded():
    a = drop_hat(["ann", "bob", "cy"], seed=9)
    assert drop_hat(["ann", "bob", "cy"], seed=9) == a
    assert drop_hat(["ann", "bob", "cy"], seed=10) != a


def test_a_match_from_the_hat_gives_mercury_to_the_nearest_and_mercury_shoots_first():
    match = Match.from_hat({"ann": RandomPlayer(1), "bob": RandomPlayer(2), "cy": RandomPlayer(3)}, seed=2)
    nearest = match.hat.drops[0].player
    assert match.names["mercury"] == nearest
    assert match.next_shooter() == "mercury"
    assert match.state.players == ("mercury", "venus", "earth")


def test_the_hat_refuses_a_name_twice_or_more_players_than_planets():
    with pytest.raises(ValueError):
        drop_hat(["ann", "ann"], seed=1)
    with pytest.raises(ValueError):
        drop_hat([f"p{i}" for i in range(8)], seed=1)
