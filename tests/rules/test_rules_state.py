"""The starting state and the ledger's accounting."""

import pytest

from game.rules.house import HouseRules
from game.rules.layout import PLANETS, Layout, satellite_ids, taw_id
from game.rules.state import STAKES, LedgerError, RuleStateError, new_game


def test_a_new_game_lays_every_planet_down_and_unheld_ones_belong_to_the_stakes():
    layout = Layout()
    state = new_game(["earth", "mars"], layout, HouseRules(starting_purse=7))
    bodies = {p for p in PLANETS} | {s for p in PLANETS for s in satellite_ids(p, layout.satellites[p])}
    assert set(state.board) == bodies | {taw_id("earth"), taw_id("mars")}
    assert state.board["earth.1"] == "earth" and state.board["saturn.3"] == STAKES
    assert state.purses == {"earth": 7, "mars": 7} and state.stakes == 0
    assert state.marbles_in_game == 14 + len(bodies) + 2
    assert state.first_shot_pending == {"earth", "mars"} and not state.sun_released


def test_jupiters_moons_come_from_the_house_rules():
    house = HouseRules(jupiter_moons=0)
    state = new_game(["jupiter"], house.layout(), house)
    assert not any(b.startswith("jupiter.") and b[8:].isdigit() for b in state.board)
    with pytest.raises(RuleStateError, match="house rules say 0"):
        new_game(["jupiter"], Layout(), house)


def test_the_ledger_check_catches_a_lost_marble():
    state = new_game(["earth", "mars"], Layout())
    state.check_ledger()
    from dataclasses import replace
    with pytest.raises(LedgerError):
        replace(state, stakes=state.stakes + 1).check_ledger()
    with pytest.raises(LedgerError):
        replace(state, purses={"earth": -1, "mars": 21}).check_ledger()


def test_bad_setups_are_refused():
    with pytest.raises(RuleStateError):
        new_game([], Layout())
    with pytest.raises(RuleStateError):
        new_game(["earth", "earth"], Layout())
    with pytest.raises(RuleStateError):
        new_game(["pluto"], Layout())
    with pytest.raises(RuleStateError):
        new_game(["earth"], Layout(), positions={"sun": (0.0, 0.0)})  # no taw
    with pytest.raises(RuleStateError):
        new_game(["earth"], Layout(), positions={"sun": (0, 0), "earth.taw": (0.35, 0), "moon": (0.3, 0)})


def test_a_state_survives_json_and_a_tampered_one_is_refused():
    import json

    from game.rules.state import state_from_dict, state_to_dict
    from tests.rules.rules_kit import game, play, region_spot

    ruling = play(game(["mercury", "earth"]), "earth", contacts=[("earth.taw", "sun")],
                  rest={"sun": Layout().home_on_line("earth", 100), "earth.taw": region_spot("mars")})
    state = ruling.state
    assert state.sun_line_holder == "earth"
    again = state_from_dict(json.loads(json.dumps(state_to_dict(state))))
    assert again == state
    data = state_to_dict(state)
    data["stakes"] += 3
    with pytest.raises(RuleStateError, match="does not balance"):
        state_from_dict(data)
    with pytest.raises(RuleStateError, match="not a saved rule state"):
        state_from_dict({"players": ["earth"]})


def test_a_finished_state_keeps_why_it_ended_through_json():
    import json

    from game.rules.state import state_from_dict, state_to_dict
    from game.rules.termination import Termination
    from tests.rules.rules_kit import beyond, game, play

    state = play(game(["mercury", "earth"]), "earth", contacts=[("earth.taw", "sun")], rest={"sun": beyond()}).state
    data = json.loads(json.dumps(state_to_dict(state)))
    assert data["termination"] == "sun_beyond_herschel"
    assert state_from_dict(data).termination is Termination.SUN_BEYOND_HERSCHEL
    del data["termination"]  # a state saved before the field existed
    assert state_from_dict(data).termination is None
    data["termination"] = "checkmate"
    with pytest.raises(RuleStateError, match="not a saved rule state"):
        state_from_dict(data)
