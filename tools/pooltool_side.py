"""The pooltool half of ``tools/pooltool_compare.py``: plays the standard set in pooltool, in pooltool's own venv.

    /work/wt/pooltool-venv/bin/python tools/pooltool_side.py < cases.json > results.json

Runs only in a virtual environment with ``pooltool-billiards`` (0.6.0) and
never imports the game: the game's side writes the cases (bodies, materials
and first states, read from ``game/physics``) as JSON on stdin, and this
script answers, as JSON on stdout, where every ball came to rest and each
ball-ball hit's states just before and after, for each of pooltool's
frictional ball-ball models.  The table has no cushions and no pockets: the
game's ground is open.  Run it with ``HOME`` set to a scratch folder:
pooltool writes its settings under ``~/.config/pooltool`` when imported.

Bad input: a one-line error naming the problem and exit status 2.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

MAX_INPUT_BYTES = 1 << 20
MAX_CASES = 200
MAX_BALLS = 4
MODELS = ("frictional_inelastic", "frictional_mathavan")
# A shot of the set has a few dozen events; more means pooltool is caught in
# a loop (it then stops every ball where it is), and the case fails.
MAX_EVENTS = 500


class CaseError(Exception):
    """The cases on stdin are not what this script reads."""


def finite(value: Any) -> bool:
    """A JSON number (not a bool) that is a finite float (an integer of hundreds of digits is not)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _number(value: Any, where: str, positive: bool = False) -> float:
    if not finite(value):
        raise CaseError(f"{where} must be a finite number, not {str(value)[:40]}")
    if positive and value <= 0:
        raise CaseError(f"{where} must be positive, not {value}")
    return float(value)


def _vector(value: Any, size: int, where: str) -> list[float]:
    if not isinstance(value, list) or len(value) != size:
        raise CaseError(f"{where} must be a list of {size} numbers")
    return [_number(v, f"{where}[{i}]") for i, v in enumerate(value)]


def _mapping(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise CaseError(f"{where} must be an object")
    return value


def read_cases(text: str) -> dict[str, Any]:
    """The cases, checked: every number finite, every ball of a known body, no more than the bounds."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise CaseError(f"the cases are not JSON ({str(err)[:60]})") from None
    data = _mapping(data, "the cases")
    bodies = _mapping(data.get("bodies"), "bodies")
    for name, body in bodies.items():
        body = _mapping(body, f"body {name!r}")
        for key in ("radius", "mass", "sliding", "rolling", "spinning"):
            _number(body.get(key), f"body {name!r} {key}", positive=True)
    pair = _mapping(data.get("ball_ball"), "ball_ball")
    _number(pair.get("restitution"), "ball_ball restitution", positive=True)
    _number(pair.get("friction"), "ball_ball friction", positive=True)
    for term in _vector(pair.get("curve"), 3, "ball_ball curve"):
        if term < 0.0:
            raise CaseError("ball_ball curve's terms must be >= 0")
    _number(data.get("gravity"), "gravity", positive=True)
    cases = data.get("cases")
    if not isinstance(cases, list) or not 0 < len(cases) <= MAX_CASES:
        raise CaseError(f"cases must be a list of 1 to {MAX_CASES} cases")
    names: set[str] = set()
    for i, case in enumerate(cases):
        case = _mapping(case, f"case {i}")
        if not isinstance(case.get("name"), str) or case["name"] in names:
            raise CaseError(f"case {i} needs a name of its own")
        names.add(case["name"])
        balls = case.get("balls")
        if not isinstance(balls, list) or not 0 < len(balls) <= MAX_BALLS:
            raise CaseError(f"case {case['name']!r}: balls must be a list of 1 to {MAX_BALLS}")
        ids: set[str] = set()
        for ball in balls:
            ball = _mapping(ball, f"case {case['name']!r} ball")
            if not isinstance(ball.get("id"), str) or ball["id"] in ids or ball.get("body") not in bodies:
                raise CaseError(f"case {case['name']!r}: each ball needs an id of its own and a known body")
            ids.add(ball["id"])
            _vector(ball.get("xy"), 2, f"{ball['id']} xy")
            _vector(ball.get("v"), 2, f"{ball['id']} v")
            _vector(ball.get("w"), 3, f"{ball['id']} w")
    return data


def _params(body: dict[str, Any], pair: dict[str, Any], gravity: float):   # -> pooltool BallParams
    """pooltool's ball parameters for one of our bodies.

    pooltool averages the two balls' ``u_b`` and ``e_b`` in a hit, so each
    ball carries the pair's own figures (Bullet's product of the two).
    Its spinning friction is ``u_sp_proportionality * R``.
    """
    from pooltool.objects.ball.params import BallParams

    return BallParams(m=body["mass"], R=body["radius"], u_s=body["sliding"], u_r=body["rolling"],
                      u_sp_proportionality=body["spinning"] / body["radius"],
                      u_b=pair["friction"], e_b=pair["restitution"], g=gravity)


def _ball(spec: dict[str, Any], params: Any):   # -> pooltool Ball
    """A ball on the table at ``xy``, set off with its first velocity and spin, in the state they make
    (sliding, rolling, spinning in place or at rest)."""
    import numpy as np
    import pooltool.constants as const
    from pooltool.objects.ball.datatypes import Ball, BallState

    (x, y), (vx, vy), (wx, wy, wz) = spec["xy"], spec["v"], spec["w"]
    r = params.R
    slip = math.hypot(vx - r * wy, vy + r * wx)
    if vx == vy == 0.0 and wx == wy == 0.0:
        state = const.spinning if wz else const.stationary
    else:
        state = const.sliding if slip > 1e-12 else const.rolling
    rvw = np.array([[x, y, r], [vx, vy, 0.0], [wx, wy, wz]], dtype=np.float64)
    return Ball(spec["id"], state=BallState(rvw, state, 0.0), params=params)


def _engine(model: str, curve: list[float]):   # -> pooltool PhysicsEngine
    """pooltool's engine with one of its frictional ball-ball models, its ball-ball friction ours: Alciatore's
    curve ``a + b exp(-c u)`` scaled to our pair's grip (``game/physics/hit_friction.py``)."""
    from pooltool.physics.engine import PhysicsEngine
    from pooltool.physics.resolve.ball_ball.friction import AlciatoreBallBallFriction
    from pooltool.physics.resolve.ball_ball.frictional_inelastic import FrictionalInelastic
    from pooltool.physics.resolve.ball_ball.frictional_mathavan import FrictionalMathavan
    from pooltool.physics.resolve.resolver import default_resolver

    friction = AlciatoreBallBallFriction(a=curve[0], b=curve[1], c=curve[2])
    ball_ball = FrictionalInelastic(friction=friction) if model == "frictional_inelastic" \
        else FrictionalMathavan(friction=friction)
    resolver = default_resolver()
    resolver.ball_ball = ball_ball
    return PhysicsEngine(resolver=resolver)


def _state(ball: Any) -> dict[str, list[float]]:
    rvw = ball.state.rvw
    return {"xy": [float(rvw[0][0]), float(rvw[0][1])], "v": [float(rvw[1][0]), float(rvw[1][1])],
            "w": [float(rvw[2][0]), float(rvw[2][1]), float(rvw[2][2])]}


def play(case: dict[str, Any], data: dict[str, Any], model: str) -> dict[str, Any]:
    """One case in pooltool: every ball's rest and the hits, each ball's state just before and just after."""
    import pooltool as pt
    from pooltool.events.datatypes import EventType
    from pooltool.objects.table.components import CushionSegments
    from pooltool.objects.table.specs import TableType

    balls = {}
    for spec in case["balls"]:
        params = _params(data["bodies"][spec["body"]], data["ball_ball"], data["gravity"])
        balls[spec["id"]] = _ball(spec, params)
    table = pt.Table(cushion_segments=CushionSegments(linear={}, circular={}), pockets={},
                     table_type=TableType.OTHER)
    first = case["balls"][0]["id"]
    system = pt.System(cue=pt.Cue(cue_ball_id=first), table=table, balls=balls)
    done = pt.simulate(system, engine=_engine(model, data["ball_ball"]["curve"]), inplace=False, max_events=MAX_EVENTS)
    if len(done.events) >= MAX_EVENTS:
        return {"failed": f"pooltool did not settle within {MAX_EVENTS} events"}
    hits = []
    for event in done.events:
        if event.event_type == EventType.BALL_BALL:
            hits.append({"t": float(event.time), "ids": [a.id for a in event.agents],
                         "before": {a.id: _state(a.initial) for a in event.agents},
                         "after": {a.id: _state(a.final) for a in event.agents}})
    rest = {bid: _state(ball)["xy"] for bid, ball in done.balls.items()}
    return {"rest": rest, "hits": hits, "t": float(done.t)}


def run(data: dict[str, Any]) -> dict[str, Any]:
    import pooltool

    results: dict[str, Any] = {model: {} for model in MODELS}
    for model in MODELS:
        for case in data["cases"]:
            results[model][case["name"]] = play(case, data, model)
    return {"pooltool": pooltool.__version__, "results": results}


def main() -> int:
    try:
        raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        if len(raw) > MAX_INPUT_BYTES:
            raise CaseError(f"the cases are larger than {MAX_INPUT_BYTES} bytes")
        data = read_cases(raw.decode("utf-8", errors="strict"))
    except UnicodeDecodeError:
        print("pooltool_side: the cases are not UTF-8 text", file=sys.stderr)
        return 2
    except CaseError as err:
        print(f"pooltool_side: {err}", file=sys.stderr)
        return 2
    json.dump(run(data), sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
