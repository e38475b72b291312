"""The Sun's rules: 4 (the release pays), 6 (the Sun on your own line), 7 (the Sun against a planet),
8 (the schedule) and 9 (the win)."""

from __future__ import annotations

import math

from game.rules import names
from game.rules.gates import Gates
from game.rules.house import Rule6Toll, SunPayment
from game.rules.layout import SUN, is_planet, is_satellite
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
    sheet.owe(6, sheet.shooter, holder, 1, f"The Sun lay on {names.possessive(holder)} line as the shot began")


def rule7_sun_against_planet(sheet: ShotSheet, gates: Gates) -> None:
    if not gates.sun_struck:
        return
    name = sheet.shooter_name
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
        sheet.owe(7, sheet.shooter, owner, 2, f"{name} knocked the Sun against {sheet.thing(planet)}{held}")


def rules4_and_8_sun_rewards(sheet: ShotSheet, gates: Gates) -> None:
    """The holder of the orbit the Sun stops in pays the striker: rule 4 (a count), rule 8 (the schedule)."""
    region = sheet.body_region(SUN)
    if not gates.sun_struck or region is None or region == "beyond":
        return
    beyond_mercury = region != "mercury"
    mode = sheet.house.sun_payment
    if mode is SunPayment.RULE4_THEN_RULE8:
        r4, r8 = gates.release_now, gates.released_before
    elif mode is SunPayment.BOTH:
        r4, r8 = beyond_mercury, True
    elif mode is SunPayment.RULE4_ALWAYS:
        r4, r8 = beyond_mercury, False
    else:
        r4, r8 = False, True
    r4 = r4 and gates.released_after
    r8 = r8 and gates.scoring
    live = [n for n, on in ((4, r4), (8, r8)) if on]
    name, orbit = sheet.shooter_name, sheet.orbit(region)
    payer = sheet.state.holder(region)
    for rule in live:
        if gates.void:
            sheet.nothing(rule, NoPayment.FOUL, f"{name} struck the Sun into {orbit} on a foul, so he earns "
                                                f"nothing (rule {rule}).")
        elif payer == sheet.shooter:
            sheet.nothing(rule, NoPayment.OWN_ORBIT, f"{name} struck the Sun into {orbit}, so nobody pays "
                                                     f"(rule {rule}).")
        elif payer == STAKES and not sheet.house.stakes_pay_unheld_orbits:
            sheet.nothing(rule, NoPayment.UNHELD_ORBIT, f"Nobody holds {orbit}, so nobody pays (rule {rule}); "
                                                        f"the stakes are kept for the winner.")
        elif rule == 4:
            count = sum(1 for b in sheet.state.board
                        if (is_planet(b) or is_satellite(b)) and sheet.body_region(b) == region)
            lying = (f"where {names.count(count, 'planet or satellite', 'planets and satellites')} "
                     f"{'lies' if count == 1 else 'lie'}")
            cause = f"{name} struck the Sun beyond Mercury's orbit into {orbit}"
            if count == 0:
                sheet.nothing(4, NoPayment.NOTHING_TO_COUNT,
                              f"{cause}, where no planet or satellite lies, so nobody pays (rule 4).")
            else:
                sheet.owe(4, payer, sheet.shooter, count, f"{cause}, {lying}")
        else:
            sheet.owe(8, payer, sheet.shooter, RULE8_SCHEDULE[region], f"{name} struck the Sun within {orbit}")


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
        sheet.owe(9, player, sheet.shooter, 1, f"{name} knocked the Sun beyond Herschel's orbit and wins")
    sheet.owe(9, STAKES, sheet.shooter, 0, f"{name} wins", f"{name} takes all the stakes", everything=True)


def rule6_line_holder_after(sheet: ShotSheet, gates: Gates,
                            active: tuple[str, ...]) -> tuple[str | None, frozenset[str]]:
    """Who holds the Sun on his own line after this shot, and who has paid the toll (``once``)."""
    state = sheet.state
    holder = state.sun_line_holder
    paid = set(state.toll_paid)
    if any(d.rule == 6 and d.payer == sheet.shooter for d in sheet.debts):
        paid.add(sheet.shooter)
    if SUN in sheet.facts.moved or SUN in sheet.facts.gone:
        point = sheet.facts.final.get(SUN)
        touched = None
        if point is not None and SUN not in sheet.handled:
            touched = sheet.layout.line_touched(math.hypot(*point), sheet.layout.sun_radius)
        if touched == sheet.shooter and not gates.void and gates.scoring and sheet.winner is None:
            if holder != sheet.shooter:
                sheet.note(f"{sheet.shooter_name} knocked the Sun onto his own line: every other "
                                   f"shooter pays him 1 while it stays there (rule 6).")
                paid = set()
            holder = sheet.shooter
        elif touched != holder:
            holder = None
    if holder not in active:
        holder = None
    return holder, frozenset(paid) if holder else frozenset()
