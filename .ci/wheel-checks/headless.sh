#!/usr/bin/env bash
# From the installed wheel, outside the checkout: shaders compile and a frame
# renders offscreen, and a trick-shot scenario runs headless to its ruling.
set -euo pipefail
cd "$(mktemp -d)"
"$TAW" check --render
"$TAW" scenario "$REPO/tests/scenarios/rule07_sun_against_planet.toml" --json > ruling.json
python3 - <<'PY'
import json
ruling = json.load(open("ruling.json"))
assert {"transfers", "fouls", "out", "winner", "final", "events"} <= set(ruling), ruling.keys()
print("scenario from the wheel:", len(ruling["events"]), "events,", len(ruling["transfers"]), "transfers")
PY
