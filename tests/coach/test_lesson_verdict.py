"""In a lesson, the preview's verdict says when the aimed shot would miss the lesson's goal.

Lesson 4's opening shot leaves the Sun in Mars's orbit: Mars would pay the
shooter 4 under rule 8, a gain, so the preview showed it green, and yet
the lesson (Jupiter's 3) fails.  The verdict in a lesson is weighed
against the goal.
"""

import pytest

from game.coach.goals import Outcome, against_goal, judge_goal
from game.coach.lessons import as_spec, load_course, opening_shot, play_spec, start_state
from game.coach.verdict import Tone, Verdict, verdict_of

COURSE = {entry.id: entry.lesson for entry in load_course()}


def _opening_verdicts(lesson):
    state = start_state(lesson)
    result = play_spec(lesson, as_spec(opening_shot(lesson, state)))
    plain = verdict_of(result.ruling, result.shooter, lesson.scenario.layout, state.positions,
                       result.rest.positions)
    return plain, against_goal(plain, judge_goal(lesson.goal, result.ruling, result.shooter))


def test_lesson_4s_opening_gains_marbles_but_is_not_shown_as_good():
    plain, in_lesson = _opening_verdicts(COURSE["04-the-orbits"])
    assert plain.tone is Tone.GAIN and "Mars pays you" in plain.sentence  # why it was green
    assert in_lesson.tone is Tone.QUIET
    assert in_lesson.sentence.startswith(plain.sentence)
    assert "Not the lesson's goal: Jupiter did not pay you under rule 8" in in_lesson.sentence


@pytest.mark.parametrize("lesson_id", sorted(COURSE))
def test_no_lessons_opening_preview_is_green(lesson_id):
    _, in_lesson = _opening_verdicts(COURSE[lesson_id])
    assert in_lesson.tone not in (Tone.GAIN, Tone.WIN), in_lesson.sentence


def test_a_shot_that_meets_the_goal_or_warns_keeps_its_verdict():
    gain = Verdict("Mars pays you 4 (rule 8)", Tone.GAIN, (8,))
    assert against_goal(gain, Outcome(True, "you were paid 4 under rule 8")) == gain
    out = Verdict("Your taw would stop in the inner ring: you would be out (rule 13)", Tone.OUT, (13,))
    assert against_goal(out, Outcome(False, "you are out of the game (rule 13)")) == out


def test_lesson_5s_result_and_the_top_bar_both_put_the_sun_on_the_earths_line():
    from game.app.hud.game_hud import sun_words
    from game.rules import names
    from game.rules.layout import SUN

    lesson = COURSE["05-the-sun-on-your-line"]
    result = play_spec(lesson, lesson.solution)
    outcome = judge_goal(lesson.goal, result.ruling, result.shooter)
    assert outcome.passed and "rests on your own line" in outcome.reason
    layout = lesson.scenario.layout
    # The top bar reads the table session's words (names.resting_place), as the ruling does.
    bar = sun_words(names.resting_place(layout, result.positions[SUN], layout.sun_radius))
    assert "on the Earth's line" in bar, bar


@pytest.mark.parametrize("clause, reason, said", [
    ("nobody paid you under rule 10", "Nobody paid you under rule 10.", "Not the lesson's goal: nobody paid you under rule 10"),
    ("the Earth did not pay you under rule 8", "The Earth did not pay you under rule 8.",
     "Not the lesson's goal: the Earth did not pay you under rule 8"),
    ("Mars did not pay you under rule 8", "Mars did not pay you under rule 8.",
     "Not the lesson's goal: Mars did not pay you under rule 8"),
])
def test_the_goals_clause_goes_on_after_the_colon_and_stands_alone_as_a_sentence(clause, reason, said):
    verdict = Verdict("The Earth's taw struck nothing, so nobody pays", Tone.QUIET, ())
    outcome = Outcome(False, clause)
    assert outcome.reason == reason
    assert against_goal(verdict, outcome).sentence.endswith(said)


@pytest.mark.parametrize("lesson_id", sorted(COURSE))
def test_no_lessons_opening_verdict_has_a_capital_after_its_colon_but_a_name(lesson_id):
    _, in_lesson = _opening_verdicts(COURSE[lesson_id])
    _, sep, reason = in_lesson.sentence.partition("Not the lesson's goal: ")
    if sep:
        first = reason.split(" ", 1)[0]
        assert reason[:1].islower() or first in {"Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Herschel"}, reason


def test_a_lesson_failed_on_a_foul_tells_the_learner_what_he_did():
    from pathlib import Path

    from game.coach.goals import Goal, GoalKind, judge_goal
    from game.physics import PhysicsConfig
    from game.scenario.format import load_scenario
    from game.scenario.run import run_scenario

    path = Path(__file__).resolve().parents[1] / "scenarios" / "rule15_own_satellite.toml"
    ruling = run_scenario(load_scenario(path, max_speed=PhysicsConfig().max_shot_speed)).shots[-1].ruling
    outcome = judge_goal(Goal(GoalKind.STAY_IN), ruling, ruling.shooter)
    assert not outcome.passed
    assert outcome.reason == "A foul: you shot at your own satellite (rule 15)."
