"""Headless games for the app's session tests: a seeded setup, a turn played as the app plays it, a recorded game."""

from __future__ import annotations

from pathlib import Path

from game.app.session.game_setup import GameSetup
from game.app.session.match_session import MatchSession
from game.match.players import RandomPlayer

SEED = 13   # a seeded game of random hands that lasts past 14 shots (11 ended in 3 once a hit's friction fell with its slide)


def game_setup(**kw) -> GameSetup:
    return GameSetup(opponents=kw.pop("opponents", 2), levels=("random",) * 6, seed=kw.pop("seed", SEED), **kw)


def play_one(session: MatchSession, hand: RandomPlayer) -> None:
    """The next turn as the app plays it: the human's seeded hand or the seat's AI, computed, then finished."""
    view = session.view()
    shot = hand.choose_shot(view) if session.is_human_turn() else session.ai[session.shooter()].choose_shot(view)
    live = session.start_shot(shot)
    live.result()
    session.finish_shot(live)


def recorded_game(path: Path | None, shots: int, hand_seed: int = 99, **kw) -> tuple[MatchSession, RandomPlayer]:
    """A game of up to ``shots`` turns (the human's hand seeded), recorded to ``path``; the caller closes it."""
    session = MatchSession(game_setup(**kw))
    session.record_to(path)
    hand = RandomPlayer(hand_seed)
    for _ in range(shots):
        if session.is_over():
            break
        play_one(session, hand)
    session.wait_for_replay()
    return session, hand


def recorded_file(path: Path, shots: int, **kw) -> RandomPlayer:
    """``recorded_game`` to ``path`` and closed, the file as the game left it; the human's hand, to play on with."""
    session, hand = recorded_game(path, shots, **kw)
    session.close()
    return hand
