"""The whole replay is bounded, shots decode when asked for, and what the loader accepts the viewer can show."""

import pytest

from game.errors import UserError
from game.replay import decode_replay
from game.replay import fileformat as ff
from game.replay.model import ShotList
from game.replay.timeline import Timeline
from stress import hostile


def _refusal(data: bytes) -> str:
    with pytest.raises(UserError) as caught:
        decode_replay(data, "h.replay")
    text = str(caught.value)
    assert text.startswith("h.replay: ") and "\n" not in text
    return text


@pytest.mark.parametrize("case", [h for h in hostile.HOSTILE_REPLAYS if h.refused and "240 Hz" not in h.name
                                  and "51 shots" not in h.name],
                         ids=lambda h: h.name)
def test_a_replay_beyond_a_bound_or_of_a_shape_the_viewer_cannot_show_is_refused_in_one_line(case):
    _refusal(case.build())


@pytest.mark.slow
def test_the_issue_files_are_refused_by_the_bound_they_break():
    assert "'frames' must be" in _refusal(hostile.still_shots(2, 200_000, 10))
    assert "last longer than a shot can" in _refusal(hostile.still_shots(1, 5000, 10))
    assert "header length" in _refusal(hostile.event_shots(2, 175_000))
    assert "2001 events, more than a shot can make" in _refusal(hostile.event_shots(1, 2001))
    assert "more than 100000 events in all" in _refusal(hostile.event_shots(51, 2000))
    assert "more than a shot's (20000)" in _refusal(hostile.header_shots(1, 200_000))
    assert "1000000 values" in _refusal(hostile.header_shots(51, 9_900 * 3 + 400))
    assert "more than 100000 payments" in _refusal(hostile.caption_shots(101, 999))


@pytest.mark.parametrize("ruling, words", [
    ({"transfers": 5}, "'transfers' must be a list"),
    ({"fouls": [3]}, "'fouls' must hold objects"),
    ({"notes": "text"}, "'notes' must be a list"),
    ({"notes": [1]}, "'notes' must be a list of strings"),
    ({"board": {"put_down": 2}}, "'board.put_down' must be a list"),
    ({"board": []}, "'board' must be an object"),
    ({"transfers": [{"rule": {"a": 1}}]}, "'rule' must be a rule number"),
    ({"transfers": [{"rule": 7, "bodies": "sun"}]}, "'bodies' must be a list"),
    ({"winner": 3}, "'winner' must be a string"),
    ({"text": ["x"]}, "'text' must be a string"),
    ({"unpaid": -7}, "'unpaid' must be a list"),   # the file fuzz's mutant: the viewer iterated it (TypeError)
    ({"unpaid": [4]}, "'unpaid' must hold objects"),
    ({"unpaid": [{"rule": 3, "text": 5}]}, "'unpaid': 'text' must be a string"),
])
def test_rulings_of_a_shape_the_captions_cannot_read_are_refused(ruling, words):
    assert words in _refusal(hostile.shaped_ruling(ruling))


def test_layouts_the_viewer_cannot_draw_and_wild_event_numbers_are_refused():
    assert "planet_angles" in _refusal(hostile.shaped_ruling(layout=hostile._missing_angles()))
    assert "marble_radius" in _refusal(hostile.shaped_ruling(layout=hostile._layout(marble_radius=0)))
    assert "satellites.jupiter" in _refusal(hostile.shaped_ruling(layout=hostile._layout(
        satellites={"jupiter": 2.5})))
    far = {"kind": "contact", "t": 0.1, "a": "b0", "b": "b1", "impulse": 0.01, "position": [1e300, 0.0]}
    assert "1e+300" in _refusal(hostile.shaped_ruling(event=far))


def test_a_ruling_of_the_referees_shape_is_accepted_and_captioned():
    ruling = {"transfers": [{"rule": 7, "from": "mars", "to": "earth", "marbles": 1, "reason": "Paid",
                             "bodies": ["mars.1"]}],
              "fouls": [{"rule": 15, "player": "earth", "reason": "A foul"}], "notes": ["A note"],
              "board": {"put_down": [{"body": "earth.taw", "rule": 17, "reason": "Laid down"}], "take_off": []},
              "winner": None}
    replay = decode_replay(hostile.shaped_ruling(ruling), "ok.replay")
    texts = [c.text for c in Timeline(replay).captions]
    assert "A note" in texts and any("Paid" in t for t in texts) and any("A foul" in t for t in texts)


def test_a_big_replay_keeps_only_the_shots_used_last_decoded():
    data = hostile.still_shots(40, hostile.F60, 45)   # 40 x 3601 x 45 = 6.5M cells: above KEEP_ALL_CELLS
    replay = decode_replay(data, "big.replay")
    assert isinstance(replay.shots, ShotList) and len(replay.shots) == 40
    first = replay.shots[0]
    assert replay.shots[0] is first                    # kept while used
    for k in (1, 2, 3):
        replay.shots[k]
    assert replay.shots[0] is not first                # decoded again: only the last few stay
    assert replay.shots[0].equals(first)
    assert replay.shots[-1].frame_count == hostile.F60


def test_a_game_sized_replay_keeps_every_shot_once_decoded():
    replay = decode_replay(hostile.still_shots(5, 100, 10), "small.replay")
    shots = [replay.shots[k] for k in range(5)]
    assert all(replay.shots[k] is shots[k] for k in range(5))
    copy = replay.shots.copy()
    replay.shots.append(shots[0])
    assert len(replay.shots) == 6 and len(copy) == 5 and replay.shots[-1] is shots[0]


def test_the_bounds_cover_what_the_game_produces():
    from game.match.match import DEFAULT_MAX_SHOTS
    from game.physics import PhysicsConfig
    from game.rules.house import HouseRules
    from game.rules.layout import PLANETS
    from game.scenario.format import all_body_ids

    assert ff.MAX_SHOTS >= DEFAULT_MAX_SHOTS
    assert ff.MAX_SHOT_SECONDS >= PhysicsConfig().max_shot_time + 1 / 60
    most = HouseRules(jupiter_moons=12).layout()
    assert len(all_body_ids(most, PLANETS)) <= ff.MAX_BODIES
