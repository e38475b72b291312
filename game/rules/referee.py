"""The referee: one shot's event log in, a ``Ruling`` out.

``judge(state, shooter, events, layout, house)`` is a pure function: the
same log under the same state and house rules always gives the same ruling,
and a recorded log can be judged again under other house rules.  It reads
as the order in which the rules are applied; each rule is a small function
that reads the shot's facts and notes debts on the sheet, and nothing is
paid until ``settle`` (rule-number order, the winner's collection under
rule 9 last), which also checks the ledger.

Where each rule lives:

* ``game.rules.gates``: rule 3, and whether the Sun was struck;
* ``game.rules.sun``: rules 4, 6, 7, 8, 9;
* ``game.rules.planets``: rules 10, 11, 16;
* ``game.rules.taws``: rules 12, 13, 15, 17 and taws out of play;
* ``game.rules.settle`` (with ``game.rules.ledger``): payment, running
  out, rule 14's comets, the endings, the next state;
* ``game.rules.listener``: ``ShotReferee`` and ``judge_log``.

Reading of each rule, and every switch: ``docs/rules.md``.
"""

from __future__ import annotations

from typing import Iterable

from game.rules.planets import rule10_bodies_beyond_herschel, rule11_planet_in_other_orbit, rule16_saturn_ring
from game.rules.events import Event
from game.rules.gates import live_rules, open_gates
from game.rules.house import HouseRules
from game.rules.layout import Layout
from game.rules.ruling import Ruling
from game.rules.settle import settle
from game.rules.sheet import ShotSheet
from game.rules.shot_facts import digest
from game.rules.state import RuleState, RuleStateError
from game.rules.sun import (
    RULE8_SCHEDULE, rule6_toll, rule7_sun_against_planet, rule9_sun_beyond_herschel, rules4_and_8_sun_rewards,
)
from game.rules.taws import (
    rule12_taw_falls_home, rule13_taws_in_inner_ring, rule15_own_planet, rule17_start, stakes_taws_out_of_play,
    taws_out_of_play,
)

__all__ = ["RULE8_SCHEDULE", "judge", "live_rules"]


def judge(
    state: RuleState,
    shooter: str,
    events: Iterable[Event],
    layout: Layout,
    house: HouseRules | None = None,
) -> Ruling:
    """Rule on one shot by ``shooter`` (a planet held) from its event log."""
    house = house or HouseRules()
    if state.finished:
        raise RuleStateError("the game is over; there is nothing left to judge")
    if shooter not in state.active:
        raise RuleStateError(f"{shooter!r} is not a player still in")
    state.check_ledger()
    sheet = ShotSheet(state, layout, house, digest(state, shooter, events, layout), shooter)

    # Fouls first: a fouled shot may earn nothing (house rule foul_voids_gains).
    rule17_start(sheet)
    rule15_own_planet(sheet)
    # Rule 3: was the Sun struck, is it released, and so what is live.
    gates = open_gates(sheet)
    # Payments between players, which wait for the release.
    if gates.scoring:
        rule6_toll(sheet)
        rule7_sun_against_planet(sheet, gates)
        rule11_planet_in_other_orbit(sheet)
    # The Sun's rewards and the win.
    rules4_and_8_sun_rewards(sheet, gates)
    rule9_sun_beyond_herschel(sheet, gates)
    # Bodies and taws disposed of; each body once (the first rule to claim it has it).
    rule10_bodies_beyond_herschel(sheet, gates)
    rule12_taw_falls_home(sheet)
    rule13_taws_in_inner_ring(sheet)
    rule16_saturn_ring(sheet, gates)
    taws_out_of_play(sheet)
    stakes_taws_out_of_play(sheet)

    return settle(sheet, gates)
