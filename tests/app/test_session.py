"""The app's session over the match layer, without a window."""

from __future__ import annotations

import math

import pytest

from game.app.session.game_setup import GameSetup
from game.app.session.match_session import MatchSession
from game.app.session.protocol import GameSession
from game.app.session.shot_choice import PlansAhead, ShotChoice
from game.match.players import RandomPlayer
from game.rules.events import AllAtRest, Contact


def _session(**kw) -> MatchSession:
    setup = GameSetup(opponents=kw.pop("opponents", 2), levels=("random",) * 6, seed=kw.pop("seed", 4), **kw)
    return MatchSession(setup)


def _wait(live) -> None:
    live._future.result(timeout=30)


def test_the_hat_gives_every_seat_a_planet_and_you_one_of_them():
    session = _session(opponents=3)
    try:
        rows = session.hat_result()
        assert len(rows) == 4 and sum(r.human for r in rows) == 1
        assert {r.planet for r in rows} == set(session.players)
        assert session.human == next(r.planet for r in rows if r.human)
        distances = [r.distance for r in sorted(rows, key=lambda r: session.players.index(r.planet))]
        assert distances == sorted(distances)  # rule 1: nearest the Sun takes the innermost planet
    finally:
        session.close()


def test_the_hats_fall_is_recorded_as_each_holders_taw_dropping_to_the_ground():
    session = _session(opponents=2)
    try:
        frames = session.hat_frames()
        assert len(frames) > 10
        ids = set(frames[-1][1])
        assert ids == {"sun"} | {f"{p}.taw" for p in session.players}
        first_z = frames[0][2][:, 2]
        assert first_z.max() > 0.02  # they fall from the hat, above the ground
    finally:
        session.close()


def test_a_chosen_planet_is_yours():
    session = _session(planet="saturn")
    try:
        assert session.human == "saturn" and "saturn" in session.players
        assert len(set(session.players)) == 3
    finally:
        session.close()


@pytest.mark.slow
def test_playback_follows_the_recorded_shot_and_sounds_each_event_once():
    session = _session(human=False, opponents=1)
    try:
        shot = session.think().result()
        live = session.start_shot(shot)
        _wait(live)
        result = live.result()
        heard = []
        done = False
        steps = 0
        while not done:
            done = live.advance(1 / 60)
            heard.extend(live.drain_events())
            steps += 1
        assert heard == list(result.events)
        assert all(e.t <= live.time + 1e-9 for e in heard)
        assert steps >= int(result.events[-1].t * 60)  # real time: one frame per 1/60 s of the shot
        ids, poses = live.poses()
        final = {b: (float(p[0]), float(p[1])) for b, p in zip(ids, poses)}
        rest = result.events[-1]
        assert isinstance(rest, AllAtRest)
        for body, (x, y) in rest.positions.items():
            assert math.dist(final[body], (x, y)) < 0.01
        ruling = session.finish_shot(live)
        assert ruling is result.ruling
        assert session.purse_history()[-1] == dict(session.state.purses)
    finally:
        session.close()


def test_skip_jumps_to_rest_without_sounding_what_was_skipped():
    session = _session(human=False, opponents=1, seed=9)
    try:
        view = session.view()
        from game.match.players import Shot

        sun = view.positions["sun"]
        taw = view.taw_position()
        direction = math.degrees(math.atan2(sun[1] - taw[1], sun[0] - taw[0]))
        live = session.start_shot(Shot(direction=direction, speed=view.max_speed * 0.9))
        _wait(live)
        live.advance(1 / 60)
        live.skip_to_end()
        assert live.advance(0.0) is True
        assert live.drain_events() == []
        assert any(isinstance(e, Contact) for e in live.result().events)
    finally:
        session.close()


def test_bad_house_rules_are_refused_with_the_key_named():
    from game.errors import UserError

    with pytest.raises(UserError, match="round_limit"):
        _session(house_rules={"round_limit": -1})


def test_the_match_session_offers_everything_the_screens_ask_of_a_game():
    session = _session()
    try:
        assert isinstance(session, GameSession)
    finally:
        session.close()


@pytest.mark.parametrize("level", ["random", "easy"])
def test_an_ai_choice_is_a_shot_choice_whether_it_plans_or_not(level):
    session = MatchSession(GameSetup(opponents=1, levels=(level,) * 6, seed=3))
    try:
        hand = RandomPlayer(1)
        while session.is_human_turn():
            live = session.start_shot(hand.choose_shot(session.view()))
            live.result()
            session.finish_shot(live)
        assert session.level_of(session.shooter()) == level
        assert isinstance(session.ai[session.shooter()], PlansAhead) == (level != "random")
        choice = session.think()
        assert isinstance(choice, ShotChoice)
        shot = choice.result()
        assert 0.0 <= shot.direction < 360.0 and shot.speed > 0.0
    finally:
        session.close()
