"""Rule 3's gate, and what "striking the Sun" means: what is live for one shot."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.rules.house import HouseRules, Rule3Gate
from game.rules.layout import SUN
from game.rules.ruling import NoPayment
from game.rules.sheet import ShotSheet

# Rule 3's gate: the rules that wait for the Sun's release, under each setting.
WAITING_FOR_RELEASE = {
    Rule3Gate.TAKING: frozenset({10, 14, 16}),
    Rule3Gate.SCORING: frozenset({6, 7, 8, 10, 11, 14, 16}),
    Rule3Gate.OFF: frozenset(),
}


@dataclass(frozen=True)
class Gates:
    """What the shot can earn: decided once, after the fouls and before any reward."""

    sun_struck: bool       # the shooter struck the Sun (directly, or through bodies, by house rule)
    void: bool             # a foul voids the shooter's gains (rules 15, 17)
    released_before: bool  # rule 3: the Sun was released by an earlier shot
    release_now: bool      # ... or by this one
    scoring: bool          # payments between players are live (6, 7, 8, 11)
    taking: bool           # marbles can be taken (10, 14, 16 second half)

    @property
    def released_after(self) -> bool:
        return self.released_before or self.release_now


def live_rules(sun_released: bool, house: HouseRules | None = None) -> frozenset[int]:
    """Rule numbers that can apply to the next shot (for a rules screen or the AI).

    Before the release, rule 16 keeps only its first half (the forfeit); the
    releasing shot itself is judged as if the gate were already open.
    """
    house = house or HouseRules()
    everything = frozenset(range(1, 18))
    if sun_released:
        return everything
    waiting = WAITING_FOR_RELEASE[house.rule3_gate]
    return (everything - waiting) | ({16} if 16 in waiting else frozenset())


def sun_was_struck(sheet: ShotSheet) -> bool:
    if sheet.house.indirect_sun_strikes:
        return SUN in sheet.facts.moved
    return any(c.involves(sheet.facts.taw) for c in sheet.facts.sun_contacts())


def sun_beyond_mercury(sheet: ShotSheet) -> bool:
    """Rules 3 and 4: the Sun left the play area, or rests wholly beyond Mercury's line (on it is not beyond)."""
    if SUN in sheet.facts.gone:
        return True
    point = sheet.facts.final.get(SUN)
    layout = sheet.layout
    return point is not None and layout.clear_beyond(math.hypot(*point), layout.sun_radius,
                                                     layout.line_radius("mercury"))


def open_gates(sheet: ShotSheet) -> Gates:
    """Whether the foul voids the gains, whether the Sun is struck and released; the referee says so."""
    house = sheet.house
    void = bool(sheet.fouls) and house.foul_voids_gains
    if void:
        sheet.note(f"The foul voids {sheet.shooter_name}'s gains from this shot.")
    sun_struck = sun_was_struck(sheet)
    before = sheet.state.sun_released
    beyond_mercury = sun_beyond_mercury(sheet)
    release_now = not before and sun_struck and beyond_mercury and not void
    after = before or release_now
    gate = house.rule3_gate
    taking = after or gate is Rule3Gate.OFF
    scoring = after or gate is not Rule3Gate.SCORING
    if not before:
        if release_now:
            sheet.note("The Sun has been struck beyond Mercury's orbit: planets may now be taken (rule 3).")
        elif gate is not Rule3Gate.OFF:
            sheet.nothing(3, NoPayment.NOT_RELEASED, "The Sun has not been released yet: no planet can be "
                                                     "taken until it is struck beyond Mercury's orbit (rule 3).")
    return Gates(sun_struck, void, before, release_now, scoring, taking)
