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


def ground_of(body: str):
    """How ``body`` slides and rolls (``motion.Ground``): the Sun is lead, all else glass."""
    from game.physics import GLASS, LEAD
    from game.physics.motion import Ground

    if body == "sun":
        return Ground(LAYOUT.sun_radius, LEAD.sliding_friction, LEAD.rolling_resistance, CONFIG.gravity)
    return Ground(LAYOUT.marble_radius, GLASS.sliding_friction, GLASS.rolling_resistance, CONFIG.gravity)


def when_flick_covers(speed: float, distance: float, spin: float = 0.0) -> tuple[float, float]:
    """A glass flick at ``speed``: the time it has come ``distance`` and its speed then (inf, 0 if never)."""
    from game.physics.motion import flick, time_to_cover

    when, state = time_to_cover(flick(speed, 0.0, spin, LAYOUT.marble_radius), ground_of("earth.taw"), distance)
    return when, state.speed_mps


def travel_of(body: str, speed: float) -> float:
    """How far ``body`` goes, struck unspun to ``speed``."""
    from game.physics.motion import BallState, evolve

    return evolve(BallState(speed, 0.0), ground_of(body), 1e3)[0]
