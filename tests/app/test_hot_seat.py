"""Several people at one machine: a whole game of two people and an AI, played through the app's own input.

Each person's turn opens with a hand-over banner naming them; each person's
own settings (mouse sensitivity, aiming aid) apply on their turns only; the
replay and Continue keep who sat where; the viewer names who shot each shot.
"""

from __future__ import annotations

import pytest

from game.app.hud.out_offer import OutOffer
from game.app.screens import ruling_screen
from game.app.screens.hand_over import banner_text
from game.replay import load_replay
from game.replay.timeline import Timeline
from tests.app.helpers_app import (built_app, click, close_tip, human_shot, lay_taws, play_out_frames, play_until,
                                   press, random_opponents, seat_all, step)

pytestmark = pytest.mark.gui

# Ann turns the aim twice as fast as the machine's setting and wants no aids; Bob keeps the machine's
# sensitivity and wants the guide preview.
ANN = {"mouse_sensitivity": 2.0, "aim_aid": 0.0, "preview": "none"}
BOB = {"mouse_sensitivity": 1.0, "aim_aid": 1.0, "preview": "guide"}


def _new_hot_seat_game(app, rounds: int, seed: int) -> None:
    click(app, app.flow.current.buttons["new"])
    screen = app.flow.current
    seat_all(app, screen, [("person", "Ann", "hat"), ("person", "Bob", "hat"), ("ai", "easy", "hat")])
    while screen.round_limit.value != rounds:
        click(app, screen.round_limit.button)
    screen.seed_entry.enterText(str(seed))
    click(app, screen.start_button)
    assert app.flow.state == "HatDrop"
    press(app, "fast-forward")
    press(app, "fast-forward")
    lay_taws(app)  # the setup: Ann and Bob each lay a taw


def _take_the_mouse(app, wanted: dict[str, dict[str, float]], banners: list[str]) -> str:
    """At a hand-over banner: check it names the shooter, set their own settings on it, click Ready."""
    screen = app.flow.current
    planet = app.game.session.shooter()
    name = app.game.session.name_of(planet)
    assert screen.title["text"] == banner_text(name, planet)
    banners.append(name)
    for chooser, key in ((screen.sensitivity, "mouse_sensitivity"), (screen.aim_aid, "aim_aid"),
                         (screen.preview, "preview")):
        while chooser.value != wanted[name][key]:
            click(app, chooser.button)
    click(app, screen.ready_button)
    assert app.flow.state == "Aim"
    close_tip(app)  # their first shot's tip: nothing aims while it is open
    return name


def _check_own_settings_apply(app, name: str, wanted: dict[str, dict[str, float]]) -> None:
    """The pointer turns the aim by this person's sensitivity, and the aid is theirs."""
    aim = app.flow.current
    before = aim.aiming.direction
    aim.pointer.move(0.0, 0.0)
    aim.pointer.move(0.1, 0.0)  # a tenth of the window to the right
    turned = (aim.aiming.direction - before + 180.0) % 360.0 - 180.0
    assert turned == pytest.approx(-0.1 * 0.5 * 120.0 * wanted[name]["mouse_sensitivity"])
    aim.aiming.direction = before
    assert app.game.aim_aid_strength() == wanted[name]["aim_aid"]
    assert aim.shot_preview.mode == wanted[name]["preview"]


def _cut_shot(app) -> None:
    """Aim well off the Sun (a straight hit tends to leave the taw in the inner ring, rule 13), then shoot."""
    aim = app.flow.current
    aim.pointer.move(0.0, 0.0)
    aim.pointer.move(0.35, 0.0)
    human_shot(app, 0.3)


def test_two_people_and_an_ai_play_a_whole_game_each_named_and_with_their_own_settings(tmp_path):
    wanted = {"Ann": ANN, "Bob": BOB}
    with built_app(tmp_path, session_factory=random_opponents) as app:
        _new_hot_seat_game(app, rounds=2, seed=4)
        session = app.game.session
        assert {session.name_of(p) for p in session.people} == {"Ann", "Bob"}
        banners: list[str] = []
        shooters: list[str] = []
        for _ in range(20000):
            state = app.flow.state
            if state == "GameOver":
                break
            if state == "HandOver":
                name = _take_the_mouse(app, wanted, banners)
                _check_own_settings_apply(app, name, wanted)
                shooters.append(name)
                human_shot(app, 0.45)
            elif state == "Aim":  # the same person again, straight after their own turn: no banner
                name = session.name_of(session.shooter())
                _check_own_settings_apply(app, name, wanted)
                shooters.append(name)
                human_shot(app, 0.45)
            elif state in ("Thinking", "Shot", "Ruling", "HatDrop", "LayTaws"):
                press(app, "fast-forward")
            else:
                step(app)
        assert app.flow.state == "GameOver"
        assert {"Ann", "Bob"} <= set(banners)
        # Every person's shot in the match is theirs by name, in order.
        people_shots = [session.name_of(h.shooter) for h in session.match.history if h.shooter in session.people]
        assert people_shots == shooters
        # The people file keeps each person's own settings by name.
        assert app.people.settings_for("ann", app.settings).mouse_sensitivity == 2.0
        # The game-over table and chart name everyone with their planet.
        labels = {app.game.naming.label(p) for p in session.players}
        assert {"Ann", "Bob", "Easy AI"} == {label.split(" (")[0] for label in labels}
        # The replay keeps the seating, and the viewer names who shot each shot.
        session.wait_for_replay()
        replay = load_replay(app.game.replay_path)
        assert replay.meta.seating.names == ("Ann", "Bob", "Easy AI")
        assert [s.kind.value for s in replay.meta.seating.seats] == ["person", "person", "ai"]
        titles = [c.text for c in Timeline(replay).captions if c.text.startswith("Shot ")]
        assert len(titles) == len(replay.shots)
        for title, shot in zip(titles, replay.shots):
            assert f": {session.name_of(shot.inputs.shooter)} ({shot.inputs.shooter.capitalize()}) shoots" in title


def test_continue_takes_up_a_hot_seat_game_at_the_right_persons_turn(tmp_path):
    wanted = {"Ann": ANN, "Bob": BOB}
    with built_app(tmp_path, session_factory=random_opponents) as app:
        _new_hot_seat_game(app, rounds=5, seed=5)
        session = app.game.session
        banners: list[str] = []
        for _ in range(20000):  # until both have set their own settings, then stop at the next banner
            state = app.flow.state
            assert state != "GameOver"
            if state == "HandOver" and {"Ann", "Bob"} <= set(banners):
                break
            if state == "HandOver":
                _take_the_mouse(app, wanted, banners)
            elif state == "Aim":
                _cut_shot(app)
            elif state in ("Thinking", "Shot", "Ruling"):
                press(app, "fast-forward")
            else:
                step(app)
        assert app.flow.state == "HandOver" and not session.is_over()
        waiting = session.name_of(session.shooter())
        path = app.game.replay_path
        session.wait_for_replay()
        app.flow.request("Menu")
        step(app)
        click(app, app.flow.current.buttons["replays"])
        screen = app.flow.current
        assert screen.chosen_entry().path == path
        press(app, "list-continue")
        step(app, 3)
        assert app.flow.state == "HandOver"  # not straight to aiming: the right person takes the mouse first
        resumed = app.game.session
        assert resumed is not session and resumed.name_of(resumed.shooter()) == waiting
        assert app.flow.current.title["text"] == banner_text(waiting, resumed.shooter())
        assert resumed.setup.seats().names == ("Ann", "Bob", "Easy AI")
        assert app.game.turn_settings().mouse_sensitivity == wanted[waiting]["mouse_sensitivity"]
        click(app, app.flow.current.ready_button)
        human_shot(app, 0.45)
        play_until(app, ("Ruling",), limit=5000)
        resumed.wait_for_replay()
        on_disk = load_replay(path)
        assert on_disk.meta.seating.names == ("Ann", "Bob", "Easy AI")
        assert session.name_of(on_disk.shots[-1].inputs.shooter) == waiting


def _until_ann_is_out(app, seats):
    """Through the New game screen with ``seats``; Ann shoots straight at the Sun until her taw stays in the
    inner ring (rule 13) and the Ruling screen asks what the one(s) out want."""
    click(app, app.flow.current.buttons["new"])
    screen = app.flow.current
    seat_all(app, screen, seats)
    while screen.round_limit.value != 5:
        click(app, screen.round_limit.button)
    screen.seed_entry.enterText("3")
    click(app, screen.start_button)
    for _ in range(20000):
        state = app.flow.state
        if state == "Ruling" and app.flow.current.choosing:
            return app.flow.current
        assert state != "GameOver", "Ann never went out"
        if state == "Aim":
            human_shot(app, 0.6)
        elif state in ("HatDrop", "LayTaws", "Thinking", "Shot", "Ruling", "AiAim"):
            press(app, "fast-forward")
        else:
            step(app)
    raise AssertionError(f"stuck in {app.flow.state}")


def test_once_everyone_at_the_machine_is_out_they_are_asked_once_and_play_to_the_end_at_once(tmp_path):
    with built_app(tmp_path, session_factory=random_opponents) as app:
        ruling = _until_ann_is_out(app, [("person", "Ann", "mercury"), ("ai", "easy", "hat"), ("ai", "easy", "hat")])
        session = app.game.session
        assert session.human in ruling.ruling.out and not session.is_over()
        # The choice waits: no turn goes by on its own.  The ruling's own countdown (``SHOW_SECONDS``, 2.5 s at 60
        # frames a second) and 1.5 s more are stepped: had the countdown run with the question up, a turn would
        # have gone by.
        step(app, round(ruling_screen.SHOW_SECONDS * 60) + 90)
        assert app.flow.state == "Ruling" and app.flow.current is ruling
        shots_before = session.state.shots
        click(app, ruling.play_out_button)
        assert app.flow.state == "PlayOut"  # no second question: the rest are played at once
        entered = len(app.flow.history)
        play_out_frames(app, 20000)  # no key is pressed
        assert app.flow.history[entered - 1:] == ["PlayOut", "GameOver"]
        assert session.state.shots > shots_before


def test_a_lone_person_out_who_watches_sees_one_offer_at_a_time_with_the_same_two_choices(tmp_path):
    with built_app(tmp_path, session_factory=random_opponents) as app:
        ruling = _until_ann_is_out(app, [("person", "Ann", "mercury"), ("ai", "easy", "hat"), ("ai", "easy", "hat")])
        assert [b["text"] for b in (ruling.watch_button, ruling.play_out_button, ruling.leave_button)] == \
            ["Watch the rest", "Play to the end", "Leave"]
        assert getattr(ruling, "offer", None) is None  # the question is asked once, not beside another
        click(app, ruling.watch_button)
        for _ in range(600):
            if app.flow.state in ("Thinking", "AiAim"):
                break
            step(app)
        watching = app.flow.current
        assert watching.offer is not None  # while watching, the same choices stay at hand
        assert [watching.offer.play_button["text"], watching.offer.leave_button["text"]] == ["Play to the end", "Leave"]
        click(app, watching.offer.play_button)
        assert app.flow.state == "PlayOut"


def test_space_at_the_out_question_watches_the_rest(tmp_path):
    with built_app(tmp_path, session_factory=random_opponents) as app:
        _until_ann_is_out(app, [("person", "Ann", "mercury"), ("ai", "easy", "hat"), ("ai", "easy", "hat")])
        press(app, "fast-forward")
        for _ in range(600):
            if app.flow.state in ("Thinking", "AiAim"):
                break
            step(app)
        assert app.flow.state in ("Thinking", "AiAim") and app.flow.current.offer is not None


def test_several_people_all_out_keep_the_offer_while_they_watch(tmp_path):
    with built_app(tmp_path, session_factory=random_opponents) as app:
        seats = [("person", "Ann", "mercury"), ("person", "Bob", "hat"), ("ai", "easy", "hat")]
        click(app, app.flow.current.buttons["new"])
        screen = app.flow.current
        seat_all(app, screen, seats)
        screen.seed_entry.enterText("3")
        click(app, screen.start_button)
        session = app.game.session
        assert not OutOffer.wanted(app)  # both are in
        # Both people count as out from here (a stand-in for two taws in the inner ring).
        session.active_players = lambda: tuple(p for p in type(session).active_players(session)
                                               if p not in session.people)
        assert OutOffer.wanted(app)
        offer = OutOffer(app, lambda: None)
        try:
            assert offer.title["text"] == "You are all out"
        finally:
            offer.destroy()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_the_setup_and_hand_over_banners_keep_clear_of_the_purse_panel_and_the_window(tmp_path, size):
    # With people's names the purse panel is wide; the setup banner, centred, hid the planets' signs at the
    # start of its rows.
    from tests.app.layout_kit import WINDOW, frame_box, inside, overlap

    with built_app(tmp_path, size=size) as app:
        click(app, app.flow.current.buttons["new"])
        screen = app.flow.current
        seat_all(app, screen, [("person", "Bartholomew", "hat"), ("person", "Bob", "hat")])
        click(app, screen.start_button)
        press(app, "fast-forward")
        press(app, "fast-forward")
        assert app.flow.state == "LayTaws"
        purses = frame_box(app.game.hud.purse_panel, app)
        for _ in range(2):
            banner = frame_box(app.flow.current.panel, app)
            assert not overlap(banner, purses), (banner, purses)
            assert inside(banner, WINDOW)
            app.flow.current.lay()
            step(app)
        play_until(app, ("HandOver",))
        banner = frame_box(app.flow.current.banner, app)
        assert not overlap(banner, frame_box(app.game.hud.purse_panel, app))
        assert inside(banner, WINDOW)
