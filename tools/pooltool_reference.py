"""pooltool's figures for the standard set, as recorded in ``tests/physics/data/pooltool_reference.json``.

The file holds the cases pooltool was given (our bodies, the pair's
restitution and friction, every ball's first state: ``pooltool_cases``)
and what pooltool made of each, per ball-ball model.  It is read as a
hostile file (bounded, checked number by number) and written atomically.
``tests/physics/test_pooltool_oracle.py`` holds our Bullet world to it
without pooltool installed; ``tools/pooltool_compare.py --record`` writes it.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.errors import UserError
from game.fileio import read_bounded, write_atomic
from tools.pooltool_cases import Outcome
from tools.pooltool_side import MODELS, CaseError, finite, read_cases

REFERENCE = Path(__file__).resolve().parents[1] / "tests" / "physics" / "data" / "pooltool_reference.json"
FORMAT = "taw pooltool reference"
VERSION = 1
MAX_BYTES = 4 << 20


@dataclass(frozen=True)
class Reference:
    """pooltool's version, the cases it played and its outcome of each (None: pooltool did not settle)."""

    pooltool: str
    cases: dict[str, Any]
    outcomes: dict[str, dict[str, Outcome | None]]   # model -> case name -> outcome


def _point(value: Any, where: str) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2 or not all(finite(c) for c in value):
        raise UserError(f"{where}: a point is two finite numbers")
    return (float(value[0]), float(value[1]))


def outcome_of(result: Any, where: str) -> Outcome | None:
    """pooltool's answer for one case (``pooltool_side.play``) as an ``Outcome``: rests, velocities after the first hit."""
    if not isinstance(result, dict):
        raise UserError(f"{where}: not an object")
    if "failed" in result:
        return None
    rest, hits = result.get("rest"), result.get("hits")
    if not isinstance(rest, dict) or not isinstance(hits, list):
        raise UserError(f"{where}: needs rest and hits")
    outcome = Outcome({str(k): _point(v, f"{where} rest {k}") for k, v in rest.items()})
    if hits:
        after = hits[0].get("after") if isinstance(hits[0], dict) else None
        if not isinstance(after, dict):
            raise UserError(f"{where}: a hit needs the states after it")
        outcome.after = {str(k): _point(v.get("v") if isinstance(v, dict) else None, f"{where} after {k}")
                         for k, v in after.items()}
    return outcome


def from_json(data: Any, source: str) -> Reference:
    """A reference from its JSON (checked: the format, every case, every result's numbers)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise UserError(f"{source}: not a {FORMAT} of version {VERSION}")
    try:
        cases = read_cases(json.dumps(data.get("cases")))
    except CaseError as err:
        raise UserError(f"{source}: {err}") from None
    results = data.get("results")
    names = [case["name"] for case in cases["cases"]]
    if not isinstance(results, dict) or set(results) != set(MODELS):
        raise UserError(f"{source}: results must hold the models {', '.join(MODELS)}")
    outcomes: dict[str, dict[str, Outcome | None]] = {}
    for model in MODELS:
        per_case = results[model]
        if not isinstance(per_case, dict) or set(per_case) != set(names):
            raise UserError(f"{source}: {model} must have a result for every case and no other")
        outcomes[model] = {name: outcome_of(per_case[name], f"{source}: {model} {name}") for name in names}
    if not isinstance(data.get("pooltool"), str):
        raise UserError(f"{source}: which pooltool made it is not said")
    return Reference(data["pooltool"], cases, outcomes)


def load(path: Path = REFERENCE) -> Reference:
    """The recorded reference, or a one-line ``UserError``."""
    raw = read_bounded(path, MAX_BYTES, "pooltool reference")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as err:
        raise UserError(f"{path}: not JSON ({str(err)[:60]})") from None
    return from_json(data, str(path))


def save(cases: Mapping[str, Any], answer: Mapping[str, Any], path: Path = REFERENCE) -> Reference:
    """Write pooltool's ``answer`` to ``cases`` (checked first) as the reference, atomically."""
    data = {"format": FORMAT, "version": VERSION, "pooltool": answer.get("pooltool"),
            "cases": cases, "results": answer.get("results")}
    reference = from_json(json.loads(json.dumps(data)), "pooltool's answer")
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True) + "\n")
    return reference


# How far Bullet's state of the Sun after a hit may move from the recorded
# one before pooltool's figures from it are stale: Bullet gives the same bits
# on one machine and build, and nothing is promised across them.
LAUNCH_SHARE = 0.005
LAUNCH_SPIN_FLOOR = 0.05   # rad/s


def _vector_gap(a: list[float], b: list[float]) -> float:
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))


def _norm(a: list[float]) -> float:
    return math.sqrt(sum(x * x for x in a))


def _ball_stale(name: str, was: Mapping[str, Any], now: Mapping[str, Any], launched: bool) -> list[str]:
    """How one ball's first state differs (``launched``: Bullet's state after a hit, within a tolerance)."""
    if (was["id"], was["body"], was["xy"]) != (now["id"], now["body"], now["xy"]):
        return [f"{name}: ball {now['id']} is not the one recorded"]
    if not launched:
        return [] if (was["v"], was["w"]) == (now["v"], now["w"]) else [f"{name}: {now['id']} starts otherwise"]
    out = []
    if _vector_gap(was["v"], now["v"]) > LAUNCH_SHARE * _norm(now["v"]):
        out.append(f"{name}: Bullet's hit leaves {now['id']} at v {now['v']}, recorded {was['v']}")
    if _vector_gap(was["w"], now["w"]) > LAUNCH_SHARE * _norm(now["w"]) + LAUNCH_SPIN_FLOOR:
        out.append(f"{name}: Bullet's hit leaves {now['id']} spinning at {now['w']}, recorded {was['w']}")
    return out


def stale(recorded: Mapping[str, Any], today: Mapping[str, Any], launched: set[str]) -> list[str]:
    """Every way the cases pooltool played differ from today's (empty: its figures still apply).

    ``launched``: the cases whose first state is Bullet's after a hit (the
    Sun's), compared within ``LAUNCH_SHARE``; all else must be equal.
    """
    out = [f"{key}: recorded {recorded.get(key)}, today {today[key]}"
           for key in ("bodies", "ball_ball", "gravity") if recorded.get(key) != today[key]]
    was = {case["name"]: case for case in recorded["cases"]}
    for case in today["cases"]:
        name = case["name"]
        if name not in was or len(was[name]["balls"]) != len(case["balls"]):
            out.append(f"{name}: not recorded")
            continue
        for old, new in zip(was[name]["balls"], case["balls"]):
            out += _ball_stale(name, old, new, name in launched)
    gone = set(was) - {case["name"] for case in today["cases"]}
    out += [f"{name}: recorded, no longer in the set" for name in sorted(gone)]
    return out
