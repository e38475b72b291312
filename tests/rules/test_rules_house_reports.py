"""House-rule loading, the JSON and spoken forms of a ruling, the hat, the listener, re-judging."""

import json
import math

import pytest

from game.errors import UserError
from game.rules.events import EventBus, event_from_dict, event_to_dict
from game.rules.hat_order import HatError, assign_planets
from game.rules.house import HouseRuleError, HouseRules, Rule3Gate, Rule16Sun
from game.rules.listener import ShotReferee, judge_log
from game.rules.ruling_text import ruling_to_json, ruling_to_text
from tests.rules.rules_kit import LAYOUT, game, play, region_spot, shot_events


# -- house rules ---------------------------------------------------------------

def test_house_rules_load_from_a_table_and_keep_defaults_elsewhere():
    house = HouseRules.from_mapping({"sun_payment": "both", "starting_purse": 5, "start_tolerance": 0})
    assert house.sun_payment == "both" and house.starting_purse == 5 and house.start_tolerance == 0.0
    assert house.rule16_forfeit == HouseRules().rule16_forfeit


@pytest.mark.parametrize("table, key, words", [
    ({"colour": "red"}, "colour", "unknown house rule"),
    ({"starting_purse": "ten"}, "starting_purse", "whole number"),
    ({"starting_purse": True}, "starting_purse", "whole number"),
    ({"starting_purse": -1}, "starting_purse", "between"),
    ({"jupiter_moons": 13}, "jupiter_moons", "between"),
    ({"out_when_short": 1}, "out_when_short", "true or false"),
    ({"sun_payment": "sometimes"}, "sun_payment", "must be one of"),
    ({"rule3_gate": 3}, "rule3_gate", "string"),
    ({"start_tolerance": float("nan")}, "start_tolerance", "number"),
    ({"start_tolerance": 5.0}, "start_tolerance", "between"),
])
def test_bad_house_rules_are_refused_in_one_line_naming_the_key(table, key, words):
    with pytest.raises(HouseRuleError) as err:
        HouseRules.from_mapping(table, source="game.toml: house_rules")
    message = str(err.value)
    assert isinstance(err.value, UserError)
    assert "\n" not in message and message.startswith("game.toml: house_rules: " + key) and words in message


def test_house_rules_load_from_toml_and_a_broken_or_missing_file_is_refused(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('[house_rules]\nrule10_satellites = "returned"\njupiter_moons = 0\n')
    house = HouseRules.from_toml(path)
    assert house.rule10_satellites == "returned" and house.layout().satellites["jupiter"] == 0
    path.write_text("[house_rules\n")
    with pytest.raises(HouseRuleError, match="not valid TOML"):
        HouseRules.from_toml(path)
    with pytest.raises(HouseRuleError, match="no such file"):
        HouseRules.from_toml(tmp_path / "missing.toml")


def test_house_rules_round_trip_through_a_dict():
    house = HouseRules(rule6_toll="once", round_limit=9)
    assert HouseRules.from_mapping(house.to_dict()) == house


def test_house_modes_are_enums_but_their_dict_holds_plain_strings():
    house = HouseRules.from_mapping({"rule3_gate": "off", "rule16_sun": "rests_in_ring"})
    assert house.rule3_gate is Rule3Gate.OFF and house.rule16_sun is Rule16Sun.RESTS_IN_RING
    assert HouseRules(rule3_gate="taking").rule3_gate is Rule3Gate.TAKING
    plain = house.to_dict()
    assert plain["rule3_gate"] == "off" and type(plain["rule3_gate"]) is str
    assert json.loads(json.dumps(plain)) == plain


# -- reports -----------------------------------------------------------------------

def test_ruling_json_has_the_agreed_shape_and_is_json():
    ruling = play(game(), "venus", contacts=[("venus.taw", "sun"), ("sun", "earth")],
                  rest={"sun": region_spot("mars"), "venus.taw": LAYOUT.saturn_home()},
                  start=region_spot("earth"))
    data = json.loads(json.dumps(ruling_to_json(ruling)))
    assert {"transfers", "fouls", "out", "winner"} <= set(data)
    rule7 = [t for t in data["transfers"] if t["rule"] == 7]
    assert rule7 == [{"rule": 7, "from": "venus", "to": "earth", "marbles": 2,
                      "reason": "Venus knocked the Sun against the Earth: Venus pays the Earth 2 (rule 7)"}]
    assert data["fouls"][0]["rule"] == 17 and data["fouls"][0]["player"] == "venus"
    assert data["winner"] is None and data["out"] == []


def test_ruling_text_reads_like_a_referee():
    ruling = play(game(), "venus", contacts=[("venus.taw", "sun"), ("sun", "earth")],
                  rest={"sun": region_spot("mars"), "venus.taw": region_spot("earth")})
    text = ruling_to_text(ruling)
    assert "Venus knocked the Sun against the Earth: Venus pays the Earth 2 (rule 7)." in text
    assert text.splitlines()[-1] == "The Earth to shoot."


def test_a_partial_payment_shows_what_was_owed():
    from dataclasses import replace
    state = game(["venus", "earth", "mars"], purses={"venus": 1, "earth": 20, "mars": 20})
    state = replace(state, marbles_in_game=state.ledger_total())
    ruling = play(state, "venus", contacts=[("venus.taw", "sun"), ("sun", "earth")],
                  rest={"sun": region_spot("venus"), "venus.taw": region_spot("earth")})
    [t] = ruling_to_json(ruling)["transfers"]
    assert t["marbles"] == 1 and t["owed"] == 2
    assert ruling_to_json(ruling)["out"] == ["venus"]


# -- rule 1: the hat ----------------------------------------------------------------

def test_the_hat_gives_mercury_to_the_nearest():
    assert assign_planets({"ann": 0.3, "bob": 0.1, "cy": 0.2}, seed=1) == \
        {"bob": "mercury", "cy": "venus", "ann": "earth"}


def test_hat_ties_follow_the_seed():
    seen = {tuple(sorted(assign_planets({"ann": 0.1, "bob": 0.1, "cy": math.inf}, seed=s).items()))
            for s in range(20)}
    assert len(seen) == 2
    assert assign_planets({"ann": 0.1, "bob": 0.1}, 7) == assign_planets({"ann": 0.1, "bob": 0.1}, 7)


def test_the_hat_refuses_no_players_a_negative_distance_or_more_players_than_planets():
    with pytest.raises(HatError):
        assign_planets({}, 1)
    with pytest.raises(HatError):
        assign_planets({"a": -1.0}, 1)
    with pytest.raises(HatError):
        assign_planets({str(i): 0.1 for i in range(8)}, 1)


# -- the listener and re-judging ----------------------------------------------------------

def test_the_listener_rules_when_all_is_at_rest():
    state = game(["mercury", "venus"])
    seen = []
    referee = ShotReferee(state, LAYOUT, on_ruling=seen.append)
    bus = EventBus()
    referee.attach(bus)
    events = shot_events(state, "mercury", contacts=[("mercury.taw", "sun")],
                         rest={"sun": region_spot("venus"), "mercury.taw": region_spot("venus", 5)})
    for event in events[:-1]:
        bus.publish(event)
    assert seen == []
    bus.publish(events[-1])
    assert len(seen) == 1 and seen[0].paid("venus", "mercury", 8) == 6
    assert referee.state is seen[0].state and referee.last_events == tuple(events)
    referee.detach()
    bus.publish(events[0])
    bus.publish(events[-1])
    assert len(seen) == 1


def test_a_recorded_log_can_be_judged_again_under_other_house_rules():
    state = game(["mercury", "venus", "earth"])
    log = []
    s = state
    for shooter, kw in [("mercury", dict(contacts=[("mercury.taw", "sun")], rest={"sun": region_spot("earth"),
                                                                                 "mercury.taw": region_spot("venus")})),
                        ("venus", dict(contacts=[("venus.taw", "sun")], rest={"sun": region_spot("mars"),
                                                                             "venus.taw": region_spot("earth")}))]:
        events = [event_from_dict(json.loads(json.dumps(event_to_dict(e)))) for e in shot_events(s, shooter, **kw)]
        log.append((shooter, events))
        s = play(s, shooter, **kw).state
    ours = judge_log(state, log, LAYOUT)
    theirs = judge_log(state, log, LAYOUT, HouseRules(sun_payment="both"))
    assert [r.rules_applied() for r in ours] == [{8}, set()]
    assert [r.rules_applied() for r in theirs] == [{4, 8}, set()]
    assert ours[-1].state.purses != theirs[-1].state.purses
