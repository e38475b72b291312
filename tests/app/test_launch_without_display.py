"""Launching the game where no window can open: one line and exit 1, from ``taw`` and from the frozen entry.

On a server the README's first command is the likeliest first contact;
Panda would print its pipe list and display errors before failing, so the
launcher looks for a display first.
"""

from __future__ import annotations

import os
import subprocess
import sys

from pathlib import Path

import numpy as np
import pytest

from game.app.main import _display_available

pytestmark = pytest.mark.gui


def _without_display(*command: str, home: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    if home is not None:   # the person's settings and replays: none of the tester's
        env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"))
    return subprocess.run([sys.executable, *command], env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 display check")
@pytest.mark.parametrize("command, prog", [(("-m", "game", "play", "--windowed"), "taw"),
                                           (("-m", "game.app.desktop_entry", "--windowed"), "sun-planet-taw")])
def test_no_display_is_one_line_and_exit_1(command: tuple[str, ...], prog: str) -> None:
    run = _without_display(*command)
    assert run.returncode == 1
    assert run.stderr.splitlines() == [f"{prog}: error: cannot open a window (is there a display? on a server try "
                                       "'xvfb-run taw play', or the headless commands: taw --help)"]
    assert run.stdout == ""


def test_a_display_is_looked_for_only_where_x11_is_the_only_pipe() -> None:
    assert _display_available({"DISPLAY": ":0"})
    assert _display_available({}) is (not sys.platform.startswith("linux"))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 display check")
def test_a_smoke_test_without_a_display_draws_the_title_screen_offscreen(tmp_path: Path) -> None:
    from PIL import Image

    target = tmp_path / "shots" / "title.png"
    run = _without_display("-m", "game", "play", "--smoke-test", str(target), home=tmp_path)
    assert run.returncode == 0, run.stderr
    assert f"taw: smoke test saved {target}" in run.stderr
    picture = np.asarray(Image.open(target).convert("RGB"))
    assert picture.shape == (720, 1280, 3)          # the default settings' resolution
    assert picture.reshape(-1, 3).std(axis=0).min() > 10   # a drawn scene, not a blank buffer


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 display check")
def test_a_smoke_test_that_cannot_save_fails_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    target = tmp_path / "a-file" / "title.png"
    run = _without_display("-m", "game", "play", "--smoke-test", str(target), home=tmp_path)
    assert run.returncode == 1
    last = run.stderr.splitlines()[-1]   # and why: the folder on the way is a file
    assert last.startswith(f"taw: error: smoke test: no screenshot saved to {target} (") and "File exists" in last
    assert "Traceback" not in run.stderr
