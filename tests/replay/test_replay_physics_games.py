"""Replays of real games: Bullet physics, the referee, seeded random players."""

import numpy as np
import pytest

from game.replay import load_replay
from game.replay.timeline import Timeline, ruling_captions
from game.rules.events import AllAtRest, ShotStarted

from tests.replay.replay_physics import record_game

MAX_MEAN_SHOT_BYTES = 60_000


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("games") / "real.replay"
    return path, record_game(path, seed=3, max_shots=10)


def test_a_recorded_game_loads_back_identical(game):
    path, recorder = game
    loaded = load_replay(path)
    assert loaded.equals(recorder.replay)
    assert len(loaded.shots) == 10
    assert loaded.meta.players[0]["planet"] == "mercury"


def test_a_real_games_shots_average_under_the_size_bound(game):
    _, recorder = game
    sizes = recorder.shot_sizes
    assert np.mean(sizes) < MAX_MEAN_SHOT_BYTES


def test_frames_start_at_the_shot_and_end_at_rest(game):
    path, _ = game
    for shot in load_replay(path).shots:
        started = next(e for e in shot.events if isinstance(e, ShotStarted))
        rest = next(e for e in shot.events if isinstance(e, AllAtRest))
        assert shot.times[0] == 0.0 and shot.times[-1] == pytest.approx(rest.t, abs=1e-5)
        taw = shot.body_index(started.body)
        assert np.allclose(shot.positions[0, taw, :2], started.position, atol=0.6e-4)
        for body, (x, y) in rest.positions.items():
            col = shot.body_index(body)
            assert shot.present[-1, col]
            assert np.allclose(shot.positions[-1, col, :2], (x, y), atol=0.6e-4), body
        # only moving bodies are stored after the first frame
        assert shot.moved[1:].sum() < 0.5 * shot.present[1:].sum()


def test_every_shot_has_its_ruling_and_ledger(game):
    path, _ = game
    replay = load_replay(path)
    for shot in replay.shots:
        assert ruling_captions(shot), "a ruling caption for every shot"
        assert set(shot.ledger) >= {"purses", "stakes"}
    assert Timeline(replay).captions_at(0.1)


def test_a_shot_recorded_from_collected_frames_equals_one_recorded_live():
    from game.match.match import new_match
    from game.match.players import RandomPlayer
    from game.replay.recorder import ShotRecorder, record_result

    def one_shot(live: bool):
        match = new_match(["earth", "mars"], [RandomPlayer(5), RandomPlayer(6)])
        shot = match.players[match.view().shooter].choose_shot(match.view())
        if live:
            recorder = ShotRecorder()
            return recorder.finish_result(match.play_shot(shot, on_frame=recorder.on_frame))
        frames = []
        result = match.play_shot(shot, on_frame=lambda t, ids, poses: frames.append((t, list(ids), poses.copy())))
        return record_result(result, frames)

    live, collected = one_shot(True), one_shot(False)
    assert live.frame_count > 2 and live.equals(collected)
