"""One game as the app plays it: the seam between the window and the layers below.

The states ask this object everything (whose turn, the view a player sees,
purses, the Sun's orbit) and hand it shots.  A shot is played in a fresh
physics world built from the resting table, advanced by the app in real
time, and judged by the referee once everything is at rest.

Seams, kept here so nothing else changes when they fill in:

* ``make_player(level, seed)``: the AI level's player.  Until the AI
  engineer's players land every level plays ``RandomPlayer``.
* ``think()`` returns a future polled once a frame; the AI's planner will run
  in worker processes behind it, and ``cancel()`` stops it.
"""

from __future__ import annotations

import math
import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Mapping

from game.app.game_setup import HAT, GameSetup
from game.match.players import MatchView, PlacementOptions, Player, RandomPlayer, Shot
from game.match.table import body_radius, free_spot_near, free_spot_on_line, spot_is_free
from game.physics import PhysicsConfig, Simulation, shot_velocity
from game.rules.events import Event
from game.rules.hat import assign_planets
from game.rules.house import HouseRules
from game.rules.layout import PLANETS, SUN, Point, is_taw, taw_id
from game.rules.referee import judge
from game.rules.ruling import Ruling
from game.rules.state import STAKES, RuleState, new_game, start_options

HAT_RADIUS = 0.3  # metres: how far from the Sun a marble can fall from the upturned hat


def make_player(level: str, seed: int) -> Player:
    """The AI seam: a player for an opponent level (all levels play at random for now)."""
    return RandomPlayer(seed)


@dataclass(frozen=True)
class HatDrop:
    seat: str
    human: bool
    distance: float
    planet: str


@dataclass(frozen=True)
class SummaryRow:
    planet: str
    won: int
    lost: int
    purse: int


class LiveShot:
    """A shot being played: the app advances it frame by frame."""

    def __init__(self, shooter: str, sim: Simulation) -> None:
        self.shooter = shooter
        self.sim = sim
        self.events: list[Event] = []
        self._unread = 0
        self._unsubscribe = sim.bus.subscribe(self.events.append)

    def advance(self, dt: float) -> bool:
        at_rest = False
        while dt > 1e-9 and not at_rest:  # the physics catches up at most 0.25 s per call
            step = min(dt, 0.2)
            at_rest = self.sim.advance(step)
            dt -= step
        return at_rest

    def run_to_rest(self) -> None:
        self.sim.run_to_rest()

    def poses(self):
        return self.sim.poses()

    def positions(self) -> dict[str, Point]:
        return self.sim.positions()

    def total_speed(self) -> float:
        return sum(math.hypot(vx, vy) for vx, vy in self.sim.velocities().values())

    def drain_events(self) -> list[Event]:
        fresh = self.events[self._unread:]
        self._unread = len(self.events)
        return fresh

    def close(self) -> None:
        self._unsubscribe()
        self.sim.close()


class MatchSession:
    def __init__(self, setup: GameSetup, seed: int | None = None) -> None:
        self.setup = setup
        self.seed = setup.seed if setup.seed is not None else (seed if seed is not None else random.SystemRandom().randrange(2**31))
        rng = random.Random(self.seed)
        self.house = HouseRules.from_mapping(dict(setup.house_rules), source="new game")
        self.layout = self.house.layout()
        self.physics = PhysicsConfig.for_layout(self.layout)
        seats = (["You"] if setup.human else []) + [f"Opponent {i + 1}" for i in range(setup.opponents)]
        if not setup.human:
            seats.append(f"Opponent {setup.opponents + 1}")
        self._hat = self._draw_hat(seats, rng)
        self.seat_of = {drop.planet: drop.seat for drop in self._hat}
        self.human = next((d.planet for d in self._hat if d.human), None)
        levels = list(setup.opponent_levels()) + ["medium"]
        self.levels: dict[str, str] = {}
        self.ai: dict[str, Player] = {}
        for drop in self._hat:
            if drop.human:
                continue
            index = int(drop.seat.split()[-1]) - 1
            self.levels[drop.planet] = levels[index]
            self.ai[drop.planet] = make_player(levels[index], rng.randrange(2**31))
        self.state: RuleState = new_game([d.planet for d in self._hat], self.layout, self.house)
        self.players: tuple[str, ...] = self.state.players
        self._history: list[dict[str, int]] = [dict(self.state.purses)]
        self._won = {p: 0 for p in self.players}
        self._lost = {p: 0 for p in self.players}
        self.last_ruling: Ruling | None = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="taw-ai")
        self._live: LiveShot | None = None

    # -- rule 1 -----------------------------------------------------------------

    def _draw_hat(self, seats: list[str], rng: random.Random) -> list[HatDrop]:
        distances = {seat: HAT_RADIUS * math.sqrt(rng.random()) for seat in seats}
        chosen = self.setup.planet if self.setup.human and self.setup.planet != HAT else None
        if chosen is None:
            planets = assign_planets(distances, rng.randrange(2**31))
        else:
            # The human chose a planet; the others draw the rest by the hat, nearest first.
            others = sorted((s for s in seats if s != "You"), key=lambda s: distances[s])
            free = [p for p in PLANETS if p != chosen]
            planets = {"You": chosen, **{s: free[i] for i, s in enumerate(others)}}
        drops = [HatDrop(seat, seat == "You", distances[seat], planets[seat]) for seat in seats]
        return sorted(drops, key=lambda d: PLANETS.index(d.planet))

    def hat_result(self) -> list[HatDrop]:
        return list(self._hat)

    # -- what the HUD and the states read -------------------------------------------

    def positions(self) -> dict[str, Point]:
        return dict(self.state.positions)

    def purses(self) -> Mapping[str, int]:
        return self.state.purses

    def stakes(self) -> int:
        return self.state.stakes

    def active_players(self) -> tuple[str, ...]:
        return self.state.active

    def level_of(self, planet: str) -> str:
        return self.levels.get(planet, "")

    def sun_orbit(self) -> str:
        sun = self.state.positions.get(SUN)
        return self.layout.region_at_radius(math.hypot(*sun)) if sun else ""

    def is_over(self) -> bool:
        return self.state.finished or self.state.next_shooter() is None

    def winner(self) -> str | None:
        return self.state.winner

    def end_reason(self) -> str:
        if self.last_ruling is not None:
            for note in reversed(self.last_ruling.notes):
                if "round limit" in note or "wins" in note:
                    return note
        return f"After {self.state.shots} shots."

    def shooter(self) -> str:
        shooter = self.state.next_shooter()
        assert shooter is not None, "no one is left to shoot"
        return shooter

    def is_human_turn(self) -> bool:
        return self.shooter() == self.human

    def view(self) -> MatchView:
        shooter = self.shooter()
        options = start_options(self.state, shooter, self.house)
        return MatchView(
            shooter=shooter, players=self.players, active=self.state.active,
            positions=dict(self.state.positions), purses=dict(self.state.purses), stakes=self.state.stakes,
            sun_released=self.state.sun_released, comets=tuple(sorted(self.state.comets)),
            placements=PlacementOptions(options.orbits, options.reason) if options else None,
            max_speed=self.physics.max_shot_speed, layout=self.layout, turn=self.state.shots,
            round=self.state.round, house_rules=self.house.to_dict(),
        )

    def purse_history(self) -> list[dict[str, int]]:
        return list(self._history)

    def summary(self) -> list[SummaryRow]:
        return [SummaryRow(p, self._won[p], self._lost[p], self.state.purses.get(p, 0)) for p in self.players]

    # -- turns --------------------------------------------------------------------

    def think(self) -> Future:
        """The AI's choice, computed off the main thread; poll ``done()`` each frame."""
        player = self.ai[self.shooter()]
        return self._executor.submit(player.choose_shot, self.view())

    def start_shot(self, shot: Shot) -> LiveShot:
        shooter = self.shooter()
        taw = taw_id(shooter)
        positions = dict(self.state.positions)
        if shot.placement is not None:
            others = {b: p for b, p in positions.items() if b != taw}
            _angle, spot = free_spot_on_line(self.layout, others, taw, shot.placement.orbit, shot.placement.angle)
            positions[taw] = spot
        sim = Simulation.from_positions(positions, self.layout, self.physics)
        live = LiveShot(shooter, sim)
        speed = min(shot.speed, self.physics.max_shot_speed * 0.999)
        sim.shoot(taw, shot_velocity(speed, shot.direction))
        self._live = live
        return live

    def finish_shot(self, live: LiveShot) -> Ruling:
        live.run_to_rest()
        ruling = judge(self.state, live.shooter, live.events, self.layout, self.house)
        live.close()
        self._live = None
        self._count(ruling)
        self.state = self._tidy(ruling.state, ruling)
        self.last_ruling = ruling
        self._history.append(dict(self.state.purses))
        return ruling

    def _count(self, ruling: Ruling) -> None:
        for t in ruling.transfers:
            if t.payee in self._won:
                self._won[t.payee] += t.marbles
            if t.payer in self._lost:
                self._lost[t.payer] += t.marbles

    def _tidy(self, state: RuleState, ruling: Ruling) -> RuleState:
        """Nudge anything the ruling put down onto another body to the nearest free spot."""
        from dataclasses import replace

        positions = dict(state.positions)
        for put in ruling.put_down:
            if put.body not in positions:
                continue
            others = {b: p for b, p in positions.items() if b != put.body}
            if spot_is_free(self.layout, others, put.body, positions[put.body]):
                continue
            if is_taw(put.body) and put.may_move_along_line:
                planet = put.body.split(".")[0]
                r = self.layout.line_radius(planet)
                x, y = positions[put.body]
                angle = math.degrees(math.atan2(y, x)) if r else 0.0
                positions[put.body] = free_spot_on_line(self.layout, others, put.body, planet, angle)[1]
            else:
                positions[put.body] = free_spot_near(self.layout, others, put.body, positions[put.body])
        return replace(state, positions=positions)

    def close(self) -> None:
        if self._live is not None:
            self._live.close()
            self._live = None
        self._executor.shutdown(wait=False, cancel_futures=True)


__all__ = ["MatchSession", "LiveShot", "HatDrop", "SummaryRow", "make_player", "STAKES", "body_radius"]
