"""The first-turn tip's "Don't show again" in a hot-seat game is the presser's alone: the others at the machine
still see it on their first shot, and the presser does not see it again in the next game."""

from __future__ import annotations

import pytest

from game.app.people import PeopleStore
from tests.app.helpers_app import built_app, click, human_shot, leave_to_menu, play_until, press, random_opponents, \
    seat_all

pytestmark = pytest.mark.gui


def _hot_seat_game(app, seed: int) -> None:
    """Ann (Mercury, first to shoot), Bob (Venus) and an easy AI, from the title menu."""
    click(app, app.flow.current.buttons["new"])
    seat_all(app, app.flow.current, [("person", "Ann", "mercury"), ("person", "Bob", "venus"),
                                     ("ai", "easy", "hat")])
    app.flow.current.seed_entry.enterText(str(seed))
    click(app, app.flow.current.start_button)


def _next_person_aims(app) -> tuple[str, object]:
    """On to the next hand-over banner, Ready: who aims now, and the aim screen."""
    play_until(app, ("HandOver",))
    press(app, "fast-forward")  # Space: Ready
    assert app.flow.state == "Aim"
    return app.game.session.name_of(app.game.session.shooter()), app.flow.current


def test_dont_show_again_hides_the_tip_for_the_person_who_pressed_it_and_no_one_else(offscreen_pipe, tmp_path):
    with built_app(tmp_path, session_factory=random_opponents) as app:
        assert app.settings.first_tip
        _hot_seat_game(app, seed=3)
        name, aim = _next_person_aims(app)
        assert name == "Ann" and aim.tip is not None and aim.tip.shown
        click(app, aim.tip.never_button)
        assert not aim.tip.shown
        human_shot(app, 0.3)
        name, aim = _next_person_aims(app)
        assert name == "Bob"
        assert aim.tip is not None and aim.tip.shown, "Ann's choice hid the tip from Bob"
        click(app, aim.tip.ok_button)  # Got it: for now only
        assert app.settings.first_tip, "the machine's setting is for the people who did not choose"
        kept = PeopleStore.load(app.app_config.paths.people_file)
        assert kept.profile("Ann").values.get("first_tip") is False
        assert "first_tip" not in kept.profile("Bob").values
        press(app, "pause")
        leave_to_menu(app)

        _hot_seat_game(app, seed=4)  # the next game: Ann's choice holds, Bob still sees the tip
        name, aim = _next_person_aims(app)
        assert name == "Ann" and aim.tip is None
        human_shot(app, 0.3)
        name, aim = _next_person_aims(app)
        assert name == "Bob" and aim.tip is not None and aim.tip.shown


def test_choosing_the_tip_on_the_settings_screen_brings_it_back_for_those_who_sent_it_away(offscreen_pipe, tmp_path):
    with built_app(tmp_path, session_factory=random_opponents) as app:
        _hot_seat_game(app, seed=3)
        _name, aim = _next_person_aims(app)
        click(app, aim.tip.never_button)  # Ann
        press(app, "pause")
        leave_to_menu(app)
        people = app.app_config.paths.people_file
        click(app, app.flow.current.buttons["settings"])
        click(app, app.flow.current.panel.save_button)  # saved with other things in mind: Ann's choice holds
        assert PeopleStore.load(people).profile("Ann").values.get("first_tip") is False
        click(app, app.flow.current.buttons["settings"])
        screen = app.flow.current.panel
        click(app, screen.first_tip.button)  # no
        click(app, screen.first_tip.button)  # yes: for everyone
        click(app, screen.save_button)
        assert "first_tip" not in PeopleStore.load(people).profile("Ann").values
        _hot_seat_game(app, seed=4)
        name, aim = _next_person_aims(app)
        assert name == "Ann" and aim.tip is not None and aim.tip.shown
