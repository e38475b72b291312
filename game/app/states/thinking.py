"""An AI (or the random stand-in) chooses its shot while the game keeps drawing.

The choice runs off the main thread (the AI's planner uses worker processes)
and is polled once a frame; nothing here blocks.  Space asks for the shot to
be played fast once it is chosen.
"""

from __future__ import annotations

from game.app.states.base import State


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
        app.view.set_mode("overhead")
        game.fast_forward = False
        game.refresh_hud(thinking=True, hint="Space: play the shot fast   Tab: camera   Esc: pause")
        self.future = game.session.think()
        self.on_action("fast-forward", self.hurry)
        self.add_task(self._poll, "poll")

    def hurry(self) -> None:
        self.app.game.fast_forward = True

    def _poll(self, task):
        self.app.game.hud.tick(self.app.clock.getDt())
        if not self.future.done():
            return task.cont
        shot = self.future.result()
        self.go("Shot", shot)
        return task.done

    def exit(self) -> None:
        if not self.future.done():
            self.future.cancel()
        super().exit()
