"""A player who is out plays the rest of the game at once: nothing animated, the AIs plan as usual.

Each AI's turn is chosen as in a watched game (``session.think()``), its shot
computed (``start_shot``) and judged (``finish_shot``, which records it in the
game's replay) without being played back; a panel counts the shots.  At the
end the game-over screen shows the result, and the whole game can be watched.
"""

from __future__ import annotations

from game.app.hud import theme
from game.app.screens.base import State
from game.app.session.live_shot import PlayedShot
from game.match.players import RandomPlayer
from game.app.scene.table_view import ViewMode
from game.app.screens.screen import Screen


class PlayOutState(State):
    name = "play-out"

    def __init__(self, app, live: PlayedShot | None = None) -> None:
        super().__init__(app)
        self.live = live  # a shot already started when the player chose to play to the end

    def enter(self) -> None:
        app = self.app
        game = app.game
        self.choice = None
        self.played = 0
        app.view.hide_aim()
        app.view.set_mode(ViewMode.OVERHEAD)
        game.refresh_hud(hint="Playing to the end   Esc: pause")
        self.panel = self.keep(theme.panel(app.aspect2d, (-0.7, 0.7, -0.14, 0.14), colour=theme.OPAQUE_PANEL))
        self.label = theme.label(self.panel, "", (0, -0.015), scale=0.055, colour=theme.BRASS)
        self.add_task(self._step, "step")

    def _step(self, task):
        session = self.app.game.session
        if self.live is None and self.choice is None:
            if session.is_over():
                self.app.view.sync(session.positions())
                self.go(Screen.GAME_OVER)
                return task.done
            self.choice = session.think()
        if self.choice is not None and self.choice.done():
            try:
                shot = self.choice.result()
            except Exception:  # a failed plan must not stop the game: a random shot, as in a watched game
                shot = RandomPlayer(session.view().turn).choose_shot(session.view())
            self.choice = None
            self.live = session.start_shot(shot)
        if self.live is not None and self.live.computed:
            self.live.skip_to_end()
            session.finish_shot(self.live)
            self.live = None
            self.played += 1
        state = session.state
        self.label["text"] = f"Playing to the end: {self.played} shots played, round {state.round + 1}"
        return task.cont

    def exit(self) -> None:
        if self.choice is not None and not self.choice.done():
            self.choice.cancel()
        if self.live is not None:
            self.live.close()
        super().exit()
