import json

import pytest

from game.rules.events import (AllAtRest, BodyOut, Contact, EventBus, EventFormatError, EventKind, ShotStarted,
                               event_from_dict, event_to_dict)


def test_events_round_trip_through_json():
    log = [ShotStarted(0.0, "earth.taw", (0.1, 0.2), (1.0, -0.5)),
           Contact(0.05, "earth.taw", "sun", 0.0123, (0.0, 0.0)),
           BodyOut(1.5, "mars.2", (2.6, 0.0)),
           AllAtRest(3.0, {"sun": (0.15, 0.01), "earth.taw": (0.05, 0.0)})]
    again = [event_from_dict(json.loads(json.dumps(event_to_dict(e)))) for e in log]
    assert again == log


def test_event_kinds_are_an_enum_written_as_their_plain_names():
    contact = Contact(0.05, "earth.taw", "sun", 0.0123, (0.0, 0.0))
    assert contact.kind is EventKind.CONTACT
    data = event_to_dict(contact)
    assert data["kind"] == "contact" and type(data["kind"]) is str
    assert json.dumps(data).startswith('{"t": 0.05')
    assert event_from_dict(data).kind is EventKind.CONTACT


@pytest.mark.parametrize("bad", [
    {"kind": ["contact"], "t": 0.0},
    {"kind": None, "t": 0.0},
    {"kind": "contact", "t": "soon"},
    {"kind": "contact", "t": 0.0, "a": "sun", "b": "earth", "impulse": True, "position": [0, 0]},
    {"kind": "all_at_rest", "t": 1.0, "positions": {"sun": [0.0]}},
    {"kind": "body_out", "t": 1.0},
    "not an object",
])
def test_event_from_dict_refuses_bad_records_cleanly(bad):
    with pytest.raises(EventFormatError):
        event_from_dict(bad)


def test_bus_delivers_in_order_and_unsubscribes():
    bus, seen = EventBus(), []
    stop_a = bus.subscribe(lambda e: seen.append(("a", e.t)))
    bus.subscribe(lambda e: seen.append(("b", e.t)))
    bus.publish(BodyOut(1.0, "sun", (3.0, 0.0)))
    stop_a()
    bus.publish(BodyOut(2.0, "sun", (3.0, 0.0)))
    assert seen == [("a", 1.0), ("b", 1.0), ("b", 2.0)]


def test_a_contact_names_the_body_that_was_already_moving_as_the_striker():
    from game.rules.shot_facts import strikes

    log = [Contact(0.01, "herschel", "mars.taw", 0.01, (0.9, 0.0)),   # the physics lists the struck body first
           Contact(0.02, "herschel", "herschel.1", 0.01, (0.9, 0.1)),
           Contact(0.03, "sun", "herschel.1", 0.01, (0.5, 0.1))]
    assert [(a, b) for _, a, b in strikes("mars.taw", log)] == [
        ("mars.taw", "herschel"), ("herschel", "herschel.1"), ("herschel.1", "sun")]
