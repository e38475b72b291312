"""Launching the game where no window can open: one line and exit 1, from ``taw`` and from the frozen entry.

On a server the README's first command is the likeliest first contact;
Panda would print its pipe list and display errors before failing, so the
launcher looks for a display first.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game.app.main import _display_available


def _without_display(*command: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
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
