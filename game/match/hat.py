"""Rule 1, the physical part: the hat turned down over the Sun.

"The players must each put his marble into a hat, and turn down the hat over
the sun; then, as the marbles fall near or far from the sun, the planets are
taken."

The match-level part: where each player's marble starts in the hat and how
the lifted hat jostles it (seeded by ``random.Random(seed)``), and who takes
which planet.  The fall itself runs on the engine every shot runs on
(``game.physics.hat_world``: the same world, ground, bodies and control
tick), on the match's ground.  The marbles' distances from where the Sun
then lies go to ``game.rules.hat_order.assign_planets``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Sequence

from game.physics.hat_world import HatFrame as HatFrame, HatWorld  # HatFrame: re-exported for the match
from game.physics.materials import BodySpec
from game.physics.terrain import Terrain
from game.rules.hat_order import assign_planets
from game.rules.layout import SUN, Layout, Point


HAT_RADIUS = 0.06          # m: the crown of a boy's cap or hat turned down over the Sun
HAT_HEIGHT = 0.12          # m: the crown's height: marbles start between the ground and it
JOSTLE = 0.35              # m/s: spread of the sideways velocity the lifted hat gives a marble


@dataclass(frozen=True)
class HatDrop:
    """One player's marble: where it was let go, where it came to rest, how far from the Sun."""

    player: str
    start: tuple[float, float, float]
    rest: Point | None          # None: it rolled off the ground
    distance: float             # math.inf when it rolled off
    planet: str


@dataclass(frozen=True)
class HatResult:
    """The hat lifted: each player's planet, the drops nearest first, and where the Sun ended."""

    drops: tuple[HatDrop, ...]
    sun: Point
    seed: int
    time: float

    @property
    def planets(self) -> dict[str, str]:
        return {d.player: d.planet for d in self.drops}


def drop_hat(players: Sequence[str], seed: int, layout: Layout | None = None,
             on_frame: HatFrame | None = None, frame_hz: float = 60.0, ground: Terrain | None = None) -> HatResult:
    """Drop one marble per player over the Sun and hand out the planets (rule 1).

    ``players`` names the people (any strings, distinct).  ``on_frame(t, ids,
    poses)`` receives (N, 7) poses ``x, y, z, qw, qx, qy, qz`` at ``frame_hz``
    for a replay or the app.  ``ground`` is the ground they land on (the
    house rules' ``Terrain.from_house``; the smooth plane by default).
    """
    names = list(players)
    if len(set(names)) != len(names):
        raise ValueError("each player drops one marble: names must be distinct")
    if not 1 <= len(names) <= 7:
        raise ValueError(f"the hat takes 1 to 7 players, not {len(names)}")
    layout = layout or Layout()
    rng = random.Random(seed)
    starts = _starting_spots(names, layout, rng)
    velocities = {name: (rng.gauss(0.0, JOSTLE), rng.gauss(0.0, JOSTLE)) for name in names}
    world = HatWorld(layout.play_radius, ground or Terrain())
    try:
        world.add(BodySpec.sun((0.0, 0.0), layout))
        for name in names:
            x, y, z = starts[name]
            # let go with its centre z above the ground, its foot z - r
            world.add(BodySpec.marble(_marble_id(name), (x, y), layout), z - layout.marble_radius, velocities[name])
        elapsed = world.run_to_rest(on_frame, frame_hz)
        rests = world.positions()
    finally:
        world.close()
    sun = rests.get(SUN, (0.0, 0.0))
    distances: dict[str, float] = {}
    resting: dict[str, Point | None] = {}
    for name in names:
        spot = rests.get(_marble_id(name))
        on_ground = spot is not None and math.hypot(*spot) <= layout.play_radius
        resting[name] = spot if on_ground else None
        distances[name] = math.dist(spot, sun) if on_ground and spot is not None else math.inf
    planets = assign_planets(distances, seed)
    drops = sorted(
        (HatDrop(name, starts[name], resting[name], distances[name], planets[name]) for name in names),
        key=lambda d: (d.distance, d.planet),
    )
    return HatResult(tuple(drops), sun, seed, elapsed)


def _marble_id(player: str) -> str:
    return f"hat:{player}"


def _starting_spots(names: list[str], layout: Layout, rng: random.Random) -> dict[str, tuple[float, float, float]]:
    """Spots inside the hat, no two marbles overlapping, none inside the Sun.

    Marbles lie in the upturned crown in a loose heap: each gets a random
    point in the crown's circle at a random height, retried until it is clear
    of the others.
    """
    r = layout.marble_radius
    spots: dict[str, tuple[float, float, float]] = {}
    for name in names:
        for _ in range(10_000):
            rho = (HAT_RADIUS - r) * math.sqrt(rng.random())
            phi = rng.uniform(0.0, 2.0 * math.pi)
            z = rng.uniform(layout.sun_radius * 2 + r + 0.005, HAT_HEIGHT - r)
            spot = (rho * math.cos(phi), rho * math.sin(phi), z)
            if all(math.dist(spot, other) > 2 * r + 0.001 for other in spots.values()):
                spots[name] = spot
                break
        else:  # pragma: no cover - seven marbles always fit in the crown
            raise RuntimeError("no room in the hat")
    return spots


def hat_summary(result: HatResult) -> list[str]:
    """The hat lifted, as a referee would call it, nearest first."""
    lines = ["The hat is turned down over the Sun and lifted (rule 1):"]
    for drop in result.drops:
        where = "rolled off the ground" if drop.rest is None else f"{drop.distance * 100:.1f} cm from the Sun"
        lines.append(f"  {drop.player}: {where}, takes {drop.planet.capitalize()}")
    return lines
