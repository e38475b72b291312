"""Playing the scenario files of tests/scenarios/ through Bullet and the referee, and reading the result."""

import math
from pathlib import Path

from game.physics import PhysicsConfig
from game.rules.events import Contact
from game.rules.layout import Layout
from game.scenario.format import load_scenario
from game.scenario.run import ScenarioResult, run_scenario

FOLDER = Path(__file__).resolve().parents[1] / "scenarios"
LAYOUT = Layout()


def play_file(path: Path) -> ScenarioResult:
    return run_scenario(load_scenario(path, max_speed=PhysicsConfig().max_shot_speed))


def play(name: str) -> ScenarioResult:
    """The scenario ``tests/scenarios/<name>.toml``, played."""
    return play_file(FOLDER / f"{name}.toml")


def contacts(shot) -> set[frozenset[str]]:
    return {frozenset((e.a, e.b)) for e in shot.events if isinstance(e, Contact)}


def rest(shot, body):
    return shot.rest.positions.get(body)


def region(point) -> str:
    return LAYOUT.region_at_radius(math.hypot(*point))


def transfers(shot, rule):
    return [t for t in shot.ruling.transfers if t.rule == rule]
