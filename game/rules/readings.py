"""How the referee reads each rule, one line each, under given house rules: for a rules screen or a HUD.

The full reading, and why, is ``docs/rules.md``; these lines are its summary,
kept here so the app shows the referee's own words and never words its own.
"""

from __future__ import annotations

from game.rules.house import HouseRules, Rule3Gate, SatelliteOut, SunPayment


def readings(house: HouseRules | None = None) -> dict[int, str]:
    """Rule number -> one line (under 130 characters) saying how the referee applies it under ``house``."""
    house = house or HouseRules()
    gate = {Rule3Gate.TAKING: "until then nothing can be taken, but payments count",
            Rule3Gate.SCORING: "until then nothing is taken and no player pays another",
            Rule3Gate.OFF: "(house rule: no gate, all rules count at once)"}[house.rule3_gate]
    unheld = "the stakes pay an unheld orbit" if house.stakes_pay_unheld_orbits else "an unheld orbit pays nothing"
    when8 = {SunPayment.RULE4_THEN_RULE8: "after the release", SunPayment.BOTH: "as well as rule 4",
             SunPayment.RULE4_ALWAYS: "never (house rule)", SunPayment.RULE8_ALWAYS: "instead of rule 4"}
    satellites = {SatelliteOut.TAKEN: "a satellite is not", SatelliteOut.REPLACED: "a satellite is too",
                  SatelliteOut.RETURNED: "a satellite goes back"}[house.rule10_satellites]
    return {
        1: "The marbles fall from the hat over the Sun; the nearest takes Mercury, and so outward.",
        2: "Whoever holds Mercury shoots first; then the turn goes outward, one shot each.",
        3: f"The Sun is released when a fair shot leaves it beyond Mercury's line; {gate}.",
        4: f"The release is paid by the holder of the orbit where the Sun stops, 1 per body lying there; {unheld}.",
        5: "An orbit is the ground between a planet's line and the next line in; a body is where its centre is.",
        6: "Knock the Sun onto your own line: every other player pays you 1 each turn it stays there.",
        7: "The Sun touching a planet on your shot costs you 2 to its holder, once per planet.",
        8: f"Strike the Sun: the holder of its orbit pays you 1 (Herschel) to 7 (Mercury), {when8[house.sun_payment]}; "
           f"{unheld}.",
        9: "The Sun at rest beyond Herschel's line wins: 1 from each player and all the stakes.",
        10: f"A planet wholly beyond Herschel's line is the striker's, and its holder replaces it; {satellites}.",
        11: "A planet struck to rest in another orbit, clear of its own line: pay that orbit's holder 1 per "
            "satellite it has.",
        12: f"Your taw, after striking a marble, rests in your own orbit: put {house.rule12_stake} in the inner ring.",
        13: "A taw resting in the inner ring stays there for the winner, and its player is out.",
        14: "Lose every satellite and become a Comet: after the Sun is struck, start from any line.",
        15: f"Your taw first striking your own planet or satellite is a foul: forfeit {house.rule15_forfeit}, earn nothing.",
        16: f"Striking a body inside Saturn's ring forfeits {house.rule16_forfeit}; the Sun struck there takes up "
            f"Saturn's system.",
        17: f"After the first shot, shoot from where your taw rests; elsewhere is a foul (forfeit "
            f"{house.rule17_forfeit}).",
    }
