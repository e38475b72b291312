"""The end: who won, each player's marbles won and lost, and the purses over the turns."""

from __future__ import annotations

from panda3d.core import TextNode

from game.app.hud import theme
from game.app.hud.purse_chart import PurseChart
from game.app.screens.base import State
from game.app.session.game_setup import PREVIEW_NAMES
from game.rules.names import sentence, who


class GameOverState(State):
    name = "game-over"

    def enter(self) -> None:
        app = self.app
        session = app.game.session
        app.game.hud.hide()
        app.view.set_mode("overhead")
        root = self.keep(theme.panel(app.aspect2d, (-1.3, 1.3, -0.82, 0.8), colour=(0.07, 0.055, 0.04, 0.93)))
        naming = app.game.naming
        winner = session.winner()
        if winner:
            title = "You win!" if winner == session.human else f"{sentence(naming.label(winner))} wins"
        else:
            title = "The game is over"
        theme.label(root, title, (0, 0.65), scale=0.1, colour=theme.BRASS)
        theme.label(root, session.end_reason(), (0, 0.56), scale=0.045, colour=theme.DIM_INK)
        preview = PREVIEW_NAMES.get(app.game.setup.preview, app.game.setup.preview)
        self.preview_note = theme.label(root, f"Shot preview: {preview}", (0.62, 0.65), scale=0.04,
                                        colour=theme.DIM_INK)
        theme.label(root, "Player", (-1.2, 0.44), scale=0.045, colour=theme.BRASS, align=TextNode.ALeft)
        for x, head in ((-0.68, "won"), (-0.5, "lost"), (-0.3, "in hand"), (-0.1, "worth")):
            theme.label(root, head, (x, 0.44), scale=0.045, colour=theme.BRASS, align=TextNode.ARight)
        for i, row in enumerate(session.summary()):
            y = 0.36 - i * 0.07
            name = naming.label(row.planet) if row.planet in naming.names else \
                theme.title_case(row.planet) + (" (you)" if row.planet == session.human else "")
            name += "  - out" if row.out else ""
            theme.label(root, name, (-1.2, y), scale=0.045, colour=theme.planet_colour(row.planet), align=TextNode.ALeft)
            for x, value in ((-0.68, row.won), (-0.5, row.lost), (-0.3, row.purse), (-0.1, row.worth)):
                theme.label(root, str(value), (x, y), scale=0.045, align=TextNode.ARight)
        theme.label(root, "Purses over the game", (0.62, 0.44), scale=0.045, colour=theme.BRASS)
        theme.label(root, "worth: marbles in hand and on the ground", (-0.7, 0.36 - 0.07 * len(session.players) - 0.03),
                    scale=0.035, colour=theme.DIM_INK)
        # People's names beside their planets need room at the chart's right: its lines are drawn narrower.
        width = 0.78 if naming.names else 0.95
        self.chart = PurseChart(root, session.purse_history(), session.players, pos=(0.05, -0.28), size=(width, 0.62),
                                names={p: naming.label(p) for p in naming.names})
        self.again_button = theme.button(root, "New game", (-0.75, -0.68), self.go, width=6, extra_args=["NewGame"])
        self.watch_button = theme.button(root, "Watch the game", (0.0, -0.68), self.watch, width=8)
        self.menu_button = theme.button(root, "Menu", (0.75, -0.68), self.go, width=6, extra_args=["Menu"])

    def watch(self) -> None:
        """Every shot of the game in the replay viewer; leaving it comes back to this screen."""
        self.app.watch_replay(whole=True)

    def exit(self) -> None:
        self.chart.destroy()
        super().exit()
