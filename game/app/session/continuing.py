"""Taking up a saved game again: what the file must say, and checking that each shot replays the same.

``continue_game`` (behind ``MatchSession.continue_from``) rebuilds the New
Game setup from the file's header (``setups_from_meta``), plays every
recorded shot's inputs again headless through the match, a laid taw's angle
found again from its spot (``placement_angle``), and refuses unless each
shot matches the file bit for bit (``same_outcome``); play then goes on and
is appended to the same file.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping

import numpy as np

from game.app.session.game_setup import HAT, MAX_OPPONENTS, YOU, GameSetup
from game.app.session.preview_mode import PreviewMode
from game.app.session.shot_choice import PlansAhead
from game.errors import UserError
from game.match.match import ShotResult
from game.match.players import Shot, TawPlacement
from game.replay.fileformat import decode_replay, read_replay_bytes
from game.replay.jsonsafe import to_plain
from game.replay.model import GameMeta, Replay, ShotRecord
from game.replay.quant import POSITION_UNIT, dequantise_positions
from game.app.session.recording import not_saved
from game.replay.recorder import GameRecorder, ruling_record, shot_inputs
from game.rules.events import event_to_dict
from game.rules.layout import Point

if TYPE_CHECKING:
    from game.app.session.match_session import MatchSession

class CannotContinue(UserError):
    """A saved game that cannot be taken up again; the message is one line saying why."""


NewSession = Callable[[GameSetup], "MatchSession"]


def continue_game(path: Path, new_session: NewSession) -> MatchSession:
    """The unfinished game in ``path``, every recorded shot played again and checked, recording on into it.

    Raises ``CannotContinue`` (one line) for a file that cannot be read,
    a finished game, a game with no human player, a file that lacks what
    the rebuild needs, or a shot that does not replay exactly as recorded:
    a different game is never continued.
    """
    path = Path(path)
    try:
        data = read_replay_bytes(path)  # one bounded read: the shots checked and the bytes kept are the same
        replay = decode_replay(data, path.name)
    except OSError as err:
        raise CannotContinue(f"this game cannot be continued: {path.name} cannot be read ({err.strerror})") \
            from None
    except UserError as err:
        raise CannotContinue(f"this game cannot be continued: {str(err).splitlines()[0]}") from None
    session = rebuild(replay, new_session)
    try:
        session.recording.recorder = GameRecorder.continuing(path, replay, data)
    except (UserError, OSError) as err:  # a read-only folder: the game goes on in memory, and the HUD says so
        session.recording.recorder = GameRecorder.continuing(None, replay, data)
        session.recording.error = not_saved(err)
    return session


def rebuild(replay: Replay, new_session: NewSession) -> MatchSession:
    """A session at the point ``replay`` ends: its setup rebuilt, its shots played again and verified."""
    if not replay.shots:
        raise CannotContinue("this game cannot be continued: no shot was played in it (start a new game)")
    last = replay.shots[-1]
    if last.ledger.get("winner") or any(r.get("finished") is True for r in last.rulings):
        raise CannotContinue("this game cannot be continued: it is finished")
    session = None
    for setup in setups_from_meta(replay.meta):
        try:
            candidate = new_session(setup)
        except UserError as err:  # house rules out of range, a setup no New game screen could make
            raise CannotContinue(f"this game cannot be continued: its setup cannot be used ({err})") from None
        if same_players(candidate, replay.meta):
            session = candidate
            break
        candidate.close()
    if session is None:
        raise CannotContinue("this game cannot be continued: its seed does not deal the recorded planets")
    try:
        _lay_recorded_taws(session, replay.meta)
        for number, record in enumerate(replay.shots, 1):
            _replay_shot(session, number, record)
    except CannotContinue:
        session.close()
        raise
    return session


def _lay_recorded_taws(session: MatchSession, meta: GameMeta) -> None:
    """The taws laid at the setup, where the header says (a file from before the setup kept none)."""
    laid = meta.extra.get("laid_taws") if isinstance(meta.extra, Mapping) else None
    if laid is None:
        return
    differs = CannotContinue("this game cannot be continued: its taws cannot be laid where it says")
    if not isinstance(laid, Mapping):
        raise differs
    for planet, spot in laid.items():
        if planet not in session.match.taws_to_lay or not isinstance(spot, list) or len(spot) != 2 \
                or not all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in spot):
            raise differs
        angle = placement_angle(session.layout, planet, (float(spot[0]), float(spot[1])))
        if angle is None:
            raise differs
        try:
            session.match.lay_taw(planet, TawPlacement(planet, angle))
        except ValueError:
            raise differs from None


def _replay_shot(session: MatchSession, number: int, record: ShotRecord) -> None:
    """Play one recorded shot's inputs through the match, headless; refuse unless all comes out the same."""
    differs = CannotContinue(f"this game cannot be continued: shot {number} does not replay the same")
    if session.match.is_over():
        raise differs
    shooter = session.shooter()
    inputs = record.inputs
    if inputs.shooter != shooter:
        raise differs
    player = session.ai.get(shooter)
    if player is not None and not isinstance(player, PlansAhead):
        # An unplanned AI draws from one random stream, shot after shot: draw as it drew then, so the
        # shots it plays after the continue are the ones it would have played.
        player.choose_shot(session.view())
    placement = None
    if inputs.placement is not None:
        if inputs.placement_orbit is None:
            raise differs
        angle = placement_angle(session.layout, inputs.placement_orbit, inputs.placement)
        if angle is None:
            raise differs
        placement = TawPlacement(inputs.placement_orbit, angle)
    try:
        result = session.match.play_shot(Shot(inputs.direction, inputs.speed, placement, inputs.spin))
    except ValueError:  # IllegalShotError, or the table found wrong
        raise differs from None
    if not same_outcome(result, record):
        raise differs
    session.tally.account(result.ruling, session.state.purses)


def setups_from_meta(meta: GameMeta) -> list[GameSetup]:
    """The New Game setups that may have made a recorded game, most likely first.

    A file with a seating, or written since the header kept the setup, gives
    exactly one; an older file gives the choice of planet by the hat, then chosen (whichever
    deals the recorded planets is the one).  A file that does not say enough
    raises ``CannotContinue``.
    """
    refuse = lambda why: CannotContinue(f"this game cannot be continued: {why}")  # noqa: E731
    players = [p for p in meta.players if isinstance(p, Mapping)]
    if meta.seed is None or not isinstance(meta.seed, int):
        raise refuse("its file does not record the game's seed")
    recorded = meta.extra.get("setup") if isinstance(meta.extra, Mapping) else None
    preview = recorded.get("preview", PreviewMode.LEARNING) if isinstance(recorded, Mapping) else PreviewMode.LEARNING
    if meta.seating is not None:  # who sat where, as the New game screen (or --seats) seated them
        if not meta.seating.people():
            raise refuse("no one at this computer played in it")
        try:
            return [GameSetup(seating=meta.seating, house_rules=dict(meta.house_rules), seed=meta.seed,
                              preview=preview)]
        except (ValueError, TypeError) as err:
            raise refuse(f"its setup cannot be rebuilt ({err})") from None
    if not players or any(not isinstance(p.get("seat"), str) or not isinstance(p.get("planet"), str)
                          or p.get("controller") not in ("human", "ai") for p in players):
        raise refuse("its file does not record who sat where (an older format)")
    humans = [p for p in players if p["controller"] == "human"]
    if len(humans) != 1 or humans[0]["seat"] != YOU:
        raise refuse("no one at this computer played in it")
    levels: dict[int, str] = {}
    for p in players:
        if p["controller"] == "ai":
            seat = p["seat"].split()
            if len(seat) != 2 or seat[0] != "Opponent" or not seat[1].isdigit():
                raise refuse(f"its file names an unknown seat {p['seat']!r}")
            levels[int(seat[1])] = str(p.get("level") or "")
    opponents = len(levels)
    if sorted(levels) != list(range(1, opponents + 1)) or not 1 <= opponents <= MAX_OPPONENTS:
        raise refuse("its file does not record its opponents")
    padded = tuple(levels[i] for i in range(1, opponents + 1)) + ("medium",) * (MAX_OPPONENTS - opponents)
    chosen = recorded.get("planet") if isinstance(recorded, Mapping) else None
    if isinstance(recorded, Mapping) and not isinstance(chosen, str):
        raise refuse(f"its setup cannot be rebuilt (unknown planet {chosen!r})")
    planets = [chosen] if isinstance(chosen, str) else [HAT, humans[0]["planet"]]
    try:
        return [GameSetup(opponents=opponents, levels=padded, planet=planet, house_rules=dict(meta.house_rules),
                          seed=meta.seed, human=True, preview=preview) for planet in planets]
    except (ValueError, TypeError) as err:
        raise refuse(f"its setup cannot be rebuilt ({err})") from None


def placement_angle(layout, orbit: str, spot: Point) -> float | None:
    """An angle on ``orbit``'s line whose spot is ``spot`` to the last bit (the file keeps the spot, not the angle)."""
    try:
        guess = math.degrees(math.atan2(spot[1], spot[0])) % 360.0
        layout.home_on_line(orbit, guess)
    except (ValueError, KeyError):
        return None
    for start in (guess, 0.0 if guess > 359.0 else guess):
        up = down = start
        for _ in range(256):
            for a in (up, down):
                if 0.0 <= a < 360.0 and layout.home_on_line(orbit, a) == (spot[0], spot[1]):
                    return a
            up, down = math.nextafter(up, math.inf), math.nextafter(down, -math.inf)
    return None


def same_players(session: MatchSession, meta: GameMeta) -> bool:
    rebuilt = session.replay_meta()
    return list(rebuilt.players) == [dict(p) for p in meta.players] and dict(rebuilt.layout) == dict(meta.layout) \
        and dict(rebuilt.house_rules) == dict(meta.house_rules)


def _plain(value):
    return json.loads(json.dumps(to_plain(value)))


def same_outcome(result: ShotResult, record: ShotRecord) -> bool:
    """Everything the file says the shot did, bit for bit: inputs, every event (rest positions too), ruling, ledger."""
    if shot_inputs(result) != record.inputs:
        return False
    if _plain([event_to_dict(e) for e in result.events]) != _plain([event_to_dict(e) for e in record.events]):
        return False
    rulings, ledger = ruling_record(result.ruling)
    if _plain(rulings) != _plain(list(record.rulings)) or _plain(ledger) != _plain(dict(record.ledger)):
        return False
    rest = result.rest
    return rest is not None and _motion_ends_at(record, rest.positions)


def _motion_ends_at(record: ShotRecord, positions: Mapping[str, Point]) -> bool:
    """The recorded motion (what the viewer shows) ends where the bodies came to rest, to its 0.1 mm grid.

    The motion is stored quantised, so it can only agree to a count (a body
    Bullet never moved is reported at its exact place, a hair off its pose);
    the exact check is the rest event's.
    """
    if record.frame_count == 0:
        return not positions
    last = record.present[-1]
    if {b for b, here in zip(record.body_ids, last) if here} != set(positions):
        return False
    counts = np.zeros((len(record.body_ids), 3), dtype=np.int64)
    np.add.at(counts, np.nonzero(record.moved)[1], record.steps.astype(np.int64))
    final = dequantise_positions(counts)
    for index, body in enumerate(record.body_ids):
        if last[index]:
            x, y = positions[body]
            if abs(final[index, 0] - x) > POSITION_UNIT or abs(final[index, 1] - y) > POSITION_UNIT:
                return False
    return True
