"""A match under rough-earth house rules: the hat drop, every shot, the AI's and the coach's worlds all on that ground."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from game.ai.candidates import Candidate
from game.ai.player import situation_from_view
from game.ai.rollout import play
from game.match.deal import deal_planets
from game.match.hat import drop_hat
from game.match.match import Match
from game.match.players import ScriptedPlayer, Shot
from game.match.seating import Seat, Seating
from game.physics.terrain import Terrain
from game.rules.house import GroundKind, HouseRules
from game.rules.layout import Layout

ROUGH = HouseRules(ground=GroundKind.ROUGH, ground_roughness_mm=8.0, ground_seed=5)


def test_the_house_rules_name_the_ground_of_every_shot_of_a_match():
    players = {"mars": ScriptedPlayer([Shot(0.0, 0.5)]), "venus": ScriptedPlayer([Shot(0.0, 0.5)])}
    assert Match(players, house=ROUGH).config.ground == Terrain.rough(8.0, 5)
    assert Match(players).config.ground.is_flat
    from game.physics import PhysicsConfig
    config = PhysicsConfig.for_game(Layout(), ROUGH, max_shot_time=9.0)
    assert Match(players, house=ROUGH, config=config).config == config   # its own, with a pool for its shots


def test_a_match_s_shots_share_one_pool_of_spare_slab_bodies():
    from game.physics import PhysicsConfig
    from game.physics.ground_contact import GroundPool

    players = {"mars": ScriptedPlayer([Shot(100.0, 0.7)]), "venus": ScriptedPlayer([Shot(100.0, 0.7)])}
    match = Match(players, house=ROUGH)
    pool = match.config.ground_pool
    assert isinstance(pool, GroundPool) and pool.spares() == []
    match.play_turn()
    assert len(pool.spares(Terrain.rough(8.0, 5))) == len(match.state.positions)   # the shot's world left them
    given = GroundPool()
    assert Match(players, house=ROUGH, config=PhysicsConfig.for_game(Layout(), ROUGH, ground_pool=given)
                 ).config.ground_pool is given


def test_a_match_refuses_a_config_rolling_on_another_ground_than_the_house_rules_name():
    from game.match.match import GroundMismatchError
    from game.physics import PhysicsConfig

    players = {"mars": ScriptedPlayer([Shot(0.0, 0.5)]), "venus": ScriptedPlayer([Shot(0.0, 0.5)])}
    with pytest.raises(GroundMismatchError, match=r"config's ground \(the smooth plane\) is not the one the house "
                                                  r"rules name \(rough ground of 8 mm, seed 5\)"):
        Match(players, house=ROUGH, config=PhysicsConfig(max_shot_time=9.0))
    with pytest.raises(GroundMismatchError, match=r"\(rough ground of 8 mm, seed 6\) is not .* \(the smooth plane\)"):
        Match(players, config=PhysicsConfig(ground=Terrain.rough(8.0, 6)))
    with pytest.raises(GroundMismatchError):   # the same kind and roughness, another seed
        Match.from_hat({"ann": ScriptedPlayer([Shot(0.0, 0.5)]), "bob": ScriptedPlayer([Shot(0.0, 0.5)])}, 1, house=ROUGH,
                       config=PhysicsConfig(ground=Terrain.rough(8.0, 6)))


def test_a_shot_on_rough_earth_rolls_elsewhere_than_on_the_plane():
    def rest(house):
        match = Match({"mars": ScriptedPlayer([Shot(100.0, 0.7)]), "venus": ScriptedPlayer([Shot(100.0, 0.7)])},
                      house=house)
        result = match.play_turn()
        return result.positions[f"{result.shooter}.taw"]
    smooth, rough = rest(HouseRules()), rest(ROUGH)
    assert np.hypot(smooth[0] - rough[0], smooth[1] - rough[1]) > 0.003


def _last_frame(frames):
    return frames[-1][1], frames[-1][2]


@pytest.mark.parametrize("seed", [3, 4])
def test_the_hat_drop_lands_and_rests_on_rough_earth(seed):
    frames = []
    ground = Terrain.rough(8.0, 5)
    hat = drop_hat(["ann", "bob", "cy"], seed, on_frame=lambda t, ids, poses: frames.append((t, ids, poses.copy())),
                   ground=ground)
    ids, poses = _last_frame(frames)
    lay = Layout()
    for body, (x, y, z) in zip(ids, poses[:, :3]):
        if np.hypot(x, y) <= lay.play_radius:
            radius = lay.sun_radius if body == "sun" else lay.marble_radius
            assert z == pytest.approx(ground.centre_height(x, y, radius), abs=1e-4)
    again = drop_hat(["ann", "bob", "cy"], seed, ground=ground)
    assert again == hat   # the same seed, the same drop
    assert drop_hat(["ann", "bob", "cy"], seed).drops != hat.drops


def test_a_match_from_the_hat_and_a_seated_deal_drop_onto_the_house_ground():
    flat = Match.from_hat({"ann": ScriptedPlayer([Shot(0.0, 0.5)]), "bob": ScriptedPlayer([Shot(0.0, 0.5)])}, seed=11).hat
    rough = Match.from_hat({"ann": ScriptedPlayer([Shot(0.0, 0.5)]), "bob": ScriptedPlayer([Shot(0.0, 0.5)])}, seed=11, house=ROUGH).hat
    assert rough == drop_hat(["ann", "bob"], 11, ground=Terrain.rough(8.0, 5)) != flat
    seating = Seating((Seat.person("ann"), Seat.person("bob")))
    assert deal_planets(seating, 11, ground=Terrain.rough(8.0, 5)).hat == rough


def test_the_ai_plans_on_the_ground_the_match_plays_on():
    # A rollout of the AI plays the shot the match then plays, to the same resting places.
    match = Match({"mars": ScriptedPlayer([Shot(100.0, 0.7)]), "venus": ScriptedPlayer([Shot(0.0, 0.5)])}, house=ROUGH)
    if match.taws_to_lay:
        match.lay_taws()
    view = match.view()
    sit = situation_from_view(view)
    taw = view.positions[f"{view.shooter}.taw"]
    _, planned = play(sit, Candidate(taw, np.radians(100.0), 0.7, None, "spread"))
    played = match.play_shot(Shot(100.0, 0.7)).positions
    assert planned == played
    with_plane = play(replace(sit, house=HouseRules()), Candidate(taw, np.radians(100.0), 0.7, None, "spread"))[1]
    assert with_plane != played
