"""Physics benchmark: the standard heavy shots on a full seven-player table.

    .venv/bin/python -m benchmarks.bench_physics --repeats 15 [--baseline REV]

Two shots at the cap on the 41-body table (``saturn``: through Saturn's ring
into Saturn; ``sun``: Earth's taw at the Sun). Medians of CPU time, side by
side in one run (the cores are shared): the full pipeline, bare Bullet
stepping the identical world and shot (undamped, and damped as a stand-in
for rolling resistance), building a world, a planning rollout, and the full
pipeline with 60 Hz poses. ``--baseline REV`` times ``game/physics`` as it
was at git revision ``REV`` beside the current one, repeats interleaved.
``--floor`` times each shot beside itself with the planner's looks
replayed from a first run (``physics_floor.py``): what is left when looking costs nothing.
``--grounds`` (or ``--grounds-only``) times the same shots, a lone slow
roll and a fresh world on the smooth plane, on level slabs and on rough earth, side by side:
``--repeats`` rounds, each sample a batch of runs of about ``--batch-ms``
of CPU, and each ratio rough / plane with a bootstrap interval (with
``--baseline REV``, ``--grounds-only`` times REV's grounds in the same rounds).
What each figure means: ``docs/performance.md``, "Physics".
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import tempfile
import time
from pathlib import Path
from types import ModuleType

import numpy as np
from panda3d.core import Vec3

from benchmarks.baseline import load_baseline
from benchmarks.physics_floor import floor_row
from game.physics import PhysicsConfig, Simulation
from game.physics.units import BULLET_UNIT  # Bullet lengths per metre
from game.rules.layout import PLANETS, Layout, taw_id


# CPU time of this process: the machine's two cores are shared with other
# jobs, and wall time would count the time spent waiting for a core.
CLOCK = time.process_time


def full_table(layout: Layout) -> dict[str, tuple[float, float]]:
    """Home positions of all seven planets and their satellites, the Sun, and seven taws."""
    spots = dict(layout.home_positions())
    for planet in PLANETS:
        spots[taw_id(planet)] = layout.home_on_line(planet, layout.default_taw_angle(planet))
    # The shooter: Saturn's taw, 0.25 m outside Saturn on the radial line.
    sx, sy = layout.saturn_home()
    r = math.hypot(sx, sy)
    spots[taw_id("saturn")] = (sx + 0.25 * sx / r, sy + 0.25 * sy / r)
    return spots


SHOTS = ("saturn", "sun")


def heavy_shot(layout: Layout, config: PhysicsConfig, which: str = "saturn") -> tuple[str, tuple[float, float]]:
    """``saturn``: Saturn's taw into Saturn's ring; ``sun``: Earth's taw from its line at the Sun."""
    v = config.max_shot_speed
    if which == "saturn":
        sx, sy = layout.saturn_home()
        r = math.hypot(sx, sy)
        return taw_id("saturn"), (-v * sx / r, -v * sy / r)
    ex, ey = layout.home_on_line("earth", layout.default_taw_angle("earth"))
    r = math.hypot(ex, ey)
    return taw_id("earth"), (-v * ex / r, -v * ey / r)


def _no_frame(t: float, ids: list[str], poses: object) -> None:
    pass


def run_full(spots, layout, config, which, frames: bool = False,
             simulation: type = Simulation) -> tuple[float, float, int, int, int]:
    """CPU seconds, simulated seconds, base substeps, event count and Bullet substeps stepped of the full pipeline.

    The pipeline steps finer substeps where bodies may meet
    (``game/physics/substeps.py``), so it steps more substeps than the
    shot's time at the base rate.

    ``frames``: with a no-op ``on_frame`` at 60 Hz, so ``poses()`` runs every 1/60 s.
    """
    sim = simulation.from_positions(spots, layout, config)
    events: list[object] = []
    sim.bus.subscribe(events.append)
    body, velocity = heavy_shot(layout, config, which)
    t0 = CLOCK()
    sim.shoot(body, velocity)
    if frames:
        rest = sim.run_to_rest(on_frame=_no_frame, frame_hz=60.0)
    else:
        rest = sim.run_to_rest()
    wall = CLOCK() - t0
    substeps = round(rest.t * config.substep_hz)
    stepped = getattr(sim, "stepped", substeps)
    sim.close()
    return wall, rest.t, substeps, len(events), stepped


def run_bare(spots, layout, config, which, substeps: int, damped: bool, span: float | None = None) -> float:
    """CPU seconds of bare Bullet stepping the identical world (ground, gravity) for ``substeps``, no Python between calls.

    ``span``: the simulated seconds the substeps cover (default: that many
    base substeps); given with the pipeline's own substep count, bare Bullet
    steps as many, equally long, as the pipeline did.
    """
    sim = Simulation.from_positions(spots, layout, config)
    world = sim._world
    if damped:
        for body in sim._bodies.values():
            # Exponential damping with Bullet's own sleeping: the cheapest
            # stand-in for rolling resistance Bullet offers.
            body.node.setLinearDamping(0.5)
            body.node.setLinearSleepThreshold(0.01 * BULLET_UNIT)  # 1 cm/s
    body, velocity = heavy_shot(layout, config, which)
    node = sim._bodies[body].node
    h = config.substep if span is None else span / substeps
    k = config.substeps_per_call if span is None else max(1, round(config.call / h))
    t0 = CLOCK()
    node.setLinearVelocity(Vec3(velocity[0] * BULLET_UNIT, velocity[1] * BULLET_UNIT, 0.0))
    node.setActive(True, True)
    done = 0
    while done < substeps:
        n = min(k, substeps - done)
        world.doPhysics(n * h, n, h)
        done += n
    wall = CLOCK() - t0
    sim.close()
    return wall


def time_build(spots, layout, config, repeats: int = 50) -> float:
    t0 = CLOCK()
    for _ in range(repeats):
        Simulation.from_positions(spots, layout, config).close()
    return (CLOCK() - t0) / repeats


def time_rollout(spots, layout, config, which) -> float:
    body, velocity = heavy_shot(layout, config, which)
    t0 = CLOCK()
    sim = Simulation.from_positions(spots, layout, config)
    sim.shoot(body, velocity)
    sim.run_to_rest()
    sim.close()
    return CLOCK() - t0


def time_poses(spots, layout, config, which, simulation: type = Simulation, calls: int = 200) -> float:
    """CPU seconds of one ``poses()`` call a quarter second into the shot (the taw rolling)."""
    sim = simulation.from_positions(spots, layout, config)
    body, velocity = heavy_shot(layout, config, which)
    sim.shoot(body, velocity)
    sim.advance(0.25)
    sim.poses()
    t0 = CLOCK()
    for _ in range(calls):
        sim.poses()
    spent = (CLOCK() - t0) / calls
    sim.close()
    return spent


def compare_baseline(rev: str, spots, layout, config, repeats: int) -> None:
    """The package at ``rev`` and the current one, repeats interleaved."""
    with tempfile.TemporaryDirectory() as folder:
        old = load_baseline(rev, "game.physics", "physics_baseline", Path(folder)).Simulation
        print(f"\nbaseline {rev} vs now (CPU time, medians of {repeats}; overhead ratio = with poses / full):")
        print("| shot | package | full pipeline | with 60 Hz poses | poses overhead | one poses() call |")
        print("|---|---|---|---|---|---|")
        for which in SHOTS:
            got: dict[str, dict[str, list[float]]] = {}
            for _ in range(repeats):
                for name, simulation in (("baseline", old), ("now", Simulation)):
                    row = got.setdefault(name, {"full": [], "frames": [], "poses": []})
                    row["full"].append(run_full(spots, layout, config, which, simulation=simulation)[0])
                    row["frames"].append(run_full(spots, layout, config, which, True, simulation)[0])
                    row["poses"].append(time_poses(spots, layout, config, which, simulation, calls=50))
            for name, row in got.items():
                full = statistics.median(row["full"])
                framed = statistics.median(row["frames"])
                print(f"| {which} | {name} | {full * 1e3:.2f} | {framed * 1e3:.2f} | "
                      f"{(framed - full) * 1e3:.2f} ms ({framed / full:.2f}x) | "
                      f"{statistics.median(row['poses']) * 1e6:.1f} us |")
            print(f"| {which} | now / baseline, per repeat (quartiles) | {_ratio(got, 'full')} | {_ratio(got, 'frames')} "
                  "| | |")


def _ratio(got: dict[str, dict[str, list[float]]], what: str) -> str:
    """The median of the repeats' now / baseline ratios of ``what``, with its quartiles."""
    ratios = [n / b for n, b in zip(got["now"][what], got["baseline"][what])]
    if len(ratios) < 2:
        return f"{ratios[0]:.3f}"
    low, _mid, high = statistics.quantiles(ratios, n=4)
    return f"{statistics.median(ratios):.3f} ({low:.3f}-{high:.3f})"


# "level slabs": rough earth of no height, each ball on its slab as on rough ground, rolling the plane's very paths:
# what the slabs cost with the shot unchanged.
GROUNDS = (("plane", None), ("level slabs", (0.0, 1)), ("rough 3 mm", (3.0, 1)), ("rough 8 mm", (8.0, 1)))
GROUND_CASES = SHOTS + ("lone 1 m/s", "fresh world")
BATCH_S = 0.1          # CPU seconds one sample of a case takes: that many shots in a row
BOOTSTRAP = 2000       # resamples of the rounds for a ratio's interval
BOOTSTRAP_SEED = 29


def _lone_roll(layout: Layout, config: PhysicsConfig, simulation: type = Simulation) -> tuple[float, float]:
    """CPU seconds of a lone taw rolled at 1 m/s across open ground, fresh world included, and the roll's simulated
    seconds."""
    t0 = CLOCK()
    with simulation.from_positions({"sun": (0.0, 0.0), "mars.taw": (-0.9, -0.4)}, layout, config) as sim:
        sim.shoot("mars.taw", (0.9, 0.45))
        rest = sim.run_to_rest()
    return CLOCK() - t0, rest.t


def _ground_configs(layout: Layout, package: ModuleType | None) -> dict[str, PhysicsConfig]:
    """Each of ``GROUNDS`` as a config, of ``package`` (a baseline's ``game/physics``; None: the current one).

    Each rough ground's worlds share one pool of spare ground bodies, as a
    plan's rollouts do (a revision without ``ground_pool`` kept its spares
    for the whole process).
    """
    import dataclasses
    import importlib

    name = package.__name__ if package is not None else "game.physics"
    terrain = importlib.import_module(name + ".terrain")
    make = importlib.import_module(name + ".config").PhysicsConfig.for_layout
    pooled = any(f.name == "ground_pool" for f in dataclasses.fields(make(layout)))
    pool = importlib.import_module(name + ".ground_contact").GroundPool if pooled else None
    return {label: make(layout, ground=terrain.Terrain.rough(*rough), **({"ground_pool": pool()} if pool else {}))
            if rough else make(layout, ground=terrain.Terrain()) for label, rough in GROUNDS}


def _run_case(case: str, spots, layout, config, simulation: type) -> float:
    """One run of a ``GROUND_CASES`` case; returned: the shot's simulated seconds (0 for a fresh world)."""
    if case == "fresh world":
        simulation.from_positions(spots, layout, config).close()
        return 0.0
    if case == "lone 1 m/s":
        return _lone_roll(layout, config, simulation)[1]
    return run_full(spots, layout, config, case, simulation=simulation)[1]


def _batch(case: str, n: int, spots, layout, config, simulation: type) -> tuple[float, float]:
    """CPU seconds per run of ``n`` runs of ``case`` in a row, and the last run's simulated seconds."""
    t0 = CLOCK()
    for _ in range(n):
        sim_t = _run_case(case, spots, layout, config, simulation)
    return (CLOCK() - t0) / n, sim_t


def _batch_sizes(spots, layout, config, batch_s: float) -> dict[str, int]:
    """How many runs of each case make a sample of about ``batch_s`` CPU seconds on the plane."""
    sizes = {}
    for case in GROUND_CASES:
        _run_case(case, spots, layout, config, Simulation)   # warm
        one = _batch(case, 3, spots, layout, config, Simulation)[0]
        sizes[case] = max(1, round(batch_s / max(one, 1e-6)))
    return sizes


def compare_grounds(spots, layout, rounds: int, baseline: str | None = None, batch_s: float = BATCH_S) -> None:
    """The heavy shots, a lone slow roll and a fresh world on the plane and on rough earth (with ``baseline``, a git
    revision, its ``game/physics`` too, in the same rounds).

    A sample is a batch of runs of one case lasting about ``batch_s`` CPU
    seconds; each round takes one sample of every case on every ground and
    code, in an order reversed every other round, so a ratio is read from
    samples taken moments apart.  A millisecond shot timed alone wanders by
    a fifth from run to run; a batch averages that away.
    """
    with tempfile.TemporaryDirectory() as folder:
        packages: dict[str, ModuleType | None] = {"now": None}
        if baseline:
            packages = {baseline: load_baseline(baseline, "game.physics", "physics_baseline", Path(folder)), "now": None}
        runs = {label: (_ground_configs(layout, package), package.Simulation if package else Simulation)
                for label, package in packages.items()}
        sizes = _batch_sizes(spots, layout, runs["now"][0]["plane"], batch_s)
        slots = [(label, name) for label in runs for name, _ in GROUNDS]
        got: dict[tuple[str, str, str], list[float]] = {}
        simulated: dict[tuple[str, str, str], float] = {}
        for r in range(rounds):
            for case in GROUND_CASES:
                for label, name in (slots if r % 2 == 0 else slots[::-1]):
                    configs, simulation = runs[label]
                    per_run, sim_t = _batch(case, sizes[case], spots, layout, configs[name], simulation)
                    got.setdefault((label, case, name), []).append(per_run)
                    simulated[(label, case, name)] = sim_t
        _print_grounds(list(runs), got, simulated, rounds, sizes)


def ratio_interval(top: list[float], bottom: list[float], resamples: int = BOOTSTRAP,
                   seed: int = BOOTSTRAP_SEED) -> tuple[float, float, float]:
    """The median of the paired ratios ``top[i] / bottom[i]`` and a 95% bootstrap interval of that median
    (the pairs resampled with a seeded generator)."""
    ratios = np.asarray(top, dtype=float) / np.asarray(bottom, dtype=float)
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(ratios), size=(resamples, len(ratios)))
    medians = np.median(ratios[picks], axis=1)
    low, high = np.percentile(medians, [2.5, 97.5])
    return float(np.median(ratios)), float(low), float(high)


def _cell_ms(values: list[float]) -> str:
    """A median in ms with its quartiles."""
    q1, q2, q3 = np.percentile(np.asarray(values) * 1e3, [25, 50, 75])
    return f"{q2:.2f} ({q1:.2f}–{q3:.2f})"


def _cell_ratio(top: list[float], bottom: list[float]) -> str:
    mid, low, high = ratio_interval(top, bottom)
    return f"**{mid:.2f}** ({low:.2f}–{high:.2f})"


def _print_grounds(labels: list[str], got: dict, simulated: dict, rounds: int, sizes: dict[str, int]) -> None:
    print(f"\nthe ground (CPU ms per run: median (quartiles) of {rounds} rounds, each sample a batch of runs "
          f"({', '.join(f'{case} x{n}' for case, n in sizes.items())}), grounds and code interleaved; ratio = rough / "
          f"plane of the same round: median (95% bootstrap interval); each shot's simulated seconds in brackets; "
          f"load {os.getloadavg()[0]:.2f} at the end):")
    print("| case | " + ("code | " if len(labels) > 1 else "") + " | ".join(name for name, _ in GROUNDS) + " | " +
          " | ".join(f"{name} / plane" for name, _ in GROUNDS[1:]) + " |")
    print("|---|" + ("---|" if len(labels) > 1 else "") + "---|" * (2 * len(GROUNDS) - 1))
    for case in GROUND_CASES:
        for label in labels:
            took = {name: f" [{simulated[(label, case, name)]:.2f} s]" if simulated[(label, case, name)] else ""
                    for name, _ in GROUNDS}
            print(f"| {case} | " + (f"{label} | " if len(labels) > 1 else "") +
                  " | ".join(_cell_ms(got[(label, case, name)]) + took[name] for name, _ in GROUNDS) + " | " +
                  " | ".join(_cell_ratio(got[(label, case, name)], got[(label, case, "plane")])
                             for name, _ in GROUNDS[1:]) + " |")
    if len(labels) > 1:
        old, now = labels
        print(f"\nnow / {old}, same round (median (95% bootstrap interval)):")
        print("| case | " + " | ".join(name for name, _ in GROUNDS) + " |")
        print("|---|" + "---|" * len(GROUNDS))
        for case in GROUND_CASES:
            print(f"| {case} | " + " | ".join(_cell_ratio(got[(now, case, name)], got[(old, case, name)])
                                              for name, _ in GROUNDS) + " |")


def compare_floor(spots, layout, config, repeats: int) -> None:
    """Each shot's full pipeline beside the same shot with its looks replayed at no cost, and bare Bullet."""
    print(f"\nthe floor: looks replayed from a first run (CPU time, medians of {repeats}, interleaved):")
    print("| shot | planner answers | full pipeline | looks replayed | bare Bullet | full/bare | replayed/bare |")
    print("|---|---|---|---|---|---|---|")
    for which in SHOTS:
        body, velocity = heavy_shot(layout, config, which)
        row = floor_row(lambda: Simulation.from_positions(spots, layout, config), body, velocity,
                        lambda t, w=which: run_bare(spots, layout, config, w, round(t * config.substep_hz), False), repeats)
        print(f"| {which} | {row['answers']:.0f} | {row['full'] * 1e3:.2f} ms | {row['replayed'] * 1e3:.2f} ms | "
              f"{row['bare'] * 1e3:.2f} ms | {row['full/bare']:.2f} | {row['replayed/bare']:.2f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="repeats per measurement (median reported)")
    parser.add_argument("--baseline", metavar="REV", help="also time game/physics at this git revision, side by side")
    parser.add_argument("--floor", action="store_true",
                        help="also time each shot with its planner's looks replayed at no cost (physics_floor.py)")
    parser.add_argument("--grounds", action="store_true", help="also time the plane against rough earth, side by side")
    parser.add_argument("--grounds-only", action="store_true", help="only time the plane against rough earth")
    parser.add_argument("--batch-ms", type=float, default=BATCH_S * 1000,
                        help="grounds: CPU milliseconds of one sample (a batch of runs of one case)")
    args = parser.parse_args(argv)
    # Eight Jovian moons make the 26 satellites of the seven-player table
    # the performance goal names (41 bodies in all).
    layout = Layout().with_jupiter_moons(8)
    config = PhysicsConfig.for_layout(layout)
    spots = full_table(layout)

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, python {platform.python_version()}; "
          f"{len(spots)} bodies; substep {config.substep_hz} Hz; repeats: {args.repeats}; load {os.getloadavg()[0]:.2f}")
    if args.grounds_only:
        compare_grounds(spots, layout, args.repeats, args.baseline, args.batch_ms / 1000)
        return 0
    print("| shot | simulated | base substeps | substeps stepped | full pipeline | x real time | bare Bullet | "
          "full/bare | bare damped | full/damped | bare damped, as many substeps | full/that | "
          "rollout (fresh world + shot + rest) | with 60 Hz poses | poses/full |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    builds = []
    for which in SHOTS:
        fulls, bares, dampeds, sames, rollouts, framed = [], [], [], [], [], []
        sim_t = 0.0
        n_events = substeps = stepped = 0
        for _ in range(args.repeats):
            wall, sim_t, substeps, n_events, stepped = run_full(spots, layout, config, which)
            fulls.append(wall)
            bares.append(run_bare(spots, layout, config, which, substeps, damped=False))
            dampeds.append(run_bare(spots, layout, config, which, substeps, damped=True))
            sames.append(run_bare(spots, layout, config, which, stepped, damped=True, span=sim_t))
            rollouts.append(time_rollout(spots, layout, config, which))
            framed.append(run_full(spots, layout, config, which, frames=True)[0])
            builds.append(time_build(spots, layout, config, repeats=10))
        full = statistics.median(fulls)
        bare = statistics.median(bares)
        damped = statistics.median(dampeds)
        ratios = statistics.median(f / b for f, b in zip(fulls, bares))
        ratios_d = statistics.median(f / d for f, d in zip(fulls, dampeds))
        ratios_s = statistics.median(f / d for f, d in zip(fulls, sames))
        print(f"| {which} ({n_events} events) | {sim_t:.2f} s | {substeps} | {stepped} | "
              f"{full * 1000:.1f} ms | {sim_t / full:.0f} | "
              f"{bare * 1000:.1f} ms | {ratios:.2f} | {damped * 1000:.1f} ms | {ratios_d:.2f} | "
              f"{statistics.median(sames) * 1000:.1f} ms | {ratios_s:.2f} | "
              f"{statistics.median(rollouts) * 1000:.1f} ms | {statistics.median(framed) * 1000:.1f} ms | "
              f"{statistics.median(p / f for p, f in zip(framed, fulls)):.2f} |")
    print(f"fresh {len(spots)}-body world from a positions dict: {statistics.median(builds) * 1000:.2f} ms (median)")
    if args.baseline:
        compare_baseline(args.baseline, spots, layout, config, args.repeats)
    if args.floor:
        compare_floor(spots, layout, config, args.repeats)
    if args.grounds:
        compare_grounds(spots, layout, args.repeats, batch_s=args.batch_ms / 1000)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
