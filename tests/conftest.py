"""Suite-wide setup: the Hypothesis profile, and skipping render tests where no offscreen pipe opens."""

from __future__ import annotations

import functools
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from tests.hypothesis_profiles import PROFILE

settings.load_profile(PROFILE)

ROOT = Path(__file__).resolve().parents[1]

# A fresh interpreter opens the offscreen pipe, so a machine without EGL costs
# one probe, and a failure to build the app in a test is that test's failure.
_PROBE = (
    "from game.app.scene.offscreen import make_offscreen_base\n"
    "base = make_offscreen_base((64, 64))\n"
    "assert base.win is not None, 'the offscreen window did not open'\n"
)


@functools.cache
def offscreen_pipe_problem() -> str | None:
    """Why no offscreen GL pipe opens here, or None when one does."""
    done = subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    if done.returncode == 0:
        return None
    lines = (done.stderr or done.stdout).strip().splitlines()
    return lines[-1] if lines else f"exit status {done.returncode}"


def pytest_report_header(config) -> str:
    return f"hypothesis profile: {PROFILE}"


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("render") is not None:
        problem = offscreen_pipe_problem()
        if problem is not None:
            pytest.skip(f"no offscreen graphics pipe: {problem}")


@pytest.fixture(scope="session")
def offscreen_pipe() -> None:
    """Skips the test, with the reason, where no offscreen GL pipe opens."""
    problem = offscreen_pipe_problem()
    if problem is not None:
        pytest.skip(f"no offscreen graphics pipe: {problem}")
