"""File fuzz: seeded mutations of every kind of file a person may hand the game.

Targets and what must hold for each mutant:

* scenario TOML (``tests/scenarios/``): ``load_scenario`` refuses it with a
  one-line ``UserError`` naming the file, or accepts it and then it runs to
  rest (``run_scenario``) without any other exception;
* replay files: ``decode_replay`` refuses with a one-line ``UserError``, or
  the accepted replay plays back (every shot sampled, captions, flashes);
  the Replays screen's header reader (``read_meta``) and row words never
  raise, and agree with the full load on every file it accepts;
* settings JSON: ``load_settings`` never raises; it returns settings whose
  every value passes the settings' own checks (a bad key falls back to its
  default with a ``SettingsWarning``);
* house-rule TOML: ``HouseRules.from_toml`` refuses with a one-line
  ``UserError``, or the rules build a layout and a new game;
* replay fields (``replay-fields``): one JSON field of a real replay's game
  header or a shot set to an odd value behind a valid checksum; refused in
  one line, or accepted and then shown: the viewer's timeline sampled,
  captioned and flashed, and, where a ``base`` (an offscreen ShowBase) is
  given, the viewer built and the first and last shots exported to PNGs.

``hostile_checks`` adds what no mutation reaches: the replays of
``stress.hostile`` at and beyond every aggregate bound (refused
exactly when they should be, shown when accepted), special files (FIFOs,
sockets, folders, links to devices, loops) as every kind of input and in
the Replays folder, and control characters in keys (the message stays one
printable line).

Mutations: bit flips, truncation, insertion (random bytes or a copy of a
slice), deletion, duplication, and, on the parsed text, type swaps, huge or
non-finite numbers and unknown keys.  Anything else (a traceback, a
multi-line message) is a crash and is reported with its seed.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
import time
import traceback
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from game.errors import UserError

ROOT = Path(__file__).resolve().parents[1]
SCENARIO_DIR = ROOT / "tests" / "scenarios"

# Values swapped in for a TOML value: every TOML type, huge and non-finite numbers.
TOML_VALUES = [
    '"text"', '""', "0", "-1", "1e308", "-1e308", "1e999", "inf", "-inf", "nan", "99999999999999999999999",
    "-9223372036854775808", "9223372036854775807", "true", "false", "[]", "[1, 2, 3]", '["a", 1]', "{}",
    '{x = 1}', "1979-05-27T07:32:00Z", "0.0", "-0.0", "3.8000001", "1e-320", '"mercury"', '"saturn.7"',
    '[[1, 2], [3]]',
]
JSON_VALUES: list[object] = [None, True, False, "text", "", 0, -1, 1e308, -1e308, 10 ** 40, float("inf"),
                             float("nan"), [], [1, 2], {}, {"a": 1}, 0.5, 2, 4, 1280, 65536, "high", "low"]
HUGE_NUMBERS = ["1e308", "-1e308", "1e999", "99999999999999999999999999999", "nan", "inf", "-inf", "0", "-0.0",
                "4294967296", "1e-320"]


@dataclass
class Case:
    target: str
    base: str
    mutation: str
    seed: int
    outcome: str            # "accepted", "refused" or "crash"
    message: str = ""
    seconds: float = 0.0


@dataclass
class FileFuzzReport:
    cases: list[Case] = field(default_factory=list)
    write_checks: list[str] = field(default_factory=list)   # atomic-write checks that failed
    cli_checks: list[str] = field(default_factory=list)     # CLI runs that did not exit 2 with one line

    @property
    def crashes(self) -> list[Case]:
        return [c for c in self.cases if c.outcome == "crash"]

    def counts(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for c in self.cases:
            out.setdefault(c.target, {"accepted": 0, "refused": 0, "crash": 0})[c.outcome] += 1
        return out

    def problems(self) -> list[str]:
        found = [f"{c.target} {c.base} {c.mutation} (seed {c.seed}): {c.message}" for c in self.crashes]
        return found + self.write_checks + self.cli_checks

    def summary(self) -> str:
        lines = [f"{len(self.cases)} mutated files"]
        for target, n in sorted(self.counts().items()):
            slowest = max((c.seconds for c in self.cases if c.target == target), default=0.0)
            lines.append(f"  {target:<9} accepted {n['accepted']:5d}  refused cleanly {n['refused']:5d}  "
                         f"crashes {n['crash']:3d}  (slowest {slowest * 1000:.0f} ms)")
        problems = self.problems()
        lines.append(f"{len(problems)} problems" + (":" if problems else ""))
        lines += ["  " + p for p in problems[:40]]
        return "\n".join(lines)


# -- mutations ------------------------------------------------------------------

def _bit_flips(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    buf = bytearray(data)
    n = rng.choice([1, 1, 2, 4, 16])
    for _ in range(n):
        if buf:
            i = rng.randrange(len(buf))
            buf[i] ^= 1 << rng.randrange(8)
    return f"flip {n} bits", bytes(buf)


def _byte_set(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    buf = bytearray(data)
    if buf:
        i = rng.randrange(len(buf))
        buf[i] = rng.choice([0, 0xFF, 0x80, 0x22, 0x5B, 0x5D, 0x7B, 0x3D, 0x0A, 0x5C, 0xC3])
        return f"byte {i} set", bytes(buf)
    return "empty", b""


def _truncate(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    n = rng.randrange(len(data) + 1)
    return f"truncate to {n}", data[:n]


def _insert(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    i = rng.randrange(len(data) + 1)
    if rng.random() < 0.5 or not data:
        junk = bytes(rng.randrange(256) for _ in range(rng.choice([1, 3, 17, 200])))
    else:
        a = rng.randrange(len(data))
        junk = data[a:a + rng.choice([1, 8, 64, 512])]
    return f"insert {len(junk)} at {i}", data[:i] + junk + data[i:]


def _delete(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    if not data:
        return "empty", b""
    i = rng.randrange(len(data))
    n = rng.choice([1, 2, 8, 64, 1000])
    return f"delete {n} at {i}", data[:i] + data[i + n:]


def _duplicate(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    if not data:
        return "empty", b""
    i = rng.randrange(len(data))
    n = rng.choice([4, 64, 1024])
    return f"duplicate {n} at {i}", data[:i + n] + data[i:i + n] + data[i + n:]


BYTE_MUTATIONS: list[Callable[[random.Random, bytes], tuple[str, bytes]]] = [
    _bit_flips, _byte_set, _truncate, _insert, _delete, _duplicate]

_TOML_ASSIGN = re.compile(rb"^(\s*)([A-Za-z0-9_\"'.\-]+)(\s*=\s*)(.*)$", re.M)
_NUMBER = re.compile(rb"(?<![A-Za-z_.\"])-?\d+(\.\d+)?([eE][-+]?\d+)?")


def _replace_a_match(name: str, pattern: re.Pattern[bytes], group: int, values: Sequence[str], none_found: str,
                     describe: Callable[[re.Match[bytes], str], str]) -> Callable[[random.Random, bytes], tuple[str, bytes]]:
    """A mutation called ``name``: one match of ``pattern``, chosen at random, has its ``group`` replaced by one of ``values``."""
    def mutate(rng: random.Random, data: bytes) -> tuple[str, bytes]:
        found = list(pattern.finditer(data))
        if not found:
            return none_found, data
        m = rng.choice(found)
        value = rng.choice(values)
        return describe(m, value), data[:m.start(group)] + value.encode() + data[m.end(group):]
    mutate.__name__ = name  # mutants are reported by it
    return mutate


_toml_type_swap = _replace_a_match("toml_type_swap", _TOML_ASSIGN, 4, TOML_VALUES, "no assignment",
                                   lambda m, value: f"{m.group(2).decode(errors='replace')} = {value}")
_toml_huge_number = _replace_a_match("toml_huge_number", _NUMBER, 0, HUGE_NUMBERS, "no number",
                                     lambda m, value: f"number {m.group(0).decode()} -> {value}")


def _toml_unknown_key(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    lines = data.split(b"\n")
    i = rng.randrange(len(lines) + 1)
    key = rng.choice([b"zz_unknown = 1", b"colour = \"red\"", b"speed2 = 3.0", b"[extra]\nkey = 1",
                      b"[shot]\nspeed = 1.0", b"players = [\"earth\"]"])
    return f"line {i}: {key.decode()!r}", b"\n".join(lines[:i] + [key] + lines[i:])


def _toml_table_swap(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    heads = list(re.finditer(rb"^\[([^\]\n]*)\]", data, re.M))
    if not heads:
        return "no table", data
    m = rng.choice(heads)
    new = rng.choice([b"[[" + m.group(1) + b"]]", b"[" + m.group(1) + b".x]", b"[bodies]", b"[state]", b"[hat]",
                      b"[house_rules]", b"[shots]"])
    return f"table {m.group(0).decode(errors='replace')} -> {new.decode(errors='replace')}", data[:m.start()] + new + data[m.end():]


TOML_MUTATIONS = BYTE_MUTATIONS + [_toml_type_swap, _toml_type_swap, _toml_huge_number, _toml_unknown_key,
                                   _toml_table_swap]


def _json_mutation(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """A structural change of the settings object: a type swap, a huge number, an unknown key."""
    try:
        obj = json.loads(data)
    except ValueError:
        return "unparsable base", data
    kind = rng.randrange(4)
    if kind == 0 and isinstance(obj, dict) and obj:
        key = rng.choice(sorted(obj))
        obj[key] = rng.choice(JSON_VALUES)
        what = f"{key} = {obj[key]!r}"
    elif kind == 1 and isinstance(obj, dict):
        key = rng.choice(["zz_unknown", "Width", "", "volume ", "__class__"])
        obj[key] = rng.choice(JSON_VALUES)
        what = f"unknown key {key!r}"
    elif kind == 2:
        obj = rng.choice([[], "settings", 3, None, [obj]])
        what = f"top level {type(obj).__name__}"
    else:
        if isinstance(obj, dict):
            for key in list(obj):
                if rng.random() < 0.5:
                    obj[key] = rng.choice(JSON_VALUES)
        what = "many values swapped"
    return what, json.dumps(obj).encode()


JSON_MUTATIONS = BYTE_MUTATIONS + [_json_mutation, _json_mutation, _json_mutation]

# Odd values for a replay's JSON fields: every JSON type, far numbers, the shapes the viewer reads, escapes.
FIELD_VALUES: list[object] = JSON_VALUES + [1e300, -1e300, 1e-300, [1e300, 0.0], {"rule": {"a": 1}}, [[]], [{}],
                                            {"put_down": 3}, [{"rule": 7, "reason": 3}], "x\n\x1b[31mred",
                                            ["a", 1], 7, -7, 2**62]


def _json_paths(value: object, prefix: tuple = (), depth: int = 0) -> list[tuple]:
    """Every key or index path in a JSON value, to a depth of five."""
    paths = [prefix] if prefix else []
    if depth >= 5:
        return paths
    if isinstance(value, dict):
        for key, item in value.items():
            paths += _json_paths(item, prefix + (key,), depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value[:6]):
            paths += _json_paths(item, prefix + (i,), depth + 1)
    return paths


def _replay_field(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """One field of the game header or of a shot set to an odd value, the chunk re-packed with a valid checksum."""
    import struct
    import zlib

    from game.replay.fileformat import CHUNK_HEADER, FILE_HEADER

    at, chunks = FILE_HEADER.size, []
    while at < len(data):
        stored_len = CHUNK_HEADER.unpack_from(data, at)[0]
        chunks.append(data[at:at + CHUNK_HEADER.size + stored_len])
        at += CHUNK_HEADER.size + stored_len
    index = rng.randrange(len(chunks))
    raw = zlib.decompress(chunks[index][CHUNK_HEADER.size:])
    json_len = struct.unpack_from("<I", raw)[0]
    header, rest = json.loads(raw[4:4 + json_len]), raw[4 + json_len:]
    path = rng.choice(_json_paths(header))
    value = rng.choice(FIELD_VALUES)
    target = header
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    text = json.dumps(header).encode()
    raw = struct.pack("<I", len(text)) + text + rest
    stored = zlib.compress(raw)
    chunks[index] = CHUNK_HEADER.pack(len(stored), len(raw), zlib.crc32(stored)) + stored
    where = "game header" if index == 0 else f"shot {index}"
    return f"{where}: {'.'.join(map(str, path))} = {value!r:.40}", data[:FILE_HEADER.size] + b"".join(chunks)


FIELD_MUTATIONS = [_replay_field]


def mutate(rng: random.Random, data: bytes, mutations: list[Callable[[random.Random, bytes], tuple[str, bytes]]],
           rounds: int = 1) -> tuple[str, bytes]:
    names = []
    for _ in range(rounds):
        fn = rng.choice(mutations)
        name, data = fn(rng, data)
        names.append(f"{fn.__name__.strip('_')}: {name}")
    return "; ".join(names), data


# -- oracles --------------------------------------------------------------------

def _clean(err: UserError, path: Path) -> str | None:
    """Why a refusal is not clean, or None when it is one line naming the file."""
    text = str(err)
    if not text.strip():
        return "empty message"
    if "\n" in text or "\r" in text:
        return f"message of {text.count(chr(10)) + 1} lines: {text[:160]!r}"
    if path.name not in text:
        return f"message does not name the file: {text[:160]!r}"
    return None


def check_scenario(path: Path) -> tuple[str, str]:
    from game.physics import PhysicsConfig
    from game.scenario.format import load_scenario
    from game.scenario.run import run_scenario

    cap = PhysicsConfig().max_shot_speed
    try:
        scenario = load_scenario(path, max_speed=cap)
    except UserError as err:
        bad = _clean(err, path)
        return ("crash", bad) if bad else ("refused", str(err))
    try:
        run_scenario(scenario, PhysicsConfig.for_game(scenario.layout, scenario.house))
    except UserError as err:
        bad = _clean(err, path)
        return ("crash", "run: " + bad) if bad else ("refused", str(err))
    return "accepted", ""


def check_replay(path: Path) -> tuple[str, str]:
    from game.app.replay.library import ReplayEntry
    from game.replay import load_replay
    from game.replay.timeline import Timeline

    # The Replays screen's row first: the header reader and the row's words
    # refuse in one line or show, whatever the bytes.
    try:
        entry = ReplayEntry(path, 0.0).read()
        if entry.summary is not None:
            row = (entry.players(), entry.outcome(), entry.shots())
    except Exception as err:  # noqa: BLE001 - the finding
        return "crash", f"replay list row: {type(err).__name__}: {err}"
    if entry.error is not None and ("\n" in entry.error or "Traceback" in entry.error):
        return "crash", f"replay list row: {entry.error!r}"
    try:
        replay = load_replay(path)
    except UserError as err:
        bad = _clean(err, path)
        return ("crash", bad) if bad else ("refused", str(err))
    if entry.summary is None:
        return "crash", f"read_meta refused a replay load_replay reads: {entry.error}"
    if entry.summary.shot_count != len(replay.shots) or row[2] != f"{len(replay.shots)} shot" + \
            ("" if len(replay.shots) == 1 else "s"):
        return "crash", f"read_meta counts {entry.summary.shot_count} shots, load_replay {len(replay.shots)}"
    _sweep(Timeline(replay), trails=False)
    return "accepted", ""


def _sweep(timeline, trails: bool) -> None:  # type: ignore[no-untyped-def]
    """Sample a replay's timeline at 24 instants as the viewer would (and its trails, if asked)."""
    end = timeline.shot_end(timeline.shot_count - 1) if timeline.shot_count else 0.0
    for k in range(24):
        t = end * k / 23
        timeline.sample(t)
        timeline.captions_at(t)
        timeline.flashes_at(t)
        if trails and timeline.shot_count:
            for body in timeline.shot(timeline.locate(t)[0]).body_ids[:3]:
                timeline.trail(t, body)


def view_replay(replay, base=None, folder: Path | None = None) -> None:  # type: ignore[no-untyped-def]
    """Show an accepted replay as the viewer and export do; any exception is a finding."""
    from game.replay.timeline import Timeline

    timeline = Timeline(replay)
    _sweep(timeline, trails=True)
    if base is None or not timeline.shot_count:
        return
    if folder is not None:
        _export_ends(replay, timeline.shot_count, folder, base)
        return
    # The frames are only looked at for an exception: a scratch folder of our own, removed however the export ends.
    with tempfile.TemporaryDirectory(prefix="taw-fuzz-export-") as scratch:
        _export_ends(replay, timeline.shot_count, Path(scratch), base)


def _export_ends(replay, shots: int, out: Path, base) -> None:  # type: ignore[no-untyped-def]
    """The export's frames of the first and the last shot, small, into ``out``."""
    from game.app.replay.export import export_frames

    for shot in sorted({0, shots - 1}):
        export_frames(replay, out, size=(64, 48), fps=2, shot=shot, trails=True, gif=False, base=base)


def check_replay_fields(path: Path, base=None) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    from game.replay import load_replay

    try:
        replay = load_replay(path)
    except UserError as err:
        bad = _clean(err, path)
        return ("crash", bad) if bad else ("refused", str(err))
    try:
        view_replay(replay, base)
    except UserError as err:  # the export may refuse in one line too (a folder it cannot write)
        bad = _clean(err, path) if path.name in str(err) else None
        return ("crash", f"view: {bad}") if bad else ("refused", f"view: {err}")
    except Exception as err:  # noqa: BLE001 - the loader accepted what the viewer cannot show
        return "crash", f"viewer or export: {type(err).__name__}: {str(err)[:160]}"
    return judge_again(replay, path)


def judge_again(replay, path: Path) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """``taw replay FILE --judge``: what the loader accepts is judged again, or refused in one line."""
    from game.replay.rejudge import rejudge, rejudging_to_json, rejudging_to_text
    from game.rules.house import HouseRules

    try:
        result = rejudge(replay, HouseRules(starting_stakes=2), source=str(path))
        rejudging_to_text(result, str(path), "house.toml")
        rejudging_to_json(result, str(path), "house.toml")
    except UserError as err:
        bad = _clean(err, path)
        return ("crash", f"judge: {bad}") if bad else ("accepted", "")
    except Exception as err:  # noqa: BLE001 - the loader accepted what --judge cannot read
        return "crash", f"judge: {type(err).__name__}: {str(err)[:160]}"
    return "accepted", ""


def check_settings(path: Path) -> tuple[str, str]:
    from game.app.settings import CHECKS, Settings, SettingsWarning, load_settings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        settings = load_settings(path)
    if not isinstance(settings, Settings):
        return "crash", f"load_settings returned {type(settings).__name__}"
    for key, (check, expected) in CHECKS.items():
        if not check(getattr(settings, key)):
            return "crash", f"{key} = {getattr(settings, key)!r} is not {expected}"
    others = [w for w in caught if not issubclass(w.category, SettingsWarning)]
    if others:
        return "crash", f"unexpected warning {others[0].category.__name__}: {others[0].message}"
    multi = [w for w in caught if "\n" in str(w.message)]
    if multi:
        return "crash", f"warning of several lines: {str(multi[0].message)[:160]!r}"
    return ("refused" if caught else "accepted"), "; ".join(str(w.message) for w in caught)[:200]


def check_house(path: Path) -> tuple[str, str]:
    from game.rules.house import HouseRules
    from game.rules.state import new_game

    try:
        house = HouseRules.from_toml(path)
    except UserError as err:
        bad = _clean(err, path)
        return ("crash", bad) if bad else ("refused", str(err))
    layout = house.layout()
    new_game(["mercury", "earth", "jupiter"], layout, house)
    return "accepted", ""


CHECKS: dict[str, Callable[[Path], tuple[str, str]]] = {
    "scenario": check_scenario, "replay": check_replay, "settings": check_settings, "house": check_house,
    "replay-fields": check_replay_fields}


# -- base files -----------------------------------------------------------------

def house_toml(house: object | None = None) -> bytes:
    """A complete ``[house_rules]`` table of the default rules, as TOML text."""
    from game.rules.house import HouseRules

    rules = house or HouseRules()
    lines = ["# every house rule at its default", "[house_rules]"]
    for key, value in rules.to_dict().items():  # type: ignore[attr-defined]
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, str):
            text = json.dumps(value)
        else:
            text = repr(value)
        lines.append(f"{key} = {text}")
    return ("\n".join(lines) + "\n").encode()


def settings_json() -> bytes:
    from dataclasses import asdict

    from game.app.settings import Settings

    return (json.dumps(asdict(Settings()), indent=2, sort_keys=True) + "\n").encode()


def replay_bytes(seed: int = 3, rounds: int = 2) -> bytes:
    """A real replay: a short seeded game between random players, recorded."""
    from game.ai.headless import play_game
    from game.ai.workers import PlannerPool
    from game.replay import encode_replay

    with PlannerPool(0) as pool:
        result = play_game(["random", "random", "random"], seed=seed, pool=pool, round_limit=rounds, record=True)
    return encode_replay(result.replay)


def base_files(scenarios: int | None = None) -> dict[str, list[tuple[str, bytes]]]:
    """Good files of each kind to mutate: (name, bytes)."""
    paths = sorted(SCENARIO_DIR.glob("*.toml"))
    if scenarios is not None:
        paths = paths[:scenarios]
    return {
        "scenario": [(p.name, p.read_bytes()) for p in paths],
        "replay": [("game.replay", replay_bytes())],
        "replay-fields": [("game.replay", replay_bytes())],
        "settings": [("settings.json", settings_json())],
        "house": [("house.toml", house_toml())],
    }


MUTATIONS = {"scenario": TOML_MUTATIONS, "house": TOML_MUTATIONS, "settings": JSON_MUTATIONS,
             "replay": BYTE_MUTATIONS, "replay-fields": FIELD_MUTATIONS}


def fuzz_files(seed: int, per_target: int, *,
               targets: tuple[str, ...] = ("scenario", "replay", "settings", "house", "replay-fields"),
               scenarios: int | None = None, bases: dict[str, list[tuple[str, bytes]]] | None = None,
               on_case: Callable[[Case], None] | None = None, base=None) -> FileFuzzReport:  # type: ignore[no-untyped-def]
    """``per_target`` seeded mutants of each target's base files, each checked by its oracle."""
    bases = bases or base_files(scenarios)
    report = FileFuzzReport()
    master = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="taw-fuzz-") as tmp:
        for target in targets:
            for k in range(per_target):
                case_seed = master.getrandbits(32)
                rng = random.Random(case_seed)
                name, data = rng.choice(bases[target])
                mutation, mutant = mutate(rng, data, MUTATIONS[target], rounds=rng.choice([1, 1, 1, 2, 3]))
                path = Path(tmp) / f"m{k}_{name}"
                path.write_bytes(mutant)
                started = time.perf_counter()
                try:
                    if target == "replay-fields":
                        outcome, message = check_replay_fields(path, base)
                    else:
                        outcome, message = CHECKS[target](path)
                except Exception as err:  # noqa: BLE001 - every other exception is the finding
                    tb = traceback.extract_tb(err.__traceback__)[-1]
                    outcome = "crash"
                    message = f"{type(err).__name__}: {str(err)[:200]} at {Path(tb.filename).name}:{tb.lineno}"
                case = Case(target, name, mutation, case_seed, outcome, message, time.perf_counter() - started)
                report.cases.append(case)
                if on_case is not None:
                    on_case(case)
                path.unlink(missing_ok=True)
    return report


def mutant_of(seed: int, target: str, bases: dict[str, list[tuple[str, bytes]]]) -> tuple[str, str, bytes]:
    """Rebuild one case from its seed: (base name, mutation, bytes)."""
    rng = random.Random(seed)
    name, data = rng.choice(bases[target])
    mutation, mutant = mutate(rng, data, MUTATIONS[target], rounds=rng.choice([1, 1, 1, 2, 3]))
    return name, mutation, mutant


# -- the CLI and atomic writes --------------------------------------------------

def cli_check(argv: list[str], cwd: Path | None = None, timeout: float = 120.0) -> str | None:
    """Run ``python -m game ARGV``: None if it exits 2 with one stderr line and no traceback."""
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "game", *argv], capture_output=True, text=True,
                          cwd=cwd or ROOT, timeout=timeout)
    err = proc.stderr.strip("\n")
    if proc.returncode != 2:
        return f"taw {' '.join(argv)}: exit {proc.returncode}, stderr {err[-300:]!r}"
    if "Traceback" in err or len(err.splitlines()) != 1:
        return f"taw {' '.join(argv)}: stderr is not one line: {err[-300:]!r}"
    return None


def atomic_write_checks(folder: Path) -> list[str]:
    """A failed write over a good file leaves the good file intact and no temporary file behind.

    The failure is injected at each step of ``write_atomic`` in turn (writing,
    syncing, renaming), for settings and replays; and a replay that cannot be
    encoded never reaches the disk.
    """
    import os
    from unittest import mock

    from game.app.settings import Settings, save_settings
    from game.fileio import is_our_temp
    from game.replay import load_replay, save_replay

    problems: list[str] = []
    settings_path = folder / "settings.json"
    save_settings(Settings(volume=0.25), settings_path)
    good_settings = settings_path.read_bytes()
    replay_path = folder / "game.replay"
    replay_path.write_bytes(replay_bytes(seed=5, rounds=1))
    good_replay = replay_path.read_bytes()
    replay = load_replay(replay_path)

    def enospc(*_a: object, **_k: object) -> None:
        raise OSError(28, "No space left on device")

    for step in ("os.fsync", "os.replace", "os.write"):
        for what, do, path, good in (
                ("settings", lambda: save_settings(Settings(volume=0.9), settings_path), settings_path,
                 good_settings),
                ("replay", lambda: save_replay(replay, replay_path), replay_path, good_replay)):
            with mock.patch(step, side_effect=enospc):
                try:
                    do()
                    problems.append(f"{what}: a write failing in {step} raised nothing")
                except UserError as err:
                    if "\n" in str(err):
                        problems.append(f"{what}: a write failing in {step} gave several lines")
                except Exception as err:  # noqa: BLE001
                    problems.append(f"{what}: a write failing in {step} raised {type(err).__name__}: {err}")
            if path.read_bytes() != good:
                problems.append(f"{what}: a write failing in {step} changed the good file")
            leftovers = [p.name for p in folder.iterdir() if is_our_temp(p.name, path.name)]
            if leftovers:
                problems.append(f"{what}: a write failing in {step} left {leftovers[0]}")
                for name in leftovers:
                    os.unlink(folder / name)
    return problems


# -- hostile files: aggregate sizes, special files, escapes -----------------------------

@dataclass
class HostileResult:
    case: str
    outcome: str         # "refused", "accepted", "crash" or "hang"
    message: str = ""
    seconds: float = 0.0


def _in_time(fn: Callable[[], object], seconds: float) -> tuple[str, object]:
    """``("done", value)``, ``("raised", error)`` or ``("hang", None)`` when ``fn`` has not returned in time."""
    import threading

    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as err:  # noqa: BLE001 - handed back to the caller
            box["error"] = err

    worker = threading.Thread(target=run, daemon=True, name="fuzz-hang-guard")
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        return "hang", None
    return ("raised", box["error"]) if "error" in box else ("done", box.get("value"))


def _judge(case: str, kind: str, value: object, seconds: float, expect_refusal: bool) -> HostileResult:
    if kind == "hang":
        return HostileResult(case, "hang", f"no answer in {seconds:.0f} s", seconds)
    if kind == "raised":
        err = value
        if isinstance(err, UserError):
            text = str(err)
            if not text.isprintable():
                return HostileResult(case, "crash", f"message not one printable line: {text[:120]!r}", seconds)
            return HostileResult(case, "refused" if expect_refusal else "crash", text[:160], seconds)
        return HostileResult(case, "crash", f"{type(err).__name__}: {str(err)[:160]}", seconds)
    if expect_refusal:
        return HostileResult(case, "crash", "accepted what it should refuse", seconds)
    return HostileResult(case, "accepted", "", seconds)


def hostile_replay_checks(base=None, names: tuple[str, ...] | None = None,  # type: ignore[no-untyped-def]
                          limit_s: float = 300.0) -> list[HostileResult]:
    """Every replay of ``stress.hostile``: refused in one line exactly when it breaks a bound, else shown."""
    from game.replay import decode_replay
    from stress.hostile import HOSTILE_REPLAYS

    results = []
    for case in HOSTILE_REPLAYS:
        if names is not None and case.name not in names:
            continue
        data = case.build()
        started = time.perf_counter()

        def load_and_sample(data: bytes = data) -> object:
            replay = decode_replay(data, "hostile.replay")
            view_replay(replay)
            return replay

        kind, value = _in_time(load_and_sample, limit_s)
        if kind == "done" and base is not None and len(value.shots) <= 100:  # type: ignore[attr-defined]
            try:   # the export draws with the main thread's GL context
                view_replay(value, base)
            except Exception as err:  # noqa: BLE001 - the finding
                kind, value = "raised", err
        results.append(_judge(case.name, kind, value, time.perf_counter() - started, case.refused))
    return results


def special_file_checks(folder: Path, limit_s: float = 10.0) -> list[HostileResult]:
    """A FIFO, a socket, a folder, links to devices, a loop and a dangling link as every kind of input file,
    as a target to write, and in the Replays folder: each refused in one line at once (settings: defaults)."""
    from game.app.replay.library import list_replays
    from game.app.settings import Settings, load_settings
    from game.fileio import write_atomic
    from game.physics import PhysicsConfig
    from game.replay import load_replay
    from game.rules.house import HouseRules
    from game.scenario.format import load_scenario
    from stress.hostile import special_files

    found = special_files(folder)
    cap = PhysicsConfig().max_shot_speed
    readers: dict[str, Callable[[Path], object]] = {
        "replay": load_replay, "scenario": lambda p: load_scenario(p, max_speed=cap),
        "house rules": HouseRules.from_toml, "written over": lambda p: write_atomic(p, b"x")}
    results = []
    for kind, path in found.items():
        for what, read in readers.items():
            started = time.perf_counter()
            outcome, value = _in_time(lambda read=read, path=path: read(path), limit_s)
            results.append(_judge(f"{kind} as {what}", outcome, value, time.perf_counter() - started, True))
        started = time.perf_counter()
        with warnings.catch_warnings(record=True):
            warnings.simplefilter("always")
            outcome, value = _in_time(lambda path=path: load_settings(path), limit_s)
        seconds = time.perf_counter() - started
        if outcome == "done" and value == Settings():
            results.append(HostileResult(f"{kind} as settings", "refused", "defaults, with a warning", seconds))
        else:
            results.append(_judge(f"{kind} as settings", outcome, value, seconds, True))
    started = time.perf_counter()
    real = folder / "real.replay"
    real.write_bytes(replay_bytes(seed=5, rounds=1))

    def list_rows() -> int:
        rows = list_replays(folder)
        for entry in rows:
            entry.read()
            if entry.error is not None and not entry.error.isprintable():
                raise AssertionError(f"a row's error is not one printable line: {entry.error!r}")
        if not any(e.path == real and e.summary is not None for e in rows):
            raise AssertionError("the real replay beside the special files is not listed")
        return len(rows)

    outcome, value = _in_time(list_rows, limit_s)
    result = _judge("the Replays folder holding all of them", outcome, value, time.perf_counter() - started, False)
    results.append(result)
    return results


def escape_checks(folder: Path) -> list[HostileResult]:
    """Keys and names holding newlines and terminal escapes: every refusal stays one printable line."""
    from game.physics import PhysicsConfig
    from game.rules.house import HouseRules
    from game.scenario.format import load_scenario

    fake = "x\\nTraceback (most recent call last):\\u001b[31m"
    files = {
        "house rules key": ("house.toml", f'[house_rules]\n"{fake}" = 1\n', HouseRules.from_toml),
        "scenario key": ("s.toml", f'"{fake}" = 1\n', lambda p: load_scenario(p, max_speed=PhysicsConfig().max_shot_speed)),
        "scenario body id": ("b.toml", f'players = ["earth"]\nshooter = "earth"\n[bodies]\n"{fake}" = [0.1, 0.1]\n'
                             '[shot]\ndirection = 0\nspeed = 1\n',
                             lambda p: load_scenario(p, max_speed=PhysicsConfig().max_shot_speed)),
    }
    results = []
    for case, (name, text, read) in files.items():
        path = folder / name
        path.write_text(text)
        started = time.perf_counter()
        kind, value = _in_time(lambda read=read, path=path: read(path), 30.0)
        results.append(_judge(case, kind, value, time.perf_counter() - started, True))
    return results


def _kept(case: str, started: float, ok: bool, message: str) -> HostileResult:
    """A planted-file case: "refused" when the game wrote only its own files, else a crash saying what it did."""
    return HostileResult(case, "refused" if ok else "crash", message, time.perf_counter() - started)


def planted_write_checks(folder: Path, video: bool = True, limit_s: float = 120.0) -> list[HostileResult]:
    """The third pass's planted files: a link and a FIFO at the old part names of an MP4 export, an editor's
    temp file beside a save, an unreadable settings file past ``.bad99``: each write touches only its own file
    and nothing waits on a FIFO."""
    import os

    from game.app.settings import Settings, save_settings
    from game.fileio import STALE_TEMP_SECONDS, write_atomic

    results = []
    victim = folder / "thesis.tex"
    victim.write_text("mine")
    editor = folder / ".thesis.tex.0123abcd.tmp"
    editor.write_text("the editor's")
    then = time.time() - STALE_TEMP_SECONDS - 3600
    os.utime(editor, (then, then))
    started = time.perf_counter()
    outcome, value = _in_time(lambda: write_atomic(folder / "thesis.tex", "rewritten"), limit_s)
    results.append(_kept("an editor's temp file beside a save", started, outcome == "done" and editor.exists(),
                         "" if editor.exists() else "the editor's temp file was removed"))
    victim.write_text("mine")
    settings = folder / "settings.json"
    settings.write_text("[not json")
    for n in range(1, 100):
        (folder / ("settings.json.bad" if n == 1 else f"settings.json.bad{n}")).write_text("kept")
    started = time.perf_counter()
    outcome, value = _in_time(lambda: save_settings(Settings(), settings), limit_s)
    kept = settings.read_text() == "[not json"
    results.append(_kept("an unreadable settings file past .bad99, saved over", started,
                         outcome == "raised" and kept, str(value)[:160] if kept else "written over"))
    if video:
        results += _planted_part_checks(folder, victim, limit_s)
    return results


def _planted_part_checks(folder: Path, victim: Path, limit_s: float) -> list[HostileResult]:
    """``taw replay --export NAME.mp4`` in a process of its own (a hang is its timeout) beside planted files."""
    import os
    import subprocess
    import sys

    source = folder / "source.replay"
    source.write_bytes(replay_bytes(seed=5, rounds=1))
    (folder / ".linked.mp4.part").symlink_to(victim)
    os.mkfifo(folder / ".fifo.mp4.part")
    (folder / "file:").mkdir()
    results = []
    for case, name in (("a link at the MP4 export's old part name", "linked.mp4"),
                       ("a FIFO at the MP4 export's old part name", "fifo.mp4"),
                       ("an MP4 export into a folder named file:", "file:/x.mp4")):
        started = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, "-m", "game", "replay", str(source), "--export", name,
                                   "--size", "64x48", "--fps", "5", "--shot", "1"], cwd=folder,
                                  env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
                                  capture_output=True, text=True, timeout=limit_s)
        except subprocess.TimeoutExpired:
            results.append(HostileResult(case, "hang", f"no answer in {limit_s:.0f} s", limit_s))
            continue
        whole = done.returncode == 0 and (folder / name).read_bytes()[4:8] == b"ftyp" and victim.read_text() == "mine"
        leftovers = [p.name for p in folder.iterdir() if p.name.endswith(".tawtmp")]
        results.append(_kept(case, started, whole and not leftovers,
                             "" if whole and not leftovers else f"{done.returncode}: {done.stderr[-120:]} {leftovers}"))
    return results
