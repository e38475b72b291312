"""The seventeen rules as William Martin printed them, shipped inside the package.

Copied from the game's source text (*The Book of Sports*, public domain) so the
rules screen works in a wheel or a frozen build, where no docs/ folder exists.
Our one-line reading of each rule is the rules layer's (``game.rules.readings``).
"""

from __future__ import annotations

RULES: dict[int, str] = {
    1: 'The players must each put his marble into a hat, and turn down the hat over the sun; then, as the marbles fall near or far from the sun, the planets are taken.',
    2: 'The player who puts in Mercury has the first shot.',
    3: 'No planet can be taken till the Sun has been struck beyond the orbit of Mercury.',
    4: 'The player who strikes the Sun beyond the orbit of Mercury, receives from the person who holds the orbit, as many marbles as there are planets or satellites in the orbit in which it stops.',
    5: 'The orbits are,—for Mercury, all the space between the Sun and him; for Venus, the space between Venus and Mercury; for the Earth, the space between the Earth and Venus; for Mars, the space between Mars and the Earth; for Jupiter, the space between Jupiter and Mars; for Saturn, the space between Saturn and Jupiter; for Herschel, the space between Herschel and Saturn.',
    6: 'If a player succeeds in knocking the Sun on the line of his own orbit, he receives one from every shooter so long as it remains there.',
    7: 'If the Sun is knocked against a planet, the player doing so has to pay two to the owner of the planet.',
    8: 'If the Sun be struck within the orbit of a planet, the player striking it receives one if for Herschel, two for Saturn, three for Jupiter, four for Mars, five for the earth, six for Venus, and seven for Mercury.',
    9: 'The player who succeeds in knocking the Sun beyond the orbit of Herschel, wins the game; that is, he receives one from each player, and all the marbles on the stake in the inner circle.',
    10: 'When a planet is knocked out of the outer ring (the orbit of Herschel), it belongs to him who strikes it out: the loser must replace it by putting a marble down in its original place.',
    11: 'When a planet is struck within the orbit of any other planet, the player striking it there has to pay him to whom the orbit belongs, as many marbles as there are satellites.',
    12: 'Should a player’s taw, after it has struck another taw, a planet, or a satellite, fall into its own orbit, he has to put one in the inner ring as stakes for the winner of the game.',
    13: 'If a player gets his taw within the inner ring, it must remain there for the winner, and he cannot play any more.',
    14: 'If a player has all his satellites taken, he then becomes a Comet, and can shoot from any part of any of the orbits every time the Sun is struck.',
    15: 'No player can shoot at his own planet or satellite.',
    16: 'Any player who strikes a planet or satellite within Saturn’s ring, forfeits three to the inner circle. If he strikes the Sun, then he may take up Saturn and all his satellites remaining within his orbit.',
    17: 'After the first shot, every player must shoot from the place at which his taw rests.',
}

def rule_line(number: int) -> str:
    """``Rule N: <text>`` for the rules screen and the ruling feed."""
    return f"Rule {number}: {RULES[number]}"
