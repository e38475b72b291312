"""Suite-wide setup: the Hypothesis profile, the ``gui`` marker, and skipping gui tests where no offscreen pipe opens.

Two markers split the suite (registered in pyproject.toml):

* ``gui`` -- the test opens a Panda3D window (offscreen) or drives the app.
  Every test that asks for the ``offscreen_pipe`` fixture, directly or through
  another fixture (``app``, ``fresh_app``, ``offscreen_base``), gets it
  automatically; a test that builds its own ShowBase says so itself.
* ``slow`` -- soaks, tournaments, fuzz runs and whole games: seconds each.

``pytest -m "not gui and not slow"`` is the everyday loop; CI runs everything.
"""

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


def pytest_collection_modifyitems(config, items: list[pytest.Item]) -> None:
    for item in items:
        if "offscreen_pipe" in getattr(item, "fixturenames", ()) and item.get_closest_marker("gui") is None:
            item.add_marker(pytest.mark.gui)


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("gui") is not None:
        problem = offscreen_pipe_problem()
        if problem is not None:
            pytest.skip(f"no offscreen graphics pipe: {problem}")


@pytest.fixture(scope="session")
def offscreen_pipe() -> None:
    """Skips the test, with the reason, where no offscreen GL pipe opens."""
    problem = offscreen_pipe_problem()
    if problem is not None:
        pytest.skip(f"no offscreen graphics pipe: {problem}")
