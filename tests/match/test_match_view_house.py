"""A player's view carries the match's own house rules, typed: no player turns a dict back into them."""

from __future__ import annotations

import pickle

from game.ai.player import situation_from_view
from game.match.match import Match
from game.match.players import RandomPlayer
from game.rules.house import HouseRules


def test_the_view_holds_the_matchs_house_rules_as_they_are():
    house = HouseRules.from_mapping({"round_limit": 3, "jupiter_moons": 2})
    match = Match({"mercury": RandomPlayer(1), "venus": RandomPlayer(2)}, house=house)
    view = match.view()
    assert isinstance(view.house, HouseRules) and view.house == house
    assert situation_from_view(view).house == house  # the AI plans under the match's rules
    assert pickle.loads(pickle.dumps(view)).house == house  # a view still travels to a worker process
