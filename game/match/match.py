"""The turn loop: players choose shots, Bullet plays them, the referee rules.

A ``Match`` is steppable so the desktop app, the AI's tournaments and the
tests can all drive it::

    match = Match.from_hat({"ann": RandomPlayer(1), "bob": RandomPlayer(2)}, seed=7)
    while not match.is_over():
        result = match.play_turn()          # asks the shooter's player
    # or, for a person at the app:
    view = match.view(); shot = ...; result = match.play_shot(shot)

Every shot is played in a fresh physics world built from the resting table
(``RuleState.positions``).  Resting bodies carry no state but their place, so
the shot is a function of (table, shot) alone: the same in the live game, in
an AI's planning world and in a rerun, and a seeded match is bit-identical
from run to run.

After each ruling the match carries out the referee's physical instructions
(``Ruling.take_off``, ``put_down``, ``left_as_stakes``): the referee already
wrote the resulting table into the next state, and the match nudges any body
put down onto an occupied spot (a taw along its own line), then checks that
the ledger balances and that every marble of the board lies on the ground.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable, Collection, Mapping, Sequence

from game.match.hat import HatFrame, HatResult, drop_hat
from game.match.players import LaysTaw, MatchView, PlacementOptions, Player, Shot, TawPlacement
from game.match.table import free_spot_near, free_spot_on_line, spot_is_free
from game.physics import FrameCallback, PhysicsConfig, Simulation, shot_velocity
from game.physics.ground_contact import GroundPool
from game.physics.terrain import Terrain
from game.rules.events import AllAtRest, Event, Listener
from game.rules.house import HouseRules
from game.rules.layout import PLANETS, SUN, Layout, Point, body_planet, is_taw, taw_id
from game.rules.listener import ShotReferee
from game.rules.ruling import Ruling
from game.rules.house import TawsLaid
from game.rules.state import LedgerError, RuleState, StartReason, lay_taw, new_game, start_options


# A match between weak players may never knock the Sun beyond Herschel; the
# round limit of the house rules ends it, and this bounds it even without one.
DEFAULT_MAX_SHOTS = 2000


class GroundMismatchError(ValueError):
    """A physics config whose ground is not the one the house rules name."""


def check_ground(config: PhysicsConfig, house: HouseRules) -> None:
    """Refuse a ``config`` that would roll the match's shots on another ground than ``house`` names.

    The house rules name the ground (``Terrain.from_house``); a config
    passed in carries a ground too, and a match never swaps one for the
    other behind its caller's back: build the config with
    ``PhysicsConfig.for_game(layout, house)``.
    """
    named = Terrain.from_house(house)
    if config.ground != named:
        raise GroundMismatchError(f"the physics config's ground ({_ground_words(config.ground)}) is not the one "
                                  f"the house rules name ({_ground_words(named)}): build the config with "
                                  "PhysicsConfig.for_game(layout, house)")


def _ground_words(ground: Terrain) -> str:
    if ground.is_flat:
        return "the smooth plane"
    tilt = f", tilted {ground.tilt[0]:g}, {ground.tilt[1]:g}" if ground.tilt != (0.0, 0.0) else ""
    return f"{ground.kind.value} ground of {ground.roughness_mm:g} mm, seed {ground.seed}{tilt}"


class IllegalShotError(ValueError):
    """A player's shot the rules or the physics do not allow (a bug in that player)."""


class TableError(AssertionError):
    """The table and the ledger disagree: a marble lost or found, a bug, never a game event."""


@dataclass(frozen=True)
class ShotResult:
    """One shot played: what was asked, where it started, what happened and the ruling."""

    number: int                 # 1-based count of shots in the match
    round: int                  # 0-based round the shot was played in
    shooter: str
    shot: Shot
    start: Point                # where the taw was when it was shot
    placement: TawPlacement | None  # the placement actually used (nudged to a free spot)
    events: tuple[Event, ...]
    ruling: Ruling
    purses: Mapping[str, int]   # ledger snapshot after the ruling
    stakes: int
    positions: Mapping[str, Point]  # the table after the ruling was carried out

    @property
    def rest(self) -> AllAtRest | None:
        last = self.events[-1] if self.events else None
        return last if isinstance(last, AllAtRest) else None


class Match:
    """A game of Sun and Planet Taw between players who each hold a planet."""

    def __init__(
        self,
        players: Mapping[str, Player],
        *,
        house: HouseRules | None = None,
        layout: Layout | None = None,
        config: PhysicsConfig | None = None,
        state: RuleState | None = None,
        names: Mapping[str, str] | None = None,
        hat: HatResult | None = None,
        on_frame: FrameCallback | None = None,
        frame_hz: float = 60.0,
        max_shots: int = DEFAULT_MAX_SHOTS,
    ) -> None:
        """``players`` maps each planet held to its player (the ``Player`` choosing its shots: an AI, a script,
        a person's seat at the app).

        ``state`` starts the match from a given rule state (a scenario, a
        saved game); by default the text's setup (``new_game``).  ``names``
        maps planets to the people holding them, for reports.  ``config``
        (by default ``PhysicsConfig.for_game``) must roll on the ground the
        house rules name, or ``GroundMismatchError`` is raised; without a
        ``ground_pool`` of its own the match gives it one for its shots.
        """
        self.house = house or HouseRules()
        self.layout = layout or self.house.layout()
        config = config or PhysicsConfig.for_game(self.layout, self.house)
        check_ground(config, self.house)
        # Every shot is played in a fresh world on this one ground: on rough earth they share the spare slab
        # bodies the last one left (a pool changes no bit of a shot, ``ground_contact.GroundPool``).
        self.config = config if config.ground_pool is not None else replace(config, ground_pool=GroundPool())
        for planet in players:
            if planet not in PLANETS:
                raise ValueError(f"unknown planet {planet!r}")
        self.state: RuleState = state or new_game(list(players), self.layout, self.house)
        if set(self.state.players) != set(players):
            raise ValueError("every planet of the rule state needs a player, and no other")
        self.players: dict[str, Player] = dict(players)
        self.names: dict[str, str] = dict(names or {p: p for p in players})
        self.hat = hat
        self.on_frame = on_frame
        self.frame_hz = frame_hz
        self.max_shots = max_shots
        self.history: list[ShotResult] = []
        # The setup (house rule taws_laid): a match from the text's setup lays every taw before the first shot;
        # one started from a given state (a scenario, a saved game) has its taws where that state puts them.
        self.taws_to_lay: list[str] = (list(self.state.players) if state is None
                                       and self.house.taws_laid is TawsLaid.SETUP else [])
        self.laid: dict[str, Point] = {}  # where each taw was laid at the setup (a replay's header keeps it)
        check_table(self.state)

    @classmethod
    def from_hat(
        cls,
        people: Mapping[str, Player],
        seed: int,
        *,
        house: HouseRules | None = None,
        layout: Layout | None = None,
        config: PhysicsConfig | None = None,
        on_hat_frame: HatFrame | None = None,
        on_frame: FrameCallback | None = None,
        max_shots: int = DEFAULT_MAX_SHOTS,
    ) -> "Match":
        """Rule 1: each person's marble goes into the hat over the Sun; planets are taken."""
        house = house or HouseRules()
        layout = layout or house.layout()
        if config is not None:
            check_ground(config, house)   # before the hat drops
        hat = drop_hat(list(people), seed, layout, on_frame=on_hat_frame, ground=Terrain.from_house(house))
        planets = hat.planets
        players = {planets[person]: player for person, player in people.items()}
        names = {planets[person]: person for person in people}
        ordered = {p: players[p] for p in PLANETS if p in players}
        return cls(ordered, house=house, layout=layout, config=config, names=names, hat=hat,
                   on_frame=on_frame, max_shots=max_shots)

    # -- questions ------------------------------------------------------------

    def is_over(self) -> bool:
        return self.state.finished or self.state.next_shooter() is None or len(self.history) >= self.max_shots

    @property
    def winner(self) -> str | None:
        return self.state.winner

    def next_shooter(self) -> str | None:
        """Rule 2: Mercury first, then outward, skipping players who are out."""
        return None if self.is_over() else self.state.next_shooter()

    def legal_placements(self, shooter: str | None = None) -> PlacementOptions | None:
        """Where the shooter may lay the taw down: None means shoot from where it rests (rule 17)."""
        shooter = shooter or self.next_shooter()
        if shooter is None:
            return None
        options = start_options(self.state, shooter, self.house)
        if options is None:
            return None
        if self.state.shots == 0 and shooter in self.laid:
            return None  # he laid his taw at the setup, and his first shot starts there
        return PlacementOptions(tuple(options.orbits), options.reason)

    # -- the setup: every taw laid before the first shot ------------------------------

    def setup_view(self, planet: str) -> MatchView:
        """The table at the setup as ``planet`` sees it, his own line offered for his taw."""
        if planet not in self.taws_to_lay:
            raise IllegalShotError(f"{planet} has no taw to lay now")
        return self._view_for(planet, PlacementOptions((planet,), StartReason.FIRST_SHOT))

    def lay_taw(self, planet: str, placement: TawPlacement) -> TawPlacement:
        """Lay ``planet``'s taw on his own line at the setup, at the free spot nearest the one asked for."""
        if planet not in self.taws_to_lay:
            raise IllegalShotError(f"{planet} has no taw to lay now (the taws are laid before the first shot)")
        if placement.orbit != planet or not math.isfinite(placement.angle):
            raise IllegalShotError(f"{planet} lays his taw on his own line, not on {placement.orbit}")
        taw = taw_id(planet)
        others = {b: p for b, p in self.state.positions.items() if b != taw}
        angle, spot = free_spot_on_line(self.layout, others, taw, planet, placement.angle)
        self.state = lay_taw(self.state, planet, spot, self.layout, self.house)
        self.taws_to_lay.remove(planet)
        self.laid[planet] = spot
        check_table(self.state)
        return TawPlacement(planet, angle)

    def lay_taws(self, skip: Collection[str] = ()) -> None:
        """Ask every player still to lay his taw where he wants it (``LaysTaw``); the others leave theirs where it lies.

        ``skip`` names the players who lay their own (the people at the app).
        """
        for planet in [p for p in self.taws_to_lay if p not in skip]:
            player = self.players[planet]
            choice = player.lay_taw(self.setup_view(planet)) if isinstance(player, LaysTaw) else None
            if choice is not None:
                self.lay_taw(planet, choice)
            else:  # his taw stays where it lies (a scripted player may still lay it with the game's first shot)
                self.taws_to_lay.remove(planet)

    def view(self) -> MatchView:
        shooter = self.next_shooter()
        if shooter is None:
            raise IllegalShotError("the match is over: nobody is to shoot")
        return self._view_for(shooter, self.legal_placements(shooter))

    def _view_for(self, shooter: str, placements: PlacementOptions | None) -> MatchView:
        s = self.state
        return MatchView(
            shooter=shooter,
            planets=tuple(s.players),
            active=tuple(s.active),
            positions=dict(s.positions),
            purses=dict(s.purses),
            stakes=s.stakes,
            sun_released=s.sun_released,
            comets=tuple(p for p in s.players if p in s.comets),
            placements=placements,
            max_speed=self.config.max_shot_speed,
            layout=self.layout,
            turn=s.shots,
            round=s.round,
            house=self.house,
            rule_state=private_copy(s),
        )

    def standings(self) -> list[tuple[str, int]]:
        """Each player's worth (purse and marbles on the board), best first."""
        return sorted(((p, self.state.worth(p)) for p in self.state.players), key=lambda x: (-x[1], PLANETS.index(x[0])))

    # -- playing --------------------------------------------------------------

    def play_turn(self) -> ShotResult:
        """Ask the next shooter's player for a shot and play it."""
        if self.taws_to_lay:
            self.lay_taws()
        view = self.view()
        shot = self.players[view.shooter].choose_shot(view)
        return self.play_shot(shot)

    def run(self, on_shot: Callable[[ShotResult], None] | None = None) -> RuleState:
        """Play until the game ends (rule 9, the last player in, the round limit) or ``max_shots``."""
        while not self.is_over():
            result = self.play_turn()
            if on_shot is not None:
                on_shot(result)
        return self.state

    def start_of(self, shot: Shot, shooter: str | None = None) -> tuple[Point, TawPlacement | None]:
        """Where ``shot`` will start, after checking the placement: (spot, placement used)."""
        shooter = shooter or self.next_shooter()
        if shooter is None:
            raise IllegalShotError("the match is over: nobody is to shoot")
        taw = taw_id(shooter)
        if shot.placement is None:
            spot = self.state.positions.get(taw)
            if spot is None:
                raise IllegalShotError(f"{shooter}'s taw is not on the ground: it must be laid down")
            return spot, None
        options = self.legal_placements(shooter)
        if options is None:
            raise IllegalShotError(f"{shooter} must shoot from where the taw rests (rule 17)")
        if shot.placement.orbit not in options.orbits:
            raise IllegalShotError(f"{shooter} may lay the taw on {', '.join(options.orbits)} "
                                   f"({options.reason}), not on {shot.placement.orbit}")
        if not math.isfinite(shot.placement.angle):
            raise IllegalShotError("a placement angle must be finite")
        others = {b: p for b, p in self.state.positions.items() if b != taw}
        angle, spot = free_spot_on_line(self.layout, others, taw, shot.placement.orbit, shot.placement.angle)
        return spot, TawPlacement(shot.placement.orbit, angle)

    def play_shot(self, shot: Shot, on_frame: FrameCallback | None = None) -> ShotResult:
        """Play ``shot`` for the next shooter: physics to rest, ruling, table and ledger updated."""
        shooter = self.next_shooter()
        if shooter is None:
            raise IllegalShotError("the match is over: nobody is to shoot")
        if not (math.isfinite(shot.speed) and math.isfinite(shot.direction)):
            raise IllegalShotError("a shot's speed and direction must be finite numbers")
        if not 0.0 < shot.speed <= self.config.max_shot_speed:
            raise IllegalShotError(f"shot speed {shot.speed} m/s is outside (0, {self.config.max_shot_speed}]")
        if not -1.0 <= shot.spin <= 1.0:
            raise IllegalShotError(f"shot spin {shot.spin} is outside [-1, 1]")
        start, placement = self.start_of(shot, shooter)
        self.taws_to_lay.clear()  # the game's first shot closes the setup: a taw not laid lies where it is
        taw = taw_id(shooter)
        table = dict(self.state.positions)
        table[taw] = start
        state = self.state
        if placement is not None:
            # The referee sees the taw where it was laid down.
            state = replace(state, positions=table)
        # The referee listens to the shot's event stream and rules when all is at rest.
        referee = ShotReferee(state, self.layout, self.house)
        events = play_physics(table, taw, shot.direction, shot.speed, self.layout, self.config,
                              on_frame or self.on_frame, self.frame_hz, listeners=(referee,), spin=shot.spin)
        ruling = referee.last_ruling
        if ruling is None:
            raise TableError("the shot never came to rest, so the referee could not rule")
        self.state = carry_out(ruling, self.layout)
        check_table(self.state)
        if self.state.marbles_in_game != state.marbles_in_game:
            raise LedgerError("the number of marbles in the game changed")
        result = ShotResult(
            number=len(self.history) + 1,
            round=state.round,
            shooter=shooter,
            shot=shot,
            start=start,
            placement=placement,
            events=tuple(events),
            ruling=ruling,
            purses=dict(self.state.purses),
            stakes=self.state.stakes,
            positions=dict(self.state.positions),
        )
        self.history.append(result)
        return result


def private_copy(state: RuleState) -> RuleState:
    """The state with its own mappings: a player that writes into its view cannot reach the match."""
    return replace(state, purses=dict(state.purses), board=dict(state.board),
                   positions=dict(state.positions), homes=dict(state.homes))


def play_physics(table: Mapping[str, Point], taw: str, direction: float, speed: float, layout: Layout,
                 config: PhysicsConfig, on_frame: FrameCallback | None = None,
                 frame_hz: float = 60.0, listeners: Sequence[Listener] = (), spin: float = 0.0) -> list[Event]:
    """One shot in a fresh world built from the resting table; the shot's event log.

    ``listeners`` (the live game's referee, say) hear the shot's events as
    the physics publishes them; a planning rollout passes none.

    Bodies the shot never moved come back exactly where they lay (the
    physics reports a body Bullet did not move at its exact place), so a
    satellite painted on the Herschel line stays on it.
    """
    events: list[Event] = []
    sim = Simulation.from_positions(table, layout, config)
    try:
        sim.bus.subscribe(events.append)
        for listener in listeners:
            sim.bus.subscribe(listener)
        sim.shoot(taw, shot_velocity(speed, direction), spin=spin)
        sim.run_to_rest(on_frame=on_frame, frame_hz=frame_hz)
    finally:
        sim.close()
    return events


def carry_out(ruling: Ruling, layout: Layout) -> RuleState:
    """The table after the referee's physical instructions.

    The referee's next state already lists the bodies taken off and put
    down; what only the match can do is find room: a body put down on an
    occupied spot moves to the nearest free one (a taw along its own line).
    """
    state = ruling.state
    positions = dict(state.positions)
    for change in ruling.put_down:
        body = change.body
        if body not in positions:
            continue
        others = {b: p for b, p in positions.items() if b != body}
        if spot_is_free(layout, others, body, positions[body]):
            continue
        planet = body_planet(body)
        if change.may_move_along_line and is_taw(body) and planet is not None:
            angle = math.degrees(math.atan2(positions[body][1], positions[body][0]))
            _, positions[body] = free_spot_on_line(layout, others, body, planet, angle)
        else:
            positions[body] = free_spot_near(layout, others, body, positions[body])
    # A body the referee left in place may also overlap a put-down one only if
    # both were put down; the loop above has freed every put-down body.
    return replace(state, positions=positions)


def check_table(state: RuleState) -> None:
    """No marble lost or found: the board, the ground and the ledger agree.

    Every marble of the board lies on the ground; every body on the ground is
    the Sun, a marble of the board or a taw left as stakes (rule 13); and the
    ledger balances (``RuleState.check_ledger``).
    """
    state.check_ledger()
    ground = set(state.positions)
    missing = sorted(set(state.board) - ground)
    if missing:
        raise TableError(f"{missing[0]} is on the board but not on the ground")
    stray = sorted(ground - set(state.board) - {SUN} - set(state.stakes_taws))
    if stray:
        raise TableError(f"{stray[0]} lies on the ground but belongs to nobody")
    if SUN not in ground:
        raise TableError("the Sun is not on the ground")


def new_match(planets: Sequence[str], players: Sequence[Player], **kwargs: object) -> Match:
    """A match without the hat: ``planets[i]`` is held by ``players[i]``."""
    if len(planets) != len(players):
        raise ValueError("one player per planet")
    ordered = sorted(zip(planets, players), key=lambda pp: PLANETS.index(pp[0]))
    return Match({p: pl for p, pl in ordered}, **kwargs)  # type: ignore[arg-type]  # Match's own keywords
