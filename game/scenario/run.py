"""Playing a scenario: the table in Bullet, the shot(s), the referee, through the match.

A scenario is a tiny match that starts from a hand-set table and rule state:
its shots go through ``Match.play_shot``, so the referee's physical
instructions (a planet replaced, Saturn taken up, a taw put back on its
line) are carried out exactly as in a real game, and the ledger and table
are checked after every shot.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from game.errors import UserError
from game.match.hat import HatResult, drop_hat
from game.match.match import IllegalShotError, Match, ShotResult
from game.match.players import ScriptedPlayer, Shot, TawPlacement
from game.physics import FrameCallback, PhysicsConfig
from game.physics.terrain import Terrain
from game.rules.layout import Point, taw_id
from game.rules.state import RuleState, RuleStateError, new_game
from game.scenario.format import Scenario, resolve_direction


@dataclass(frozen=True)
class ScenarioResult:
    """What a scenario did: each shot's result, and the rule state at the end."""

    scenario: Scenario
    shots: tuple[ShotResult, ...]
    start: RuleState | None
    end: RuleState | None
    hat: HatResult | None = None


def starting_state(scenario: Scenario) -> RuleState:
    """The rule state the scenario describes, with the first shooter to play."""
    spec = scenario.state
    try:
        state = new_game(
            scenario.players, scenario.layout, scenario.house,
            positions=scenario.positions,
            purses=spec.purses or None,
            stakes=spec.stakes,
            sun_released=spec.sun_released,
            comets=spec.comets,
            first_shot_done=not scenario.first_shot,
        )
    except RuleStateError as err:
        raise UserError(f"{scenario.source}: {err}") from None
    if scenario.shooter is None:
        return state
    return replace(state, turn=state.players.index(scenario.shooter))


def run_scenario(scenario: Scenario, config: PhysicsConfig | None = None,
                 on_frame: FrameCallback | None = None) -> ScenarioResult:
    """Play every shot of the scenario to rest and judge it."""
    if scenario.hat is not None:
        hat = drop_hat(list(scenario.hat.people), scenario.hat.seed, scenario.layout,
                       ground=Terrain.from_house(scenario.house))
        return ScenarioResult(scenario, (), None, None, hat)
    state = starting_state(scenario)
    # The shots are played one by one below; the players are never asked.
    players = {p: ScriptedPlayer([Shot(0.0, 1.0)]) for p in state.players}
    match = Match(players, house=scenario.house, layout=scenario.layout, config=config, state=state,
                  on_frame=on_frame)
    results: list[ShotResult] = []
    for spec in scenario.shots:
        if match.state.finished:
            raise UserError(f"{scenario.source}: {spec.key}: the game is already over")
        shooter = spec.shooter or match.next_shooter()
        if shooter is None or shooter not in match.state.active:
            raise UserError(f"{scenario.source}: {spec.key}.shooter: {shooter} is out of the game")
        # A trick shot may be played out of turn: make the shooter the one to play.
        match.state = replace(match.state, turn=match.state.players.index(shooter))
        placement = TawPlacement(*spec.place) if spec.place is not None else None
        probe = Shot(0.0, spec.speed, placement)
        try:
            start, _ = match.start_of(probe, shooter)
            table = dict(match.state.positions)
            table.pop(taw_id(shooter), None)
            direction = resolve_direction(spec, table, start, scenario.source)
            results.append(match.play_shot(Shot(direction, spec.speed, placement, spec.spin)))
        except IllegalShotError as err:
            raise UserError(f"{scenario.source}: {spec.key}: {err}") from None
    return ScenarioResult(scenario, tuple(results), state, match.state)


def final_positions(result: ScenarioResult) -> Mapping[str, Point]:
    """Where Bullet left every body after the last shot (before the referee's changes)."""
    last = result.shots[-1] if result.shots else None
    if last is None or last.rest is None:
        return {}
    return dict(last.rest.positions)
