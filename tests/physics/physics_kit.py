"""Shared helpers for the physics tests: tables, aiming and event capture."""

from __future__ import annotations

import math

from game.physics import PhysicsConfig, Simulation
from game.rules.events import Event
from game.rules.layout import PLANETS, Layout, taw_id


class Recorder:
    """Collects every event a Simulation publishes."""

    def __init__(self, sim: Simulation) -> None:
        self.events: list[Event] = []
        sim.bus.subscribe(self.events.append)

    def of(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]


def full_table(layout: Layout) -> dict[str, tuple[float, float]]:
    """Every planet and satellite at home, the Sun, and every taw on its own line."""
    spots = dict(layout.home_positions())
    for planet in PLANETS:
        spots[taw_id(planet)] = layout.home_on_line(planet, layout.default_taw_angle(planet))
    return spots


def aim(src: tuple[float, float], dst: tuple[float, float], speed: float) -> tuple[float, float]:
    dx, dy = dst[0] - src[0], dst[1] - src[1]
    d = math.hypot(dx, dy)
    return (speed * dx / d, speed * dy / d)


LAYOUT = Layout()
CONFIG = PhysicsConfig.for_layout(LAYOUT)
CAP = CONFIG.max_shot_speed


def world(spots: dict[str, tuple[float, float]], config: PhysicsConfig = CONFIG) -> tuple[Simulation, Recorder]:
    sim = Simulation.from_positions(spots, LAYOUT, config)
    return sim, Recorder(sim)
