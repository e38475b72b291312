"""Determinism of a whole match: the same seed and inputs give the same game, bit for bit.

``match_digest`` plays a seeded match through everything that chooses or
moves: the Bullet hat drop (rule 1), the AI's planning (rollouts in Bullet,
the referee on each), its noisy hands, the shot in Bullet, the referee's
ruling and the match carrying it out.  The digest covers every ruling (as
the referee's JSON) and the exact float bytes of every shot's speed and
direction and every resting position.  ``python -m stress.determinism
SEED LEVELS ROUNDS`` prints it, so two processes can be compared.
"""

from __future__ import annotations

import hashlib
import json
import struct
import sys
from typing import Sequence


def _floats(*values: float) -> bytes:
    return struct.pack(f"<{len(values)}d", *values)


def match_digest(seed: int, levels: Sequence[str], rounds: int) -> tuple[str, int]:
    """(sha256 of the whole match, shots played) for a seeded AI match."""
    from dataclasses import replace

    from game.ai.hand_noise import seed_for
    from game.ai.player import make_player
    from game.ai.workers import PlannerPool
    from game.match.match import Match
    from game.rules.house import HouseRules
    from game.rules.ruling_text import ruling_to_json

    digest = hashlib.sha256()
    house = replace(HouseRules(), round_limit=rounds)
    with PlannerPool(0) as pool:
        people = {f"seat {i + 1}": make_player(level, seed_for(seed, "player", i), pool)
                  for i, level in enumerate(levels)}
        match = Match.from_hat(people, seed=seed_for(seed, "hat"), house=house)
        for person, planet in sorted(match.names.items()):
            digest.update(f"{person}={planet};".encode())
        for body, (x, y) in sorted(match.state.positions.items()):
            digest.update(body.encode() + _floats(x, y))
        while not match.is_over():
            result = match.play_turn()
            shot = result.shot
            digest.update(result.shooter.encode() + _floats(shot.speed, shot.direction, *result.start))
            if shot.placement is not None:
                digest.update(shot.placement.orbit.encode() + _floats(shot.placement.angle))
            digest.update(json.dumps(ruling_to_json(result.ruling), sort_keys=True).encode())
            for body, (x, y) in sorted(result.positions.items()):
                digest.update(body.encode() + _floats(x, y))
        digest.update(json.dumps(dict(sorted(match.state.purses.items()))).encode())
        return digest.hexdigest(), len(match.history)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    seed, levels, rounds = int(args[0]), args[1].split(","), int(args[2])
    hexdigest, shots = match_digest(seed, levels, rounds)
    print(f"{hexdigest} {shots}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
