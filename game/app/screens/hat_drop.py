"""Rule 1: the marbles go into the hat, the hat is turned over the Sun, planets are taken.

The session has already dropped the marbles (in Bullet) and drawn the
planets; this state plays the fall back close up, each marble in its
holder's colour, then lists who took which planet and lays the system out.
Space or a click skips ahead; after a few seconds it goes on by itself to
Mercury's holder (rule 2).
"""

from __future__ import annotations

import math

from panda3d.core import TextNode

from game.app.hud import theme
from game.app.session.game_context import GameContext
from game.app.screens.base import State
from game.app.scene.ground_mesh import ground_of
from game.app.scene.table_view import ViewMode
from game.app.screens.screen import Screen

SHOW_SECONDS = 4.0
FALLEN_PAUSE = 1.0  # seconds to look at where the marbles lie before the planets are laid out


class HatDropState(State):
    name = "hat-drop"

    def __init__(self, app, setup=None) -> None:
        super().__init__(app)
        self.setup = setup

    def enter(self) -> None:
        app = self.app
        if self.setup is not None:
            if app.game is not None:
                app.game.close()
            session = app.make_session(self.setup)
            app.game = GameContext(app, session, self.setup)
        game = app.game
        session = game.session
        app.view.use_layout(session.layout, ground_of(session.house))
        game.feed = ("The hat is turned over the Sun (rule 1).",)
        game.feed_title = "The hat"
        game.refresh_hud(shooter="")
        self.frames = session.hat_frames()
        self.time = 0.0
        self.falling = bool(self.frames)
        self.elapsed = 0.0
        if self.falling:
            _t, ids, poses = self.frames[0]
            app.view.sync({b: (float(p[0]), float(p[1])) for b, p in zip(ids, poses)})
            app.view.set_poses(ids, poses)
            app.view.set_mode(ViewMode.HAT)
            app.view.snap()
        else:
            self.lay_out()
        self.on_action("fast-forward", self.proceed)
        self.on_action("shoot-press", self.proceed)
        self.add_task(self._tick, "wait")

    def lay_out(self) -> None:
        """The hat is lifted: show who took which planet, and put the system down."""
        app = self.app
        session = app.game.session
        self.falling = False
        app.view.sync(session.positions())
        app.view.set_mode(ViewMode.OVERHEAD)
        panel = self.keep(theme.panel(app.aspect2d, (-0.75, 0.75, -0.1 - 0.08 * len(session.players), 0.22),
                                      pos=(0, 0, 0.25)))
        theme.label(panel, "The hat is lifted", (0, 0.12), scale=0.07, colour=theme.BRASS)
        for i, drop in enumerate(session.hat_result()):
            who = drop.seat
            where = "chose" if math.isnan(drop.distance) else (
                "rolled away" if math.isinf(drop.distance) else f"{drop.distance * 100:.1f} cm from the Sun,")
            verb = "" if where == "chose" else " takes"
            text = f"{who}: {where}{verb} {theme.title_case(drop.planet)}"
            theme.label(panel, text, (-0.68, 0.0 - i * 0.08), scale=0.045, colour=theme.planet_colour(drop.planet),
                        align=TextNode.ALeft)
        self.elapsed = 0.0

    def _tick(self, task):
        dt = self.app.clock.getDt()
        if self.falling:
            self.time += dt
            index = min(len(self.frames) - 1, int(self.time * 60.0))
            _t, ids, poses = self.frames[index]
            self.app.view.set_poses(ids, poses)
            if index == len(self.frames) - 1:
                self.elapsed += dt
                if self.elapsed >= FALLEN_PAUSE:
                    self.lay_out()
            return task.cont
        self.elapsed += dt
        if self.elapsed >= SHOW_SECONDS:
            self.proceed()
            return task.done
        return task.cont

    def proceed(self) -> None:
        if self.app.flow.state != Screen.HAT_DROP:
            return
        if self.falling:
            self.lay_out()
            return
        session = self.app.game.session
        if session.match.taws_to_lay:  # the setup: every taw is laid before the first shot
            self.go(Screen.LAY_TAWS)
            return
        self.go(self.app.next_turn_state())
