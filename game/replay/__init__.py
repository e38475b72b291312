"""Recording shots and the replay file format (layer 3: no ShowBase).

``ShotRecorder`` and ``GameRecorder`` record; ``load_replay`` /
``save_replay`` read and write; ``timeline`` and ``director`` hold the
viewer's logic as pure code.  The file format is in docs/replay-format.md.
"""

from game.replay.fileformat import ReplayFormatError, decode_replay, encode_replay, load_replay, save_replay
from game.replay.model import GameMeta, Replay, ShotInputs, ShotRecord
from game.replay.recorder import GameRecorder, ShotRecorder, meta_from

__all__ = [
    "GameMeta", "GameRecorder", "Replay", "ReplayFormatError", "ShotInputs", "ShotRecord", "ShotRecorder",
    "decode_replay", "encode_replay", "load_replay", "meta_from", "save_replay",
]
