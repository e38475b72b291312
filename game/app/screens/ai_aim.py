"""An AI has chosen its shot: for about a second its aim is shown before it shoots.

The chalk line runs from its taw along the aim to the first body it meets,
a caption says it in words ("Mars aims at the Sun, firm"), and the camera
frames the taw and the target.  The shot is computed meanwhile, so it plays
the moment the announcement ends.  Space skips ahead to the shot.
"""

from __future__ import annotations

from game.app.hud.ai_aim_caption import AimCaption, aim_line_length, read_aim, target_point
from game.app.hud.out_offer import OutOffer
from game.app.screens.base import State
from game.match.players import Shot
from game.app.scene.table_view import ViewMode
from game.app.screens.screen import Screen

SHOW_SECONDS = 1.2
HURRIED_SECONDS = 0.4  # Space was pressed while the AI thought: a glance, then the shot


class AiAimState(State):
    name = "ai-aim"

    def __init__(self, app, shot: Shot) -> None:
        super().__init__(app)
        self.shot = shot
        self.live = None
        self.caption: AimCaption | None = None
        self.offer: OutOffer | None = None

    def enter(self) -> None:
        app = self.app
        game = app.game
        view = game.session.view()
        self.reading = read_aim(view, self.shot)
        reading = self.reading
        if reading is not None:  # (None: no taw down and no place given; the match will say why)
            positions = dict(view.positions)
            positions[view.taw] = reading.origin
            app.view.sync(positions)
            app.view.show_aim(reading.origin, reading.direction, aim_line_length(reading), reading.contact)
            app.view.frame_action([reading.origin, target_point(reading)], reading.direction)
            self.caption = self.keep(AimCaption(app, reading))
        self.offer = self.keep(OutOffer(app, self.play_out)) if OutOffer.wanted(app) else None  # the player is out
        game.refresh_hud(hint="Space: shoot now   Tab: overhead   F: free camera   Esc: pause")
        # Computed while the aim is shown.  From here the session is past this shot until it is played,
        # so the HUD is not asked again until the ruling (the Shot screen keeps this status).
        self.live = game.session.start_shot(self.shot)
        wait = 0.0 if reading is None else HURRIED_SECONDS if game.fast_forward else SHOW_SECONDS
        self.on_action("fast-forward", self.proceed)
        self.on_action("overhead", toggle_overhead, [app.view])
        self.on_action("free-camera", app.view.set_mode, [ViewMode.FREE])
        self.add_countdown(wait, self.proceed, each_frame=game.hud.tick)

    def proceed(self) -> None:
        if self.app.flow.state != Screen.AI_AIM:
            return
        live, self.live = self.live, None  # handed on: the Shot screen plays it
        self.go(Screen.SHOT, self.shot, live)

    def play_out(self) -> None:
        """The player is out and plays the rest at once: this shot, already computed, counts."""
        live, self.live = self.live, None
        self.go(Screen.PLAY_OUT, live)

    def exit(self) -> None:
        self.app.view.hide_aim()
        if self.live is not None:  # left for the menu before the shot was played
            self.live.close()
            self.live = None
        super().exit()


def toggle_overhead(view) -> None:
    """Tab during an AI's turn: the whole ground from above, and back to the framed action."""
    view.set_mode(ViewMode.ACTION if view.mode == ViewMode.OVERHEAD else ViewMode.OVERHEAD)
