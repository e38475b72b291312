#!/usr/bin/env python3
"""Hash sets of shots: prove a physics change moved no bit (or show which shots it moved).

    .venv/bin/python -m tools.physics_hashes record hashes.json [--cases 300]
    .venv/bin/python -m tools.physics_hashes check hashes.json [--only rough] [--no-pool]

Each shot is hashed over its whole event log (every float's exact bytes),
its resting places and the 60 Hz poses of every frame.  The sets:

* ``fuzz``: the physics fuzz's seeded tables and shots
  (``stress.physics_fuzz.build_case``), run to rest with frames;
* ``advance``: the first fuzz cases again, stepped by ``advance`` in
  uneven wall-time slices (the live game's path);
* ``bench``: the benchmark's two heavy shots on the full 41-body table;
* ``graze``: a sideways sweep of shots past a lone marble;
* ``hat``: seeded hat drops (rule 1) with their frames;
* ``match``: a short seeded match of random players (the referee's view);
* ``rough``: the first fuzz cases, the two heavy shots and a graze sweep
  again, on rough earth (``ROUGH``: 3 mm, seed 1), run to rest with frames,
  every world taking the spare ground bodies the last ones left (one
  ``GroundPool``, as a plan's rollouts share one); ``--no-pool`` builds
  every world's anew, and must give the same hashes.

``check`` exits 1 naming every shot whose hash differs (0 when all agree).
The recorded file is the evidence of a refactor, not a test: record it on the
old revision, check it on the new one.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import struct
import sys
from pathlib import Path
from typing import Callable, Iterator

import numpy as np


class _Hasher:
    """A sha256 of events, positions and frames."""

    def __init__(self) -> None:
        self.digest = hashlib.sha256()

    def floats(self, *values: float) -> None:
        self.digest.update(struct.pack(f"<{len(values)}d", *values))

    def event(self, event: object) -> None:
        from game.rules.events import event_to_dict

        # json writes floats with repr, which round-trips every bit.
        self.digest.update(json.dumps(event_to_dict(event), sort_keys=True).encode())  # type: ignore[arg-type]

    def positions(self, positions: dict[str, tuple[float, float]]) -> None:
        for body, (x, y) in sorted(positions.items()):
            self.digest.update(body.encode())
            self.floats(x, y)

    def frame(self, t: float, ids: list[str], poses: np.ndarray) -> None:
        self.floats(t)
        self.digest.update(",".join(ids).encode())
        self.digest.update(np.ascontiguousarray(poses, dtype=np.float64).tobytes())

    def hexdigest(self) -> str:
        return self.digest.hexdigest()


def _fuzz_cases(cases: int) -> list[object]:
    from game.physics import PhysicsConfig
    from stress.physics_fuzz import build_case

    cap = PhysicsConfig().max_shot_speed
    master = random.Random(20261201)
    return [build_case(master.getrandbits(32), cap) for _ in range(cases)]


ROUGH = (3.0, 1)   # the rough set's ground: roughness (mm) and seed


def _shoot(table: dict[str, tuple[float, float]], taw: str, velocity: tuple[float, float],
           layout: object = None, stepped: bool = False, rough: tuple[float, int] | None = None,
           pool: object = None) -> str:
    from game.physics import PhysicsConfig, Simulation
    from game.physics.terrain import Terrain
    from game.rules.layout import Layout

    lay = layout or Layout()
    h = _Hasher()
    ground = Terrain.rough(*rough) if rough else Terrain()
    config = PhysicsConfig.for_layout(lay, ground=ground, ground_pool=pool)  # type: ignore[arg-type]
    sim = Simulation.from_positions(table, lay, config)
    try:
        sim.bus.subscribe(h.event)
        sim.shoot(taw, velocity)
        if stepped:
            slices = (0.011, 0.0167, 0.05, 0.0, 0.3, 0.02)
            k = 0
            while not sim.advance(slices[k % len(slices)], on_frame=h.frame):
                k += 1
        else:
            sim.run_to_rest(on_frame=h.frame)
        h.positions(sim.positions())
        h.floats(*[c for v in sorted(sim.velocities().items()) for c in v[1]])
    finally:
        sim.close()
    return h.hexdigest()


def fuzz_set(cases: int, rough: tuple[float, int] | None = None, pool: object = None) -> Iterator[tuple[str, str]]:
    from game.physics import shot_velocity
    from game.rules.layout import taw_id

    for case in _fuzz_cases(cases):
        key = f"seed {case.seed}"  # type: ignore[attr-defined]
        yield key, _shoot(case.table, taw_id(case.shooter),  # type: ignore[attr-defined]
                          shot_velocity(case.speed, case.direction), rough=rough, pool=pool)  # type: ignore[attr-defined]


def advance_set(cases: int) -> Iterator[tuple[str, str]]:
    from game.physics import shot_velocity
    from game.rules.layout import taw_id

    for case in _fuzz_cases(cases):
        yield f"seed {case.seed}", _shoot(case.table, taw_id(case.shooter),  # type: ignore[attr-defined]
                                          shot_velocity(case.speed, case.direction),  # type: ignore[attr-defined]
                                          stepped=True)


def bench_set(rough: tuple[float, int] | None = None, pool: object = None) -> Iterator[tuple[str, str]]:
    from benchmarks.bench_physics import SHOTS, full_table, heavy_shot

    from game.physics import PhysicsConfig
    from game.rules.layout import Layout

    layout = Layout().with_jupiter_moons(8)
    config = PhysicsConfig.for_layout(layout)
    for which in SHOTS:
        body, velocity = heavy_shot(layout, config, which)
        yield which, _shoot(full_table(layout), body, velocity, layout, rough=rough, pool=pool)


def graze_set(rough: tuple[float, int] | None = None, every: int = 3, pool: object = None) -> Iterator[tuple[str, str]]:
    from game.physics import shot_velocity

    target = (0.3, -0.7)
    for speed in (3.8, 2.0, 0.7):
        for direction in (0.0, 17.0, -135.36):
            a = math.radians(direction)
            for k in range(0, 66, every):
                offset = k * 0.25 / 1000
                start = (target[0] - 0.5 * math.cos(a) - math.sin(a) * offset,
                         target[1] - 0.5 * math.sin(a) + math.cos(a) * offset)
                table = {"sun": (0.0, 0.0), "mars": target, "mars.taw": start}
                yield (f"{speed} {direction} {k}",
                       _shoot(table, "mars.taw", shot_velocity(speed, direction), rough=rough, pool=pool))


def hat_set() -> Iterator[tuple[str, str]]:
    from game.match.hat import drop_hat

    for seed in range(12):
        players = [f"p{i}" for i in range(1 + seed % 7)]
        h = _Hasher()
        result = drop_hat(players, seed, on_frame=h.frame)
        for drop in result.drops:
            h.digest.update(f"{drop.player}={drop.planet};".encode())
            h.floats(*drop.start, drop.distance, *(drop.rest or (math.nan, math.nan)))
        h.floats(*result.sun, result.time)
        yield f"seed {seed}", h.hexdigest()


def match_set() -> Iterator[tuple[str, str]]:
    from stress.determinism import match_digest

    for seed in (3, 11):
        digest, shots = match_digest(seed, ["random", "random", "random"], 4)
        yield f"seed {seed}", f"{digest} {shots}"


def rough_set(cases: int, pooled: bool = True) -> Iterator[tuple[str, str]]:
    """Fuzz cases, the heavy shots and a graze sweep on rough earth (``ROUGH``), all worlds sharing one pool of
    spare ground bodies (``pooled``) or each making its own."""
    from game.physics.ground_contact import GroundPool

    pool = GroundPool() if pooled else None
    for name, shots in (("fuzz", fuzz_set(max(1, cases // 6), ROUGH, pool)), ("bench", bench_set(ROUGH, pool)),
                        ("graze", graze_set(ROUGH, every=9, pool=pool))):
        for key, digest in shots:
            yield f"{name} {key}", digest


def all_sets(cases: int, pooled: bool = True) -> dict[str, Callable[[], Iterator[tuple[str, str]]]]:
    return {
        "fuzz": lambda: fuzz_set(cases),
        "advance": lambda: advance_set(max(1, cases // 6)),
        "bench": bench_set,
        "graze": graze_set,
        "hat": hat_set,
        "match": match_set,
        "rough": lambda: rough_set(cases, pooled),
    }


def record(cases: int, pooled: bool = True, only: list[str] | None = None) -> dict[str, object]:
    out: dict[str, object] = {"cases": cases}
    for name, make in all_sets(cases, pooled).items():
        if only and name not in only:
            continue
        out[name] = dict(make())
        sys.stderr.write(f"{name}: {len(out[name])} shots\n")  # type: ignore[arg-type]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("record", "check"))
    parser.add_argument("file")
    parser.add_argument("--cases", type=int, default=300, help="fuzz shots to hash (record only)")
    parser.add_argument("--no-pool", action="store_true", help="rough set: every world makes its ground bodies anew")
    parser.add_argument("--only", choices=sorted(all_sets(1)), action="append",
                        help="check only this set (repeatable; record always records every set)")
    args = parser.parse_args(argv)
    path = Path(args.file)
    if args.mode == "record":
        from game.fileio import write_atomic

        write_atomic(path, json.dumps(record(args.cases, not args.no_pool), indent=1, sort_keys=True) + "\n")
        return 0
    try:
        want = json.loads(path.read_text())
    except (OSError, ValueError) as err:
        sys.stderr.write(f"physics_hashes: cannot read {path}: {err}\n")
        return 2
    if args.only:
        want = {name: shots for name, shots in want.items() if name == "cases" or name in args.only}
    got = record(int(want["cases"]), not args.no_pool, args.only)
    differ = [f"{name}/{key}" for name, shots in want.items() if isinstance(shots, dict)
              for key, digest in shots.items() if got.get(name, {}).get(key) != digest]  # type: ignore[union-attr]
    total = sum(len(s) for s in want.values() if isinstance(s, dict))
    if differ:
        print(f"{len(differ)} of {total} shots differ:")
        for name in differ[:50]:
            print("  " + name)
        return 1
    print(f"all {total} shots identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
