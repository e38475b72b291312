"""The Sun's rules: 4 (the release pays), 6 (the Sun on your own line), 7 (the Sun against a planet),
8 (the schedule) and 9 (the win)."""

from __future__ import annotations

import math

from game.rules import names
from game.rules.gates import Gates, sun_beyond_mercury
from game.rules.house import Rule4Payer, Rule6Toll, Rule8Orbit, SunPayment
from game.rules.layout import SUN, is_planet, is_satellite
from game.rules.phrase import Phrase
from game.rules.ruling import NoPayment
from game.rules.sheet import ShotSheet
from game.rules.state import STAKES

# Rule 8: what the striker receives for the orbit the Sun stops in.
RULE8_SCHEDULE = {
    "herschel": 1,
    "saturn": 2,
    "jupiter": 3,
    "mars": 4,
    "earth": 5,
    "venus": 6,
    "mercury": 7,
}


def rule6_toll(sheet: ShotSheet) -> None:
    """Due as the shot starts: every other shooter pays the holder of the Sun on his line."""
    holder = sheet.state.sun_line_holder
    if holder is None or holder == sheet.shooter or holder not in sheet.state.active:
        return
    if sheet.house.rule6_toll is Rule6Toll.ONCE and sheet.shooter in sheet.state.toll_paid:
        return
    sheet.owe(6, sheet.shooter, holder, 1, sheet.said("The Sun lay on {1:poss} line as the shot began", holder))


def rule7_sun_against_planet(sheet: ShotSheet, gates: Gates) -> None:
    if not gates.sun_struck:
        return
    seen: set[str] = set()
    for contact in sheet.facts.sun_contacts():
        planet = contact.other(SUN)
        if not is_planet(planet) or planet not in sheet.state.board:
            continue
        if planet in seen and not sheet.house.rule7_each_contact:
            continue
        seen.add(planet)
        owner = sheet.state.board[planet]
        held = "" if owner == planet else ", held by the stakes"
        sheet.owe(7, sheet.shooter, owner, 2, sheet.said(f"{{0}} knocked the Sun against {sheet.thing(planet)}{held}"),
                  t=contact.t)


def rules4_and_8_sun_rewards(sheet: ShotSheet, gates: Gates) -> None:
    """The striker of the Sun is paid: rule 4 (a count) on the release, rule 8 (the schedule) after it."""
    region = sheet.body_region(SUN)
    if not gates.sun_struck or region is None or region == "beyond":
        return
    r4, r8 = _which_sun_rules(sheet, gates)
    if r4:
        _sun_reward(sheet, gates, 4, region, _rule4_payer(sheet, region))
    if r8:
        orbit8 = _rule8_orbit(sheet, region)
        _sun_reward(sheet, gates, 8, orbit8, sheet.state.holder(orbit8))


def _which_sun_rules(sheet: ShotSheet, gates: Gates) -> tuple[bool, bool]:
    """House rule ``sun_payment``: whether rule 4, rule 8 or both pay on this shot."""
    beyond_mercury = sun_beyond_mercury(sheet)
    mode = sheet.house.sun_payment
    if mode is SunPayment.RULE4_THEN_RULE8:
        r4, r8 = gates.release_now, gates.released_before
    elif mode is SunPayment.BOTH:
        r4, r8 = beyond_mercury, True
    elif mode is SunPayment.RULE4_ALWAYS:
        r4, r8 = beyond_mercury, False
    else:
        r4, r8 = False, True
    return r4 and gates.released_after, r8 and gates.scoring


def _rule4_payer(sheet: ShotSheet, region: str) -> str:
    """House rule ``rule4_payer``: the holder of the orbit where the Sun stops, or of Mercury's."""
    return sheet.state.holder("mercury" if sheet.house.rule4_payer is Rule4Payer.MERCURY else region)


def _rule8_orbit(sheet: ShotSheet, region: str) -> str:
    """House rule ``rule8_orbit``: the orbit the Sun rests in, or the one it lay in when it was struck."""
    if sheet.house.rule8_orbit is Rule8Orbit.STRUCK:
        before = sheet.state.positions.get(SUN)
        if before is not None:
            return sheet.layout.body_region(math.hypot(*before), sheet.layout.sun_radius)
    return region


def _sun_cause(sheet: ShotSheet, rule: int, orbit: str) -> Phrase:
    """What the shooter did, in the words of the reading in force: where the Sun stopped, or where it was struck.

    Where it stopped is worded by ``names.resting_place``, as the coach's
    prediction words it.
    """
    if rule == 8 and sheet.house.rule8_orbit is Rule8Orbit.STRUCK:
        return sheet.said(f"{{0}} struck the Sun within {names.orbit(orbit)}")
    point = sheet.facts.final.get(SUN)
    place = (names.resting_place(sheet.layout, point, sheet.layout.sun_radius) if point is not None
             else f"in {names.orbit(orbit)}")
    if rule == 4:
        return sheet.said(f"{{0}} struck the Sun beyond Mercury's orbit to rest {place}")
    return sheet.said(f"{{0}} struck the Sun to rest {place}")


def _sun_reward(sheet: ShotSheet, gates: Gates, rule: int, orbit: str, payer: str) -> None:
    """One of rules 4 and 8: the payer pays the shooter, or the referee says why nobody does."""
    cause = _sun_cause(sheet, rule, orbit)
    if gates.void:
        sheet.nothing(rule, NoPayment.FOUL, cause.then(f" on a foul, so {{0:he}} {{0:earns}} nothing (rule {rule})."))
    elif payer == sheet.shooter:
        holds = "Mercury's orbit" if rule == 4 and orbit != "mercury" and payer != orbit else "it"
        sheet.nothing(rule, NoPayment.OWN_ORBIT,
                      cause.then(f"; {{0:he}} {{0:holds}} {holds} {{0:self}}, so nobody pays (rule {rule})."))
    elif payer == STAKES and not sheet.house.stakes_pay_unheld_orbits:
        unheld = "Mercury's orbit" if rule == 4 and sheet.house.rule4_payer is Rule4Payer.MERCURY else names.orbit(orbit)
        sheet.nothing(rule, NoPayment.UNHELD_ORBIT, cause.then(f"; nobody holds {unheld}, so nobody pays (rule {rule}); "
                                                               f"the stakes are kept for the winner."))
    elif rule == 4:
        count = sum(1 for b in sheet.state.board
                    if (is_planet(b) or is_satellite(b)) and sheet.body_region(b) == orbit)
        if count == 0:
            sheet.nothing(4, NoPayment.NOTHING_TO_COUNT,
                          cause.then(", where no planet or satellite lies, so nobody pays (rule 4)."))
        else:
            lying = names.count(count, "planet or satellite", "planets and satellites")
            sheet.owe(4, payer, sheet.shooter, count,
                      cause.then(f", where {lying} {'lies' if count == 1 else 'lie'}"))
    else:
        sheet.owe(8, payer, sheet.shooter, RULE8_SCHEDULE[orbit], cause)


def rule9_sun_beyond_herschel(sheet: ShotSheet, gates: Gates) -> None:
    gone = SUN in sheet.facts.gone
    if not (gone or sheet.body_region(SUN) == "beyond"):
        return
    if gone and not sheet.house.sun_out_of_play_wins:
        sheet.put_home(SUN, 9, "The Sun left the play area: it goes back to the centre")
        return
    if gates.void or not gates.sun_struck:
        why = "on a foul" if gates.void else "without being struck"
        sheet.put_back(SUN, 9, f"The Sun went beyond Herschel's orbit {why}: it goes back where it lay")
        sheet.nothing(9, NoPayment.FOUL if gates.void else NoPayment.NOT_STRUCK,
                      f"The Sun went beyond Herschel's orbit {why}, so nobody wins (rule 9).")
        return
    sheet.winner = sheet.shooter
    name = sheet.shooter_name
    for player in sheet.state.active:
        sheet.owe(9, player, sheet.shooter, 1, sheet.said("{0} knocked the Sun beyond Herschel's orbit and {0:wins}"))
    sheet.owe(9, STAKES, sheet.shooter, 0, sheet.said("{0} {0:wins}"), f"{name} takes all the stakes", everything=True)


def rule6_line_holder_after(sheet: ShotSheet, gates: Gates,
                            active: tuple[str, ...]) -> tuple[str | None, frozenset[str]]:
    """Who holds the Sun on his own line after this shot, and who has paid the toll (``once``)."""
    state = sheet.state
    holder = state.sun_line_holder
    paid = set(state.toll_paid)
    if any(d.rule == 6 and d.payer == sheet.shooter for d in sheet.debts):
        paid.add(sheet.shooter)
    if SUN in sheet.facts.moved or SUN in sheet.facts.gone:
        # Where the Sun lies once the ruling is carried out: a Sun put back where it lay (a voided foul)
        # is still on the line it lay on, and the toll goes on.
        point = next((p.position for p in reversed(sheet.put_down) if p.body == SUN), sheet.facts.final.get(SUN))
        touched = None
        if point is not None:
            touched = sheet.layout.line_touched(math.hypot(*point), sheet.layout.sun_radius)
        if touched == sheet.shooter and sheet.shooter in active and not gates.void and gates.scoring \
                and sheet.winner is None:
            if holder != sheet.shooter:
                sheet.nothing(6, NoPayment.TOLL_LATER, sheet.said("{0} knocked the Sun onto {0:own} line: every "
                                                                  "other shooter pays {0:him} 1 while it stays there (rule 6)."))
                paid = set()
            holder = sheet.shooter
        elif touched != holder:
            holder = None
    if holder not in active:
        holder = None
    return holder, frozenset(paid) if holder else frozenset()
