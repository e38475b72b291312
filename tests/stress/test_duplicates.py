"""Something named twice where once is meant is refused or warned, never silently doubled or overwritten: a key
listed twice for one action, a body placed twice in a scenario, a comet named twice."""

import json
import warnings

import pytest

from game.app.input.bindings import KeyBindings
from game.app.people import PeopleStore
from game.app.settings import SettingsWarning, load_settings
from game.errors import UserError
from game.scenario.format import parse_scenario

SCENARIO = 'players = ["earth", "venus"]\nshooter = "earth"\n[shot]\ndirection = 90\nspeed = 1.0\n'


def test_a_key_listed_three_times_for_one_action_is_warned_and_the_default_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"keys": {"aim-left": ["q", "q", "q"]}, "volume": 0.5}))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", SettingsWarning)
        settings = load_settings(path)
    assert settings.keys == {} and settings.volume == 0.5
    assert len(caught) == 1 and "three different key names" in str(caught[0].message)


def test_a_person_whose_key_is_listed_twice_keeps_the_default_with_a_note(tmp_path):
    path = tmp_path / "people.json"
    path.write_text(json.dumps({"people": [{"name": "Ann", "keys": {"aim-left": ["q", "q"]}}]}))
    store = PeopleStore.load(path)
    assert store.profile("Ann").values == {} and len(store.notes) == 1 and "keys" in store.notes[0]


def test_bindings_bind_a_key_listed_twice_once():
    # Past the file checks (a caller's own map): one press still sends the action once.
    bindings = KeyBindings.with_overrides({"aim-left": ("q", "q", "q"), "aim-right": ("e",)})
    assert bindings.keys_of("aim-left") == ("q",) and bindings.keys_of("aim-right") == ("e",)
    assert KeyBindings.with_overrides({"aim-left": ("q", "w")}).keys_of("aim-left") == ("q", "w")


@pytest.mark.parametrize("bodies, key", [
    ('[bodies]\n"earth.1" = {at = [0.5, 0.0]}\nearth.1 = {at = [0.6, 0.0]}\n', "bodies.earth.1"),
    ('[bodies]\nearth.1 = {at = [0.6, 0.0]}\n"earth.1" = {at = [0.5, 0.0]}\n', "bodies.earth.1"),
    ('[bodies]\n"earth.taw" = {at = [0.5, 0.0]}\nearth.taw = {at = [0.6, 0.0]}\n', "bodies.earth.taw"),
])
def test_a_body_placed_twice_quoted_and_dotted_is_refused(bodies, key):
    with pytest.raises(UserError, match=f"{key}: is placed twice"):
        parse_scenario(SCENARIO + bodies, "s.toml", max_speed=3.8)


def test_a_body_placed_once_either_way_is_accepted():
    for bodies in ('[bodies]\n"earth.1" = {at = [0.5, 0.0]}\n', '[bodies]\nearth.1 = {at = [0.5, 0.0]}\n'):
        assert parse_scenario(SCENARIO + bodies, "s.toml", max_speed=3.8).positions["earth.1"] == (0.5, 0.0)


def test_a_comet_named_twice_is_refused():
    with pytest.raises(UserError, match="comets: names a planet twice"):
        parse_scenario('comets = ["earth", "earth"]\n' + SCENARIO, "s.toml", max_speed=3.8)
    assert parse_scenario('comets = ["earth"]\n' + SCENARIO, "s.toml", max_speed=3.8).state.comets == ("earth",)
