"""Whole games from random but possible event streams: the marbles always add up, the referee never crashes,
and nobody goes out holding marbles he could have paid with."""

import pytest
from hypothesis import HealthCheck, given, note, settings, strategies as st

from game.rules.layout import SUN, taw_id
from game.rules.referee import live_rules
from game.rules.ruling_text import ruling_to_json, ruling_to_text
from game.rules.state import new_game
from tests.hypothesis_profiles import examples
from tests.rules.games_drawn import debt_heavy_game, house_rules, players_drawn, random_game
from tests.rules.rules_kit import LAYOUT


@pytest.mark.slow
@settings(max_examples=examples(60), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), house=house_rules(), players=players_drawn)
def test_random_games_keep_every_marble_and_never_crash(data, house, players):
    total = new_game(players, LAYOUT, house).ledger_total()
    for _, ruling in random_game(data, house, players):
        if not ruling.state.sun_released:
            assert ruling.rules_applied() <= live_rules(False, house)
        state = ruling.state
        assert state.ledger_total() == total
        assert all(v >= 0 for v in state.purses.values()) and state.stakes >= 0
        assert set(ruling.out) <= set(state.out)
        assert set(state.board) <= set(state.positions), "a marble on the board must lie somewhere"
        assert SUN in state.positions
        assert set(state.positions) <= set(state.board) | {SUN} | state.stakes_taws
        assert ruling_to_text(ruling) and ruling_to_json(ruling)["winner"] == ruling.winner
        if ruling.finished:
            assert state.next_shooter() is None


@pytest.mark.slow
@settings(max_examples=examples(60), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), house=house_rules(st.integers(0, 3)), players=players_drawn)
def test_no_player_goes_out_holding_marbles_he_could_have_paid_with(data, house, players):
    outs = 0
    for _, ruling in debt_heavy_game(data, house, players):
        for player in ruling.out:
            if taw_id(player) in ruling.left_as_stakes:
                continue  # out by rule 13, not for want of marbles
            outs += 1
            picked_up = sum(1 for c in ruling.take_off if c.into == player and c.rule == 0)
            assert ruling.state.purses[player] - picked_up == 0, \
                f"{player} went out with {ruling.state.purses[player] - picked_up} marbles in hand"
            assert house.out_when_short
    note(f"{outs} players ran out")
