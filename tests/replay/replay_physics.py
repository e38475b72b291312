"""Real games for replay tests and figures: Bullet physics, the referee and seeded random players."""

from __future__ import annotations

from dataclasses import replace

from game.replay.model import ShotInputs
from game.replay.recorder import GameRecorder, ShotRecorder, meta_from, ruling_record


def record_game(path, seed: int = 1, planets=("mercury", "earth", "mars", "saturn"), max_shots: int = 12,
                rate: float = 60.0) -> GameRecorder:
    from game.ai.rollout import settle_table
    from game.match.players import RandomPlayer
    from game.match.table import free_spot_on_line
    from game.physics import PhysicsConfig, Simulation
    from game.rules.house import HouseRules
    from game.rules.referee import judge
    from game.rules.state import new_game, start_options

    house = HouseRules()
    layout = house.layout()
    config = PhysicsConfig.for_layout(layout)
    state = new_game(list(planets), layout, house)
    players = {p: RandomPlayer(seed * 100 + i) for i, p in enumerate(planets)}
    game = GameRecorder(path, meta_from(seed, [{"planet": p, "controller": "random"} for p in planets],
                                        house.to_dict(), layout))
    for _ in range(max_shots):
        if state.finished:
            break
        shooter = state.next_shooter()
        if shooter is None:
            break
        from game.ai.headless import _view

        shot = players[shooter].choose_shot(_view(state, shooter, layout, house, config.max_shot_speed))
        positions = dict(state.positions)
        taw = f"{shooter}.taw"
        if shot.placement is not None and start_options(state, shooter, house) is not None:
            _, spot = free_spot_on_line(layout, positions, taw, shot.placement.orbit, shot.placement.angle)
            positions[taw] = spot
        recorder = ShotRecorder(ShotInputs.from_shot(shooter, shot, positions.get(taw)), rate=rate)
        events = []
        with Simulation.from_positions(positions, layout, config) as sim:
            sim.bus.subscribe(events.append)
            recorder.attach(sim)
            sim.shoot(taw, ShotInputs.from_shot(shooter, shot).velocity)
            sim.run_to_rest(**recorder.frame_hook)
        ruling = judge(state, shooter, events, layout, house)
        game.add_shot(recorder.finish(*ruling_record(ruling)))
        state = replace(ruling.state, positions=settle_table(ruling, layout))
    return game
