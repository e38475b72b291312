"""The turn loop: whole AI-free games end with every marble accounted for, and replay bit for bit."""

import math
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.match.match import IllegalShotError, Match, check_table, new_match
from game.match.players import RandomPlayer, ScriptedPlayer, Shot, SunShooter, TawPlacement
from game.rules.house import HouseRules
from game.rules.layout import PLANETS, SUN, taw_id
from game.rules.ruling_text import ruling_to_json

from tests.hypothesis_profiles import examples


def short_house(rounds: int = 4) -> HouseRules:
    return replace(HouseRules(), round_limit=rounds)


def random_match(seed: int, people: int = 3, rounds: int = 4) -> Match:
    players = {f"p{i}": RandomPlayer(seed * 100 + i) for i in range(people)}
    return Match.from_hat(players, seed=seed, house=short_house(rounds))


def marbles_counted(match: Match) -> int:
    s = match.state
    return sum(s.purses.values()) + s.stakes + len(s.board)


def test_random_match_runs_to_an_end_with_the_ledger_and_table_agreeing():
    match = random_match(seed=11)
    total = marbles_counted(match)
    seen = []

    def after(result):
        seen.append(result)
        assert marbles_counted(match) == total
        check_table(match.state)
        on_ground = {b for b in result.positions if b != SUN} - set(match.state.stakes_taws)
        assert on_ground == set(match.state.board)

    match.run(after)
    assert match.is_over() and match.state.finished
    assert seen and seen[-1].ruling.finished
    assert match.state.winner in match.state.players


def test_under_own_first_shot_turn_order_is_mercury_outward_and_each_first_shot_comes_from_the_own_line():
    match = new_match(["earth", "mercury", "mars"], [RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)],
                      house=replace(short_house(2), taws_laid="own_first_shot"))
    order = []
    for _ in range(3):
        shooter = match.next_shooter()
        options = match.legal_placements()
        assert options is not None and options.orbits == (shooter,)
        result = match.play_turn()
        order.append(result.shooter)
        if result.placement is not None:
            assert match.layout.zone(result.start).on_line == shooter
    assert order == ["mercury", "earth", "mars"]
    # Rule 17: from now on (unless the taw left the ground) each shoots from where it rests.
    shooter = match.next_shooter()
    if taw_id(shooter) in match.state.positions and shooter not in match.state.first_shot_pending:
        assert match.legal_placements() is None
        start, placement = match.start_of(Shot(0.0, 1.0))
        assert placement is None and start == match.state.positions[taw_id(shooter)]


def test_illegal_shots_are_refused_before_anything_moves():
    match = new_match(["mercury", "venus"], [RandomPlayer(1), RandomPlayer(2)])
    before = dict(match.state.positions)
    with pytest.raises(IllegalShotError):
        match.play_shot(Shot(0.0, match.config.max_shot_speed * 1.5))
    with pytest.raises(IllegalShotError):
        match.play_shot(Shot(0.0, -1.0))
    with pytest.raises(IllegalShotError):
        match.play_shot(Shot(0.0, 1.0, TawPlacement("venus", 0.0)))  # Mercury's first shot: own line only
    assert match.state.positions == before and not match.history


def test_a_placement_on_an_occupied_spot_is_nudged_along_the_line():
    match = new_match(["mercury", "venus"], [RandomPlayer(1), RandomPlayer(2)])
    planet_angle = match.layout.planet_angles["mercury"]
    start, placement = match.start_of(Shot(0.0, 1.0, TawPlacement("mercury", planet_angle)))
    assert placement is not None and placement.angle != pytest.approx(planet_angle)
    assert match.layout.zone(start).on_line == "mercury"
    gap = math.dist(start, match.state.positions["mercury"])
    assert gap >= 2 * match.layout.marble_radius


def run_summary(match: Match):
    rulings = []
    match.run(lambda r: rulings.append(ruling_to_json(r.ruling)))
    return rulings, dict(match.state.positions)


def test_a_seeded_match_is_bit_identical():
    first = run_summary(random_match(seed=4))
    second = run_summary(random_match(seed=4))
    assert first == second  # floats compared exactly
    other = run_summary(random_match(seed=5))
    assert other != first


def test_scripted_players_replay_their_script():
    shots = [Shot(direction=270.0, speed=2.0, placement=TawPlacement("mercury", 90.0 + 20.0)),
             Shot(direction=0.0, speed=0.5)]
    match = new_match(["mercury", "venus"], [ScriptedPlayer(shots), SunShooter(1.5)], house=short_house(2))
    first = match.play_turn()
    assert first.shot == shots[0]
    assert first.events[0].body == "mercury.taw"
    assert math.isclose(math.hypot(*first.events[0].velocity), 2.0)


def test_a_full_on_shot_at_the_sun_leaves_the_taw_in_the_inner_ring_and_ends_the_game_by_name():
    # The Sun takes the taw's speed and the taw stops where the Sun lay: within the inner ring (rule 13).
    # At 3.5 m/s the Sun rolls only to Mercury's line, not beyond it: nothing is released (rule 3).  (With
    # the true masses, issue 41, a full hit at the 3.8 m/s cap from Mercury's line does release it.)
    match = new_match(["mercury", "venus"], [SunShooter(3.5), SunShooter(3.5)], house=short_house(30))
    match.run()
    first = match.history[0].ruling
    assert first.out == ("mercury",) and [t.rule for t in first.transfers] == [13, 0]
    assert not first.state.sun_released
    assert match.state.finished and match.history[-1].ruling.termination is not None


@settings(max_examples=examples(6), suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), people=st.integers(2, 5))
def test_property_random_games_keep_every_marble(seed, people):
    match = random_match(seed=seed, people=people, rounds=3)
    total = marbles_counted(match)
    match.run(lambda r: check_table(match.state))
    assert match.is_over()
    assert marbles_counted(match) == total
    assert len(match.history) <= 3 * people + people


def test_taw_match_plays_a_whole_headless_game(capsys):
    import json

    from game.cli import main

    assert main(["match", "--players", "2", "--seed", "3", "--rounds", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winner"] in data["players"] and data["shots"]
    assert [s["round"] for s in data["shots"]] == sorted(s["round"] for s in data["shots"])
    assert main(["match", "--players", "1"]) == 2


def test_frames_reach_the_callback_for_replays_and_the_app():
    frames = []
    match = new_match(["mercury", "venus"], [SunShooter(2.0), SunShooter(2.0)],
                      on_frame=lambda t, ids, poses: frames.append((t, list(ids), poses.shape)))
    result = match.play_turn()
    assert frames and frames[0][0] == 0.0 and frames[-1][0] == pytest.approx(result.rest.t)
    assert frames[0][2] == (len(frames[0][1]), 7)


@pytest.mark.slow
def test_a_seeded_match_is_identical_across_processes():
    import subprocess
    import sys

    command = [sys.executable, "-m", "game", "match", "--players", "3", "--seed", "8", "--rounds", "3", "--json"]
    first = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    second = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    assert first == second and '"shots"' in first


def test_a_player_writing_into_its_view_cannot_change_the_match():
    class Vandal:
        def choose_shot(self, view):
            view.positions.clear()
            view.purses["mercury"] = 999
            view.rule_state.purses["mercury"] = 999
            view.rule_state.positions.clear()
            return SunShooter(1.0).choose_shot(replace(view, positions={"sun": (0.0, 0.0)}))

    match = new_match(["mercury", "venus"], [Vandal(), SunShooter(1.0)])
    before = dict(match.state.positions)
    view = match.view()
    assert view.rule_state == match.state and view.rule_state is not match.state
    Vandal().choose_shot(view)
    assert match.state.positions == before and match.state.purses["mercury"] == 20


class DrawnPlayer:
    """Every shot drawn by hypothesis: any direction, any speed up to the cap, any allowed placement."""

    def __init__(self, data):
        self.data = data

    def choose_shot(self, view):
        placement = None
        if view.placements is not None and self.data.draw(st.booleans(), label="place"):
            orbit = self.data.draw(st.sampled_from(view.placements.orbits), label="orbit")
            placement = TawPlacement(orbit, self.data.draw(st.floats(0, 360), label="angle"))
        direction = self.data.draw(st.floats(0, 360), label="direction")
        speed = self.data.draw(st.floats(0.01, view.max_speed), label="speed")
        return Shot(direction, speed, placement)


@settings(max_examples=examples(5), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), planets=st.lists(st.sampled_from(PLANETS), min_size=2, max_size=4, unique=True))
def test_property_drawn_shots_through_whole_games_keep_the_ledger_and_the_table(data, planets):
    match = new_match(planets, [DrawnPlayer(data) for _ in planets], house=short_house(2))
    total = marbles_counted(match)
    for result in iter(lambda: None if match.is_over() else match.play_turn(), None):
        assert marbles_counted(match) == total
        check_table(match.state)
        assert result.shooter in match.state.players
    assert match.state.finished


def test_the_referee_rules_from_the_live_event_stream_as_it_would_from_the_log():
    """The match wires the physics' bus to a listening referee; its ruling is the log's."""
    from game.rules.referee import judge

    match = random_match(seed=11, people=3)
    for _ in range(6):
        if match.is_over():
            break
        before = match.state
        shooter = match.next_shooter()
        result = match.play_turn()
        start_state = before if result.placement is None else replace(
            before, positions={**before.positions, taw_id(shooter): result.start})
        from_log = judge(start_state, shooter, result.events, match.layout, match.house)
        assert ruling_to_json(from_log) == ruling_to_json(result.ruling)
        assert from_log.state == result.ruling.state
