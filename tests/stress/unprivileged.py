"""Running a command as a user the file system's permissions apply to: root ignores them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

NOBODY = 65534


def run_as_user(args: list[str], cwd: Path, env: dict[str, str] | None = None,
                timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python -m game.cli ARGS`` as this user, or as ``nobody`` when we are root; skips where root is all
    there is (the interpreter out of nobody's reach)."""
    command = [sys.executable, "-c", "import sys; from game.cli import main; sys.exit(main(sys.argv[1:]))", *args]
    base = {k: v for k, v in os.environ.items() if k not in ("DISPLAY",)}
    base["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    extra = {"user": NOBODY, "group": NOBODY, "extra_groups": []} if os.geteuid() == 0 else {}
    try:
        return subprocess.run(command, cwd=cwd, env={**base, **(env or {})}, capture_output=True, text=True,
                              timeout=timeout, **extra)
    except PermissionError:
        pytest.skip("running as root, and nobody cannot reach this interpreter; root ignores permissions")


def unprivileged_can_run(tmp: Path) -> None:
    """Skip unless a command run by ``run_as_user`` can read this checkout and write in ``tmp``."""
    done = run_as_user(["--version"], cwd=tmp)
    if done.returncode != 0:
        pytest.skip(f"an unprivileged user cannot run the game here ({done.stderr.strip()[-120:]})")


def open_to_all(*paths: Path) -> None:
    for path in paths:
        os.chmod(path, 0o777)
