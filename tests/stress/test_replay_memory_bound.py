"""What a loaded replay keeps decoded is bounded by its poses, not by its size on disk."""

from game.replay.fileformat import KEEP_ALL_CELLS, KEEP_DECODED, decode_replay
from stress.hostile import moving_shots


def test_the_issues_61_kb_file_keeps_at_most_two_shots_decoded():
    data = moving_shots(4, 14_600, 64)          # 61 KB on disk, 3.7 million stored poses
    assert len(data) < 100_000 and 4 * 14_600 * 64 > KEEP_ALL_CELLS
    replay = decode_replay(data, "crafted.replay")
    for shot in replay.shots:
        assert shot.positions.shape == (14_600, 64, 3)
    assert len(replay.shots._recent) <= KEEP_DECODED == 2


def test_a_game_sized_file_keeps_every_shot_it_has_decoded():
    replay = decode_replay(moving_shots(4, 600, 45), "real-sized.replay")
    for shot in replay.shots:
        _ = shot.positions  # the property decodes the shot's poses
    assert len(replay.shots._recent) == 4
