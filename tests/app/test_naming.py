"""Naming players where people read: the seat's name with the planet beside it."""

from __future__ import annotations

from types import SimpleNamespace

from game.app.hud.game_hud import PlayerLine, player_label, sun_words, turn_words
from game.app.hud.naming import Naming
from game.app.hud.ruling_feed import ruling_lines
from game.app.screens.hand_over import banner_text
from game.app.screens.lay_taws import setup_banner
from game.rules import names
from game.rules.layout import Layout
from game.rules.ruling import Transfer


def _naming() -> Naming:
    return Naming({"venus": "Ann", "earth": "Bob", "mars": "Hard AI"}, frozenset({"venus", "earth"}))


def test_a_seat_is_named_with_its_planet_and_an_unnamed_player_by_the_planet():
    naming = _naming()
    assert naming.label("venus") == "Ann (Venus)" and naming.name("venus") == "Ann"
    assert naming.label("jupiter") == "Jupiter" and naming.label("stakes") == "the stakes"
    assert naming.hot_seat() and naming.is_person("earth") and not naming.is_person("mars")
    assert not Naming({"venus": "You"}, frozenset({"venus"})).hot_seat()


def test_names_come_from_a_replay_headers_players():
    naming = Naming.from_players([{"planet": "venus", "seat": "Ann", "controller": "human"},
                                  {"planet": "mars", "seat": "Hard AI", "controller": "ai"}, {"planet": 3}])
    assert naming.names == {"venus": "Ann", "mars": "Hard AI"} and naming.people == {"venus"}


def test_the_feed_names_payer_and_payee_by_seat():
    transfer = Transfer("earth", "venus", 6, 8, "", cause="the Sun struck within Venus's orbit")
    ruling = SimpleNamespace(fouls=(), transfers=(transfer,), put_down=(), comets=("mars",), out=("earth",),
                             winner="venus", notes=(), finished=True)
    lines = ruling_lines(ruling, None, who=_naming().label)
    assert lines[0] == "Rule 8: the Sun struck within Venus's orbit: Bob (Earth) pays Ann (Venus) 6"
    assert lines[1].startswith("Rule 14: Hard AI (Mars) has lost every satellite")
    assert lines[2] == "Bob (Earth) is out of the game"
    assert lines[3] == "Ann (Venus) wins the game!"


def test_the_hud_names_people_and_ais_and_keeps_you_for_one_person():
    ann = PlayerLine("venus", 10, human=False, name="Ann (Venus)")
    ai = PlayerLine("mars", 10, human=False, level="hard", name="Hard AI (Mars)")
    opponent = PlayerLine("earth", 10, human=False, level="easy", name="Opponent 1 (Earth)")
    assert turn_words(ann, "venus") == "Ann (Venus) to shoot"
    assert turn_words(ai, "mars") == "Hard AI (Mars) to shoot"
    assert turn_words(opponent, "earth") == "Opponent 1 (Earth) to shoot (easy)"
    assert player_label(PlayerLine("venus", 3, human=True)) == "Venus (you)"


def test_the_banner_names_the_person_and_their_planet():
    assert banner_text("Ann", "venus") == "Ann, you are Venus: your shot"
    assert banner_text("Bob", "earth") == "Bob, you are the Earth: your shot"


LAYOUT = Layout()


def test_the_top_bar_names_the_suns_orbit_and_says_beyond_herschel_once_it_is_out():
    def place(r):
        return names.resting_place(LAYOUT, (r, 0.0), LAYOUT.sun_radius)

    assert sun_words(place(0.2)) == "The Sun lies in Venus's orbit"
    assert sun_words(place(0.3)) == "The Sun lies in the Earth's orbit"
    assert sun_words(place(1.2)) == "The Sun lies beyond Herschel's orbit"
    assert sun_words(None) == ""
    # Lesson 5's Sun: its centre just past the Earth's line, its outline on it. The bar says both, as the
    # lesson's result ("rests on your own line") and the referee do.
    assert sun_words(place(0.355)) == "The Sun lies in the Earth's orbit, on the Earth's line"  # on a line: its orbit
    assert sun_words(place(0.345)) == "The Sun lies in the Earth's orbit, on the Earth's line"


def test_a_resting_place_told_to_a_player_calls_his_own_orbit_and_line_yours():
    assert names.resting_place(LAYOUT, (0.355, 0.0), LAYOUT.sun_radius, you="earth") == "in your orbit, on your line"
    assert names.resting_place(LAYOUT, (0.345, 0.0), LAYOUT.sun_radius, you="earth") == (
        "in your orbit, on your line")
    assert names.resting_place(LAYOUT, (0.345, 0.0), LAYOUT.sun_radius, you="mars") == (
        "in the Earth's orbit, on the Earth's line")


def test_the_solo_player_named_you_is_not_called_you_twice():
    assert banner_text("You", "venus") == "You are Venus: your shot"
    assert setup_banner("You", "mars") == "You are Mars: lay your taw on your own line"
    assert setup_banner("Ann", "earth") == "Ann, you are the Earth: lay your taw on your own line"
