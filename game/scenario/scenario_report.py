"""A played scenario as JSON (``--json``) and as a referee talking (the default)."""

from __future__ import annotations

import math
from typing import Any

from game.match.hat import hat_summary
from game.match.match import ShotResult
from game.rules import names
from game.rules.events import BodyOut, Contact, event_to_dict
from game.rules.layout import Layout, taw_id
from game.rules.shot_facts import strikes
from game.rules.ruling_text import ruling_to_json, ruling_to_text
from game.scenario.run import ScenarioResult, final_positions

# Contacts softer than this (N s) are resting touches the physics reported,
# not strikes a person would call; the text leaves them out, the JSON keeps all.
QUIET_IMPULSE = 1e-5


def _shot_json(shot: ShotResult) -> dict[str, Any]:
    ruling = ruling_to_json(shot.ruling)
    rest = shot.rest
    return {
        "shooter": shot.shooter,
        "direction": shot.shot.direction,
        "speed": shot.shot.speed,
        "start": list(shot.start),
        "placement": None if shot.placement is None else {"on": shot.placement.orbit,
                                                          "angle": shot.placement.angle},
        **ruling,
        "final": {b: list(p) for b, p in (rest.positions.items() if rest else ())},
        "table": {b: list(p) for b, p in shot.positions.items()},
        "events": [event_to_dict(e) for e in shot.events],
    }


def result_to_json(result: ScenarioResult) -> dict[str, Any]:
    """One JSON object; the keys of the brief first.

    For a single shot the top-level keys are that shot's; for a sequence,
    ``transfers``, ``fouls``, ``out`` and ``events`` gather every shot's in
    order, ``winner`` and ``final`` are the last shot's, and ``shots`` holds
    each shot on its own.
    """
    if result.hat is not None:
        return {
            "hat": [{"person": d.player, "planet": d.planet, "distance": d.distance,
                     "rest": None if d.rest is None else list(d.rest)} for d in result.hat.drops],
            "sun": list(result.hat.sun),
            "first_shooter": next((d.player for d in result.hat.drops if d.planet == "mercury"), None),
            "seed": result.hat.seed,
        }
    shots = [_shot_json(s) for s in result.shots]
    last = shots[-1]
    data: dict[str, Any] = {
        "transfers": [t for s in shots for t in s["transfers"]],
        "fouls": [f for s in shots for f in s["fouls"]],
        "out": [p for s in shots for p in s["out"]],
        "winner": last["winner"],
        "final": {b: list(p) for b, p in final_positions(result).items()},
        "events": [e for s in shots for e in s["events"]],
        "finished": last["finished"],
        "comets": [c for s in shots for c in s["comets"]],
        "notes": [n for s in shots for n in s["notes"]],
        "purses": last["purses"],
        "stakes": last["stakes"],
        "table": last["table"],
    }
    if len(shots) > 1:
        data["shots"] = shots
    return data


def _where(layout: Layout, point: tuple[float, float], body: str) -> str:
    zone = layout.zone(point, layout.sun_radius if body == "sun" else layout.marble_radius)
    if zone.in_inner_ring:
        place = "in the inner ring"
    elif zone.beyond_herschel:
        place = "beyond Herschel's orbit"
    else:  # on a line, in that line's orbit (``Layout.body_region``)
        place = f"in {names.orbit(zone.region)}"
    if zone.on_line:
        place += f", on {names.possessive(zone.on_line)} line"
    if zone.in_saturn_ring:
        place += ", inside Saturn's ring"
    return place


def _shot_text(shot: ShotResult, layout: Layout, before: dict[str, tuple[float, float]]) -> list[str]:
    lines: list[str] = []
    who = names.sentence(names.who(shot.shooter))
    laid = ""
    if shot.placement is not None:
        laid = f" laid on {names.possessive(shot.placement.orbit)} line at {shot.placement.angle:.1f}°"
    lines.append(f"{who} shoots from ({shot.start[0]:.3f}, {shot.start[1]:.3f}){laid}, "
                 f"towards {shot.shot.direction:.1f}° at {shot.shot.speed:.2f} m/s.")
    striker = {id(c): (a, b) for c, a, b in strikes(taw_id(shot.shooter),
                                                    (e for e in shot.events if isinstance(e, Contact)))}
    for event in shot.events:
        if isinstance(event, Contact) and event.impulse >= QUIET_IMPULSE:
            a, b = striker[id(event)]
            lines.append(f"  {event.t:6.3f} s  {names.sentence(names.body(a))} strikes {names.body(b)} "
                         f"({event.impulse * 1000:.2f} mN·s)")
        elif isinstance(event, BodyOut):
            lines.append(f"  {event.t:6.3f} s  {names.sentence(names.body(event.body))} rolls off the ground")
    rest = shot.rest
    if rest is not None:
        lines.append(f"All at rest after {rest.t:.2f} s. Bodies that moved:")
        moved = False
        for body, point in rest.positions.items():
            old = shot.start if body.endswith(".taw") and body.startswith(shot.shooter) else before.get(body)
            if old is not None and math.dist(old, point) < 1e-5:
                continue
            moved = True
            lines.append(f"  {names.sentence(names.body(body)):<34} ({point[0]:7.3f}, {point[1]:7.3f})  "
                         f"{_where(layout, point, body)}")
        if not moved:
            lines.append("  none")
    lines.append("The referee:")
    lines.extend("  " + line for line in ruling_to_text(shot.ruling).splitlines())
    if shot.ruling.take_off:
        lifted = ", ".join(f"{names.body(c.body)} (to {names.who(c.into)})" for c in shot.ruling.take_off)
        lines.append(f"Taken off the ground: {lifted}.")
    return lines


def result_to_text(result: ScenarioResult) -> str:
    scenario = result.scenario
    lines: list[str] = []
    if scenario.description:
        lines += [scenario.description, ""]
    if result.hat is not None:
        lines += hat_summary(result.hat)
        first = next((d.player for d in result.hat.drops if d.planet == "mercury"), None)
        if first is not None:
            lines.append(f"{first} holds Mercury and has the first shot (rule 2); then outward.")
        return "\n".join(lines)
    assert result.start is not None and result.end is not None
    before = dict(result.start.positions)
    for i, shot in enumerate(result.shots):
        if len(result.shots) > 1:
            lines.append(f"Shot {i + 1}:")
        lines += _shot_text(shot, scenario.layout, before)
        before = dict(shot.positions)
        lines.append("")
    end = result.end
    purses = ", ".join(f"{names.who(p)} {end.purses[p]}" for p in end.players)
    lines.append(f"Purses: {purses}; stakes {end.stakes}.")
    return "\n".join(lines)
