"""The end: who won, each player's marbles won and lost, and each one's worth over the turns."""

from __future__ import annotations

from panda3d.core import TextNode

from game.app.hud import theme
from game.app.hud.purse_chart import PurseChart
from game.app.screens.base import State
from game.app.hud.results_text import pot_taken, reconciling_lines, result_title, totals
from game.app.input.bindings import action_event
from game.app.scene.table_view import ViewMode
from game.app.screens.screen import Screen
from game.rules.state import STAKES

COLUMNS = (-0.69, -0.54, -0.41, -0.23, -0.07)
HEADS = ("began", "won", "lost", "in hand", "worth")
ROW_STEP = 0.065
TITLE_WIDTH = 2.44  # the panel's width less its margins
NAME_X = -1.22
NAME_WIDTH = COLUMNS[0] - 0.12 - NAME_X   # a name and its "out" end clear of the widest "began"


class GameOverState(State):
    name = "game-over"

    def enter(self) -> None:
        app = self.app
        session = app.game.session
        app.game.hud.hide()
        app.view.set_mode(ViewMode.OVERHEAD)
        root = self.keep(theme.panel(app.aspect2d, (-1.3, 1.3, -0.82, 0.8), colour=(0.07, 0.055, 0.04, 0.93)))
        naming = app.game.naming
        winner = session.winner()
        last = session.last_ruling
        termination = last.termination if last is not None else None
        title = result_title(termination, winner, winner is not None and winner == session.human,
                             naming.label(winner) if winner else "")
        self.title = theme.label(root, title, (0, 0.65), scale=0.09, colour=theme.BRASS)
        theme.fit_width(self.title, TITLE_WIDTH)  # a long name must not run past the panel
        self.reason = theme.label(root, session.end_reason(), (0, 0.56), scale=0.04, colour=theme.DIM_INK,
                                  wordwrap=60)
        # Under the chart, where no headline or name can reach it.
        preview = app.game.setup.preview.label
        self.preview_note = theme.label(root, f"Shot preview: {preview}", (0.62, -0.45), scale=0.035,
                                        colour=theme.DIM_INK)
        rows = [*session.summary(), session.stakes_summary()]
        self._table(root, rows, naming)
        notes = reconciling_lines(rows, naming.label, pot_taken(last, winner), winner)
        below = 0.36 - ROW_STEP * (len(rows) + 1) - 0.04
        key = "worth: in hand and on the ground; began + won - lost = worth"
        self.notes = theme.label(root, "\n\n".join([key, *notes]), (-1.22, below), scale=0.036, colour=theme.DIM_INK,
                                 align=TextNode.ALeft, wordwrap=31)
        theme.label(root, "Worth over the game", (0.62, 0.44), scale=0.045, colour=theme.BRASS)
        # People's names beside their planets need room at the chart's right: its lines are drawn narrower.
        width = 0.78 if naming.names else 0.95
        self.chart = PurseChart(root, session.worth_history(), session.players, pos=(0.05, -0.28), size=(width, 0.62),
                                names={p: naming.label(p) for p in naming.names})
        self.again_button = theme.button(root, "New game", (-0.9, -0.7), self.go, width=6, extra_args=[Screen.NEW_GAME])
        self.history_button = theme.button(root, "History (L)", (-0.3, -0.7), app.messenger.send, width=6,
                                           extra_args=[action_event("history")])
        self.watch_button = theme.button(root, "Watch the game", (0.3, -0.7), self.watch, width=8)
        self.menu_button = theme.button(root, "Menu", (0.9, -0.7), self.go, width=6, extra_args=[Screen.MENU])

    @staticmethod
    def _table(root, rows, naming) -> None:
        theme.label(root, "Player", (NAME_X, 0.44), scale=0.04, colour=theme.BRASS, align=TextNode.ALeft)
        for x, head in zip(COLUMNS, HEADS):
            theme.label(root, head, (x, 0.44), scale=0.04, colour=theme.BRASS, align=TextNode.ARight)
        for i, row in enumerate(rows):
            y = 0.37 - i * ROW_STEP
            if row.planet == STAKES:
                name, colour = "The stakes", theme.DIM_INK
            else:
                name = naming.label(row.planet) if row.planet in naming.names else \
                    theme.title_case(row.planet) + (" (you)" if naming.is_person(row.planet) else "")
                colour = theme.planet_colour(row.planet)
            who = theme.label(root, name + ("  - out" if row.out else ""), (NAME_X, y), scale=0.038,
                              colour=colour, align=TextNode.ALeft)
            theme.fit_width(who, NAME_WIDTH)
            for x, value in zip(COLUMNS, (row.began, row.won, row.lost, row.purse, row.worth)):
                theme.label(root, str(value), (x, y), scale=0.04, align=TextNode.ARight)
        # Every marble of the game is in one row: the totals of began and worth agree, and so do won and lost.
        total = totals(rows)
        y = 0.37 - len(rows) * ROW_STEP
        theme.label(root, "Total", (NAME_X, y), scale=0.038, colour=theme.BRASS, align=TextNode.ALeft)
        for x, value in zip(COLUMNS, (total.began, total.won, total.lost, total.purse, total.worth)):
            theme.label(root, str(value), (x, y), scale=0.04, colour=theme.BRASS, align=TextNode.ARight)

    def watch(self) -> None:
        """Every shot of the game in the replay viewer; leaving it comes back to this screen."""
        self.app.watch_replay(whole=True)

    def exit(self) -> None:
        self.chart.destroy()
        super().exit()
