"""The shot preview: the real match, physics and referee, noise-free; paths to rest; the verdict in words."""

import math
from dataclasses import replace
from pathlib import Path

import pytest

from game.coach.preview import PreviewRequest, match_for, preview_shot
from game.coach.verdict import Tone, verdict_of
from game.match.players import Shot, TawPlacement
from game.rules.house import HouseRules
from game.rules.layout import SUN
from game.rules.ruling import NoPayment, Unpaid
from game.rules.state import new_game
from game.scenario.format import load_scenario
from game.scenario.run import starting_state

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
HOUSE = HouseRules()
LAYOUT = HOUSE.layout()


def _first_shot(direction_offset: float, speed: float) -> PreviewRequest:
    state = new_game(["mercury", "venus"], LAYOUT, HOUSE)
    angle = LAYOUT.default_taw_angle("mercury")
    x, y = LAYOUT.home_on_line("mercury", angle)
    at_sun = math.degrees(math.atan2(-y, -x)) % 360.0
    shot = Shot(at_sun + direction_offset, speed, TawPlacement("mercury", angle))
    return PreviewRequest(state, HOUSE, LAYOUT, shot, serial=7)


def _scenario_request(name: str, speed: float | None = None) -> PreviewRequest:
    scenario = load_scenario(SCENARIOS / f"{name}.toml", max_speed=3.8)
    state = starting_state(scenario)
    spec = scenario.shot
    taw = state.positions[f"{state.next_shooter()}.taw"]
    target = state.positions[spec.aim] if spec.aim else None
    direction = spec.direction if target is None else math.degrees(
        math.atan2(target[1] - taw[1], target[0] - taw[0]))
    return PreviewRequest(state, scenario.house, scenario.layout, Shot(direction, speed or spec.speed))


@pytest.mark.parametrize("make", [
    lambda: _first_shot(0.0, 1.5), lambda: _first_shot(5.0, 3.4),
    lambda: _scenario_request("rule07_sun_against_planet"), lambda: _scenario_request("rule10_planet_out"),
    lambda: _scenario_request("rule15_own_satellite"),
])
def test_the_preview_predicts_exactly_what_the_match_then_does(make):
    request = make()
    preview = preview_shot(request)
    played = match_for(request.state, request.house, request.layout).play_shot(request.shot)
    assert preview.ruling == played.ruling
    assert dict(preview.rest) == dict(played.rest.positions)
    assert preview.serial == request.serial and preview.shooter == played.shooter


def test_each_moving_body_has_a_path_from_where_it_lay_to_where_it_rests():
    request = _scenario_request("rule07_sun_against_planet")
    preview = preview_shot(request)
    assert {SUN, f"{preview.shooter}.taw"} <= set(preview.paths)
    for body, path in preview.paths.items():
        assert len(path) >= 2
        start = preview.start if body.endswith(".taw") else request.state.positions[body]
        assert math.dist(path[0], start) < 2e-3
        assert path[-1] == preview.rest[body]
        assert len(preview.times[body]) == len(path)
    still = set(request.state.positions) - set(preview.paths)
    assert all(math.dist(request.state.positions[b], preview.rest[b]) < 1e-3 for b in still)


def test_the_natural_first_shot_full_on_the_sun_is_a_plain_rule_13_warning():
    preview = preview_shot(_first_shot(0.0, 1.5))
    assert preview.verdict.tone is Tone.OUT and preview.verdict.warning
    assert preview.verdict.sentence == "Your taw would stop in the inner ring: you would be out (rule 13)"


def test_a_cut_first_shot_that_releases_the_sun_is_no_warning():
    preview = preview_shot(_first_shot(5.0, 3.4))
    assert not preview.verdict.warning and "mercury" not in preview.ruling.out


def test_a_foul_is_a_warning_naming_its_rule():
    preview = preview_shot(_scenario_request("rule15_own_satellite"))
    assert preview.verdict.tone is Tone.FOUL and preview.verdict.sentence.endswith("(rule 15)")


def test_a_foul_is_said_to_the_shooter_before_the_shot_not_in_the_referees_third_person():
    preview = preview_shot(_scenario_request("rule15_own_satellite"))
    sentence = preview.verdict.sentence
    assert "your own planet or satellite" in sentence and "would" in sentence
    assert "Earth" not in sentence and " his " not in sentence


def test_a_payment_to_the_shooter_names_the_payer_the_count_and_the_rule():
    preview = preview_shot(_scenario_request("rule08_schedule"))
    assert preview.verdict.tone is Tone.GAIN
    assert "Mercury pays you 7 (rule 8)" in preview.verdict.sentence
    assert preview.verdict.sentence.startswith("The Sun to rest in Mercury's orbit")


def test_the_verdict_is_built_from_the_rulings_data_not_its_words():
    preview = preview_shot(_scenario_request("rule08_schedule"))
    reworded = replace(preview.ruling, transfers=tuple(
        replace(t, reason="zzz", cause="zzz") for t in preview.ruling.transfers))
    before = dict(preview.ruling.state.positions)
    again = verdict_of(reworded, preview.shooter, LAYOUT, {SUN: (0.0, 0.0)} | before, preview.rest)
    assert "zzz" not in again.sentence and "pays you 7 (rule 8)" in again.sentence


def test_the_shooters_payments_are_said_and_the_tone_is_a_cost_only_when_he_pays_more_than_he_gets():
    request = _scenario_request("rule07_sun_against_planet")
    preview = preview_shot(request)
    assert "you pay 2 to Venus (rule 7)" in preview.verdict.sentence
    assert preview.verdict.tone is Tone.GAIN  # Venus pays him 6 (rule 8): he comes out ahead
    paying_only = replace(preview.ruling, transfers=tuple(t for t in preview.ruling.transfers if t.rule == 7))
    cost = verdict_of(paying_only, preview.shooter, LAYOUT, dict(request.state.positions), preview.rest)
    assert cost.tone is Tone.COST and "you pay 2 to Venus (rule 7)" in cost.sentence


def test_the_guide_strength_draws_to_the_first_contact_then_short_lines():
    preview = preview_shot(_scenario_request("rule07_sun_against_planet"))
    guide = preview.guide_paths(reach=0.2)
    taw = f"{preview.shooter}.taw"
    assert preview.first_hit is not None and preview.first_hit[1] == SUN
    assert set(guide) == {taw, taw + "#after", SUN}
    for key in (taw + "#after", SUN):
        length = sum(math.dist(a, b) for a, b in zip(guide[key], guide[key][1:]))
        assert length <= 0.2 + 1e-9
    assert len(guide[taw]) <= len(preview.paths[taw])


def test_an_illegal_placement_is_refused_like_the_match_refuses_it():
    from game.match.match import IllegalShotError

    request = _first_shot(0.0, 1.0)
    with pytest.raises(IllegalShotError):
        preview_shot(replace(request, shot=Shot(0.0, 1.0, TawPlacement("venus", 0.0))))


def test_a_winning_shot_is_said_as_a_win():
    preview = preview_shot(_scenario_request("rule09_win"))
    assert preview.verdict.tone is Tone.WIN and "you win the game (rule 9)" in preview.verdict.sentence


def test_the_last_shot_of_the_last_round_says_the_rounds_run_out_not_rule_9():
    house = HouseRules(round_limit=1)
    state = new_game(["mercury", "venus"], LAYOUT, house)
    state = replace(state, turn=1, shots=1, first_shot_pending=frozenset({"venus"}), stakes=2, purses={"mercury": 18, "venus": 20})
    angle = LAYOUT.default_taw_angle("venus")
    preview = preview_shot(PreviewRequest(state, house, LAYOUT, Shot(angle, 0.05, TawPlacement("venus", angle))))
    assert preview.ruling.winner == "venus" and preview.verdict.tone is Tone.WIN
    assert "the rounds run out: you win the game" in preview.verdict.sentence.lower()
    assert "rule 9" not in preview.verdict.sentence



def test_a_shot_that_moves_no_marbles_says_why_from_the_referees_typed_reason():
    preview = preview_shot(_scenario_request("rule08_schedule"))
    quiet = replace(preview.ruling, transfers=(),
                    unpaid=(Unpaid(8, NoPayment.UNHELD_ORBIT, "Nobody holds Mercury's orbit, so nobody pays (rule 8)."),))
    before = dict(preview.ruling.state.positions)
    moved = verdict_of(quiet, preview.shooter, LAYOUT, before | {SUN: (0.0, 0.0)}, preview.rest)
    assert moved.sentence == "The Sun to rest in Mercury's orbit: nobody holds that orbit, so nobody pays (rule 8)"
    assert moved.rules == (8,)
    still = verdict_of(quiet, preview.shooter, LAYOUT, preview.rest, preview.rest)
    assert still.sentence == "Nobody holds Mercury's orbit, so nobody pays (rule 8)"
