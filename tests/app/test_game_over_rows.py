"""Every row of the Game Over table adds up (began + won - lost = worth), for a player who went out too, and the
chart beside it never shows a player gaining as he goes out or after.  Games played headless, without Panda3D."""

from __future__ import annotations

import pytest

from game.app.hud.results_text import pot_taken, reconciling_lines, totals
from game.app.session.tally import SummaryRow, Tally
from game.match.match import new_match
from game.match.players import RandomPlayer
from game.rules.names import who
from game.rules.state import STAKES
from game.rules.termination import Termination

PLANETS = ("mercury", "venus", "earth", "mars")


def rows_that_do_not_add_up(rows) -> list[str]:
    """Each row whose figures break the legend "began + won - lost = worth"."""
    return [f"{r.planet}: {r.began} + {r.won} - {r.lost} -> {r.worth}" for r in rows
            if r.began + r.won - r.lost != r.worth]


def gains_while_going_out(lines, rulings) -> list[str]:
    """Each player whose chart line rises on the shot that puts him out by more than that shot paid him (a
    Sun struck for rule 8 money can pay him as his taw rolls into the inner ring), or rises on any shot after."""
    bad = []
    for player in PLANETS:
        out_at = next((i for i, r in enumerate(rulings) if player in r.out), None)
        if out_at is None:
            continue
        paid = sum(t.marbles for t in rulings[out_at].transfers if t.payee == player)
        values = [line.get(player, 0) for line in lines[out_at:]]
        after = values[1:]
        if values[1] - values[0] > paid or any(b > a for a, b in zip(after, after[1:])):
            bad.append(f"{player}: {values}")
    return bad


def _played(seed: int) -> tuple[Tally, object]:
    match = new_match(list(PLANETS), [RandomPlayer(seed * 10 + i) for i in range(len(PLANETS))])
    tally = Tally.starting(PLANETS, match.state)
    match.run(on_shot=lambda result: tally.account(result.ruling, result.ruling.state.purses))
    return tally, match.state


@pytest.fixture(scope="module")
def games():
    return [_played(seed) for seed in range(3)]


def test_the_checks_catch_a_row_that_does_not_add_up_and_a_purse_that_rises_as_its_player_goes_out():
    # The audit's row: 22 + 1 - 1 -> 21, the planet the stakes took when he went out left out of lost.
    old_row = SummaryRow("venus", 22, 1, 1, 21, 21, True, ("venus",))
    assert rows_that_do_not_add_up([old_row]) == ["venus: 22 + 1 - 1 -> 21"]

    class Out:
        out = ("venus",)
        transfers = ()

    # A purse of 0 that runs short: he picks up his taw and his purse reads 1.
    assert gains_while_going_out([{"venus": 0}, {"venus": 1}], [Out()]) == ["venus: [0, 1]"]
    # After the shot that put him out, his line never rises again.
    assert gains_while_going_out([{"venus": 3}, {"venus": 2}, {"venus": 4}], [Out(), Out()]) == ["venus: [3, 2, 4]"]


def test_every_row_of_every_game_adds_up_and_a_player_who_went_out_has_a_row(games):
    outs = 0
    for tally, state in games:
        rows = tally.summary(state)
        assert rows_that_do_not_add_up(rows) == []
        assert all(row.unexplained == 0 for row in rows)
        outs += sum(1 for row in rows if row.out)
    assert outs >= 3  # the games hold the case the audit saw: players who went out


def test_the_chart_starts_at_began_ends_at_worth_and_rises_for_a_player_going_out_only_by_what_that_shot_paid(games):
    for tally, state in games:
        rows = {row.planet: row for row in tally.summary(state)}
        assert tally.worths[0] == {p: rows[p].began for p in PLANETS}
        assert tally.worths[-1] == {p: rows[p].worth for p in PLANETS}
        assert len(tally.worths) == len(tally.history) == len(tally.rulings) + 1
        assert gains_while_going_out(tally.worths, tally.rulings) == []


def test_the_line_under_the_table_says_what_a_player_who_went_out_lost(games):
    for tally, state in games:
        rows = tally.summary(state)
        lines = reconciling_lines(rows, who, 0, None)
        for row in rows:
            if row.passed_to_stakes:
                said = f"{row.began} + {row.won} - {row.lost} = {row.worth}."
                assert any(line.endswith(said) and f"went out and lost {row.lost}: " in line
                           and "which the stakes now hold" in line for line in lines), row


def columns_that_do_not_add_up(rows) -> list[str]:
    """With the stakes' row, every marble is in one row: total began = total worth, total won = total lost."""
    total = totals(rows)
    return ([f"began {total.began} -> worth {total.worth}"] if total.began != total.worth else []) + \
        ([f"won {total.won}, lost {total.lost}"] if total.won != total.lost else [])


def test_the_column_check_catches_the_newcomers_table_without_the_stakes_row():
    # The play-through's table: "began 44" against "worth 43", Venus's planet gone to the stakes unseen.
    rows = [SummaryRow("mercury", 22, 1, 0, 21, 23, False, ring_taws=("venus",)),
            SummaryRow("venus", 22, 0, 2, 20, 20, True, ("venus",), taw_in_ring=True)]
    assert columns_that_do_not_add_up(rows) == ["began 44 -> worth 43", "won 1, lost 2"]
    stakes = SummaryRow(STAKES, 27, 2, 1, 0, 28, False)
    assert columns_that_do_not_add_up([*rows, stakes]) == []


def test_with_the_stakes_row_every_column_adds_up_to_every_marble_of_the_game(games):
    for tally, state in games:
        rows = [*tally.summary(state), tally.stakes_row(state)]
        assert rows_that_do_not_add_up(rows) == []
        assert columns_that_do_not_add_up(rows) == []
        assert totals(rows).worth == state.marbles_in_game


def _last_player_in_by_rule13() -> tuple[Tally, object, object]:
    """Two players; Venus's taw ends in the inner ring (rule 13) and Mercury, the last player in, wins."""
    match = new_match(["mercury", "venus"], [RandomPlayer(11), RandomPlayer(12)])
    tally = Tally.starting(("mercury", "venus"), match.state)
    match.run(on_shot=lambda result: tally.account(result.ruling, result.ruling.state.purses))
    return tally, match.state, tally.last_ruling


def test_a_knock_out_by_rule13_reads_plainly_and_the_taw_counts_once_lost_once_won():
    tally, state, last = _last_player_in_by_rule13()
    assert state.termination is Termination.LAST_PLAYER_IN and state.stakes_taws == {"venus.taw"}
    rows = [*tally.summary(state), tally.stakes_row(state)]
    mercury, venus, stakes = rows
    assert (mercury.began, mercury.won, mercury.lost, mercury.worth) == (22, 1, 0, 23)
    assert (venus.began, venus.won, venus.lost, venus.worth) == (22, 0, 2, 20)  # his taw and his planet
    assert stakes.won == 2 and stakes.lost == 1 and stakes.purse == 0  # took both, paid the taw's pot out
    assert columns_that_do_not_add_up(rows) == [] and totals(rows).began == state.marbles_in_game
    assert reconciling_lines(rows, who, pot_taken(last, state.winner), state.winner) == [
        "Mercury took the pot in the inner ring as the winner: 1 marble, Venus's taw, left there for the winner "
        "(rule 13). It is in his won and in hand.",
        "Venus went out and lost 2: his taw, left in the inner ring for the winner (rule 13); his planet, still on "
        "the ground, which the stakes now hold. 22 + 0 - 2 = 20.",
        "The stakes: the pot in the inner ring (in hand) and the marbles on the ground no player holds."]
