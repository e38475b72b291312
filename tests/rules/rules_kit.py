"""Scripted shots for the referee's tests: events built by hand from layout spots."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Mapping, Sequence

from game.rules.events import AllAtRest, BodyOut, Contact, Event, ShotStarted
from game.rules.house import HouseRules
from game.rules.layout import PLANETS, Layout, Point, taw_id
from game.rules.referee import judge
from game.rules.ruling import Ruling
from game.rules.state import RuleState, new_game

LAYOUT = Layout()


def game(players: Iterable[str] = PLANETS, *, released: bool = True, house: HouseRules | None = None,
         **changes) -> RuleState:
    """A fresh game; by default the Sun already released and every first shot taken."""
    state = new_game(players, LAYOUT, house)
    if released:
        state = replace(state, sun_released=True, first_shot_pending=frozenset())
    return replace(state, **changes) if changes else state


def place(state: RuleState, **spots: Point) -> RuleState:
    """Bodies moved before the shot (keyword ``earth_1`` means ``earth.1``, ``earth_taw`` the taw)."""
    positions = dict(state.positions)
    for key, point in spots.items():
        positions[key.replace("_", ".")] = point
    return replace(state, positions=positions)


def shot_events(
    state: RuleState,
    shooter: str,
    contacts: Sequence[tuple] = (),
    rest: Mapping[str, Point] | None = None,
    out: Sequence[str] = (),
    start: Point | None = None,
) -> list[Event]:
    """ShotStarted, the contacts (at the midpoint of the two bodies unless given), BodyOuts, AllAtRest."""
    taw = taw_id(shooter)
    before = state.positions
    events: list[Event] = [ShotStarted(0.0, taw, start or before[taw], (1.0, 0.0))]
    t = 0.01
    for contact in contacts:
        a, b = contact[0], contact[1]
        if len(contact) > 2:
            at = contact[2]
        else:
            pa, pb = before.get(a, (0.0, 0.0)), before.get(b, (0.0, 0.0))
            at = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
        events.append(Contact(t, a, b, 0.01, at))
        t += 0.01
    for body in out:
        events.append(BodyOut(t, body, (2.6, 0.0)))
    final = dict(before)
    final.update(rest or {})
    for body in out:
        final.pop(body, None)
    events.append(AllAtRest(t + 1.0, final))
    return events


def play(state: RuleState, shooter: str, house: HouseRules | None = None, **kwargs) -> Ruling:
    return judge(state, shooter, shot_events(state, shooter, **kwargs), LAYOUT, house or HouseRules())


def region_spot(planet: str, angle: float = 45.0, frac: float = 0.5) -> Point:
    return LAYOUT.point_in_region(planet, angle, frac)


def beyond(by: float = 0.2, angle: float = 45.0) -> Point:
    return LAYOUT.point_beyond("herschel", angle, by)
