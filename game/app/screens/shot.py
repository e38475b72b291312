"""A shot plays out on the ground in real time; Space fast-forwards it to rest.

Each frame the shot's playback advances by the frame's time (times eight
while fast-forwarding), the bodies move, and every contact whose moment has
come clicks or thuds with the loudness of its impulse.
"""

from __future__ import annotations

from game.app.screens.base import State
from game.match.match import IllegalShotError
from game.rules.events import Contact

FAST = 8.0
MAX_FRAME = 1.0 / 15.0


class ShotState(State):
    name = "shot"

    def __init__(self, app, shot) -> None:
        super().__init__(app)
        self.shot = shot

    def enter(self) -> None:
        app = self.app
        game = app.game
        self.live = game.session.start_shot(self.shot)
        self._shown: list[str] = []
        app.view.hide_aim()
        app.view.sync(self.live.positions())
        if app.view.mode == "knuckle":
            app.view.set_mode("overhead")
        game.refresh_hud(hint="Space: fast-forward   Tab: overhead   F: free camera   Esc: pause")
        self.on_action("fast-forward", self.hurry)
        self.add_task(self._step, "step")

    def hurry(self) -> None:
        """First press: play fast; second press: jump to where everything comes to rest."""
        game = self.app.game
        if game.fast_forward:
            self.live.skip_to_end()
        game.fast_forward = True

    def _step(self, task):
        app = self.app
        dt = min(MAX_FRAME, app.clock.getDt())
        if app.game.fast_forward:
            dt *= FAST
        try:
            at_rest = self.live.advance(dt)
        except IllegalShotError as err:
            # The match refused the shot (a placement the rules do not allow): the shooter tries again.
            app.game.feed = (f"That shot is not allowed: {err}",)
            app.game.feed_title = "Refused"
            self.go(app.next_turn_state())
            return task.done
        ids, poses = self.live.poses()
        if ids != self._shown:
            app.view.sync(self.live.positions())
            self._shown = list(ids)
        app.view.set_poses(ids, poses)
        for event in self.live.drain_events():
            if isinstance(event, Contact):
                app.audio.contact(event.a, event.b, event.impulse)
        app.audio.set_rolling(self.live.total_speed())
        if at_rest:
            app.audio.set_rolling(0.0)
            ruling = app.game.session.finish_shot(self.live)
            self.go("Ruling", ruling)
            return task.done
        return task.cont
