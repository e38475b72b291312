"""Every benchmark runs to its end with its smallest arguments, and a screen that does not move on stops one.

A benchmark nothing runs breaks unseen: ``bench_app.py`` once stepped the aim
screen for ten minutes, waiting for a shot a first-turn tip held back.  So
the slow tests run each of them (about a minute in all on two shared
cores), and the benchmarks' waits on the app are bounded
(``benchmarks/app_turns.step_until``): the tests here show the bound
stopping a planted stuck screen, in a fake app and in the real one.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from benchmarks.app_turns import StuckScreen, step_until

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT_S = 240  # each run takes 0.3-45 s at load 3-6; this only stops a hung one

# The module and its smallest arguments, for every benchmark in benchmarks/ (and tools/bench_startup.py).
QUICK_RUNS: dict[str, list[str]] = {
    "benchmarks.bench_rules": ["--repeats", "1", "--number", "1"],
    "benchmarks.bench_match": ["--shots", "1", "--repeats", "1"],
    "benchmarks.bench_physics": ["--repeats", "1", "--grounds", "--batch-ms", "1", "--baseline", "HEAD", "--floor"],
    "benchmarks.bench_replay": ["--games", "1", "--shots", "2", "--repeats", "1"],
    # One level's decisions: the decision table's code is one loop over the levels named, whichever they are.
    "benchmarks.bench_ai": ["--situations", "1", "--per-view", "2", "--repeats", "1", "--levels", "easy"],
    # --quick: three of the eight quality rows, one for each way a row is built (the other five differ in numbers).
    "benchmarks.bench_frame": ["--frames", "1", "--launches", "1", "--size", "320x180", "--quick"],
    "benchmarks.bench_teach": ["--changes", "2", "--frames", "3", "--size", "320x180", "--coach", "0",
                               "--round-trips", "2"],
    "benchmarks.bench_app": ["--frames", "2", "--size", "320x180"],
    "tools.bench_startup": ["--launches", "1"],
}
DRAWS = {"benchmarks.bench_frame", "benchmarks.bench_teach", "benchmarks.bench_app", "tools.bench_startup"}


def _has_git_history() -> bool:
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "HEAD"], capture_output=True)
    return done.returncode == 0


def _run(module: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=TIMEOUT_S)


def test_every_benchmark_has_a_quick_run() -> None:
    found = {f"benchmarks.{path.stem}" for path in (ROOT / "benchmarks").glob("bench_*.py")}
    assert found - set(QUICK_RUNS) == set(), "a benchmark with no quick run in QUICK_RUNS: CI would not notice it break"


@pytest.mark.slow
@pytest.mark.parametrize("module", [pytest.param(m, marks=pytest.mark.gui) if m in DRAWS else m for m in QUICK_RUNS])
def test_benchmark_runs_to_its_end_with_its_smallest_arguments(module: str) -> None:
    args = QUICK_RUNS[module]
    if "--baseline" in args and not _has_git_history():
        pytest.skip("no git history to take a baseline from")
    done = _run(module, args)
    assert done.returncode == 0, f"{module} {' '.join(args)} failed:\n{done.stderr[-2000:]}"
    assert done.stdout.strip(), f"{module} printed no figures"


class _StuckApp:
    """A planted stuck screen: stepping it changes nothing; each step may take ``step_s`` of wall time."""

    def __init__(self, step_s: float = 0.0) -> None:
        self.flow = SimpleNamespace(state="Aim")
        self.steps = 0
        self.step_s = step_s
        self.taskMgr = SimpleNamespace(step=self._step)

    def _step(self) -> None:
        self.steps += 1
        time.sleep(self.step_s)


def test_step_until_stops_a_stuck_screen_after_its_frames_naming_it() -> None:
    app = _StuckApp()
    with pytest.raises(StuckScreen) as stuck:
        step_until(app, lambda: app.flow.state != "Aim", "the released shot to start", frames=30)
    assert app.steps == 30
    assert str(stuck.value.code).startswith("stuck in Aim waiting for the released shot to start (30 frames, ")


def test_step_until_stops_a_stuck_screen_at_its_wall_clock_bound() -> None:
    app = _StuckApp(step_s=0.02)
    started = time.monotonic()
    with pytest.raises(StuckScreen, match="stuck in Aim"):
        step_until(app, lambda: False, "anything", frames=100_000, seconds=0.1)
    assert time.monotonic() - started < 1.0 and app.steps < 20


def test_step_until_returns_the_frames_a_screen_took_to_move_on() -> None:
    app = _StuckApp()
    assert step_until(app, lambda: app.steps >= 7, "seven frames", frames=30) == 7
    assert step_until(app, lambda: True, "nothing", frames=30) == 0


# The old hang, planted: the first-turn tip left open, the shoot button pressed and let go; nothing shoots.
# With the tip closed the same press and release leaves the aim screen in 26 frames (measured at 320x180), so a
# bound of 60 frames tells the held screen from a slow one; 240 frames only took four times as long to say so.
_TIP_LEFT_OPEN = """
import tempfile
from pathlib import Path
from benchmarks.app_turns import into_first_turn, step_until
from benchmarks.bench_app import build_app
with tempfile.TemporaryDirectory() as folder:
    app = build_app(Path(folder), (320, 180))
    into_first_turn(app)
    assert app.flow.current.tip.shown
    app.messenger.send("taw-shoot-press")
    app.taskMgr.step()
    app.messenger.send("taw-shoot-release")
    step_until(app, lambda: app.flow.state != "Aim", "the released shot to start", frames=60)
"""


@pytest.mark.slow
@pytest.mark.gui
def test_the_aim_screen_a_tip_holds_stops_the_benchmark_in_one_line() -> None:
    done = subprocess.run([sys.executable, "-c", _TIP_LEFT_OPEN], cwd=ROOT, capture_output=True, text=True,
                          timeout=TIMEOUT_S)
    assert done.returncode == 1, done.stderr[-2000:]
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("stuck in Aim waiting for the released shot to start (60 frames, "), done.stderr[-2000:]
    assert "Traceback" not in done.stderr
