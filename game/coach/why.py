"""Why the coach's shot is good, in one sentence in the rules' own terms.

Read from the predicted ruling's data (its winner, who it puts out, the
transfers' rules and payers, the Sun's holder on a line) and from where the
Sun comes to rest: the best thing the shot does for the shooter, with the
rule that makes it so.
"""

from __future__ import annotations

import math

from game.coach.preview import Preview
from game.rules import names
from game.rules.layout import PLANETS, SUN, Layout, body_planet, is_planet
from game.rules.state import STAKES
from game.rules.termination import Termination

# How a win that is not rule 9's comes about, said to the winner.
_OTHER_WINS = {
    Termination.LAST_PLAYER_IN: "This shot leaves you the last player in: you win the game",
    Termination.ROUND_LIMIT: "The rounds run out after this shot with you the richest: you win the game",
    Termination.ROUND_LIMIT_TIE: ("The rounds run out after this shot level on marbles, and the tie-break "
                                  "gives you the game"),
}


def _orbit_of_sun(layout: Layout, sun: tuple[float, float]) -> str:
    """The orbit the Sun lies in as the referee reads it: on a painted line, that line's orbit
    (``Layout.body_region``), so the sentence names the orbit that pays."""
    return layout.body_region(math.hypot(*sun), layout.sun_radius)


def _sun_region(layout: Layout, preview: Preview) -> str:
    sun = preview.rest.get(SUN)
    if sun is None:
        return "off the ground"
    return names.orbit(_orbit_of_sun(layout, sun))


def _drive_on(preview: Preview, layout: Layout) -> str | None:
    """The Sun driven out by one orbit or more on its road beyond Herschel's: a step of the plan Martin
    asks for, worth saying even when nobody pays for it now."""
    path, rest = preview.paths.get(SUN), preview.rest.get(SUN)
    if not path or rest is None or not preview.ruling.state.sun_released:
        return None
    regions = [*PLANETS, "beyond"]
    before, after = (regions.index(_orbit_of_sun(layout, p)) for p in (path[0], rest))
    if after <= before or regions[after] == "beyond":
        return None
    if regions[after] == PLANETS[-1]:
        return f"Drive the Sun out to {_sun_region(layout, preview)}: one more drive beyond it wins the game (rule 9)"
    return (f"Drive the Sun out to {_sun_region(layout, preview)}, on its road beyond Herschel's orbit, "
            f"where it wins the game (rule 9)")


def why(preview: Preview, layout: Layout) -> str:
    """One sentence: what the shot wins, under which rule; or why it is the safest shot there is."""
    ruling, me = preview.ruling, preview.shooter
    if ruling.winner == me:
        ended = ruling.state.termination   # set wherever there is a winner; the Sun's drive has no entry here
        other_win = _OTHER_WINS.get(ended) if ended is not None else None
        if other_win is not None:
            return other_win
        return ("Drive the Sun beyond Herschel's orbit: you win, and take one from each player "
                "and all the stakes (rule 9)")
    ringed = [body_planet(b) for b in ruling.left_as_stakes if body_planet(b) in ruling.out and body_planet(b) != me]
    if ringed:
        rival = names.who(ringed[0] or "")
        return (f"Knock {names.possessive(ringed[0] or '')} taw into the inner ring: it stays there for the "
                f"winner and {rival} can play no more (rule 13)")
    receipts = sorted((t for t in ruling.transfers if t.payee == me and t.marbles > 0),
                      key=lambda t: (-t.marbles, t.rule))
    line_now = ruling.state.sun_line_holder == me
    if line_now and (not receipts or receipts[0].marbles <= len(ruling.state.active) - 1):
        return "Drive the Sun onto your own line: every other shooter pays you one while it stays (rule 6)"
    if receipts:
        best = receipts[0]
        payer = "the stakes" if best.payer == STAKES else names.who(best.payer)
        if best.rule == 4:
            return (f"Strike the Sun beyond Mercury's orbit to rest in {_sun_region(layout, preview)}: "
                    f"{payer} pays you {best.marbles}, one for each body in it (rule 4)")
        if best.rule == 8:
            return f"Strike the Sun to rest within {_sun_region(layout, preview)}: {payer} pays you {best.marbles} (rule 8)"
        if best.rule == 10:
            won = next((b for b in best.bodies if is_planet(b)), best.bodies[0] if best.bodies else None)
            what = names.body(won) if won else "it"
            return f"Knock {what} out beyond Herschel's orbit: it belongs to you (rule 10)"
        if best.rule == 16:
            return "Strike the Sun within Saturn's ring: you take up Saturn and his satellites there (rule 16)"
        return f"This shot makes {payer} pay you {best.marbles} (rule {best.rule})"
    drive = _drive_on(preview, layout)
    if drive and not any(t.payer == me for t in ruling.transfers):
        return drive
    paid = sum(t.marbles for t in ruling.transfers if t.payer == me)
    if paid:
        return (f"Every shot here costs something; this one costs you least ({paid}) "
                f"and keeps your taw out of the inner ring (rule 13)")
    if not ruling.state.sun_released:
        return ("Strike the Sun at an angle, not full on: your taw runs off to the side instead of "
                "following the Sun into the inner ring (rule 13)")
    return "Nothing here pays without risk: this shot costs nothing and keeps your taw out of the inner ring (rule 13)"
