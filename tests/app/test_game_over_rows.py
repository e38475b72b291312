"""Every row of the Game Over table adds up (began + won - lost = worth), for a player who went out too, and the
chart beside it never shows a player gaining as he goes out or after.  Games played headless, without Panda3D."""

from __future__ import annotations

import pytest

from game.app.hud.results_text import reconciling_lines
from game.app.session.tally import SummaryRow, Tally
from game.match.match import new_match
from game.match.players import RandomPlayer
from game.rules.names import who

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


def test_the_line_under_the_table_counts_what_the_stakes_took_in_lost(games):
    for tally, state in games:
        rows = tally.summary(state)
        lines = reconciling_lines(rows, who, 0, None)
        for row in rows:
            if row.passed_to_stakes:
                said = f"{row.began} + {row.won} - {row.lost} = {row.worth}."
                assert any(line.endswith(said) and "counted in lost" in line for line in lines), row
