"""The taws' rules: 17 (where the shot starts), 15 (not at your own), 12 (your taw falls home),
13 (a taw in the inner ring), and taws that leave the play area."""

from __future__ import annotations

import math

from game.rules import names
from game.rules.house import StartOn, TawOffTable, TawsLaid
from game.rules.layout import body_planet, is_planet, is_satellite, is_taw, taw_id
from game.rules.phrase import Phrase
from game.rules.ruling import PutDown
from game.rules.sheet import SUN_HOME, ShotSheet
from game.rules.state import STAKES


def rule17_start(sheet: ShotSheet) -> None:
    """A foul unless the shooter's own taw starts where it may: his line, where it rests, or (a comet) an orbit."""
    start = sheet.facts.start
    if start is None:
        return
    state, layout, house = sheet.state, sheet.layout, sheet.house
    forfeit = house.rule17_forfeit
    if start.body != sheet.facts.taw:
        sheet.foul(17, sheet.said(f"{{0}} shot {names.body(start.body)}, not {{0:own}} taw"), forfeit)
        return
    r = math.hypot(*start.position)
    on_line = layout.line_touched(r, layout.marble_radius)
    region = layout.body_region(r, layout.marble_radius)
    rested = state.positions.get(sheet.facts.taw)
    where_it_rests = rested is None or math.dist(rested, start.position) <= house.start_tolerance
    if sheet.shooter in state.first_shot_pending and state.shots > 0 and house.taws_laid is TawsLaid.SETUP:
        # A taw laid again on his line (``taw_off_table``): anywhere on his line, or where it now rests.
        if not (on_line == sheet.shooter or where_it_rests):
            sheet.foul(17, sheet.said("{0:Poss} taw, laid again after it left the play area, must start on "
                                      "{0:own} line or where it rests"), forfeit)
        return
    if sheet.shooter in state.first_shot_pending:
        ok = on_line == sheet.shooter if house.first_taw_on is StartOn.LINE else region == sheet.shooter
        if not ok:
            where = "line" if house.first_taw_on is StartOn.LINE else "orbit"
            sheet.foul(17, sheet.said(f"{{0:Poss}} first shot must start on {{0:own}} {where}"), forfeit)
        return
    if sheet.shooter in state.comets and sheet.shooter in state.comet_free_start:
        # A comet may lay his taw on any orbit, or shoot from where it lies.
        ok = on_line is not None if house.comet_start_on is StartOn.LINE else region != "beyond"
        if not (ok or where_it_rests):
            sheet.foul(14, sheet.said("{0}, a comet, must start from one of the orbits or where {0:poss} taw rests"),
                       forfeit)
        return
    if not where_it_rests:
        sheet.foul(17, sheet.said("{0} must shoot from where {0:poss} taw rests"), forfeit)


def rule15_own_planet(sheet: ShotSheet) -> None:
    """A foul if the first body the taw strikes is the shooter's own planet or satellite.

    A tie (contacts within ``simultaneous_s``) is read as all of them struck
    first: his own among them is a foul (house rule ``rule15_tie_foul``,
    default true; false: a tie with another's marble excuses it), whichever
    the physics reported first, so a table and its mirror image are ruled alike.
    """
    first = sheet.facts.first_taw_contacts(sheet.house.simultaneous_s)
    own = [b for b in first if body_planet(b) == sheet.shooter and (is_planet(b) or is_satellite(b))]
    if not own or (len(own) < len(first) and not sheet.house.rule15_tie_foul):
        return
    what = "planet" if is_planet(own[0]) else "satellite"
    also = [b for b in first if b not in own]
    others = f" and {names.join([names.body(b) for b in also])} at the same instant" if also else ""
    sheet.foul(15, sheet.said(f"{{0}} shot at {{0:own}} {what}{others}"), sheet.house.rule15_forfeit)


def rule12_taw_falls_home(sheet: ShotSheet) -> None:
    taw = sheet.facts.taw
    struck = [c.other(taw) for c in sheet.facts.taw_contacts()]
    if not any(is_taw(b) or is_planet(b) or is_satellite(b) for b in struck):
        return
    if sheet.body_region(taw) != sheet.shooter:
        return
    stake = sheet.house.rule12_stake
    sheet.owe(12, sheet.shooter, STAKES, stake,
              sheet.said("{0:Poss} taw struck a marble and fell into {0:own} orbit"),
              f"{sheet.shooter_name} puts {stake} in the inner ring as stakes for the winner")


def rule13_taws_in_inner_ring(sheet: ShotSheet) -> None:
    """Any live taw resting in the inner ring passes to the stakes, and its player is out."""
    for player in sheet.state.active:
        taw = taw_id(player)
        point = sheet.facts.final.get(taw)
        if point is None or taw not in sheet.state.board:
            continue
        if not sheet.layout.within_inner_ring(point, sheet.layout.marble_radius):
            continue  # a taw on the ring's line is not within it (``Layout.on_line``)
        sheet.owe(13, player, STAKES, 1, Phrase("{0:Poss} taw lies within the inner ring", (player,)),
                  f"it stays there for the winner and {names.who(player)} can play no more", bodies=(taw,))
        sheet.left_as_stakes.append(taw)
        sheet.handled.add(taw)
        sheet.out[player] = "his taw lies within the inner ring (rule 13)"


def taws_out_of_play(sheet: ShotSheet) -> None:
    """A live taw that left the play area is put down again: house rule ``taw_off_table`` (the text is silent)."""
    for player in sheet.state.active:
        taw = taw_id(player)
        if taw in sheet.facts.gone and taw in sheet.state.board and taw not in sheet.handled:
            sheet.put_down.append(_taw_back(sheet, player, taw))
            sheet.handled.add(taw)


def _taw_back(sheet: ShotSheet, player: str, taw: str) -> PutDown:
    if sheet.house.taw_off_table is TawOffTable.WHERE_IT_LEFT:
        x, y = sheet.facts.gone_at.get(taw, sheet.state.homes[taw])
        r = math.hypot(x, y) or 1.0
        inside = sheet.layout.play_radius - 2 * sheet.layout.marble_radius
        said = Phrase("{0:Poss} taw left the play area: it is put down just inside the edge where it left "
                      "(a house rule: the text is silent on a taw off the play area)", (player,))
        return PutDown(taw, (x * inside / r, y * inside / r), 0, str(said), phrase=said)
    said = Phrase("{0:Poss} taw left the play area: {0:he} {0:lays} it again anywhere on {0:own} line "
                  "(a house rule: the text is silent on a taw off the play area)", (player,))
    return PutDown(taw, sheet.state.homes[taw], 0, str(said), may_move_along_line=True, phrase=said)


def stakes_taws_out_of_play(sheet: ShotSheet) -> None:
    """Rule 13: a taw left as stakes "must remain there for the winner", so the table's edge cannot take it.

    Knocked out of the play area, it is put back into the inner ring: where it
    lay before the shot if that was inside the ring, else at the centre (the
    match nudges it to the nearest free spot).  Knocked about inside the play
    area it lies where it stops, like any marble on the ground.  Either way
    its marble is already in the pot; only the table changes.
    """
    ring = sheet.layout.inner_ring_radius
    for taw in sorted(sheet.state.stakes_taws):
        if taw not in sheet.facts.gone or taw in sheet.handled:
            continue
        before = sheet.state.positions.get(taw)
        spot = before if before is not None and math.hypot(*before) <= ring else SUN_HOME
        owner = body_planet(taw) or taw
        sheet.note(f"{names.possessive_cap(owner)} taw, left in the inner ring as stakes, was knocked "
                           f"out of the play area: it goes back into the inner ring for the winner (rule 13).")
        sheet.put_down.append(PutDown(taw, spot, 13, f"{names.possessive_cap(owner)} taw goes back into the inner "
                                                     f"ring, stakes for the winner"))
        sheet.handled.add(taw)
