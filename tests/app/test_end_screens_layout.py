"""The game-over screen and the title menu's notes fit the window, at 16:9 large and small: every word inside
the window, the headline clear of the notes beside it, the referee's sentence agreeing with the table, the
first start's graphics-quality note and the menu's warnings each on a card in a corner, clear of the menu."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from game.rules.termination import Termination
from tests.app.helpers_app import built_app, play_until, random_opponents, restore_clock, start_game, step
from tests.app.layout_kit import WINDOW, apart, frame_box, inside, overlap, undrawn, words_box

pytestmark = pytest.mark.gui

SIZES = [(1280, 720), (800, 450)]
LONG_WARNINGS = ["/home/someone/.config/sun-and-planet-taw/people.json: person 3 (Ann): mouse_sensitivity must be "
                 "a number from 0.25 to 4; ignored",
                 "The settings were not saved (the settings folder is read-only); they apply until you quit"]
LONG_TITLE = "A tie: Bartholomew-Alexander (Herschel) wins the tie-break at last"


def _labels(root):
    """Every label with words drawn under ``root`` (DirectGUI keeps each widget in ``guiDict``)."""
    from direct.gui.DirectGuiBase import DirectGuiWidget
    from direct.gui.DirectLabel import DirectLabel

    return [w for w in list(DirectGuiWidget.guiDict.values())
            if isinstance(w, DirectLabel) and not w.isEmpty() and root.isAncestorOf(w) and w["text"]
            and not w.isHidden()]


@pytest.mark.parametrize("size", SIZES)
def test_the_game_over_words_stay_in_the_window_apart_and_the_referee_counts_as_the_table(offscreen_pipe, tmp_path,
                                                                                            size):
    with built_app(tmp_path, session_factory=random_opponents, size=size) as app:
        step(app, 2)
        with undrawn(app):   # the game played to its end: what is measured is the Game Over screen, drawn below
            start_game(app, rounds=1, planet="hat", seed=11)
            play_until(app, ("GameOver",))
        step(app, 2)
        screen = app.flow.current
        title, preview, reason = (words_box(w, app) for w in (screen.title, screen.preview_note, screen.reason))
        assert apart(title, preview), "the headline runs into the shot preview's line"
        assert apart(title, reason) and apart(preview, reason)
        labels = _labels(app.aspect2d)
        assert len(labels) > 20  # the headline, the table, the notes, the chart's labels
        boxes = [(w["text"], words_box(w, app)) for w in labels]
        for text, box in boxes:
            assert inside(box, WINDOW), f"{text!r} runs out of the window: {box}"
        for (a, box_a), (b, box_b) in combinations(boxes, 2):
            assert not overlap(box_a, box_b), f"{a!r} overlaps {b!r}"
        for text, box in boxes:
            assert box == title or apart(box, title), f"{text!r} crowds the headline"
        # The sentence's last count is the winner's worth in the table (the pot taken after the count).
        session = app.game.session
        assert session.last_ruling.termination in (Termination.ROUND_LIMIT, Termination.ROUND_LIMIT_TIE)
        worth = {row.planet: row.worth for row in session.summary()}
        counts = [int(n) for n in re.findall(r"\d+", session.end_reason())]
        assert counts[-1] == worth[session.winner()], session.end_reason()
        # A long headline is shrunk to the panel's width, not run past it.
        from game.app.hud import theme
        from game.app.screens.game_over import TITLE_WIDTH

        screen.title["text"] = LONG_TITLE
        theme.fit_width(screen.title, TITLE_WIDTH)
        long = words_box(screen.title, app)
        assert long[1] - long[0] <= TITLE_WIDTH / app.getAspectRatio() + 1e-3
        assert apart(long, words_box(screen.preview_note, app)) and apart(long, reason)


def test_a_player_who_went_out_keeps_his_name_and_out_clear_of_the_began_column(offscreen_pipe, tmp_path):
    # "Medium AI (Venus)  - out" ran into the began figure ("- out22") at 1280x720.
    from game.app.hud.naming import Naming
    from game.app.screens.game_over import GameOverState
    from game.app.session.tally import SummaryRow

    rows = [SummaryRow("mercury", 22, 37, 21, 36, 38, False),
            SummaryRow("venus", 22, 23, 32, 12, 12, True),
            SummaryRow("herschel", 122, 3, 100, 25, 25, True)]
    names = {"venus": "Medium AI", "herschel": "Bartholomew-Alexander the Second"}
    with built_app(tmp_path, size=(1280, 720)) as app:
        root = app.aspect2d.attachNewNode("table")
        GameOverState._table(root, rows, Naming(names, frozenset({"mercury"})))   # noqa: SLF001
        step(app)
        labels = [(w["text"], words_box(w, app)) for w in _labels(root)]
        name_boxes = [box for text, box in labels if "(" in text]
        figures = [box for text, box in labels if text.isdigit()]
        assert len(name_boxes) == 3 and len(figures) == 15 + 5  # and the total row
        for name_box in name_boxes:
            for figure in figures:
                assert not overlap(name_box, figure)


@pytest.mark.parametrize("size", SIZES)
def test_the_first_start_quality_note_sits_on_its_card_inside_the_window_clear_of_the_menu(offscreen_pipe,
                                                                                              tmp_path, size):
    from game.app.app import TawApp
    from game.app.app_config import AppConfig
    from game.app.paths import UserPaths
    from game.app.settings import Settings
    from panda3d.core import ClockObject

    app = TawApp(AppConfig(paths=UserPaths.under(tmp_path), settings=Settings(), offscreen=True,
                           offscreen_size=size, detect_quality=True))
    try:
        clock = ClockObject.getGlobalClock()
        clock.setMode(ClockObject.MNonRealTime)
        clock.setFrameRate(60)
        for _ in range(200):
            step(app)
            if not app.taskMgr.hasTaskNamed("taw-detect-quality"):
                break
        note = app.quality_note
        assert note is not None and "Graphics quality chosen" in note.text["text"]
        _check_on_its_card_clear_of_the_menu(app, note)
        # A game started at once has the round and purses under it: the note covers them, whole and opaque.
        assert note.card.getBinName() == "gui-popup" and note.card["frameColor"][3] == 1.0
    finally:
        app.destroy()
        restore_clock()


@pytest.mark.parametrize("size", SIZES)
def test_the_menus_last_two_warnings_sit_on_one_card_inside_the_window_clear_of_the_menu(offscreen_pipe, tmp_path,
                                                                                           size):
    with built_app(tmp_path, size=size) as app:
        step(app, 2)
        app.note_warning("an older warning, no longer shown")
        for warning in LONG_WARNINGS:
            app.note_warning(warning)
        app.flow.request("Settings")
        app.flow.request("Menu")  # the menu shows the warnings seen so far
        step(app, 2)
        note = app.flow.current.warnings
        assert note.text["text"].split("\n") == LONG_WARNINGS
        _check_on_its_card_clear_of_the_menu(app, note)


def _check_on_its_card_clear_of_the_menu(app, note) -> None:
    card, words = frame_box(note.card, app), words_box(note.text, app)
    assert note.text.component("text0").textNode.getNumRows() >= 3  # long enough to have wrapped
    assert inside(card, WINDOW), f"the note's card runs out of the window: {card}"
    assert inside(words, card), "the note's words spill out of its card"
    menu = app.flow.current
    for widget in [*menu.buttons.values(), *_labels(app.aspect2d)]:
        if widget is note.text:
            continue
        box = frame_box(widget, app) if widget in menu.buttons.values() else words_box(widget, app)
        assert not overlap(card, box), f"the note covers {widget['text']!r}"
