"""The Replays screen: the saved games, newest first, a page at a time; choose one to watch it.

Arrows or the mouse choose a row, Enter or a click watches it in the same
viewer the game uses (``TawApp.watch``), and leaving the viewer comes back
here on the same page and row (the state is never left while watching).  A
file that cannot be read is greyed with the loader's reason and cannot be
opened.  Delete (key or button) removes the chosen game after a
confirmation, and only a ``.replay`` file inside the replay folder.

Continue (C or the button) takes up an unfinished game you played in: the
session is rebuilt from the file, every shot played again headless and
checked against the recording, and the game goes on at the turn it stopped,
recording on into the same file.  A row that cannot be continued says why in
the notice line.
"""

from __future__ import annotations

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode, TextProperties, TextPropertiesManager

from game.app.hud import theme
from game.app.replay.library import ReplayEntry, delete_replay, list_replays, short_reason
from game.app.screens.base import State
from game.errors import UserError
from game.app.screens.screen import Screen
from game.app.screens.take_up import SETTING_UP, take_up

PAGE_SIZE = 8
ROW_TOP = 0.5
ROW_STEP = 0.12
ROW_HALF_HEIGHT = 0.052
ROW_HALF_WIDTH = 1.42
ROW_COLOUR = (0.20, 0.15, 0.09, 0.9)
ROW_CHOSEN = (0.40, 0.29, 0.13, 1.0)
ROW_UNREADABLE = (0.16, 0.15, 0.14, 0.9)
TEXT_SCALE = 0.042
EMPTY_TEXT = "No saved games yet. Every game you play is recorded here."
HINT = "Up/Down choose   Enter watch   C continue   Left/Right or PgUp/PgDn page   Del delete   Esc back"


def _planet_style(planet: str) -> str:
    """A text-properties name for a planet's colour, so one line can name several players in theirs."""
    name = f"taw-planet-{planet}"
    manager = TextPropertiesManager.getGlobalPtr()
    if not manager.hasProperties(name):
        props = TextProperties()
        props.setTextColor(*theme.planet_colour(planet))
        manager.setProperties(name, props)
    return name


def players_text(entry: ReplayEntry) -> str:
    parts = [f"\1{_planet_style(planet)}\1{text}\2" for planet, text in entry.players()]
    return ", ".join(parts) if parts else "players not recorded"


class ReplaysState(State):
    name = "replays"

    def __init__(self, app, page: int = 0, chosen: int = 0) -> None:
        super().__init__(app)
        self.page = page
        self.chosen = chosen  # index into entries, across pages
        self.entries: list[ReplayEntry] = []
        self.rows: list[DirectButton] = []
        self.row_texts: list[dict[str, OnscreenText]] = []
        self.confirm = None  # the delete confirmation while it is open
        self.setting_up: ReplayEntry | None = None  # the entry being continued, while its game is rebuilt

    # -- building --------------------------------------------------------------------------

    def enter(self) -> None:
        app = self.app
        self.folder = app.app_config.paths.replay_dir
        self.root = self.keep(theme.panel(app.aspect2d, (-1.52, 1.52, -0.93, 0.9), colour=(0.07, 0.055, 0.04, 0.93)))
        theme.label(self.root, "Your replays", (0, 0.75), scale=0.09, colour=theme.BRASS)
        for x, head, align in ((-1.36, "Played", TextNode.ALeft), (-0.84, "Players", TextNode.ALeft),
                               (0.64, "Result", TextNode.ALeft), (1.36, "Shots", TextNode.ARight)):
            theme.label(self.root, head, (x, 0.62), scale=0.045, colour=theme.BRASS, align=align)
        self.empty_label = theme.label(self.root, EMPTY_TEXT, (0, 0.3), scale=0.05, colour=theme.DIM_INK, wordwrap=40)
        self.prev_button = theme.button(self.root, "< Previous", (-0.62, -0.5), self.turn_page, extra_args=[-1],
                                        scale=0.05, width=7)
        self.next_button = theme.button(self.root, "Next >", (0.62, -0.5), self.turn_page, extra_args=[1],
                                        scale=0.05, width=7)
        self.page_label = theme.label(self.root, "", (0, -0.5), scale=0.045, colour=theme.INK)
        self.back_button = theme.button(self.root, "Back", (-0.93, -0.68), self.back, scale=0.055, width=7)
        self.watch_button = theme.button(self.root, "Watch", (-0.31, -0.68), self.open_chosen, scale=0.055, width=7)
        self.continue_button = theme.button(self.root, "Continue", (0.31, -0.68), self.continue_chosen, scale=0.055,
                                            width=7)
        self.delete_button = theme.button(self.root, "Delete", (0.93, -0.68), self.ask_delete, scale=0.055, width=7)
        self.notice = theme.label(self.root, "", (0, -0.79), scale=0.04, colour=theme.BAD, wordwrap=60)
        theme.label(self.root, HINT, (0, -0.87), scale=0.035, colour=theme.DIM_INK)
        for i in range(PAGE_SIZE):
            self._make_row(i)
        self.on_action("pause", self.escape)
        self.on_action("list-up", self.move, [-1])
        self.on_action("list-down", self.move, [1])
        self.on_action("list-prev-page", self.turn_page, [-1])
        self.on_action("list-next-page", self.turn_page, [1])
        self.on_action("list-open", self.enter_key)
        self.on_action("list-delete", self.ask_delete)
        self.on_action("list-continue", self.continue_chosen)
        self.reload()

    def _make_row(self, slot: int) -> None:
        z = ROW_TOP - slot * ROW_STEP
        row = DirectButton(parent=self.root, pos=(0, 0, z), relief=DGG.FLAT, frameColor=ROW_COLOUR,
                           frameSize=(-ROW_HALF_WIDTH, ROW_HALF_WIDTH, -ROW_HALF_HEIGHT, ROW_HALF_HEIGHT),
                           command=self.click_row, extraArgs=[slot], pressEffect=0)
        row.bind(DGG.ENTER, lambda _event, s=slot: self.hover_row(s))

        def text(x: float, align: int, wrap: float | None = None) -> OnscreenText:
            return OnscreenText(parent=row, text="", pos=(x, -0.014), scale=TEXT_SCALE, fg=theme.INK, align=align,
                                wordwrap=wrap, shadow=(0, 0, 0, 0.6), mayChange=True)

        self.rows.append(row)
        self.row_texts.append({
            "when": text(-1.36, TextNode.ALeft),
            "players": text(-0.84, TextNode.ALeft, wrap=1.42 / TEXT_SCALE),
            "result": text(0.64, TextNode.ALeft),
            "shots": text(1.36, TextNode.ARight),
        })

    # -- the list --------------------------------------------------------------------------

    def reload(self) -> None:
        self.entries = list_replays(self.folder)
        self.chosen = max(0, min(self.chosen, len(self.entries) - 1))
        self.page = max(0, min(self.page, self.page_count - 1))
        if self.entries and not self.page * PAGE_SIZE <= self.chosen < (self.page + 1) * PAGE_SIZE:
            self.chosen = self.page * PAGE_SIZE
        self.refresh()
        self.notice["text"] = self.row_notice()

    @property
    def page_count(self) -> int:
        return max(1, -(-len(self.entries) // PAGE_SIZE))

    def page_entries(self) -> list[ReplayEntry]:
        return self.entries[self.page * PAGE_SIZE:(self.page + 1) * PAGE_SIZE]

    def refresh(self) -> None:
        shown = self.page_entries()
        for slot, (row, texts) in enumerate(zip(self.rows, self.row_texts)):
            if slot >= len(shown):
                row.hide()
                continue
            row.show()
            entry = shown[slot].read()
            index = self.page * PAGE_SIZE + slot
            texts["when"].setText(entry.when())
            summary = entry.summary   # read just above: None for a file that cannot be read
            if summary is not None:
                texts["players"].setText(players_text(entry))
                texts["result"].setText(entry.outcome())
                winner = summary.winner
                texts["result"].setFg(theme.planet_colour(winner) if winner else theme.DIM_INK)
                texts["shots"].setText(entry.shots())
                for key in ("when", "players", "shots"):
                    texts[key].setFg(theme.INK)
                colour = ROW_COLOUR
            else:
                texts["players"].setText(f"Cannot be read: {entry.error}")
                texts["result"].setText("")
                texts["shots"].setText("")
                for key in ("when", "players"):
                    texts[key].setFg(theme.OFF_INK)
                colour = ROW_UNREADABLE
            two_lines = texts["players"].textNode.getNumRows() > 1
            texts["players"].setPos(-0.84, 0.008 if two_lines else -0.014)
            row["frameColor"] = ROW_CHOSEN if index == self.chosen else colour
        empty = not self.entries
        if empty:
            self.empty_label.show()
        else:
            self.empty_label.hide()
        games = f"{len(self.entries)} game" + ("" if len(self.entries) == 1 else "s")
        self.page_label["text"] = "" if empty else f"Page {self.page + 1} of {self.page_count}   ({games})"
        self._enable(self.prev_button, self.page > 0)
        self._enable(self.next_button, self.page < self.page_count - 1)
        chosen = self.chosen_entry()
        self._enable(self.watch_button, chosen is not None and chosen.openable)
        self._enable(self.delete_button, chosen is not None)
        self._enable(self.continue_button, chosen is not None and chosen.continuable)

    @staticmethod
    def _enable(button: DirectButton, on: bool) -> None:
        button["state"] = DGG.NORMAL if on else DGG.DISABLED
        button["text_fg"] = theme.INK if on else theme.OFF_INK

    def chosen_entry(self) -> ReplayEntry | None:
        return self.entries[self.chosen] if 0 <= self.chosen < len(self.entries) else None

    def row_notice(self) -> str:
        """For an unfinished game that cannot be continued, why (a finished one says so when C is pressed)."""
        entry = self.chosen_entry()
        if entry is None or not entry.openable or entry.finished:
            return ""
        refusal = entry.continue_refusal()
        return "" if refusal is None else f"This game cannot be continued: {refusal}."

    # -- commands --------------------------------------------------------------------------

    def move(self, delta: int) -> None:
        """Up or down a row, onto the next or previous page past the edge."""
        if self.confirm is not None or not self.entries or self.app.watching is not None \
                or self.setting_up is not None:
            return
        self.chosen = max(0, min(self.chosen + delta, len(self.entries) - 1))
        self.page = self.chosen // PAGE_SIZE
        self.notice["text"] = self.row_notice()
        self.refresh()

    def turn_page(self, delta: int) -> None:
        if self.confirm is not None or self.app.watching is not None or self.setting_up is not None:
            return
        page = max(0, min(self.page + delta, self.page_count - 1))
        if page != self.page:
            offset = self.chosen - self.page * PAGE_SIZE
            self.page = page
            self.chosen = min(page * PAGE_SIZE + max(offset, 0), len(self.entries) - 1)
            self.notice["text"] = self.row_notice()
            self.refresh()

    def hover_row(self, slot: int) -> None:
        if self.confirm is None and slot < len(self.page_entries()) and self.chosen != self.page * PAGE_SIZE + slot:
            self.chosen = self.page * PAGE_SIZE + slot
            if self.setting_up is None:
                self.notice["text"] = self.row_notice()
            self.refresh()

    def click_row(self, slot: int) -> None:
        if self.confirm is not None or slot >= len(self.page_entries()):
            return
        self.chosen = self.page * PAGE_SIZE + slot
        self.refresh()
        self.open_chosen()

    def enter_key(self) -> None:
        if self.confirm is not None:
            self.confirm_delete()
        else:
            self.open_chosen()

    def open_chosen(self) -> bool:
        """Watch the chosen game from its first shot; False (and a notice) when it cannot be opened."""
        entry = self.chosen_entry()
        if entry is None or self.confirm is not None or self.app.watching is not None or self.setting_up is not None:
            return False
        if not entry.readable:
            self.notice["text"] = f"This file cannot be watched: {entry.error}"
            return False
        if not entry.openable:
            self.notice["text"] = "No shot was played in this game: there is nothing to watch."
            return False
        from game.replay.fileformat import load_replay

        try:
            replay = load_replay(entry.path)
        except UserError as err:  # damage read_meta does not look for (a middle shot): grey it from now on
            entry.summary, entry.error = None, short_reason(err, entry.path)
            self.refresh()
            self.notice["text"] = f"This file cannot be watched: {entry.error}"
            return False
        self.notice["text"] = ""
        return self.app.watch(replay, first_shot=0, back_label="Back to the list")

    def continue_chosen(self) -> bool:
        """Take the chosen unfinished game up again; False (and the reason in the notice) when it cannot be."""
        entry = self.chosen_entry()
        if entry is None or self.confirm is not None or self.app.watching is not None or self.setting_up is not None:
            return False
        refusal = entry.continue_refusal()
        if refusal is not None:
            self.notice["text"] = f"This game cannot be continued: {refusal}."
            return False
        # The rebuild plays every shot again (a fraction of a second): let one frame show that it is coming.
        self.notice["text"] = SETTING_UP
        self.notice["text_fg"] = theme.INK  # news, not a complaint
        self.setting_up = entry
        self._frames_waited = 0
        self.add_task(self._set_up, "continue")
        return True

    def _set_up(self, task):
        if self._frames_waited < 1:
            self._frames_waited += 1
            return task.cont
        entry, self.setting_up = self.setting_up, None
        self.notice["text_fg"] = theme.BAD
        if entry is not None:
            self.continue_game(entry)
        return task.done

    def continue_game(self, entry: ReplayEntry) -> bool:
        """Rebuild ``entry``'s game now and go to its next turn; False (and why, in the notice) on refusal."""
        refusal = take_up(self.app, entry)
        if refusal is not None:
            self.notice["text"] = refusal
        return refusal is None

    def escape(self) -> None:
        if self.confirm is not None:
            self.cancel_delete()
        else:
            self.back()

    def back(self) -> None:
        self.go(Screen.MENU)

    # -- deleting --------------------------------------------------------------------------

    def ask_delete(self) -> None:
        entry = self.chosen_entry()
        if entry is None or self.confirm is not None or self.setting_up is not None:
            return
        # A shade over the whole screen under the question: the list behind it is plainly out of reach.
        shade = theme.panel(self.app.aspect2d, (-4.0, 4.0, -2.0, 2.0), colour=(0, 0, 0, 0.6))
        shade.setBin("gui-popup", 10)
        frame = theme.panel(shade, (-0.9, 0.9, -0.32, 0.3), colour=(0.08, 0.06, 0.045, 1.0))
        theme.label(frame, f"Delete the game of {entry.when()}?", (0, 0.14), scale=0.055, colour=theme.BRASS)
        theme.label(frame, f"{entry.path.name} will be removed for good.", (0, 0.04), scale=0.04, colour=theme.INK)
        self.confirm_button = theme.button(frame, "Delete", (-0.35, -0.14), self.confirm_delete, scale=0.055, width=6)
        self.cancel_button = theme.button(frame, "Keep it", (0.35, -0.14), self.cancel_delete, scale=0.055, width=6)
        theme.label(frame, "Enter deletes, Esc keeps it", (0, -0.26), scale=0.035, colour=theme.DIM_INK)
        self.confirm = shade

    def confirm_delete(self) -> None:
        entry = self.chosen_entry()
        self.cancel_delete()
        if entry is None:
            return
        try:
            delete_replay(self.folder, entry.path)
        except UserError as err:
            self.notice["text"] = short_reason(err, entry.path)
            return
        self.notice["text"] = ""
        self.reload()

    def cancel_delete(self) -> None:
        if self.confirm is not None:
            self.confirm.destroy()
            self.confirm = None

    def exit(self) -> None:
        self.cancel_delete()
        for row in self.rows:
            row.destroy()
        self.rows.clear()
        super().exit()
