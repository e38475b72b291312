"""The referee has spoken: the feed shows each rule applied, then the next turn comes.

When a person at the machine goes out (rule 13, or their purse empty) the
game goes on without them.  Once no person is left in, it asks once: watch
the rest, play to the end at once (the Play out screen), or leave.  Watching,
the same two choices stay at hand (``OutOffer``).
"""

from __future__ import annotations

from game.app.hud import theme
from game.app.hud.ruling_feed import feed_lines, feed_title, since_last_shot
from game.app.screens.base import State
from game.app.screens.screen import Screen

SHOW_SECONDS = 2.5


class RulingState(State):
    name = "ruling"

    def __init__(self, app, ruling) -> None:
        super().__init__(app)
        self.ruling = ruling

    def enter(self) -> None:
        app = self.app
        game = app.game
        naming, human = game.naming, game.session.human
        everything = [shot.ruling for shot in game.session.judged_shots()]
        viewer = self._viewer()
        shown = since_last_shot(everything, viewer)
        game.feed = tuple(feed_lines(shown, human, who=naming.label)) + self._out_lines()
        game.feed_title = feed_title(shown, viewer, human, naming.label, naming.name, everything)
        app.view.sync(game.session.positions())
        game.refresh_hud(hint="Click or Space: next turn   R: watch the shot again   L: history")
        self.choosing = self._everyone_out()
        if self.choosing:
            self._offer_watch_or_play_on()
            self.on_action("fast-forward", self.watch)   # Space goes on, as after any ruling: watching
            return
        self.on_action("fast-forward", self.proceed)
        self.on_action("shoot-press", self.proceed)
        self.add_countdown(0.6 if game.fast_forward else SHOW_SECONDS, self.proceed)

    def _viewer(self) -> str | None:
        """Whose turns the feed counts from: the one person playing, or in a hot-seat game the next person
        at the machine to shoot (None once every person is out)."""
        session = self.app.game.session
        if not self.app.game.naming.hot_seat():
            return session.human
        state = session.state
        order = state.players[state.turn:] + state.players[:state.turn]
        return next((p for p in order if p in session.people and p in state.active), None)

    def _went_out(self) -> list[str]:
        """The people at the machine this ruling put out."""
        return [p for p in self.ruling.out if self.app.game.naming.is_person(p)]

    def _everyone_out(self) -> bool:
        session = self.app.game.session
        people_in = [p for p in session.active_players() if p in session.people]
        return bool(self._went_out()) and not people_in and not session.is_over()

    def _out_lines(self) -> tuple[str, ...]:
        """In a hot-seat game, who goes on when a person goes out."""
        game = self.app.game
        session = game.session
        if not game.naming.hot_seat():
            return ()
        still = [game.naming.name(p) for p in session.active_players() if p in session.people]
        return tuple(f"{game.naming.name(p)} is out and can watch; the game goes on for {' and '.join(still)}"
                     for p in self._went_out() if still and not session.is_over())

    def _offer_watch_or_play_on(self) -> None:
        app = self.app
        root = self.keep(theme.panel(app.aspect2d, (-0.74, 0.74, -0.2, 0.2), colour=(0.07, 0.055, 0.04, 0.92),
                                     pos=(0, 0, 0.45)))
        lone = len(app.game.session.people) == 1
        words = "You are out: the rest play on without you" if lone else "Everyone at the machine is out: the AIs play on"
        theme.label(root, words, (0, 0.08), scale=0.055, colour=theme.BRASS)
        self.watch_button = theme.button(root, "Watch the rest", (-0.5, -0.1), self.watch, width=7.5, scale=0.05)
        self.play_out_button = theme.button(root, "Play to the end", (0.0, -0.1), self.play_out, width=7.5,
                                            scale=0.05)
        self.leave_button = theme.button(root, "Leave", (0.5, -0.1), app.flow.request, width=7.5, scale=0.05,
                                         extra_args=[Screen.MENU])
        app.game.refresh_hud(hint="Space or Watch the rest: go on watching   Play to the end: the result at once   "
                                  "Leave: to the menu")

    def watch(self) -> None:
        """After everyone at the machine is out: the rest at the usual pace."""
        if self.app.flow.state != Screen.RULING or not self.choosing:
            return
        self.choosing = False
        self.proceed()

    def play_out(self) -> None:
        if self.app.flow.state == Screen.RULING and self.choosing:
            self.go(Screen.PLAY_OUT)

    def proceed(self) -> None:
        if self.app.flow.state != Screen.RULING or self.choosing:
            return
        if self.app.game.lesson is not None:
            self.go(Screen.LESSON_RESULT)
            return
        self.go(Screen.GAME_OVER if self.app.game.session.is_over() else self.app.next_turn_state())
