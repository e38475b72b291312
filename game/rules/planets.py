"""The planets' and satellites' rules: 10 (knocked beyond Herschel), 11 (struck into another orbit)
and 16 (Saturn's ring)."""

from __future__ import annotations

import math

from game.rules import names
from game.rules.gates import Gates
from game.rules.layout import PLANETS, SUN, is_planet, is_satellite, is_taw, satellite_ids
from game.rules.house import Rule11Count, Rule16Sun, SatelliteOut
from game.rules.ruling import NoPayment, TakeOff, Unpaid
from game.rules.sheet import ShotSheet
from game.rules.state import STAKES


def still_on_line(sheet: ShotSheet, body: str, line: str) -> bool:
    """Our one reading of "knocked out of" (rule 10) and "struck within" another orbit (rule 11).

    A body whose outline still touches the painted line has not crossed it,
    as a marble on the ring's line is not out in any ring game.
    """
    point = sheet.facts.final.get(body)
    layout = sheet.layout
    return point is not None and layout.line_touched(math.hypot(*point), layout.marble_radius) == line


def rule10_bodies_beyond_herschel(sheet: ShotSheet, gates: Gates) -> None:
    """A planet (or satellite, by house rule) beyond Herschel is the striker's; the loser replaces it."""
    state, house, name = sheet.state, sheet.house, sheet.shooter_name
    beyond = [b for b in state.board if not is_taw(b) and
              (b in sheet.facts.gone or sheet.facts.regions.get(b) == "beyond")]
    for body in beyond:
        if still_on_line(sheet, body, "herschel"):
            if body in sheet.facts.moved:
                sheet.note(f"{names.sentence(names.body(body))} lies across Herschel's line, still touching "
                                   f"it: not knocked out (rule 10).")
            continue
        planet_body = is_planet(body)
        owner = state.board[body]
        taken = planet_body or house.rule10_satellites is not SatelliteOut.RETURNED
        if not taken or not gates.taking or gates.void or owner == sheet.shooter:
            why, value = (("under the house rules a satellite is not taken", NoPayment.NO_RULE)
                          if not taken else
                          ("nothing can be taken until the Sun is released (rule 3)", NoPayment.NOT_RELEASED)
                          if not gates.taking else
                          ("the shot was a foul", NoPayment.FOUL) if gates.void else
                          ("it is his own", NoPayment.OWN_ORBIT))
            sheet.put_home(body, 10, f"{names.sentence(names.body(body))} went beyond Herschel's orbit, but "
                                     f"{why}: it goes back to its place")
            sheet.unpaid.append(Unpaid(10, value, sheet.put_down[-1].reason + " (rule 10)."))
            continue
        sheet.owe(10, owner, sheet.shooter, 1, f"{name} knocked {sheet.thing(body)} beyond Herschel's orbit",
                  f"it belongs to {name}", bodies=(body,))
        sheet.take_off.append(TakeOff(body, sheet.shooter, 10, f"{names.sentence(names.body(body))} goes to {name}"))
        sheet.handled.add(body)
        if planet_body or house.rule10_satellites == SatelliteOut.REPLACED:
            spot = state.homes.get(body)
            if owner == STAKES and not house.stakes_pay_unheld_orbits:
                sheet.nothing(10, NoPayment.UNHELD_ORBIT,
                              f"Nobody holds {names.body(body)}, so nobody replaces "
                              f"{'him' if planet_body else 'it'} (rule 10); the stakes are kept for the winner.")
            elif spot is not None:
                place = (f"{names.his(owner)} home spot" if owner == body
                         else f"the home spot of {names.body(body)}")
                sheet.owe(10, owner, "", 1, f"{name} knocked {names.body(body)} beyond Herschel's orbit",
                          f"{names.acts(owner, 'puts')} a new marble down at {place}",
                          replace_at=spot, replace_body=body)


def rule11_planet_in_other_orbit(sheet: ShotSheet) -> None:
    """A planet struck to rest in another planet's orbit: the striker pays that orbit's holder."""
    layout, state, name = sheet.layout, sheet.state, sheet.shooter_name
    for planet in PLANETS:
        if planet not in state.board or planet not in sheet.facts.moved:
            continue
        point = sheet.facts.final.get(planet)
        if point is None:
            continue
        r = math.hypot(*point)
        orbit = layout.region_at_radius(r)
        if orbit in (planet, "beyond") or still_on_line(sheet, planet, planet):
            continue
        payee = state.holder(orbit)
        cause = f"{name} struck {sheet.thing(planet)} into {sheet.orbit(orbit)}"
        if payee == sheet.shooter:
            sheet.nothing(11, NoPayment.OWN_ORBIT, f"{cause}, so nobody pays (rule 11).")
            continue
        count = rule11_satellite_count(sheet, planet, orbit)
        if count == 0:
            sheet.nothing(11, NoPayment.NOTHING_TO_COUNT, f"{cause}, but there are no satellites to count, so "
                                                          f"nobody pays (rule 11).")
            continue
        sheet.owe(11, sheet.shooter, payee, count, cause)


def rule11_satellite_count(sheet: ShotSheet, planet: str, orbit: str) -> int:
    """"As many marbles as there are satellites", read by the house rule ``rule11_counts``."""
    mode = sheet.house.rule11_counts
    n = sheet.layout.satellites.get(planet, 0)
    if mode is Rule11Count.STRUCK_PLANET_ALL:
        return n
    if mode is Rule11Count.STRUCK_PLANET_REMAINING:
        return sum(1 for s in satellite_ids(planet, n) if s in sheet.state.board)
    return sum(1 for b, p in sheet.facts.final.items()
               if is_satellite(b) and b in sheet.state.board and sheet.region(p) == orbit)


def rule16_saturn_ring(sheet: ShotSheet, gates: Gates) -> None:
    """First half: the taw strikes inside the ring, forfeit.  Second half: the Sun too, take up Saturn."""
    layout, house, state, name = sheet.layout, sheet.house, sheet.state, sheet.shooter_name
    taw = sheet.facts.taw
    for contact in sheet.facts.contacts:
        if house.rule16_direct_only and not contact.involves(taw):
            continue
        struck = [b for b in (contact.a, contact.b) if b != taw and (is_planet(b) or is_satellite(b))]
        if struck and layout.in_saturn_ring(contact.position):
            forfeit = house.rule16_forfeit
            sheet.owe(16, sheet.shooter, STAKES, forfeit, f"{name} struck {sheet.thing(struck[0])} within Saturn's ring",
                      f"{name} forfeits {forfeit} to the inner ring")
            break
    if not gates.sun_struck or not gates.taking or gates.void:
        return
    if house.rule16_sun is Rule16Sun.STRUCK_IN_RING:
        hit = any(layout.in_saturn_ring(c.position) for c in sheet.facts.sun_contacts())
    else:
        point = sheet.facts.final.get(SUN)
        hit = point is not None and layout.in_saturn_ring(point)
    if not hit:
        return
    if state.holder("saturn") == sheet.shooter:
        sheet.nothing(16, NoPayment.OWN_ORBIT, f"{name} struck the Sun within his own ring, so there is "
                                               f"nothing for him to take up (rule 16).")
        return
    n = layout.satellites.get("saturn", 0)
    # Saturn wherever he lies on the ground; his satellites only if within his orbit.
    bodies = [b for b in ["saturn", *satellite_ids("saturn", n)]
              if b in state.board and b not in sheet.handled
              and sheet.body_region(b) in (("saturn",) if b != "saturn" else PLANETS)]
    if not bodies:
        return
    for owner in sorted({state.board[b] for b in bodies}):
        mine = tuple(b for b in bodies if state.board[b] == owner)
        sheet.owe(16, owner, sheet.shooter, len(mine),
                  f"{name} struck the Sun within Saturn's ring and takes up Saturn's system remaining in his orbit",
                  f"{name} takes up {names.count(len(mine), 'marble')} that {names.who(owner)} held", bodies=mine)
    for b in bodies:
        sheet.take_off.append(TakeOff(b, sheet.shooter, 16, f"{names.sentence(names.body(b))} is taken up by {name}"))
        sheet.handled.add(b)
    if "saturn" in bodies and house.rule16_replace_saturn:
        owner = state.board["saturn"]
        sheet.owe(16, owner, "", 1, f"{name} took Saturn up (house rule rule16_replace_saturn)",
                  f"{names.acts(owner, 'puts')} a new marble down at Saturn's home spot",
                  replace_at=state.homes["saturn"], replace_body="saturn")
