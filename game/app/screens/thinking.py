"""An AI (or the random stand-in) chooses its shot while the game keeps drawing.

The choice runs off the main thread (the AI's planner uses worker processes)
and is polled once a frame; nothing here blocks.  Once chosen, the shot is
announced (``ai_aim``) and then played.  Space asks for it to be played fast.
"""

from __future__ import annotations

from game.app.hud import theme
from game.app.hud.out_offer import OutOffer
from game.app.screens.base import State
from game.match.players import RandomPlayer
from game.app.scene.table_view import ViewMode
from game.app.screens.screen import Screen


class ThinkingState(State):
    name = "thinking"

    def enter(self) -> None:
        app = self.app
        game = app.game
        view = game.session.view()
        app.view.sync(game.session.positions())
        taw = view.taw_position()
        if taw is not None:
            app.view.knuckle_down(taw, 90.0)
        app.view.set_mode(ViewMode.OVERHEAD)
        game.fast_forward = False
        game.refresh_hud(thinking=True, hint="Space: play the shot fast   Tab: camera   Esc: pause")
        self.offer = self.keep(OutOffer(app, lambda: self.go(Screen.PLAY_OUT))) if OutOffer.wanted(app) else None  # the player is out
        self.choice = game.session.think()
        self.on_action("fast-forward", self.hurry)
        self.add_task(self._poll, "poll")

    def planning(self) -> bool:
        return not self.choice.done()

    def hurry(self) -> None:
        self.app.game.fast_forward = True

    def _poll(self, task):
        self.app.game.hud.tick(self.app.clock.getDt())
        if not self.choice.done():
            return task.cont
        try:
            shot = self.choice.result()
        except Exception as err:  # a failed plan must not end the game: play a random shot instead
            game = self.app.game
            game.feed = (f"{theme.title_case(game.session.shooter())}'s AI failed ({type(err).__name__}); "
                         "it plays a random shot.",)
            view = game.session.view()
            shot = RandomPlayer(view.turn).choose_shot(view)
        self.go(Screen.AI_AIM, shot)
        return task.done

    def exit(self) -> None:
        if not self.choice.done():
            self.choice.cancel()
        super().exit()
