"""Replay figures: bytes per shot on real games, recording overhead, encode/decode, viewer and export cost.

Run: .venv/bin/python -m benchmarks.bench_replay [--games 3] [--shots 30] [--repeats 7]
Medians, measured side by side in one run.  Real games: Bullet physics, the
referee and seeded random players over a four-planet table.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path



def median_time(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--shots", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--render", action="store_true", help="also time the viewer and export (offscreen)")
    return parser.parse_args()


def report_sizes(n_games: int, shots: int) -> list:
    """Record seeded games and print what their shots cost on disk; returns the recorded games."""
    from tests.replay.replay_physics import record_game

    sizes, durations, frames, stored, cells = [], [], [], [], []
    games = []
    for seed in range(1, n_games + 1):
        game = record_game(None, seed=seed, max_shots=shots)
        games.append(game)
        sizes += game.shot_sizes
        for shot in game.replay.shots:
            durations.append(shot.duration)
            frames.append(shot.frame_count)
            stored.append(int(shot.moved.sum()))
            cells.append(int(shot.present.sum()))
    print(f"{len(sizes)} shots in {n_games} games")
    print(f"bytes per shot: mean {statistics.mean(sizes):.0f}, median {statistics.median(sizes):.0f}, "
          f"max {max(sizes)}; mean shot {statistics.mean(durations):.2f} s, {statistics.mean(frames):.0f} frames")
    print(f"poses stored / poses present: {sum(stored) / sum(cells):.3f}")
    raw = sum(cells) * 7 * 4
    print(f"whole-file bytes vs float32 poses of every body every frame: {sum(sizes)} / {raw} = {sum(sizes) / raw:.4f}")
    return games


def report_recording_overhead(repeats: int) -> None:
    """The same 3 m/s shot at the Sun with and without the frame hook, in fresh worlds."""
    from game.physics import Simulation
    from game.replay.fileformat import encode_shot_chunk
    from game.replay.model import ShotInputs
    from game.replay.recorder import ShotRecorder
    from game.rules.layout import PLANETS, Layout, taw_id

    layout = Layout()
    positions = dict(layout.home_positions())
    for planet in PLANETS:
        positions[taw_id(planet)] = layout.home_on_line(planet, layout.default_taw_angle(planet))
    sun = positions["sun"]
    tx, ty = positions["earth.taw"]
    direction = ShotInputs.from_velocity("earth", "earth.taw", (sun[0] - tx, sun[1] - ty))
    inputs = ShotInputs("earth", "earth.taw", direction.direction, 3.0)

    def plain() -> None:
        with Simulation.from_positions(positions, layout) as sim:
            sim.shoot("earth.taw", inputs.velocity)
            sim.run_to_rest()

    def recorded() -> None:
        rec = ShotRecorder(inputs)
        with Simulation.from_positions(positions, layout) as sim:
            rec.attach(sim)
            sim.shoot("earth.taw", inputs.velocity)
            sim.run_to_rest(**rec.frame_hook)
        encode_shot_chunk(rec.finish())

    def sampled() -> None:  # the physics' own cost of producing 60 Hz poses, with a no-op listener
        with Simulation.from_positions(positions, layout) as sim:
            sim.shoot("earth.taw", inputs.velocity)
            sim.run_to_rest(on_frame=lambda t, ids, poses: None, frame_hz=60.0)

    t_plain = median_time(plain, repeats)
    t_sampled = median_time(sampled, repeats)
    t_rec = median_time(recorded, repeats)
    print(f"a 3 m/s shot at the Sun: physics only {t_plain * 1e3:.1f} ms; with 60 Hz poses to a no-op "
          f"{t_sampled * 1e3:.1f} ms ({t_sampled / t_plain:.2f}); + recording and encoding {t_rec * 1e3:.1f} ms "
          f"({t_rec / t_plain:.2f})")


def report_loading_and_saving(game, repeats: int) -> None:
    """Decoding a whole game, making its poses dense, and the recorder's rewrite per shot."""
    from game.replay import decode_replay
    from game.replay.recorder import GameRecorder

    data = game.to_bytes()
    shots = len(game.replay.shots)
    t_decode = median_time(lambda: decode_replay(data), repeats)

    def densify() -> None:
        for shot in decode_replay(data).shots:
            _ = shot.positions  # the property decodes the shot's poses

    t_dense = median_time(densify, repeats)
    print(f"load a {shots}-shot game ({len(data)} bytes): decode+validate {t_decode * 1e3:.1f} ms, "
          f"+ dense poses {t_dense * 1e3:.1f} ms ({t_dense / shots * 1e3:.2f} ms a shot)")
    with tempfile.TemporaryDirectory() as folder:
        rec = GameRecorder(Path(folder) / "g.replay", game.meta)
        first = last = 0.0
        for i, shot in enumerate(game.replay.shots):
            start = time.perf_counter()
            rec.add_shot(shot)
            spent = time.perf_counter() - start
            if i == 0:
                first = spent
            last = spent
        print(f"GameRecorder.add_shot (encode + atomic rewrite + fsync): shot 1 {first * 1e3:.1f} ms, "
              f"shot {shots} {last * 1e3:.1f} ms")


def report_rendering(game) -> None:
    """The viewer's per-frame work and the export's grab and PNG encoding, offscreen at 1280x720."""
    from game.app.replay.export import encode_png_rgb
    from game.app.replay.viewer import ReplayViewer
    from game.app.scene.offscreen import grab, make_offscreen_base
    from game.app.scene.snapshot import encode_png

    base = make_offscreen_base((1280, 720))
    viewer = ReplayViewer(base, game.replay, camera="auto", trails=True, controls=False, run_task=False)
    ts = [i * 0.05 for i in range(60)]
    t_show = median_time(lambda: [viewer.show_at(t) for t in ts], 3) / len(ts)
    t_frame = median_time(lambda: [grab(base.win, base) for _ in range(10)], 3) / 10
    image = grab(base.win, base)
    t_png = median_time(lambda: encode_png(image), 3)
    t_fast = median_time(lambda: encode_png_rgb(image), 5)
    print(f"viewer show_at (poses, camera, overlays) {t_show * 1e3:.2f} ms; grab (2 renders + read) 1280x720 "
          f"{t_frame * 1e3:.1f} ms; PNG: PNMImage {t_png * 1e3:.0f} ms, numpy+zlib {t_fast * 1e3:.0f} ms "
          f"(ratio {t_png / t_fast:.1f})")
    viewer.destroy()
    base.destroy()


def main() -> None:
    args = parse_args()
    games = report_sizes(args.games, args.shots)
    report_recording_overhead(args.repeats)
    report_loading_and_saving(games[0], args.repeats)
    if args.render:
        report_rendering(games[0])


if __name__ == "__main__":
    main()
