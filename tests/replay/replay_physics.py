"""Real games for replay tests and figures: the match's turn loop (Bullet physics, the referee) and
seeded random players."""

from __future__ import annotations

from game.replay.recorder import GameRecorder, ShotRecorder, meta_from


def record_game(path, seed: int = 1, planets=("mercury", "earth", "mars", "saturn"), max_shots: int = 12,
                rate: float = 60.0) -> GameRecorder:
    from game.match.match import new_match
    from game.match.players import RandomPlayer

    match = new_match(list(planets), [RandomPlayer(seed * 100 + i) for i in range(len(planets))], frame_hz=rate)
    game = GameRecorder(path, meta_from(seed, [{"planet": p, "controller": "random"} for p in planets],
                                        match.house.to_dict(), match.layout))
    for _ in range(max_shots):
        if match.is_over():
            break
        view = match.view()
        shot = match.players[view.shooter].choose_shot(view)
        recorder = ShotRecorder(rate=rate)
        result = match.play_shot(shot, on_frame=recorder.on_frame)
        game.add_shot(recorder.finish_result(result))
    return game
