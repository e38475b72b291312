"""Referee benchmark: how long judging one shot takes (pure Python, layer 1).

Run on demand (not part of the test suite)::

    .venv/bin/python -m benchmarks.bench_rules --repeats 15

Measured side by side in one run, medians over the repeats, on a full
seven-player table (the Sun, 7 planets, 26 satellites, 7 taws):

* quiet: the taw rolls and stops, touching nothing;
* busy: the taw strikes the Sun, which runs into two planets; a moon is
  knocked beyond Herschel (rules 7, 8, 10, 14 all apply);
* long log: the busy shot with 400 extra contacts among Saturn's satellites,
  about what a heavy break through Saturn's ring reports;
* new_game, and ruling_to_json + ruling_to_text of the busy ruling.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace

from game.rules.events import AllAtRest, Contact, ShotStarted
from game.rules.house import HouseRules
from game.rules.layout import PLANETS, Layout
from game.rules.referee import judge
from game.rules.ruling_text import ruling_to_json, ruling_to_text
from game.rules.state import new_game


def _events(state, layout, busy: bool, extra: int = 0):
    taw = "venus.taw"
    final = dict(state.positions)
    events = [ShotStarted(0.0, taw, final[taw], (2.0, 0.0))]
    final[taw] = layout.point_in_region("earth", 10, 0.5)
    if busy:
        events += [Contact(0.01, taw, "sun", 0.02, (0.0, 0.0)), Contact(0.05, "sun", "earth", 0.01, (0.3, 0.0)),
                   Contact(0.07, "sun", "mars", 0.01, (0.4, 0.0)), Contact(0.09, "earth", "earth.1", 0.01, (0.3, 0.1))]
        final["sun"] = layout.point_in_region("mars", 40, 0.5)
        final["earth.1"] = layout.point_beyond("herschel", 40, 0.2)
    for i in range(extra):
        events.append(Contact(0.1 + i * 1e-4, f"saturn.{i % 7 + 1}", f"saturn.{(i + 3) % 7 + 1}", 0.001,
                              layout.saturn_home()))
    events.append(AllAtRest(2.0, final))
    return events


def _median_us(fn, number: int, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times) * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--number", type=int, default=200)
    args = parser.parse_args()
    layout, house = Layout(), HouseRules()
    state = replace(new_game(PLANETS, layout, house), sun_released=True, first_shot_pending=frozenset())
    quiet, busy, long_log = (_events(state, layout, False), _events(state, layout, True),
                             _events(state, layout, True, extra=400))
    ruling = judge(state, "venus", busy, layout, house)
    rows = [
        ("judge, quiet shot", lambda: judge(state, "venus", quiet, layout, house)),
        ("judge, busy shot", lambda: judge(state, "venus", busy, layout, house)),
        ("judge, busy + 400 contacts", lambda: judge(state, "venus", long_log, layout, house)),
        ("new_game, seven players", lambda: new_game(PLANETS, layout, house)),
        ("ruling_to_json + ruling_to_text", lambda: (ruling_to_json(ruling), ruling_to_text(ruling))),
    ]
    results = [(name, _median_us(fn, args.number, args.repeats)) for name, fn in rows]
    base = results[0][1]
    print(f"python {sys.version.split()[0]}, {args.repeats} repeats x {args.number} calls, medians")
    for name, us in results:
        print(f"  {name:34s} {us:8.1f} us   {us / base:5.2f} x quiet")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
