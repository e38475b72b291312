"""The value of the position a shot leaves behind, for the player who shot.

The referee's ruling says what a shot earned at once; this says what the
ground left behind is worth next, in the same unit (marbles), following the
text's advice to a good shooter:

* the Sun on the line of the shooter's own orbit (rule 6) pays a toll from
  every other shooter while it stays there; on an adversary's line it costs;
* a Sun left close to the Herschel line invites the next player to drive it
  out and win (rule 9): worth less the fatter the inner ring, because that is
  what the winner takes;
* the shooter's own taw in the inner ring ends his play (rule 13); an
  adversary's taw sent there puts him out for the rest of the game
  (``rivals_out_value``): his shots, tolls and chance of winning are gone;
* a taw left near the Sun with a clear line to it is a chance next turn;
* (the drive plan, medium and hard) the Sun's road out, drive by drive, is
  worth most to whoever lies straight behind it (``drive_prospect``), and
  every win is priced against the game going on (``going_on``): a player
  losing a long game plays for the road, the leader guards it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

from game.ai.candidates import path_blockers
from game.rules.layout import SUN, Layout, Point, taw_id


@dataclass(frozen=True)
class ValueWeights:
    own_line_toll: float = 0.6       # expected shots by others while the Sun stays on my line
    rival_line_toll: float = 0.6
    threat: float = 0.8              # share of the next player's winning chance we count
    own_taw_in_ring: float = 8.0
    rival_taw_in_ring: float = 1.0   # an adversary put out by rule 13, at once ...
    rival_out_per_round: float = 0.25  # ... and per round he would still have shot (Sun money, tolls, forfeits)
    rounds_ahead: int = 8            # the horizon when the house sets no round limit
    win_stake: float = 12.0          # what winning is worth (game.ai.rollout.WIN_BONUS), for the win share
    near_sun: float = 0.4
    # How far (m) a good shot can drive the Sun; beyond it the next player cannot win at once.
    sun_reach: float = 0.24
    # Our own chance to drive the Sun out next turn, counted at this share per adversary shooting first
    # (he may move the Sun or our taw): the plan the text calls driving him "from orbit to orbit".
    own_chance: float = 0.4
    # How far (m) from the Sun a taw may lie and still count on driving it straight: the hands'
    # angle error grows with the distance, and the flick slows on the way.
    drive_from: float = 0.6
    # The drive plan (medium and hard: ``Level.drive_plan``): Martin's "drive him from orbit to orbit".
    # The Sun's way out is priced over the next drives, not only the last one, for every adversary who
    # shoots before our next turn and for us (``drive_prospect``, ``game.ai.rollout.drive_plan_shots``).
    drive_plan: bool = False
    # Per drive still needed beyond this one: the chance the plan survives it (the hands that must
    # make it again, the adversaries who may knock the Sun or the taw away in between).
    plan_share: float = 0.7
    # How far (m) one drive carries the Sun on the road out: a full 3.8 m/s hit, plain or followed
    # through, from 5 to 30 cm behind it, carries it 14 to 19 cm (measured on the match's physics).
    plan_reach: float = 0.16
    # Our own road counted at this share once no adversary before us has taken it (he may spoil it).
    plan_own: float = 0.6
    # The share of long games that end by a drive (rule 9), which any player in may make, rather than by the
    # others running out (the richest wins): about half of the four-player games (docs/ai.md).
    race_share: float = 0.5
    # A stand-off (the drive plan's levels): after the Sun has lain still through this many of our turns in a
    # row, a shot that leaves it where it lies earns no credit for our own road (a road never begun is worth
    # nothing) and costs ``standoff_cost`` for every such turn from this one on: the game has no draw, and a
    # player in it must move the Sun sooner or later (docs/ai.md, "The stand-off").
    standoff_turns: int = 1
    standoff_cost: float = 2.0
    # The stand-off for the levels without the drive plan too (easy): without it two of them left alone with the
    # Sun in an orbit whose holder is out (rule 8 pays nobody there), too far out for a one-drive win, tap it in
    # place for the position's tenths of a marble, round after round (docs/ai.md, "The stand-off").
    standoff_everyone: bool = True
    # The tempo (the drive plan's levels, ``rollout.tempo_cost``): Martin's marbles alone say keep tapping the
    # last held orbit until its holder is drained; a player who plays to finish prices the rounds that takes.
    # A turn that brings the end no nearer costs the end's price (``rollout.end_price``): what the winner takes
    # by its share of what is still to be had, less the share of one drive (``plan_reach``) the turn carried
    # the Sun outward (docs/ai.md, "The tempo").  False: the flat ``tempo`` the end's price replaced, a fixed
    # price saved whole by a Sun 5 cm farther out, kept to measure against (``tempo`` 0: no price at all).
    end_price: bool = True
    tempo: float = 6.0


def distance_to_win(layout: Layout, sun: Point) -> float:
    """How far the Sun must still travel outward to be beyond Herschel's line (rule 9): wholly clear of the
    painted stripe, as the referee reads it (``Layout.clear_beyond``), not merely its centre past it."""
    edge = layout.line_radii["herschel"] + layout.line_width / 2 + layout.sun_radius
    return max(0.0, edge - math.hypot(*sun))


def win_chance(layout: Layout, sun: Point, weights: ValueWeights) -> float:
    """A rough chance that a good next shot drives the Sun out from here."""
    d = distance_to_win(layout, sun)
    return max(0.0, min(1.0, 1.0 - d / weights.sun_reach)) ** 2


def _drive_line(sun: Point, taw: Point | None, weights: ValueWeights) -> tuple[float, float]:
    """How well ``taw`` lies to drive the Sun outward: the cosine between the Sun's way out and the
    line from the taw through it, and how near it lies (1 touching, 0 at ``drive_from``).
    ``taw`` None: laid where the player likes, straight behind and close."""
    r = math.hypot(*sun)
    if taw is None or r <= 1e-6:
        return 1.0, 1.0
    dx, dy = sun[0] - taw[0], sun[1] - taw[1]
    gap = math.hypot(dx, dy)
    cos = (sun[0] * dx + sun[1] * dy) / (r * gap) if gap > 1e-9 else 0.0
    return cos, max(0.0, 1.0 - gap / weights.drive_from)


def drive_prospect(layout: Layout, sun: Point, taw: Point | None, weights: ValueWeights) -> float:
    """A rough chance that a player from ``taw`` carries the Sun beyond Herschel's line over his next drives.

    Each drive carries the Sun about ``plan_reach`` along the line from the
    taw through it and leaves the taw behind it again (a full hit: the glass
    taw keeps little of its speed against the lead Sun), so a player in line
    is in line for the next drive too.  Every drive still needed is counted
    at ``plan_share``: the chance the plan survives it.  Within one drive's
    reach this is near ``drive_chance``'s chance of winning at once; farther
    out it is the value of the road.
    """
    cos, _ = _drive_line(sun, taw, weights)
    if cos <= 0.05:
        return 0.0
    # A taw within ``sun_reach`` of the Sun is where a plain drive leaves it (about 20 cm behind): in position.
    gap = 0.0 if taw is None else max(0.0, math.dist(sun, taw) - weights.sun_reach)
    near = max(0.0, 1.0 - gap / weights.drive_from)
    drives = distance_to_win(layout, sun) / cos / weights.plan_reach
    return near * weights.plan_share ** drives


def drive_chance(layout: Layout, sun: Point, taw: Point | None, weights: ValueWeights) -> float:
    """A rough chance that a good shot from ``taw`` drives the Sun beyond Herschel's line (rule 9).

    A full hit sends the Sun along the line from the taw through it, so only
    the outward part of that line carries it towards the line: a taw straight
    behind the Sun (between it and the centre) drives it out, one at its side
    or beyond it cannot; and the farther it lies, the less it can count on
    it (``drive_from``).  ``taw`` None: the shooter may lay his taw where he
    likes (a first shot, a comet), so straight behind and close.
    """
    d = distance_to_win(layout, sun)
    cos, near = _drive_line(sun, taw, weights)
    if cos <= 0.05:
        return 0.0
    return near * max(0.0, min(1.0, 1.0 - d / cos / weights.sun_reach)) ** 2


def position_value(*, layout: Layout, positions: Mapping[str, Point], shooter: str,
                   others: Sequence[str], stakes: int, weights: ValueWeights = ValueWeights()) -> float:
    """Marbles the left-behind ground is worth to ``shooter``; ``others`` are the adversaries still playing."""
    value = 0.0
    sun = positions.get(SUN)
    n_others = len(others)
    if sun is not None:
        line = layout.line_touched(math.hypot(*sun), layout.sun_radius)
        if line == shooter:
            value += weights.own_line_toll * n_others
        elif line in others:
            value -= weights.rival_line_toll
        # The next player's chance of winning costs us our one marble and the ring we hoped to take.
        if n_others:
            value -= weights.threat * win_chance(layout, sun, weights) * (1.0 + stakes / (n_others + 1))
    own = positions.get(taw_id(shooter))
    if own is not None:
        r_own = math.hypot(*own)
        if r_own <= layout.inner_ring_radius:
            value -= weights.own_taw_in_ring
        elif sun is not None:
            gap = math.dist(own, sun)
            clear = path_blockers(own, sun, positions, (SUN, taw_id(shooter)), 2 * layout.marble_radius) == 0
            if clear and gap < 0.4:
                value += weights.near_sun * (1.0 - gap / 0.4)
    return value


def rivals_out_value(ringed: Sequence[str], worth: Mapping[str, int], shooter: str, rounds_left: int,
                     weights: ValueWeights = ValueWeights()) -> float:
    """What the adversaries ``ringed`` (put out by rule 13 on this shot) are worth to ``shooter``.

    The ruling already counts what they lose at once (their marbles on the
    ground pass to the stakes).  This is the rest of the game.  Each one out
    takes no more Sun money, tolls or forfeits from us: ``rival_taw_in_ring``
    plus ``rival_out_per_round`` for each round left (up to ``rounds_ahead``;
    an easy AI takes about 7 marbles a game from the orbits' holders, a
    quarter of a marble a round from each of three others).  And he can no
    longer win: our chance of winning, reckoned from the standings ``worth``
    (the players in before the shot, us included) as a softmax over marbles
    whose temperature is the rounds left (early on anyone can still win, late
    the richest does), grows as his share is taken out.  Ringing the leader
    is worth far more than ringing the poorest.  When the last adversary goes
    the referee ends the game and scores the win, so that is left to the ruling.
    """
    gone = [p for p in ringed if p != shooter and p in worth]
    if not gone or shooter not in worth:
        return 0.0
    rounds = max(0, min(rounds_left, weights.rounds_ahead))
    future = (weights.rival_taw_in_ring + weights.rival_out_per_round * rounds) * len(gone)
    if len(worth) - len(gone) <= 1:
        return future
    share = win_shares(worth, rounds_left, weights)
    mine = share[shooter]
    taken = sum(share[p] for p in gone)
    return future + weights.win_stake * (mine / (1.0 - taken) - mine)


def win_shares(worth: Mapping[str, int], rounds_left: int, weights: ValueWeights = ValueWeights(),
               race: float = 0.0) -> dict[str, float]:
    """Each player's chance of winning the game if it goes on, from the standings ``worth`` (the players in).

    A softmax over marbles whose temperature is 2 plus the rounds left (up to
    ``rounds_ahead``): early on anyone can still win, late the richest does,
    because a long game ends when the others run out (the last player in).
    ``race``: the share of games that end instead by a drive (rule 9), which
    any player in may make whatever his purse: that share is spread evenly.
    """
    if not worth:
        return {}
    rounds = max(0, min(rounds_left, weights.rounds_ahead))
    top = max(worth.values())
    temperature = 2.0 + rounds
    share = {p: math.exp((w - top) / temperature) for p, w in worth.items()}
    total = sum(share.values())
    return {p: (1.0 - race) * v / total + race / len(share) for p, v in share.items()}


def going_on(worth: Mapping[str, int], me: str, rounds_left: int, weights: ValueWeights = ValueWeights()) -> float:
    """What the game going on is worth to ``me`` in the score's win term, before anyone wins.

    The score counts ``win_stake`` for our win and minus ``win_stake`` for
    anyone else's.  A game that goes on ends in one of them, ours with our
    chance by the standings (``win_shares``): ``win_stake × (2p − 1)``.  So
    ending it now by our win gains ``win_stake`` less this, and an
    adversary's win costs ``win_stake`` plus this.  With two players level it
    is 0; with four level it is minus half the stake (a quarter's chance):
    our win is worth more than the score's bare stake, theirs costs less; the
    leader of a long game, likely to win it anyway, values the end less, and
    the player losing it plays for the road out.
    """
    if me not in worth or len(worth) < 2:
        return 0.0
    return weights.win_stake * (2.0 * win_shares(worth, rounds_left, weights, weights.race_share)[me] - 1.0)
