"""The referee has spoken: the feed shows each rule applied, then the next turn comes."""

from __future__ import annotations

from game.app.hud.ruling_feed import ruling_lines
from game.app.screens.base import State
from game.rules.names import sentence, who

SHOW_SECONDS = 2.5


class RulingState(State):
    name = "ruling"

    def __init__(self, app, ruling) -> None:
        super().__init__(app)
        self.ruling = ruling

    def enter(self) -> None:
        app = self.app
        game = app.game
        game.feed = tuple(ruling_lines(self.ruling, game.session.human))
        shooter = self.ruling.shooter
        game.feed_title = "Your shot" if shooter == game.session.human else f"{sentence(who(shooter))}'s shot"
        app.view.sync(game.session.positions())
        game.refresh_hud(hint="Click or Space: next turn   R: watch the shot again")
        self.elapsed = 0.0
        self.wait = 0.6 if game.fast_forward else SHOW_SECONDS
        self.on_action("fast-forward", self.proceed)
        self.on_action("shoot-press", self.proceed)
        self.add_task(self._tick, "wait")

    def _tick(self, task):
        self.elapsed += self.app.clock.getDt()
        if self.elapsed >= self.wait:
            self.proceed()
            return task.done
        return task.cont

    def proceed(self) -> None:
        if self.app.flow.state != "Ruling":
            return
        if self.app.game.lesson is not None:
            self.go("LessonResult")
            return
        self.go("GameOver" if self.app.game.session.is_over() else self.app.next_turn_state())
