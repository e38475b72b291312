"""A replay's ground: its header's house rules name it; an old file without them was played on the smooth plane."""

from __future__ import annotations

import numpy as np
import pytest

from game.match.match import Match
from game.match.players import ScriptedPlayer, Shot
from game.physics.terrain import Terrain
from game.replay.recorded_ground import recorded_ground
from game.replay.fileformat import load_replay
from game.replay.recorder import GameRecorder, ShotRecorder, meta_from
from game.rules.house import GroundKind, HouseRuleError, HouseRules


def test_a_header_without_the_ground_is_the_smooth_plane():
    old = {"starting_purse": 20, "rule3_gate": "taking"}   # a file from before the ground was a house rule
    assert recorded_ground(old) == Terrain.flat()


def test_a_header_names_rough_earth_with_its_roughness_and_seed():
    house = HouseRules(ground=GroundKind.ROUGH, ground_roughness_mm=4.0, ground_seed=17)
    assert recorded_ground(house.to_dict()) == Terrain.rough(4.0, 17)


@pytest.mark.parametrize("header", [{"ground": "lumpy"}, {"ground": "rough", "ground_roughness_mm": 1e9},
                                    {"ground_seed": "x"}, ["ground"]])
def test_a_bad_ground_in_a_header_is_a_one_line_error(header):
    with pytest.raises(HouseRuleError) as caught:
        recorded_ground(header, source="game.replay")
    assert str(caught.value).startswith("game.replay: ") and "\n" not in str(caught.value)


def test_a_recorded_rough_game_reads_back_on_the_same_ground(tmp_path):
    house = HouseRules(ground=GroundKind.ROUGH, ground_roughness_mm=6.0, ground_seed=5, round_limit=1)
    match = Match({"mars": ScriptedPlayer([Shot(200.0, 0.8)]), "venus": ScriptedPlayer([Shot(10.0, 0.8)])},
                  house=house)
    path = tmp_path / "rough.replay"
    game = GameRecorder(path, meta_from(3, [], house.to_dict(), None))
    recorder = ShotRecorder(rate=match.frame_hz)
    view = match.view()
    result = match.play_shot(match.players[view.shooter].choose_shot(view), on_frame=recorder.on_frame)
    game.add_shot(recorder.finish_result(result))
    replay = load_replay(path)
    assert recorded_ground(replay.meta.house_rules) == Terrain.rough(6.0, 5) == match.config.ground
    # the recorded poses lie on that ground: the viewer draws the balls where the ground is
    shot = replay.shots[0]
    ground = recorded_ground(replay.meta.house_rules)
    xyz = shot.positions.reshape(-1, 3)
    xyz = xyz[~np.isnan(xyz).any(axis=1)]
    lift = xyz[:, 2] - ground.height_at(xyz[:, 0], xyz[:, 1])
    assert len(xyz) > 10 and np.all(np.abs(lift - 0.00815) < 0.0004)   # 8 or 8.25 mm above it, to the 0.1 mm grid
