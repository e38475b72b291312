"""The Replays screen: saved games newest first, paging, unreadable files greyed, watching one and coming back."""

from __future__ import annotations

import shutil

import pytest

from game.app.hud.naming import Naming
from game.app.replay.library import delete_replay, list_replays
from game.app.screens.replays import EMPTY_TEXT, PAGE_SIZE
from game.errors import UserError
from game.replay import load_replay, save_replay
from game.replay.model import GameMeta, Replay
from tests.app.helpers_app import click, press, step
from tests.replay.replay_synthetic import synthetic_shot

pytestmark = pytest.mark.gui

PLAYERS = ({"planet": "earth", "controller": "human", "level": ""},
           {"planet": "mars", "controller": "ai", "level": "hard"},
           {"planet": "venus", "controller": "ai", "level": "easy"})


SEATED = ({"planet": "mercury", "seat": "You", "controller": "human", "level": ""},
          {"planet": "venus", "seat": "Easy AI", "controller": "ai", "level": "easy"},
          {"planet": "earth", "seat": "Easy AI 2", "controller": "ai", "level": "easy"})


def write_game(folder, stamp: str, shots: int, winner: str | None = None, seed: int = 1,
               finished: bool = False, players=PLAYERS) -> str:
    """A saved game named as the app names them; the last shot's ledger says who won."""
    records = [synthetic_shot(seed * 10 + i, duration=1.0) for i in range(shots)]
    if records:
        records[-1].ledger = {"purses": {"earth": 10, "mars": 10}, "winner": winner}
        records[-1].rulings = ({"finished": finished or winner is not None, "winner": winner, "text": "End."},)
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{stamp}-seed{seed}.replay"
    save_replay(Replay(GameMeta(seed=seed, players=players), records), folder / name)
    return name


@pytest.fixture
def folder(app):
    """The app's replay folder, empty (the ``app`` fixture empties it and puts the app at its menu)."""
    return app.app_config.paths.replay_dir


def open_screen(app):
    click(app, app.flow.current.buttons["replays"])
    assert app.flow.state == "Replays"
    return app.flow.current


def shown(screen) -> list[dict[str, str]]:
    """What each visible row says."""
    rows = []
    for row, texts in zip(screen.rows, screen.row_texts):
        if not row.isHidden():
            rows.append({key: text.getText() for key, text in texts.items()})
    return rows


def test_the_list_is_newest_first_with_players_winners_and_shot_counts(app, folder):
    write_game(folder, "20260110-090000", 3, winner="earth", seed=1)
    write_game(folder, "20260320-183000", 2, winner="mars", seed=2)
    write_game(folder, "20260215-120000", 4, winner=None, seed=3)
    write_game(folder, "20260101-080000", 1, winner=None, seed=4, finished=True)
    screen = open_screen(app)
    assert [e.path.name for e in screen.page_entries()] == [
        "20260320-183000-seed2.replay", "20260215-120000-seed3.replay",
        "20260110-090000-seed1.replay", "20260101-080000-seed4.replay"]
    rows = shown(screen)
    assert [r["result"] for r in rows] == ["Mars won", "Unfinished", "You won", "Ended, no winner"]
    assert [r["shots"] for r in rows] == ["2 shots", "4 shots", "3 shots", "1 shot"]
    assert rows[0]["when"].startswith("20 Mar 2026")
    players = screen.row_texts[0]["players"].getText()
    assert "Earth (you)" in players and "Mars (hard)" in players and "Venus (easy)" in players
    assert screen.page_label["text"] == "Page 1 of 1   (4 games)"
    assert screen.empty_label.isHidden()


def test_a_seated_game_names_its_players_as_the_game_does(app, folder):
    write_game(folder, "20260110-090000", 2, seed=1, players=SEATED)
    screen = open_screen(app)
    words = [text for _planet, text in screen.entries[0].players()]
    assert words == ["You (Mercury)", "Easy AI (Venus)", "Easy AI 2 (Earth)"]
    naming = Naming.from_players(SEATED)  # the HUD's, the feed's and the viewer's names
    assert words == [naming.label(p["planet"]) for p in SEATED]
    players = screen.row_texts[0]["players"].getText()
    assert all(word in players for word in words) and "(easy)" not in players


def test_an_unreadable_file_is_greyed_with_its_reason_and_cannot_be_opened(app, folder):
    good = write_game(folder, "20260101-100000", 2, seed=5)
    data = (folder / good).read_bytes()
    (folder / "20260105-100000-seed6.replay").write_bytes(data[: len(data) - 50])  # cut short: newest
    (folder / "20260104-100000-seed7.replay").write_text("not a replay, just notes")
    screen = open_screen(app)
    rows = shown(screen)
    assert len(rows) == 3
    assert rows[0]["players"].startswith("Cannot be read: 20260105-100000-seed6.replay: shot 2: the file is truncated")
    assert "not a replay file" in rows[1]["players"] and rows[0]["shots"] == rows[1]["shots"] == ""
    assert str(folder) not in rows[0]["players"]  # the reason names the file, not the whole path
    assert screen.chosen == 0 and screen.watch_button["state"] == "disabled"
    click(app, screen.rows[0])  # a click on the damaged row
    press(app, "list-open")
    assert app.watching is None and app.flow.state == "Replays"
    assert "cannot be watched" in screen.notice["text"]
    press(app, "list-down", 1)
    press(app, "list-down", 1)
    assert screen.chosen == 2 and screen.watch_button["state"] == "normal"
    press(app, "list-open")
    assert app.watching is not None


def test_paging_shows_the_right_rows_by_keys_and_buttons(app, folder):
    names = [write_game(folder, f"202602{day:02d}-120000", 1, seed=day) for day in range(1, 20)]
    newest_first = sorted(names, reverse=True)
    screen = open_screen(app)
    assert [e.path.name for e in screen.page_entries()] == newest_first[:PAGE_SIZE]
    assert screen.page_label["text"].startswith("Page 1 of 3") and screen.prev_button["state"] == "disabled"
    click(app, screen.next_button)
    assert screen.page == 1 and [e.path.name for e in screen.page_entries()] == newest_first[PAGE_SIZE:2 * PAGE_SIZE]
    assert [r["when"][:6] for r in shown(screen)] == [f"{int(n[6:8]):02d} Feb" for n in newest_first[8:16]]
    press(app, "list-next-page")
    assert screen.page == 2 and [e.path.name for e in screen.page_entries()] == newest_first[16:]
    assert len(shown(screen)) == 3 and screen.next_button["state"] == "disabled"
    press(app, "list-next-page")  # nothing past the last page
    assert screen.page == 2 and screen.page_label["text"].startswith("Page 3 of 3")
    press(app, "list-up")  # up from the first row of a page goes to the last row of the page before
    assert screen.page == 1 and screen.chosen == 15
    press(app, "list-down")
    assert screen.page == 2 and screen.chosen == 16
    press(app, "list-prev-page")
    press(app, "list-prev-page")
    assert screen.page == 0 and screen.chosen == 0
    # the mouse: pointing at a row chooses it
    app.messenger.send("enter-" + screen.rows[5].guiId, [None])
    step(app)
    assert screen.chosen == 5


def test_watching_a_game_opens_its_first_shot_and_back_returns_to_the_same_row(app, folder):
    for day in range(1, 12):
        write_game(folder, f"202603{day:02d}-120000", 3 if day == 2 else 1, seed=day, winner="mars")
    screen = open_screen(app)
    press(app, "list-next-page")
    press(app, "list-down")
    assert (screen.page, screen.chosen) == (1, 9)
    entry = screen.chosen_entry()
    assert entry.path.name == "20260302-120000-seed2.replay"
    press(app, "list-open")
    assert app.watching is not None and app.flow.state == "Replays"
    viewer = app.watching.viewer
    on_disk = load_replay(entry.path)
    assert viewer.timeline.shot_count == len(on_disk.shots) == 3
    assert viewer.clock.shot_index == 0 and viewer.clock.time == pytest.approx(0.0, abs=0.1)
    assert viewer.replay.shots[0].equals(on_disk.shots[0])
    assert app.watching.back_button["text"] == "Back to the list"
    assert screen.root.isHidden()
    step(app, 20)
    speed = viewer.clock.speed
    app.messenger.send("arrow_down")  # the viewer's key (slower); the list's binding of it stays quiet
    step(app)
    assert screen.chosen == 9 and viewer.clock.speed < speed
    click(app, app.watching.back_button)
    step(app)
    assert app.watching is None and app.flow.current is screen
    assert (screen.page, screen.chosen) == (1, 9) and not screen.root.isHidden()
    # Escape leaves the viewer, not the list; then Escape leaves the list.
    click(app, screen.rows[1])
    assert app.watching is not None
    app.messenger.send("escape")
    step(app, 2)
    assert app.watching is None and app.flow.state == "Replays" and (screen.page, screen.chosen) == (1, 9)
    press(app, "pause")
    assert app.flow.state == "Menu"


def test_escape_and_back_return_to_the_menu_and_an_empty_folder_says_so(app, folder):
    screen = open_screen(app)
    assert not screen.empty_label.isHidden() and screen.empty_label["text"] == EMPTY_TEXT
    assert shown(screen) == [] and screen.watch_button["state"] == "disabled"
    press(app, "list-open")
    assert app.watching is None
    press(app, "pause")
    assert app.flow.state == "Menu"
    shutil.rmtree(folder)  # no folder at all (nothing was ever played) reads as empty too
    screen = open_screen(app)
    assert not screen.empty_label.isHidden()
    click(app, screen.back_button)
    assert app.flow.state == "Menu"


def test_deleting_asks_first_and_removes_only_that_file(app, folder, tmp_path):
    keep = write_game(folder, "20260101-100000", 1, seed=1)
    doomed = write_game(folder, "20260102-100000", 1, seed=2)
    screen = open_screen(app)
    assert screen.chosen_entry().path.name == doomed
    press(app, "list-delete")
    assert screen.confirm is not None
    press(app, "pause")  # Escape closes the question, not the screen
    assert screen.confirm is None and app.flow.state == "Replays" and (folder / doomed).exists()
    click(app, screen.delete_button)
    click(app, screen.cancel_button)
    assert (folder / doomed).exists()
    click(app, screen.delete_button)
    click(app, screen.confirm_button)
    assert not (folder / doomed).exists() and (folder / keep).exists()
    assert [e.path.name for e in screen.entries] == [keep] and screen.chosen == 0
    outside = tmp_path / "elsewhere.replay"
    outside.write_bytes(b"x")
    with pytest.raises(UserError):
        delete_replay(folder, outside)
    with pytest.raises(UserError):
        delete_replay(folder, folder / ".." / folder.name / "missing.replay")
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(UserError):
        delete_replay(folder, folder / "notes.txt")
    assert outside.exists() and (folder / "notes.txt").exists()
    assert [e.path.name for e in list_replays(folder)] == [keep]


def test_a_game_without_shots_or_with_a_hidden_fault_is_not_opened(app, folder):
    write_game(folder, "20260101-100000", 0, seed=1)  # started, no shot played
    name = write_game(folder, "20260102-100000", 3, seed=2)
    # Damage the middle shot behind a good checksum: the header reader cannot see it, the full load can.
    import zlib

    from game.replay.fileformat import CHUNK_HEADER, FILE_HEADER

    data = (folder / name).read_bytes()
    at = FILE_HEADER.size
    offsets = []
    while at < len(data):
        offsets.append(at)
        at += CHUNK_HEADER.size + CHUNK_HEADER.unpack_from(data, at)[0]
    middle = offsets[2]
    stored_len = CHUNK_HEADER.unpack_from(data, middle)[0]
    raw = zlib.decompress(data[middle + CHUNK_HEADER.size:middle + CHUNK_HEADER.size + stored_len])
    bad = zlib.compress(raw.replace(b'"kind":"shot"', b'"kind":"shoe"', 1))
    raw_bad = zlib.decompress(bad)
    (folder / name).write_bytes(data[:middle] + CHUNK_HEADER.pack(len(bad), len(raw_bad), zlib.crc32(bad)) + bad
                                + data[middle + CHUNK_HEADER.size + stored_len:])
    screen = open_screen(app)
    rows = shown(screen)
    assert rows[0]["result"] == "Unfinished" and rows[0]["shots"] == "3 shots"  # looks fine from its header
    assert rows[1]["shots"] == "0 shots" and rows[1]["result"] == "Unfinished"
    press(app, "list-open")
    assert app.watching is None and "cannot be watched" in screen.notice["text"] and "shot 2" in screen.notice["text"]
    assert shown(screen)[0]["players"].startswith("Cannot be read:")  # greyed from now on
    press(app, "list-down")
    press(app, "list-open")
    assert app.watching is None and "nothing to watch" in screen.notice["text"]
    assert not app.watch(Replay(GameMeta(), []))  # the app's own door refuses an empty replay too
