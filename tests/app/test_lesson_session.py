"""A lesson as a game of one shot: what the screens ask of a game, and the goal judged on the ruling."""

from game.app.session.lesson_session import LessonSession
from game.app.session.protocol import GameSession
from game.coach.lessons import load_course
from game.match.players import Shot


def _lesson(lesson_id: str):
    return next(e.lesson for e in load_course() if e.id == lesson_id)


def test_the_lesson_session_offers_everything_the_screens_ask_of_a_game():
    session = LessonSession(_lesson("03-releasing-the-sun"))
    try:
        assert isinstance(session, GameSession)
        assert session.is_human_turn() and not session.is_over() and session.shooter() == "earth"
    finally:
        session.close()


def test_the_lesson_ends_after_one_shot_with_the_referees_outcome():
    session = LessonSession(_lesson("03-releasing-the-sun"))
    try:
        assert session.record_to(None).path is None  # in memory only, whatever the app asks
        live = session.start_shot(Shot(0.0, 0.3))
        live.result()
        ruling = session.finish_shot(live)
        assert session.is_over() and not session.outcome.passed and ruling is session.last_ruling
        assert session.end_reason() == session.outcome.reason
        assert session.replay() is not None and session.replay_error is None
    finally:
        session.close()


def test_the_comet_lesson_starts_where_its_setup_shots_left_the_table():
    session = LessonSession(_lesson("09-the-comet"))
    try:
        view = session.view()
        assert view.shooter == "mars" and view.placements is not None and len(view.placements.orbits) > 1
    finally:
        session.close()
