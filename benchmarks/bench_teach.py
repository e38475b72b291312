"""The teaching features' costs (issue 11): shot preview latency, frame time while previews compute, the coach.

``.venv/bin/python -m benchmarks.bench_teach [--changes 60] [--frames 60] [--size 1280x720] [--coach 4] [--round-trips 40]``

1. **Preview latency**: in the app offscreen, on the human's first turn
   (Learning preview), the aim is turned by half a degree, then frames are
   stepped until that aim's preview is drawn; the time from the aim change
   to the drawing (``ShotPreview.latencies``), median and p90, over
   ``--changes`` changes.
2. **Frame time while previews compute, against without**: the aim turns a
   little every frame (so a preview is always being computed in the worker
   and new ones drawn), in blocks alternating with the same frames with the
   preview set to None; median finished-frame time of each (as
   ``bench_app.py`` measures a frame), side by side in one run.
3. **The coach's decision time**: ``advise`` (the hard AI's plan in one
   worker process, then the preview of its shot) from the first turn and
   from scenario positions; and in the app, the longest frame while the
   coach thinks against the median frame without.
4. **The coach's pace** (``--pace N``, issue 45): in the app, the person
   (Mercury, the first shot) against the New game screen's default seats
   (two Medium AIs, whose replies the coach weighs), H asked ``N`` times
   with the app's own coach planner (warmed when the turn opened): seconds
   from asking to the first answer drawn and to the full answer, median and
   p90; beside it, headless, the same for ``start_advice`` (one worker) from
   the scenario positions, and ``taw hint FILE --json`` as a person runs it
   (a fresh process: its start-up included).  ``--load 0,1`` (the default)
   runs it all quiet, then again with one other busy process (a Python loop)
   throughout, in one run; the load average is printed before and after each.
5. **The frame cap** (``--pace N --cap``): the same asks in the app, in turn
   with the app's own frame cap (``game.app.frame_cap``: the clock in
   ``MLimited`` mode, the planning rate while the coach thinks) and without
   it (frames back to back, as the app drew them before): first and full
   answer, median and p90 of each, side by side in one run, quiet.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from benchmarks.app_turns import into_first_turn, step_until
from benchmarks.window_size import window_size
from game.app.session.preview_mode import PreviewMode


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]


def _finished_frame(app) -> float:
    """One frame, finished by a read-back (offscreen llvmpipe renders only when asked), in ms."""
    start = time.perf_counter()
    app.taskMgr.step()
    app.win.getScreenshot()
    return (time.perf_counter() - start) * 1000.0


def _build(size, opponents: str = "random"):
    from panda3d.core import ClockObject

    from game.app.app import TawApp
    from game.app.app_config import AppConfig
    from game.app.paths import UserPaths
    from game.app.session.match_session import MatchSession
    from game.app.settings import Settings
    from game.match.seating import Seat, Seating

    # One person holding Mercury (the first shot) against two unplanned AIs, whatever the screen's seats say.
    seating = Seating((Seat.person("You", "mercury"), Seat.ai(opponents, "Opponent 1"),
                       Seat.ai(opponents, "Opponent 2")))
    tmp = tempfile.TemporaryDirectory()
    app = TawApp(AppConfig(paths=UserPaths.under(Path(tmp.name)), settings=Settings(first_tip=False),
                           offscreen=True, offscreen_size=size, save_settings=False),
                 session_factory=lambda s: MatchSession(replace(s, seating=seating)))
    clock = ClockObject.getGlobalClock()
    clock.setMode(ClockObject.MNonRealTime)
    clock.setFrameRate(60)
    return app, tmp


def _first_turn(app):
    into_first_turn(app)
    return app.flow.current


def preview_and_frames(changes: int, frames: int, size) -> dict[str, float]:
    app, tmp = _build(size)
    out: dict[str, float] = {}
    try:
        aim = _first_turn(app)
        step_until(app, lambda: aim.shot_preview.current, "the first preview (the worker warm)")
        aim.shot_preview.latencies.clear()
        frames_to_drawn: list[float] = []
        for k in range(changes):
            aim.aiming.turn(0.5 if k % 20 < 10 else -0.5)
            app.taskMgr.step()  # the frame that sees the new aim asks for its preview
            stepped = step_until(app, lambda: aim.shot_preview.current, "the turned aim's preview")
            frames_to_drawn.append(float(stepped))
        out["preview: frames after the asking frame, median"] = statistics.median(frames_to_drawn)
        out["preview: frames after the asking frame, p90"] = _p90(frames_to_drawn)
        lat = [x * 1000.0 for x in aim.shot_preview.latencies]
        out["preview latency median ms"] = statistics.median(lat)
        out["preview latency p90 ms"] = _p90(lat)
        out["preview compute median ms"] = statistics.median(t * 1000 for t in app.previewer.times.computed)
        with_preview: list[float] = []
        without: list[float] = []
        for block in range(6):
            on = block % 2 == 0
            aim.shot_preview.mode = PreviewMode.LEARNING if on else PreviewMode.NONE
            for _ in range(frames // 3):
                aim.aiming.turn(0.2)
                (with_preview if on else without).append(_finished_frame(app))
        out["frame median ms, previews computing"] = statistics.median(with_preview)
        out["frame median ms, preview off"] = statistics.median(without)
        out["frame p90 ms, previews computing"] = _p90(with_preview)
        out["frame p90 ms, preview off"] = _p90(without)
        out["previews dropped as stale"] = float(app.previewer.times.dropped)
        aim.shot_preview.mode = PreviewMode.NONE
        base = [_finished_frame(app) for _ in range(20)]
        app.messenger.send("taw-coach")
        started = time.perf_counter()
        thinking: list[float] = []
        while aim.coach.advice is None:
            thinking.append(_finished_frame(app))
            if time.perf_counter() - started > 120:
                raise SystemExit("bench_teach: the coach never answered")
        out["coach in app: ask to ghost s (first ask starts its worker)"] = time.perf_counter() - started
        out["coach in app: longest frame while thinking ms"] = max(thinking)
        out["coach in app: median frame while thinking ms"] = statistics.median(thinking)
        out["coach in app: median frame without ms"] = statistics.median(base)
    finally:
        app.destroy()
        tmp.cleanup()
    return out


def round_trip(samples: int = 40) -> dict[str, float]:
    """A preview asked of the worker and polled every half millisecond, against the same preview in-process."""
    from game.app.session.previewer import Previewer
    from game.coach.preview import PreviewRequest, preview_shot
    from game.match.players import Shot, TawPlacement
    from game.rules.house import HouseRules
    from game.rules.state import new_game

    house = HouseRules()
    layout = house.layout()
    state = new_game(["mercury", "venus"], layout, house)
    angle = layout.default_taw_angle("mercury")
    previewer = Previewer()
    trips: list[float] = []
    inline: list[float] = []
    try:
        for k in range(samples + 1):
            shot = Shot(90.0 + 0.3 * k, 1.5, TawPlacement("mercury", angle))
            started = time.perf_counter()
            previewer.ask(state, house, layout, shot)
            while previewer.poll() is None:
                time.sleep(0.0005)
            if k:  # the first pays for the worker's start
                trips.append((time.perf_counter() - started) * 1000.0)
            started = time.perf_counter()
            preview_shot(PreviewRequest(state, house, layout, shot))
            inline.append((time.perf_counter() - started) * 1000.0)
    finally:
        previewer.close()
    return {"preview via the worker, round trip median ms": statistics.median(trips),
            "preview via the worker, round trip p90 ms": _p90(trips),
            "the same preview in-process median ms": statistics.median(inline)}


def coach_times(repeats: int) -> dict[str, float]:
    from game.ai.workers import PlannerPool
    from game.coach.advice import advise
    from game.rules.house import HouseRules
    from game.rules.state import new_game
    from game.scenario.format import load_scenario
    from game.scenario.run import starting_state

    house = HouseRules()
    layout = house.layout()
    scenarios = Path(__file__).resolve().parents[1] / "tests" / "scenarios"
    positions = [("first turn", new_game(["mercury", "venus"], layout, house), house, layout)]
    for name in ("rule04_release", "rule08_schedule", "rule12_taw_falls_home"):
        sc = load_scenario(scenarios / f"{name}.toml", max_speed=3.8)
        positions.append((name, starting_state(sc), sc.house, sc.layout))
    out: dict[str, float] = {}
    with PlannerPool(1, warm_modules=("game.coach.advice",)) as pool:
        for label, state, h, lay in positions:
            times = []
            for seed in range(repeats):
                started = time.perf_counter()
                advise(state, h, lay, level="hard", seed=seed, pool=pool)
                times.append(time.perf_counter() - started)
            out[f"coach hard, 1 worker, {label}: median s"] = statistics.median(times)
    return out


def _busy() -> None:
    while True:
        pass


def coach_pace(asks: int, size, caps: tuple[bool, ...] = (False,)) -> dict[str, float]:
    """H asked ``asks`` times at the first turn against two Medium AIs: to the first answer, to the full one.

    ``caps``: taken in turn, ask by ask: True runs the ask under the app's frame cap, False with frames
    back to back (the clock in the benchmarks' fixed-step mode, which the cap leaves alone)."""
    from panda3d.core import ClockObject

    app, tmp = _build(size, "medium")
    clock = ClockObject.getGlobalClock()
    firsts: dict[bool, list[float]] = {cap: [] for cap in caps}
    finals: dict[bool, list[float]] = {cap: [] for cap in caps}
    try:
        aim = _first_turn(app)
        for future in app.coach_planner().warm(()):   # the turn's warm-up done, as a person's first H finds it
            future.result()
        aim.shot_preview.mode = PreviewMode.NONE
        for k in range(asks * len(caps)):
            cap = caps[k % len(caps)]
            clock.setMode(ClockObject.MLimited if cap else ClockObject.MNonRealTime)
            if not cap:
                clock.setFrameRate(60)
            aim.coach.cancel()
            aim.coach.answers.clear()
            app.messenger.send("taw-coach")
            step_until(app, lambda: aim.coach.advice is not None and not aim.coach.thinking, "the coach's answer")
            firsts[cap].append(aim.coach.answers[0][0])
            finals[cap].append(aim.coach.answers[-1][0])
    finally:
        app.destroy()
        tmp.cleanup()
    out: dict[str, float] = {}
    for cap in caps:
        tag = ", frame cap" if cap else (", no cap" if len(caps) > 1 else "")
        out.update({f"coach in app{tag}, first answer median s": statistics.median(firsts[cap]),
                    f"coach in app{tag}, first answer p90 s": _p90(firsts[cap]),
                    f"coach in app{tag}, full answer median s": statistics.median(finals[cap]),
                    f"coach in app{tag}, full answer p90 s": _p90(finals[cap])})
    return out


def _positions():
    from game.rules.house import HouseRules
    from game.rules.state import new_game
    from game.scenario.format import load_scenario
    from game.scenario.run import starting_state

    house = HouseRules()
    layout = house.layout()
    scenarios = Path(__file__).resolve().parents[1] / "tests" / "scenarios"
    positions = [("first turn", new_game(["mercury", "venus"], layout, house), house, layout, None)]
    for name in ("rule04_release", "rule08_schedule", "rule12_taw_falls_home"):
        sc = load_scenario(scenarios / f"{name}.toml", max_speed=3.8)
        positions.append((name, starting_state(sc), sc.house, sc.layout, scenarios / f"{name}.toml"))
    return positions


def headless_pace(repeats: int) -> dict[str, float]:
    """``start_advice`` (one worker) to its first and full answers, and ``taw hint`` in a fresh process."""
    import subprocess

    from game.ai.workers import PlannerPool
    from game.coach.advice import start_advice

    firsts: list[float] = []
    finals: list[float] = []
    hints: list[float] = []
    with PlannerPool(1, warm_modules=("game.coach.advice",)) as pool:
        for _label, state, house, layout, path in _positions():
            for seed in range(repeats):
                started = time.perf_counter()
                handle = start_advice(state, house, layout, pool, seed=seed)
                first = None
                while not handle.done():
                    if first is None and handle.first_answer() is not None:
                        first = time.perf_counter() - started
                    time.sleep(0.005)
                handle.result()
                finals.append(time.perf_counter() - started)
                firsts.append(finals[-1] if first is None else first)
                if path is not None:
                    started = time.perf_counter()
                    subprocess.run([sys.executable, "-m", "game", "hint", str(path), "--json", "--seed", str(seed)],
                                   check=True, capture_output=True, cwd=Path(__file__).resolve().parents[1])
                    hints.append(time.perf_counter() - started)
    return {"coach headless, first answer median s": statistics.median(firsts),
            "coach headless, first answer p90 s": _p90(firsts),
            "coach headless, full answer median s": statistics.median(finals),
            "coach headless, full answer p90 s": _p90(finals),
            "taw hint (a fresh process) median s": statistics.median(hints),
            "taw hint (a fresh process) p90 s": _p90(hints)}


def _load() -> str:
    import os

    return "/".join(f"{v:.1f}" for v in os.getloadavg())


def pace(asks: int, size, load: int) -> dict[str, float]:
    import multiprocessing

    spinners = [multiprocessing.get_context("spawn").Process(target=_busy, daemon=True) for _ in range(load)]
    for spinner in spinners:
        spinner.start()
    print(f"-- {load} busy process(es); load average before: {_load()}", flush=True)
    try:
        out = coach_pace(asks, size)
        out.update(headless_pace(max(1, asks // 4)))
    finally:
        for spinner in spinners:
            spinner.terminate()
            spinner.join()
    print(f"-- load average after: {_load()}", flush=True)
    return {f"{key} (load {load})": value for key, value in out.items()}


def _loads(text: str) -> tuple[int, ...]:
    try:
        loads = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of whole numbers: {text!r}") from None
    if not loads or any(n < 0 or n > 2 for n in loads):
        raise argparse.ArgumentTypeError("give 0, 1 or 2 busy processes, comma-separated (e.g. 0,1)")
    return loads


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=60)
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--size", type=window_size, default=(1280, 720))
    parser.add_argument("--coach", type=int, default=3, help="repeats per coach position")
    parser.add_argument("--round-trips", type=int, default=40, help="previews asked of the worker and in-process")
    parser.add_argument("--pace", type=int, default=0, help="the coach's pace only: H asked this many times")
    parser.add_argument("--load", type=_loads, default=(0, 1),
                        help="with --pace: the numbers of other busy processes to run it with, in turn (0,1)")
    parser.add_argument("--cap", action="store_true",
                        help="with --pace: the app's asks in turn with its frame cap and without, quiet only")
    args = parser.parse_args()
    if args.pace > 0 and args.cap:
        print(f"-- load average before: {_load()}", flush=True)
        for key, value in coach_pace(args.pace, args.size, caps=(False, True)).items():
            print(f"{key:60s} {value:9.3f}", flush=True)
        print(f"-- load average after: {_load()}", flush=True)
        return 0
    if args.pace > 0:
        for load in args.load:
            for key, value in pace(args.pace, args.size, load).items():
                print(f"{key:60s} {value:9.3f}", flush=True)
        return 0
    results = round_trip(args.round_trips)
    results.update(preview_and_frames(args.changes, args.frames, args.size))
    if args.coach > 0:
        results.update(coach_times(args.coach))
    for key, value in results.items():
        print(f"{key:60s} {value:9.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
