"""A shot plays out on the ground in real time; Space fast-forwards it to rest.

Each frame the shot's playback advances by the frame's time (times eight
while fast-forwarding), the bodies move, and every contact whose moment has
come clicks or thuds with the loudness of its impulse.  After an AI's
announced aim (the camera in "action") the camera, once the shot is
computed, holds the taw and every body it sets moving, from start to rest.
"""

from __future__ import annotations

from dataclasses import replace

from game.app.screens.base import State
from game.app.session.live_shot import PlayedShot
from game.match.match import IllegalShotError
from game.rules.events import Contact
from game.app.scene.table_view import ViewMode
from game.app.screens.screen import Screen

FAST = 8.0
MAX_FRAME = 1.0 / 15.0


class ShotState(State):
    name = "shot"

    def __init__(self, app, shot, live: PlayedShot | None = None) -> None:
        super().__init__(app)
        self.shot = shot
        self.live = live  # already started (an AI's shot, computed while its aim was shown)

    def enter(self) -> None:
        app = self.app
        game = app.game
        self.framing_wanted = self.live is not None  # an AI's announced shot: the camera frames the action
        hint = "Space: fast-forward   Tab: overhead   F: free camera   Esc: pause"
        if self.live is not None:  # computed already: the session is past this shot, so keep the HUD as it was
            status = replace(game.hud.status, hint=hint)
        else:
            # Asked before the shot starts: from then on the worker moves the match on, and a shot that ends
            # the game (a lesson's win) may have done so before the HUD asked whose turn it is.
            status = game.status(hint=hint)
            self.live = game.session.start_shot(self.shot)
        self._shown: list[str] = []
        self._framed = False
        app.view.hide_aim()
        app.view.sync(self.live.positions())
        if app.view.mode == ViewMode.KNUCKLE:
            app.view.set_mode(ViewMode.OVERHEAD)
        game.hud.show(status)
        self.on_action("fast-forward", self.hurry)
        self.on_action("overhead", self.toggle_overhead)
        self.on_action("free-camera", app.view.set_mode, [ViewMode.FREE])
        self.add_task(self._step, "step")

    def toggle_overhead(self) -> None:
        """Tab: the whole ground from above; again, back to the framed action (an AI's shot) or above."""
        view = self.app.view
        view.set_mode(ViewMode.ACTION if view.mode == ViewMode.OVERHEAD and self.framing_wanted else ViewMode.OVERHEAD)

    def hurry(self) -> None:
        """First press: play fast; second press: jump to where everything comes to rest."""
        game = self.app.game
        if game.fast_forward:
            assert self.live is not None, "the shot starts as the screen is entered"
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
        if not self._framed and self.framing_wanted and self.live.computed:
            points = action_points(self.live, app.view.layout.play_radius)
            # (a player looking from elsewhere keeps the view; Tab comes back to this framing)
            app.view.frame_action(points, self.shot.direction, take_view=app.view.mode == ViewMode.ACTION)
            self._framed = True
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
            self.go(Screen.RULING, ruling)
            return task.done
        return task.cont


MOVED = 0.002  # m: a body that moved less than this over the shot was not set moving
FRAME_STRIDE = 6  # frames between the points sampled along each path


def action_points(live: PlayedShot, play_radius: float) -> list[tuple[float, float]]:
    """Where the bodies the shot sets moving go, start to rest, while they are on the ground.

    A body that leaves the ground is held up to the edge, never followed
    off into empty ground.
    """
    frames = live.frames
    if not frames:
        return []
    first = dict(zip(frames[0][1], frames[0][2][:, :2]))
    last = dict(zip(frames[-1][1], frames[-1][2][:, :2]))
    moved = {b for b, p in first.items() if b not in last or float(((last[b] - p) ** 2).sum()) ** 0.5 > MOVED}
    points = []
    for _t, ids, poses in frames[::FRAME_STRIDE] + frames[-1:]:
        for body, pose in zip(ids, poses):
            x, y = float(pose[0]), float(pose[1])
            if body in moved and x * x + y * y <= play_radius * play_radius:
                points.append((x, y))
    return points or [(float(p[0]), float(p[1])) for p in first.values()][:1]
