"""Match-layer timings, side by side in one run: where a shot's time goes.

    .venv/bin/python -m benchmarks.bench_match [--shots 40] [--repeats 3]

For a fixed set of tables taken from seeded random games, each shot is timed
three ways: the whole ``Match.play_shot`` (physics, referee, carrying out,
checks), the physics alone (``play_physics``), and the referee alone
(``judge`` on the recorded log).  Also the hat drop and a scenario file.
Medians over repeats; ratios against the physics alone.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace
from functools import partial
from pathlib import Path

from game.match.hat import drop_hat
from game.match.match import Match, play_physics
from game.match.players import RandomPlayer
from game.physics import PhysicsConfig
from game.rules.house import HouseRules
from game.rules.layout import taw_id
from game.rules.referee import judge
from game.scenario.format import load_scenario
from game.scenario.run import run_scenario


def median_ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def time_shot(state, shot, house: HouseRules, repeats: int) -> tuple[float, float, float]:
    """Median ms of one shot from ``state``: the whole ``Match.play_shot``, the physics alone, the referee alone."""
    def play_whole():
        m = Match({p: RandomPlayer(0) for p in state.players}, house=house, state=state)
        m.play_shot(shot)

    shooter = state.next_shooter()
    probe = Match({p: RandomPlayer(0) for p in state.players}, house=house, state=state)
    start, _ = probe.start_of(shot, shooter)
    table = dict(state.positions)
    table[taw_id(shooter)] = start
    layout, config = probe.layout, probe.config
    events = play_physics(table, taw_id(shooter), shot.direction, shot.speed, layout, config)
    return (median_ms(play_whole, repeats),
            median_ms(lambda: play_physics(table, taw_id(shooter), shot.direction, shot.speed, layout, config),
                      repeats),
            median_ms(lambda: judge(replace(state, positions=table), shooter, events, layout, house), repeats))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=int, default=40, help="shots sampled from the seeded game")
    parser.add_argument("--repeats", type=int, default=3, help="repeats per timing (median reported)")
    args = parser.parse_args()
    repeats = args.repeats
    house = replace(HouseRules(), round_limit=6)
    match = Match.from_hat({f"p{i}": RandomPlayer(i) for i in range(4)}, seed=3, house=house)
    samples = []
    while not match.is_over() and len(samples) < args.shots:
        before = match.state
        view = match.view()
        shot = match.players[view.shooter].choose_shot(view)
        samples.append((before, shot))
        match.play_shot(shot)

    whole, physics, referee = zip(*(time_shot(state, shot, house, repeats) for state, shot in samples))
    p = statistics.median(physics)
    print(f"shots sampled: {len(samples)} (4 players, random shots)")
    print(f"physics alone (fresh world, shot to rest): median {p:.2f} ms")
    print(f"referee alone (judge):                     median {statistics.median(referee):.3f} ms "
          f"({statistics.median(referee) / p:.3f} x physics)")
    print(f"whole Match.play_shot:                     median {statistics.median(whole):.2f} ms "
          f"({statistics.median(whole) / p:.2f} x physics)")
    for n in (2, 4, 7):
        ms = median_ms(partial(drop_hat, [f"p{i}" for i in range(n)], seed=1), repeats + 2)
        print(f"hat drop, {n} players: median {ms:.1f} ms")
    path = Path(__file__).resolve().parents[1] / "tests" / "scenarios" / "rule07_sun_against_planet.toml"
    cap = PhysicsConfig().max_shot_speed
    ms = median_ms(lambda: run_scenario(load_scenario(path, max_speed=cap)), repeats + 2)
    print(f"scenario rule07 (load + run + rule): median {ms:.1f} ms")


if __name__ == "__main__":
    main()
