"""One game as the app plays it: the seam between the window and the layers below.

The states ask this object everything (whose turn, the view a player sees,
purses, the Sun's orbit) and hand it shots.  Underneath is the match layer's
``Match``: the hat (rule 1), the turn order, every shot played in a fresh
physics world and judged by the referee.  The app never blocks on it:

* an AI's choice is a plan polled once a frame (``think()``): the AI's
  ``PlannerPool`` runs its rollouts in worker processes and ``cancel()``
  stops it;
* a shot is computed off the main thread by ``Match.play_shot`` with a frame
  recorder (a few tens of milliseconds), then played back in real time
  (``PlayedShot``), contacts sounding at their moments;
* every finished shot, human or AI, goes into the game's replay
  (``record_to``): a ``GameRecorder`` that rewrites its file atomically after
  each shot, so the file always holds the whole game so far.

``MatchSession.continue_from`` rebuilds an unfinished game from its replay
file: the same setup from the file's header, every recorded shot's inputs
played again headless through the match, each checked against what the file
says happened (every event, the rest positions to the last bit, the ruling
and the ledger; ``continuing.py``), then play goes on and is appended to the same file.
"""

from __future__ import annotations

import math
import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping

import numpy as np

from game.app.session.continuing import CannotContinue, placement_angle, same_outcome, same_players, setups_from_meta
from game.app.session.game_setup import HAT, YOU, GameSetup
from game.errors import UserError
from game.match.hat import drop_hat
from game.match.match import Match, ShotResult
from game.match.players import MatchView, Player, RandomPlayer, Shot, TawPlacement
from game.replay.model import Replay, ShotRecord
from game.replay.recorder import GameRecorder, meta_from, record_result
from game.rules.events import Event
from game.rules.house import HouseRules
from game.rules.layout import PLANETS, SUN, Point
from game.rules.ruling import Ruling

FRAME_HZ = 60.0


class HumanSeat:
    """The person at the app: the app plays their shots through ``Match.play_shot`` itself."""

    def choose_shot(self, view: MatchView) -> Shot:
        raise RuntimeError("the app plays the human's shots; nothing should ask this seat")


def make_ai(level: str, seed: int, pool_for: Callable[[], object]) -> Player:
    """The AI seam: the AI engineer's player for a level ('random' plays without planning)."""
    try:
        from game.ai.player import make_player
    except ImportError:  # an install without the AI layer still plays, at random
        return RandomPlayer(seed)
    if level == "random":
        return make_player(level, seed, None)  # type: ignore[arg-type]
    return make_player(level, seed, pool_for())


@dataclass(frozen=True)
class HatRow:
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
    worth: int  # purse plus the player's marbles on the board: what the round limit counts
    out: bool


class AIChoice:
    """A shot being chosen: ``done()`` each frame, then ``result()``; ``cancel()`` to abandon it."""

    def __init__(self, handle, to_shot: Callable[[object], Shot]) -> None:
        self._handle = handle
        self._to_shot = to_shot
        self._cancelled = False

    def done(self) -> bool:
        return self._handle.done()

    def result(self) -> Shot:
        return self._to_shot(self._handle.result())

    def cancel(self) -> None:
        self._cancelled = True
        self._handle.cancel()

    def cancelled(self) -> bool:
        return self._cancelled


class PlayedShot:
    """A shot computed in the background, then played back frame by frame.

    Until the computation is done the table stands still at the start.
    """

    def __init__(self, future: Future, frames: list, start_positions: Mapping[str, Point]) -> None:
        self._future = future
        self.frames = frames  # (t, ids, poses) at FRAME_HZ, filled by the worker
        self._start = dict(start_positions)
        self.time = 0.0
        self._index = 0
        self._sounded = 0
        self._speed = 0.0

    @property
    def computed(self) -> bool:
        return self._future.done()

    def result(self) -> ShotResult:
        return self._future.result()

    def advance(self, dt: float) -> bool:
        """Move the playback on by ``dt`` seconds; True once the last frame is shown."""
        if not self._future.done():
            return False
        self._future.result()  # raise here if the shot failed
        if not self.frames:
            return True
        self.time += dt
        last = len(self.frames) - 1
        previous = self._index
        self._index = min(last, int(self.time * FRAME_HZ))
        if self._index != previous:
            a, b = self.frames[previous][2], self.frames[self._index][2]
            if a.shape == b.shape:
                steps = max(1, self._index - previous)
                self._speed = float(np.hypot(*(b[:, :2] - a[:, :2]).T).sum()) * FRAME_HZ / steps
        return self.time >= self.frames[last][0]

    def skip_to_end(self) -> None:
        """Jump the playback to the last frame (the contacts skipped are not sounded)."""
        if self._future.done() and self.frames:
            self.time = self.frames[-1][0]
            self._index = len(self.frames) - 1
            self._sounded = len(self._future.result().events)
            self._speed = 0.0

    def poses(self):
        if not self.frames:
            return [], np.empty((0, 7))
        _t, ids, poses = self.frames[self._index]
        return ids, poses

    def positions(self) -> dict[str, Point]:
        if not self.frames:
            return dict(self._start)
        ids, poses = self.poses()
        return {b: (float(p[0]), float(p[1])) for b, p in zip(ids, poses)}

    def total_speed(self) -> float:
        return self._speed

    def drain_events(self) -> list[Event]:
        """Events whose moment the playback has reached and that were not handed out yet."""
        if not self._future.done():
            return []
        events = self._future.result().events
        fresh = []
        while self._sounded < len(events) and events[self._sounded].t <= self.time:
            fresh.append(events[self._sounded])
            self._sounded += 1
        return fresh

    def close(self) -> None:
        self._future.cancel()


class MatchSession:
    def __init__(self, setup: GameSetup, seed: int | None = None, planner_workers: int = 1) -> None:
        self.setup = setup
        if setup.seed is not None:
            self.seed = setup.seed
        else:
            self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        rng = random.Random(self.seed)
        self.house = HouseRules.from_mapping(dict(setup.house_rules), source="new game")
        self.layout = self.house.layout()
        self._planner_workers = planner_workers
        self._pool = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="taw-session")
        seats = ([YOU] if setup.human else []) + [f"Opponent {i + 1}" for i in range(setup.opponents)]
        if not setup.human:
            seats.append(f"Opponent {setup.opponents + 1}")
        levels = list(setup.opponent_levels()) + ["medium"]
        people: dict[str, Player] = {}
        seat_level: dict[str, str] = {}
        for seat in seats:
            if seat == YOU:
                people[seat] = HumanSeat()
            else:
                level = levels[int(seat.split()[-1]) - 1]
                seat_level[seat] = level
                people[seat] = make_ai(level, rng.randrange(2**31), self._planner)
        chosen = setup.planet if setup.human and setup.planet != HAT else None
        self._hat_frames: list = []  # (t, ids, poses) of the marbles falling from the hat
        self.match = self._make_match(people, chosen, rng.randrange(2**31))
        self.planet_of = {seat: self._planet_of_seat(seat) for seat in seats}
        self.human = self.planet_of.get(YOU)
        self.levels = {self.planet_of[s]: lv for s, lv in seat_level.items()}
        self.ai = {p: pl for p, pl in self.match.players.items() if p != self.human}
        self.players: tuple[str, ...] = tuple(self.match.state.players)
        self._history: list[dict[str, int]] = [dict(self.match.state.purses)]
        self._won = {p: 0 for p in self.players}
        self._lost = {p: 0 for p in self.players}
        self.last_ruling: Ruling | None = None
        self._live: PlayedShot | None = None
        self.recorder: GameRecorder | None = None
        self._recording: Future | None = None  # the last shot being encoded and written, off the main thread
        self.replay_error: str | None = None  # why the replay file could not be written, if it could not

    # -- rule 1 -----------------------------------------------------------------

    def _make_match(self, people: dict[str, Player], chosen: str | None, seed: int) -> Match:
        record = lambda t, ids, poses: self._hat_frames.append((t, list(ids), poses.copy()))  # noqa: E731
        if chosen is None:
            return Match.from_hat(people, seed, house=self.house, layout=self.layout, on_hat_frame=record)
        # The person chose a planet: the others' marbles go into the hat for the rest, nearest first.
        others = [s for s in people if s != YOU]
        hat = drop_hat(others, seed, self.layout, on_frame=record)
        free = [p for p in PLANETS if p != chosen]
        planets = {YOU: chosen, **{d.player: free[i] for i, d in enumerate(hat.drops)}}
        self._chosen_hat = [HatRow(d.player, False, d.distance, planets[d.player]) for d in hat.drops]
        players = {planets[s]: pl for s, pl in people.items()}
        ordered = {p: players[p] for p in PLANETS if p in players}
        names = {planets[s]: s for s in people}
        return Match(ordered, house=self.house, layout=self.layout, names=names)

    def _planet_of_seat(self, seat: str) -> str:
        return next(p for p, name in self.match.names.items() if name == seat)

    def hat_result(self) -> list[HatRow]:
        if self.match.hat is not None:
            rows = [HatRow(d.player, d.player == YOU, d.distance, d.planet) for d in self.match.hat.drops]
        else:
            rows = [HatRow(YOU, True, math.nan, self.planet_of[YOU]), *self._chosen_hat]
        return sorted(rows, key=lambda r: PLANETS.index(r.planet))

    def hat_frames(self) -> list:
        """The hat's fall as (t, ids, poses), each marble named as its holder's taw so it shows their colour."""
        rename = {f"hat:{seat}": f"{planet}.taw" for seat, planet in self.planet_of.items()}
        return [(t, [rename.get(b, b) for b in ids], poses) for t, ids, poses in self._hat_frames]

    # -- what the HUD and the states read -------------------------------------------

    @property
    def state(self):
        return self.match.state

    def positions(self) -> dict[str, Point]:
        return dict(self.state.positions)

    def purses(self) -> Mapping[str, int]:
        return self.state.purses

    def stakes(self) -> int:
        return self.state.stakes

    def active_players(self) -> tuple[str, ...]:
        return tuple(self.state.active)

    def level_of(self, planet: str) -> str:
        return self.levels.get(planet, "")

    def sun_orbit(self) -> str:
        sun = self.state.positions.get(SUN)
        return self.layout.region_at_radius(math.hypot(*sun)) if sun else ""

    def is_over(self) -> bool:
        return self.match.is_over()

    def winner(self) -> str | None:
        return self.match.winner

    def end_reason(self) -> str:
        """The referee's sentence for why the game ended (``Ruling.termination``); else the shot count."""
        ruling = self.last_ruling
        if ruling is not None and ruling.termination is not None:
            return ruling.ending
        return f"After {self.state.shots} shots."

    def shooter(self) -> str:
        shooter = self.match.next_shooter()
        assert shooter is not None, "no one is left to shoot"
        return shooter

    def is_human_turn(self) -> bool:
        return self.shooter() == self.human

    def view(self) -> MatchView:
        return self.match.view()

    def purse_history(self) -> list[dict[str, int]]:
        return list(self._history)

    def summary(self) -> list[SummaryRow]:
        """Marbles each player won and lost in rulings (from purses or off the board), and where they stand."""
        out = set(self.state.out)
        return [SummaryRow(p, self._won[p], self._lost[p], self.state.purses.get(p, 0), self.state.worth(p), p in out)
                for p in self.players]

    # -- turns --------------------------------------------------------------------

    def _planner(self):
        if self._pool is None:
            from game.ai.workers import PlannerPool

            self._pool = PlannerPool(workers=self._planner_workers)
        return self._pool

    def think(self):
        """The AI's choice, made off the main thread; poll ``done()`` each frame."""
        shooter = self.shooter()
        player = self.ai[shooter]
        view = self.view()
        if hasattr(player, "plan_situation"):
            from game.ai.situation import Situation

            state = self.state
            orbits = tuple(view.placements.orbits) if view.placements is not None else ()
            sit = Situation(layout=self.layout, house=self.house, state=state, shooter=shooter,
                            positions=dict(state.positions), placement_orbits=orbits, max_speed=view.max_speed)
            key = (view.round, view.turn)
            handle = player.plan_situation(sit, key)
            return AIChoice(handle, lambda decision: player.executed(decision, key, shooter, view.max_speed))
        return self._executor.submit(player.choose_shot, view)

    def start_shot(self, shot: Shot) -> PlayedShot:
        frames: list = []
        record = lambda t, ids, poses: frames.append((t, list(ids), poses.copy()))  # noqa: E731
        future = self._executor.submit(self.match.play_shot, shot, record)
        self._live = PlayedShot(future, frames, self.state.positions)
        return self._live

    # -- the replay ------------------------------------------------------------------

    def replay_meta(self):
        """Seed, players (seat, planet, human or AI and level), house rules and layout."""
        players = [{"planet": p, "seat": self.match.names.get(p, p),
                    "controller": "human" if p == self.human else "ai", "level": self.level_of(p)}
                   for p in self.players]
        # The setup as the New Game screen made it (whether the planet was chosen or drawn, above all):
        # what "Continue" rebuilds the session from.  Files written before it existed lack this key.
        setup = {"opponents": self.setup.opponents, "levels": list(self.setup.opponent_levels()),
                 "planet": self.setup.planet, "human": self.setup.human}
        return meta_from(self.seed, players, dict(self.setup.house_rules), self.layout, source="desktop",
                         setup=setup)

    def record_to(self, path: Path | None) -> GameRecorder:
        """Record every shot from now on into ``path`` (None: in memory only).

        A file that cannot be written does not stop the game: the replay is
        kept in memory and ``replay_error`` says why.
        """
        meta = self.replay_meta()
        try:
            if path is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
            self.recorder = GameRecorder(path, meta)
        except (OSError, ValueError) as err:  # UserError is a ValueError
            self.replay_error = f"replay not saved: {err}"
            self.recorder = GameRecorder(None, meta)
        return self.recorder

    def wait_for_replay(self) -> None:
        """Until the last finished shot is in the replay (and its file): a few milliseconds at most."""
        if self._recording is not None:
            self._recording.result()
            self._recording = None

    def replay(self) -> Replay | None:
        """The game so far as a replay, or None before its first shot."""
        self.wait_for_replay()
        if self.recorder is None or not self.recorder.replay.shots:
            return None
        return self.recorder.replay

    def _record(self, live: PlayedShot) -> None:
        if self.recorder is None:
            return
        shot = record_result(live.result(), live.frames, rate=FRAME_HZ)
        try:
            self.recorder.add_shot(shot)
        except OSError as err:  # the disk filled or the folder went away: keep playing, say so
            self.replay_error = f"replay not saved: {err}"
            self.recorder.path = None

    def finish_shot(self, live: PlayedShot) -> Ruling:
        result = live.result()
        if self.recorder is not None:
            # Encoding and rewriting the file takes 10-30 ms: on the session's worker, before the next shot.
            self._recording = self._executor.submit(self._record, live)
        self._live = None
        return self._account(result.ruling)

    def _account(self, ruling: Ruling) -> Ruling:
        """What the summary and the purse chart keep of each ruling."""
        for t in ruling.transfers:
            if t.payee in self._won:
                self._won[t.payee] += t.marbles
            if t.payer in self._lost:
                self._lost[t.payer] += t.marbles
        self.last_ruling = ruling
        self._history.append(dict(self.state.purses))
        return ruling

    def close(self) -> None:
        self.wait_for_replay()  # the last shot reaches the file even when the player leaves at once
        if self._live is not None:
            self._live.close()
            self._live = None
        self._executor.shutdown(wait=True, cancel_futures=True)
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    # -- continuing a saved game ----------------------------------------------------------

    @classmethod
    def continue_from(cls, path: Path, planner_workers: int = 1) -> "MatchSession":
        """The unfinished game in ``path``, every recorded shot played again and checked, recording on into it.

        Raises ``CannotContinue`` (one line) for a file that cannot be read,
        a finished game, a game with no human player, a file that lacks what
        the rebuild needs, or a shot that does not replay exactly as recorded:
        a different game is never continued.
        """
        from game.replay.fileformat import decode_replay

        path = Path(path)
        try:
            data = path.read_bytes()  # one read: the shots checked and the bytes kept are the same
            replay = decode_replay(data, path.name)
        except OSError as err:
            raise CannotContinue(f"this game cannot be continued: {path.name} cannot be read ({err.strerror})") \
                from None
        except UserError as err:
            raise CannotContinue(f"this game cannot be continued: {str(err).splitlines()[0]}") from None
        session = cls.rebuild(replay, planner_workers=planner_workers)
        try:
            session.recorder = GameRecorder.continuing(path, replay, data)
        except (OSError, ValueError) as err:
            session.close()
            raise CannotContinue(f"this game cannot be continued: its file cannot be written ({err})") from None
        return session

    @classmethod
    def rebuild(cls, replay: Replay, planner_workers: int = 1) -> "MatchSession":
        """A session at the point ``replay`` ends: its setup rebuilt, its shots played again and verified."""
        if not replay.shots:
            raise CannotContinue("this game cannot be continued: no shot was played in it (start a new game)")
        last = replay.shots[-1]
        if last.ledger.get("winner") or any(r.get("finished") is True for r in last.rulings):
            raise CannotContinue("this game cannot be continued: it is finished")
        session = None
        for setup in setups_from_meta(replay.meta):
            candidate = cls(setup, planner_workers=planner_workers)
            if same_players(candidate, replay.meta):
                session = candidate
                break
            candidate.close()
        if session is None:
            raise CannotContinue("this game cannot be continued: its seed does not deal the recorded planets")
        try:
            for number, record in enumerate(replay.shots, 1):
                session._replay_shot(number, record)
        except CannotContinue:
            session.close()
            raise
        return session

    def _replay_shot(self, number: int, record: ShotRecord) -> None:
        """Play one recorded shot's inputs through the match, headless; refuse unless all comes out the same."""
        differs = CannotContinue(f"this game cannot be continued: shot {number} does not replay the same")
        if self.match.is_over():
            raise differs
        shooter = self.shooter()
        inputs = record.inputs
        if inputs.shooter != shooter:
            raise differs
        player = self.ai.get(shooter)
        if player is not None and not hasattr(player, "plan_situation"):
            # An unplanned AI draws from one random stream, shot after shot: draw as it drew then, so the
            # shots it plays after the continue are the ones it would have played.
            player.choose_shot(self.view())
        placement = None
        if inputs.placement is not None:
            if inputs.placement_orbit is None:
                raise differs
            angle = placement_angle(self.layout, inputs.placement_orbit, inputs.placement)
            if angle is None:
                raise differs
            placement = TawPlacement(inputs.placement_orbit, angle)
        try:
            result = self.match.play_shot(Shot(inputs.direction, inputs.speed, placement))
        except ValueError:  # IllegalShotError, or the table found wrong
            raise differs from None
        if not same_outcome(result, record):
            raise differs
        self._account(result.ruling)
