"""The ruling history in the app, offscreen, through the app's own input: the L key, the HUD's button, the wheel."""

from __future__ import annotations

import pytest

from game.app.hud.history_panel import ROWS
from game.app.hud.history_text import LineKind, shot_rulings
from game.app.hud.ruling_feed import feed_lines, since_last_shot
from game.rules.names import sentence
from game.rules.readings import readings
from tests.app.helpers_app import click, human_shot, new_game_against_one, press, random_opponents, seat_all, step

pytestmark = pytest.mark.gui


def key(app, name: str, frames: int = 1) -> None:
    """A raw key as the window sends it (bind_global turns it into our action)."""
    app.messenger.send(name)
    step(app, frames)


def start_as(app, planet: str, seed: int = 6) -> None:
    """A game against one easy (random-level) opponent, the person holding ``planet``, through the New game screen."""
    app.session_factory = random_opponents
    click(app, app.flow.current.buttons["new"])
    screen = app.flow.current
    seat_all(app, screen, [("person", "You", planet), ("ai", "easy", "hat")])
    while screen.preview.value != "none":
        click(app, screen.preview.button)
    screen.seed_entry.enterText(str(seed))
    click(app, screen.start_button)


def play_on(app, power: float, shots: int | None = None) -> None:
    """Play (the person at ``power``, the opponent hurried) until ``shots`` are judged at the person's aim,
    or without ``shots`` to the game's end."""
    for _ in range(3000):
        if app.flow.state == "GameOver" and shots is None:
            return
        if app.flow.state == "Aim" and shots is not None and app.game.session.state.shots >= shots:
            return
        if app.flow.state == "Aim":
            if shots is not None:  # a cut into open ground: the person stays in for the shots counted
                app.flow.current.aiming.direction = (app.flow.current.aiming.direction + 100.0) % 360.0
            human_shot(app, power)
        else:
            press(app, "fast-forward")
    raise AssertionError(f"stuck in {app.flow.state}")


def panel_text(panel, kind: LineKind) -> str:
    return " ".join(line.text.strip() for line in panel.lines if line.kind is kind)


def test_the_history_lists_every_shot_with_its_rulings_opened_by_the_key_and_the_button(app):
    start_as(app, "jupiter")
    play_on(app, 0.4, shots=3)
    session = app.game.session
    shots = session.judged_shots()
    assert len(shots) >= 3

    key(app, "l")
    history = app.history
    assert history.active and app.is_held()
    panel = history.panel
    headings = [line.text for line in panel.lines if line.kind is LineKind.HEADING]
    assert [h.split(",")[0] for h in headings] == [f"Shot {n}" for n in range(1, len(shots) + 1)]
    rulings = " ".join(" ".join(line.text.split()) for line in panel.lines if line.kind is LineKind.RULING)
    for shot in shots:  # each shot's rulings, rule and reason, as the feed words them
        for said in shot_rulings(shot.ruling, session.human, app.game.naming.label):
            assert " ".join(said.split()) in rulings
    assert panel_text(panel, LineKind.PURSES).count("Purses after:") == len(shots)
    # It opens at the latest shot, and scrolls back with the wheel, the page keys and the arrows.
    assert panel.visible()[-1] == panel.lines[-1]
    latest = panel.top
    key(app, "wheel_up")
    assert panel.top == max(latest - 3, 0)
    key(app, "page_up")
    key(app, "arrow_up")
    assert panel.top == max(latest - 3 - (ROWS - 2) - 1, 0)
    for _ in range(len(panel.lines)):
        key(app, "page_up")
    assert panel.top == 0 and panel.visible()[0].text.startswith("Shot 1,")
    key(app, "arrow_down")
    assert panel.top == min(1, panel.last_top())

    # Modal: nothing behind it fires, and the game stands still.
    aim = app.flow.current
    key(app, "mouse1", frames=10)
    key(app, "space", frames=5)
    assert app.flow.current is aim and not aim.meter.charging and session.state.shots == len(shots)

    key(app, "escape")  # Esc closes it, and opens no pause menu behind it
    assert not history.active and not app.pause.active and not app.is_held()
    click(app, app.game.hud.history_button)  # the HUD's button opens it too
    assert history.active
    key(app, "l")
    assert not history.active and app.flow.current is aim


def test_the_feed_keeps_every_ruling_since_the_players_last_shot(app):
    start_as(app, "jupiter")
    play_on(app, 0.4, shots=4)
    session = app.game.session
    rulings = [shot.ruling for shot in session.judged_shots()]
    since = since_last_shot(rulings, session.human)
    assert since and all(r.shooter != session.human for r in since)
    assert app.game.feed == tuple(feed_lines(since, session.human, app.game.naming.label))
    title = app.game.hud.status.feed_title
    assert title.startswith("Since your last shot") if len(since) > 1 else title.endswith("'s shot")

def test_the_rules_overlay_reads_the_games_own_house_rules(app):
    start_as(app, "jupiter")
    play_on(app, 0.4, shots=0)
    key(app, "f1")
    panel = app.pause.rules
    assert panel is not None
    expected = readings(app.game.session.house)
    for _page in range(panel.pages):
        for n, (_, _, reading) in zip(panel.numbers_on_page(), panel.body_labels):
            assert reading["text"] == "Our reading: " + expected[n]
        panel.turn(1)
    key(app, "escape")
    key(app, "escape")
    assert not app.pause.active


def test_the_results_table_adds_up_after_an_elimination_and_the_last_player_in_says_so(app):
    new_game_against_one(app, preview="none")  # from Mercury's line a gentle shot rolls into the inner ring
    play_on(app, 0.2)
    session = app.game.session
    out = [row for row in session.summary() if row.out]
    assert out and all(row.to_stakes_when_out > 0 for row in out), (session.end_reason(), session.summary())
    assert all(row.unexplained == 0 for row in session.summary())
    screen = app.flow.current
    winner = session.winner()
    assert screen.title["text"] == f"{sentence(app.game.naming.label(winner))} wins: the last player in"
    assert "went out and lost" in screen.notes["text"] and "which the stakes now hold" in screen.notes["text"]
    click(app, screen.history_button)  # the whole game, from the results too
    assert app.history.active and app.history.panel.shots == session.state.shots
    key(app, "escape")
    assert not app.history.active and app.flow.state == "GameOver" and not app.pause.active
