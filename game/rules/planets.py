"""The planets' and satellites' rules: 10 (knocked beyond Herschel), 11 (struck into another orbit)
and 16 (Saturn's ring)."""

from __future__ import annotations

import math

from game.rules import names
from game.rules.gates import Gates
from game.rules.events import Contact
from game.rules.layout import PLANETS, SUN, Point, is_planet, is_satellite, is_taw, satellite_ids
from game.rules.house import Rule11Count, Rule16Sun, SatelliteOut
from game.rules.phrase import Phrase
from game.rules.ruling import NoPayment, TakeOff, Unpaid
from game.rules.sheet import ShotSheet
from game.rules.state import STAKES


def rule10_bodies_beyond_herschel(sheet: ShotSheet, gates: Gates) -> None:
    """A planet (or satellite, by house rule) wholly beyond Herschel's line is the striker's; the loser replaces it."""
    state = sheet.state
    for body in [b for b in state.board if not is_taw(b)]:
        if body in sheet.facts.gone or sheet.facts.regions.get(body) == "beyond":
            _rule10_one(sheet, gates, body)
        elif body in sheet.facts.moved and sheet.facts.regions.get(body) == "herschel" and \
                sheet.layout.region_at_radius(math.hypot(*sheet.facts.final[body])) == "beyond":
            sheet.note(f"{names.sentence(names.body(body))} lies across Herschel's line, still touching it: not "
                       f"knocked out (rule 10).")


def _rule10_one(sheet: ShotSheet, gates: Gates, body: str) -> None:
    state, house, name = sheet.state, sheet.house, sheet.shooter_name
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
        return
    sheet.owe(10, owner, sheet.shooter, 1, sheet.said(f"{{0}} knocked {sheet.thing(body)} beyond Herschel's orbit"),
              f"it belongs to {name}", bodies=(body,))
    sheet.take_off.append(TakeOff(body, sheet.shooter, 10, f"{names.sentence(names.body(body))} goes to {name}"))
    sheet.handled.add(body)
    if not (planet_body or house.rule10_satellites == SatelliteOut.REPLACED):
        return
    spot = state.homes.get(body)
    if owner == STAKES and not house.stakes_pay_unheld_orbits:
        sheet.nothing(10, NoPayment.UNHELD_ORBIT,
                      f"Nobody holds {names.body(body)}, so nobody replaces it (rule 10); "
                      f"the stakes are kept for the winner.")
    elif spot is not None:
        place = "{0:his} planet's home spot" if owner == body else f"the home spot of {names.body(body)}"
        sheet.owe(10, owner, "", 1, sheet.said(f"{{0}} knocked {names.body(body)} beyond Herschel's orbit"),
                  Phrase(f"{{0}} {{0:puts}} a new marble down at {place}", (owner,)),
                  replace_at=spot, replace_body=body)


def rule11_planet_in_other_orbit(sheet: ShotSheet) -> None:
    """A planet struck to rest in another planet's orbit, clear of its own line: the striker pays that orbit's holder."""
    state = sheet.state
    for planet in PLANETS:
        if planet not in state.board or planet not in sheet.facts.moved:
            continue
        point = sheet.facts.final.get(planet)
        if point is None:
            continue
        orbit = sheet.region(point)  # on its own line it is in its own orbit (``Layout.body_region``)
        if orbit in (planet, "beyond"):
            continue
        payee = state.holder(orbit)
        cause = _rule11_cause(sheet, planet, orbit)
        if payee == sheet.shooter:
            sheet.nothing(11, NoPayment.OWN_ORBIT, cause.then("; the orbit is {0:poss} own, so nobody pays (rule 11)."))
            continue
        count = rule11_satellite_count(sheet, planet, orbit)
        if count == 0:
            sheet.nothing(11, NoPayment.NOTHING_TO_COUNT,
                          cause.then(", but there are no satellites to count, so nobody pays (rule 11)."))
            continue
        sheet.owe(11, sheet.shooter, payee, count, cause)


def _rule11_cause(sheet: ShotSheet, planet: str, orbit: str) -> Phrase:
    """"Struck Venus into the Earth's orbit", or "struck Venus, who stays in ..." if he already lay there.

    The orbit is named by its planet, never "his own": the sentence names
    two players, and "his" could be either.
    """
    thing, where = sheet.thing(planet), names.orbit(orbit)
    before = sheet.state.positions.get(planet)
    if before is not None and sheet.region(before) == orbit:
        return sheet.said(f"{{0}} struck {thing}, which stays in {where}")
    return sheet.said(f"{{0}} struck {thing} into {where}")


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


def centre_when_struck(sheet: ShotSheet, body: str, contact: Contact) -> Point:
    """Where a body's centre lay when this contact struck it.

    A body lies still until it is first struck, so its first contact finds
    it where it rested before the shot.  A body struck again while moving is
    judged at the contact point (the physics reports no centre there; it is
    at most one marble's radius off).
    """
    first = next(c for c in sheet.facts.contacts if c.involves(body))
    before = sheet.state.positions.get(body)
    if first is contact and before is not None:
        return before
    return contact.position


def rule16_saturn_ring(sheet: ShotSheet, gates: Gates) -> None:
    """First half: the taw strikes a body within the ring, forfeit.  Second half: the Sun too, take up Saturn."""
    layout, house, name = sheet.layout, sheet.house, sheet.shooter_name
    taw = sheet.facts.taw
    for contact in sheet.facts.contacts:
        if house.rule16_direct_only and not contact.involves(taw):
            continue
        struck = [b for b in (contact.a, contact.b) if b != taw and (is_planet(b) or is_satellite(b))]
        inside = [b for b in struck if layout.within_saturn_ring(centre_when_struck(sheet, b, contact),
                                                                 layout.marble_radius)]
        if inside:
            forfeit = house.rule16_forfeit
            sheet.owe(16, sheet.shooter, STAKES, forfeit,
                      sheet.said(f"{{0}} struck {sheet.thing(inside[0])} within Saturn's ring"),
                      f"{name} forfeits {forfeit} to the inner ring")
            break
    if not gates.sun_struck or not gates.taking or gates.void:
        return
    if house.rule16_sun is Rule16Sun.STRUCK_IN_RING:
        hit = any(layout.within_saturn_ring(centre_when_struck(sheet, SUN, c), layout.sun_radius)
                  for c in sheet.facts.sun_contacts())
    else:
        point = sheet.facts.final.get(SUN)
        hit = point is not None and layout.within_saturn_ring(point, layout.sun_radius)
    if hit:
        _rule16_take_up(sheet)


def _rule16_take_up(sheet: ShotSheet) -> None:
    """"He may take up Saturn and all his satellites remaining within his orbit": Saturn wherever he lies."""
    layout, house, state, name = sheet.layout, sheet.house, sheet.state, sheet.shooter_name
    if state.holder("saturn") == sheet.shooter:
        sheet.nothing(16, NoPayment.OWN_ORBIT, sheet.said("{0} struck the Sun within {0:own} ring, so there is "
                                                          "nothing for {0:him} to take up (rule 16)."))
        return
    n = layout.satellites.get("saturn", 0)
    bodies = [b for b in ["saturn", *satellite_ids("saturn", n)]
              if b in state.board and b not in sheet.handled
              and sheet.body_region(b) in (("saturn",) if b != "saturn" else PLANETS)]
    if not bodies:
        return
    what = _take_up_words(sheet, bodies)
    for owner in sorted({state.board[b] for b in bodies}):
        mine = tuple(b for b in bodies if state.board[b] == owner)
        sheet.owe(16, owner, sheet.shooter, len(mine),
                  sheet.said(f"{{0}} struck the Sun within Saturn's ring and {{0:takes}} up {what}"),
                  f"{name} takes {len(mine)} of {names.marbles_of(owner)} off the ground",
                  bodies=mine)
    for b in bodies:
        sheet.take_off.append(TakeOff(b, sheet.shooter, 16, f"{names.sentence(names.body(b))} is taken up by {name}"))
        sheet.handled.add(b)
    if "saturn" in bodies and house.rule16_replace_saturn:
        owner = state.board["saturn"]
        sheet.owe(16, owner, "", 1, sheet.said("{0} took Saturn up (a house rule: Saturn is put down again)"),
                  Phrase("{0} {0:puts} a new marble down at Saturn's home spot", (owner,)),
                  replace_at=state.homes["saturn"], replace_body="saturn")


def _take_up_words(sheet: ShotSheet, bodies: list[str]) -> str:
    """"Saturn and 7 of his satellites, within Saturn's orbit"; says where Saturn lies if it is another orbit."""
    satellites = [b for b in bodies if b != "saturn"]
    moons = f"{names.count(len(satellites), 'satellite')} within Saturn's orbit"
    if "saturn" not in bodies:
        return f"Saturn's {moons}"
    where = sheet.body_region("saturn")
    saturn = "Saturn" if where == "saturn" else f"Saturn (lying in {names.orbit(where or 'saturn')})"
    return f"{saturn} and his {moons}" if satellites else saturn
