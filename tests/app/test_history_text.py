"""The history's and the results table's words, from real rulings: every shot listed, every row adding up."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.app.hud.history_text import LineKind, history_lines, shot_entries, shot_rulings
from game.app.hud.results_text import pot_taken, reconciling_lines, result_title
from game.app.hud.ruling_feed import feed_lines, since_last_shot
from game.app.session.tally import Tally
from game.physics import PhysicsConfig
from game.rules.events import AllAtRest, ShotStarted
from game.rules.house import HouseRules
from game.rules.layout import taw_id
from game.rules.names import who
from game.rules.referee import judge
from game.rules.state import new_game
from game.rules.termination import Termination
from game.scenario.format import load_scenario
from game.scenario.run import run_scenario
from tests.hypothesis_profiles import examples
from tests.rules.games_drawn import debt_heavy_game, house_rules, players_drawn, random_game
from tests.rules.rules_kit import LAYOUT
from tests.rules.sentence_check import problems

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def tally_of(start, rulings) -> Tally:
    tally = Tally.starting(tuple(start.players), start)
    for ruling in rulings:
        tally.account(ruling, ruling.state.purses)
    return tally


HOUSE = HouseRules(round_limit=1)


def quiet_shot(state, shooter, house=HOUSE):
    """The shooter's taw nudged where it lies (on its line for a first shot): it strikes nothing."""
    taw = taw_id(shooter)
    spot = state.positions.get(taw) or LAYOUT.home_on_line(shooter, LAYOUT.default_taw_angle(shooter))
    rest = {**state.positions, taw: spot}
    return judge(state, shooter, [ShotStarted(0.0, taw, spot, (0.1, 0.0)), AllAtRest(0.5, rest)], LAYOUT, house)


def test_the_results_table_adds_up_for_a_player_who_went_out():
    scenario = load_scenario(SCENARIOS / "rule13_taw_in_inner_ring.toml", max_speed=PhysicsConfig().max_shot_speed)
    result = run_scenario(scenario)
    rulings = [shot.ruling for shot in result.shots]
    assert "earth" in rulings[-1].out
    rows = {row.planet: row for row in tally_of(result.start, rulings).summary(result.end)}
    earth = rows["earth"]
    assert earth.to_stakes_when_out == 2  # the Earth and the Moon, still on the ground, now the stakes'
    assert earth.out and earth.lost == 1 + 2  # his taw, left in the inner ring (rule 13), and those two
    for row in rows.values():
        assert row.unexplained == 0, row
        assert row.began + row.won - row.lost == row.worth  # the legend, on every row
    lines = reconciling_lines(list(rows.values()), who, 0, None)
    assert lines == [f"The Earth went out and lost 3: his taw, left in the inner ring for the winner (rule 13); "
                     f"his planet and 1 satellite, still on the ground, which the stakes now hold. "
                     f"{earth.began} + 0 - 3 = {earth.worth}."]
    assert not problems(lines[0])


def test_a_tie_at_the_round_limit_is_called_a_tie_with_its_tie_break():
    state = new_game(["mercury", "venus"], LAYOUT, HOUSE)  # no satellites either side: level on marbles
    first = quiet_shot(state, "mercury")
    last = quiet_shot(first.state, "venus")
    assert last.termination is Termination.ROUND_LIMIT_TIE and last.winner == "mercury"
    title = result_title(last.termination, last.winner, False, who(last.winner))
    assert title == "A tie: Mercury wins the tie-break"
    assert "Mercury and Venus have" in last.ending and "the orbit nearer the Sun" in last.ending
    assert result_title(last.termination, last.winner, True, "") == "A tie: you win the tie-break"
    rows = tally_of(state, [first, last]).summary(last.state)
    pot = pot_taken(last, last.winner)
    assert all(row.unexplained == 0 for row in rows)
    assert reconciling_lines(rows, who, pot, last.winner) == ([f"Mercury took the pot in the inner ring as the "
                                                                f"winner: {pot} marbles. It is in his won and in "
                                                                f"hand."] if pot else [])


def test_the_last_player_in_says_how_he_won():
    assert result_title(Termination.LAST_PLAYER_IN, "mars", False, "Mars") == "Mars wins: the last player in"
    assert result_title(Termination.SUN_BEYOND_HERSCHEL, "mars", True, "Mars") == "You win!"
    assert result_title(Termination.NO_PLAYER_LEFT, None, False, "") == "Nobody wins"


def test_every_shot_is_listed_with_its_rulings_and_the_purses_after():
    state = new_game(["mercury", "venus"], LAYOUT, HouseRules())
    rulings = []
    for shooter in ("mercury", "venus", "mercury"):
        rulings.append(quiet_shot(state, shooter, HouseRules()))
        state = rulings[-1].state
    tally = tally_of(new_game(["mercury", "venus"], LAYOUT, HouseRules()), rulings)
    entries = shot_entries(tally.judged_shots(), tally.players, "venus", who)
    assert [e.heading for e in entries] == ["Shot 1, round 1: Mercury", "Shot 2, round 1: your shot",
                                            "Shot 3, round 2: Mercury"]
    for entry, ruling in zip(entries, rulings):
        assert entry.rulings == tuple(shot_rulings(ruling, "venus", who)) and entry.rulings
        assert entry.purses == (f"Purses after: Mercury {ruling.state.purses['mercury']}, "
                                f"Venus {ruling.state.purses['venus']}; the stakes {ruling.state.stakes}")
    lines = history_lines(entries, 40)
    assert all(len(line.text) <= 40 for line in lines)
    assert [line.shot for line in lines if line.kind is LineKind.HEADING] == [1, 2, 3]


@pytest.mark.slow
@settings(max_examples=examples(60), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), house=house_rules(st.integers(0, 6)), players=players_drawn, heavy=st.booleans())
def test_random_games_history_and_table_read_well_and_add_up(data, house, players, heavy):
    """No body id in any line of the feed or the history, and every row of the results table adds up."""
    start = new_game(players, LAYOUT, house)
    rulings = [ruling for _, ruling in (debt_heavy_game if heavy else random_game)(data, house, players)]
    tally = tally_of(start, rulings)
    viewer = players[0]
    said = feed_lines(since_last_shot(rulings, viewer), viewer) if rulings else []
    for entry in shot_entries(tally.judged_shots(), tally.players, viewer, who):
        said += [entry.heading, *entry.rulings, entry.purses]
    end = rulings[-1].state if rulings else start
    rows = tally.summary(end)
    winner = end.winner
    said += reconciling_lines(rows, who, pot_taken(tally.last_ruling, winner), winner)
    bad = [f"{line!r}: {p}" for line in said for p in problems(line.strip().removeprefix("You - "))]
    assert not bad, "\n".join(bad)
    for row in rows:
        assert row.unexplained == 0, row
        assert row.to_stakes_when_out == 0 or row.out
