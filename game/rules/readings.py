"""How the referee reads each rule, one line each, under given house rules: for a rules screen or a HUD.

The full reading, and why, is ``docs/rules.md``; these lines are its summary,
kept here so the app shows the referee's own words and never words its own.
"""

from __future__ import annotations

from game.rules.house import HouseRules, Rule3Gate, Rule4Payer, Rule8Orbit, SatelliteOut, SunPayment, TawsLaid


def readings(house: HouseRules | None = None) -> dict[int, str]:
    """Rule number -> one line (under 130 characters) saying how the referee applies it under ``house``."""
    house = house or HouseRules()
    gate = {Rule3Gate.TAKING: "till then nothing is taken and rule 8 waits",
            Rule3Gate.SCORING: "till then nothing is taken and no player pays another",
            Rule3Gate.OFF: "(house rule: no gate, all rules count at once)"}[house.rule3_gate]
    unheld = "the stakes pay for unheld orbits" if house.stakes_pay_unheld_orbits else "unheld orbits pay nothing"
    when8 = {SunPayment.RULE4_THEN_RULE8: "after the release", SunPayment.BOTH: "as well as rule 4",
             SunPayment.RULE4_ALWAYS: "never (house rule)", SunPayment.RULE8_ALWAYS: "instead of rule 4"}
    satellites = {SatelliteOut.TAKEN: "a satellite is taken, not replaced",
                  SatelliteOut.REPLACED: "a satellite is taken and replaced too",
                  SatelliteOut.RETURNED: "a satellite goes back home"}[house.rule10_satellites]
    payer4 = ("Mercury's holder pays 1 per planet or satellite where it stops"
              if house.rule4_payer is Rule4Payer.MERCURY else
              "the orbit it stops in pays 1 per planet or satellite there")
    where8 = "it was struck in" if house.rule8_orbit is Rule8Orbit.STRUCK else "it stops in"
    return {
        1: "The marbles fall from the hat over the Sun; the nearest takes Mercury, and so outward.",
        2: "Whoever holds Mercury shoots first; then the turn goes outward, one shot each.",
        3: f"The Sun is released when a fair shot leaves it wholly past Mercury's line; {gate}.",
        4: f"The release: {payer4} (no taws, no Sun); {unheld}.",
        5: "An orbit is the ground between a planet's line and the next line in; a body on a line is in that line's "
           "orbit.",
        6: "Knock the Sun onto your own line: every other player pays you 1 each turn it stays there.",
        7: "The Sun touching a planet on your shot costs you 2 to its holder, once per planet.",
        8: f"Strike the Sun: the holder of the orbit {where8} pays you 1 (Herschel) to 7 (Mercury), "
           f"{when8[house.sun_payment]}.",
        9: "The Sun at rest wholly beyond Herschel's line wins: 1 from each player still in, and all the stakes.",
        10: f"A planet wholly beyond Herschel's line is the striker's, and its holder replaces it; {satellites}.",
        11: "A planet struck to rest in another orbit, clear of its own line: pay that orbit's holder 1 per "
            "satellite it has.",
        12: f"Your taw, after striking a marble, rests in your own orbit: put {house.rule12_stake} in the inner ring.",
        13: "Get a taw wholly within the inner ring, yours or a rival's: it stays there for the winner; its player is out.",
        14: "Lose every satellite and become a Comet: after the Sun is struck, start from any line.",
        15: f"Your taw first striking your own planet or satellite is a foul: forfeit {house.rule15_forfeit}, earn nothing.",
        16: f"Strike a planet or satellite within Saturn's ring: forfeit {house.rule16_forfeit}. Strike the Sun there: "
            f"free, take up Saturn's system.",
        17: f"Taws are laid before the first shot{'' if house.taws_laid is TawsLaid.SETUP else ' (each before his own)'}; "
            f"then shoot from where yours rests, or forfeit {house.rule17_forfeit}.",
    }
