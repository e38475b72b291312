#!/usr/bin/env bash
# The standalone desktop build, made as the README says from a clone of this
# commit: it builds, and the frozen game (no Python of ours installed) draws
# its title screen and quits.  No display here, so the smoke test draws it
# offscreen through EGL; the frozen app writes its output to its log.
set -euo pipefail
BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT
git clone --quiet "$REPO" "$BUILD/src"
cd "$BUILD/src"
python3 -m venv .buildenv
.buildenv/bin/pip install --quiet "setuptools>=77" wheel panda3d==1.10.16 numpy
if ! .buildenv/bin/python setup.py build_apps > "$BUILD/build.log" 2>&1; then
    tail -40 "$BUILD/build.log"
    exit 1
fi
export HOME="$BUILD/home"
LOG="$HOME/.local/share/sun-planet-taw/output.log"
if ! env -u DISPLAY build/manylinux2014_x86_64/sun-planet-taw --smoke-test "$BUILD/title.png"; then
    cat "$LOG" || true
    exit 1
fi
python3 - "$BUILD/title.png" "$(du -sm build/manylinux2014_x86_64 | cut -f1)" <<'PY'
import os, sys
size = os.path.getsize(sys.argv[1])
assert size > 100_000, f"the smoke test's picture is only {size} bytes"
print(f"desktop build: {sys.argv[2]} MB; the frozen game drew its title screen ({size // 1024} KiB PNG)")
PY
