"""The first-turn tip of a first game: the inner ring, and the cut shot that keeps the taw out of it.

Shown on a player's first shot of a game while their settings allow it.
"Don't show again" switches it off for good for whoever pressed it: in a
hot-seat game for that person alone (kept by name in the people file, so
the others still see it), else the machine's setting (saved).
"""

from __future__ import annotations

from dataclasses import replace

from panda3d.core import TextNode

from game.app.hud import theme

TIP = ("Your first shot: strike the Sun full on while it lies in the inner ring and the heavy Sun takes nearly all "
       "your taw's speed; your taw stops where it touched it, in the ring, and you would be out (rule 13). Strike it to one side (a cut shot), "
       "hard enough to drive it beyond Mercury's line (rules 3 and 4), and your taw glances away. The preview "
       "on the ground shows where everything would stop, and the line under the top bar what the referee "
       "would rule. H asks the coach.")


class FirstTurnTip:
    def __init__(self, app) -> None:
        self.app = app
        self.frame = theme.panel(app.aspect2d, (-0.72, 0.72, -0.22, 0.3), pos=(0, 0, 0.25))
        self.text = theme.label(self.frame, TIP, (-0.66, 0.22), scale=0.04, align=TextNode.ALeft, wordwrap=33)
        self.ok_button = theme.button(self.frame, "Got it", (-0.3, -0.16), self.close, scale=0.045, width=6)
        self.never_button = theme.button(self.frame, "Don't show again", (0.3, -0.16), self.never, scale=0.045,
                                         width=9)

    @staticmethod
    def wanted(app, first_shot: bool) -> bool:
        game = app.game
        return first_shot and game is not None and game.lesson is None and game.turn_settings().first_tip

    @property
    def shown(self) -> bool:
        return not self.frame.isEmpty() and not self.frame.isHidden()

    def close(self) -> None:
        self.frame.hide()

    def never(self) -> None:
        app, game = self.app, self.app.game
        shooter = game.session.shooter()
        if game.naming.hot_seat() and game.naming.is_person(shooter):
            problem = app.people.remember(game.naming.name(shooter), {"first_tip": False})
            if problem:
                game.feed = (problem,)
                game.refresh_hud()
        else:
            app.apply_settings(replace(app.settings, first_tip=False))
        self.close()

    def destroy(self) -> None:
        self.frame.destroy()
