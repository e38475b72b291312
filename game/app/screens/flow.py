"""The game's flow as a finite-state machine.

Menu → NewGame (or Settings, Rules, Replays) → HatDrop → LayTaws (the setup) → turns ([HandOver →] Aim, or Thinking → AiAim, → Shot →
Ruling) → GameOver → Menu; Replays → [HandOver →] Aim or Thinking continues an unfinished game.  HandOver is the
banner naming the next person when several play at one machine.  ``defaultTransitions`` makes any other jump an error
(``RequestDenied``), which keeps bugs in the flow loud.  Each state's
behaviour lives in its own module under ``game/app/screens``; this class only
builds the state object on entry and tears it down on exit.
"""

from __future__ import annotations

from direct.fsm.FSM import FSM

from game.app.screens import STATE_CLASSES


class GameFlow(FSM):
    defaultTransitions = {
        "Menu": ["NewGame", "Settings", "Rules", "Replays", "Learn", "HatDrop"],  # HatDrop: taw play --seats
        # Learn the game: the list of lessons, a lesson's one shot, its result (retry, next, back to the list).
        "Learn": ["Menu", "Aim"],
        "LessonResult": ["Learn", "Aim", "Menu"],
        "NewGame": ["Menu", "HatDrop"],
        "Settings": ["Menu"],
        "Rules": ["Menu"],
        # Watching a game from the list happens inside this state; Continue takes an unfinished one up again.
        "Replays": ["Menu", "Aim", "Thinking", "HandOver"],
        "HatDrop": ["LayTaws", "Aim", "Thinking", "HandOver", "Menu"],
        # The setup: the people at the machine lay their taws on their lines before the first shot.
        "LayTaws": ["Aim", "Thinking", "HandOver", "Menu"],
        # Several people at the machine: the banner naming the next one before they aim.
        "HandOver": ["Aim", "Menu"],
        "Aim": ["Shot", "Menu"],
        "Thinking": ["AiAim", "Menu", "PlayOut"],  # PlayOut: a player who is out plays the rest at once
        "PlayOut": ["GameOver", "Menu"],
        "AiAim": ["Shot", "Menu", "PlayOut"],  # an AI's aim shown for a second before it shoots
        "Shot": ["Ruling", "Menu", "Aim", "Thinking", "HandOver"],  # back to the shooter if the match refuses it
        "Ruling": ["Aim", "Thinking", "HandOver", "GameOver", "Menu", "LessonResult", "PlayOut"],
        "GameOver": ["Menu", "NewGame"],
    }

    def __init__(self, app) -> None:
        FSM.__init__(self, "GameFlow")
        self.app = app
        self.current = None
        self.history: list[str] = []

    def defaultEnter(self, *args) -> None:
        if self.newState == "Off":  # cleanup() on shutdown
            return
        state_class = STATE_CLASSES[self.newState]
        self.history.append(self.newState)
        self.current = state_class(self.app, *args)
        self.current.enter()

    def defaultExit(self) -> None:
        self.app.stop_watching()  # leaving a state (to the menu, say) closes a replay watched from it
        if self.current is not None:
            self.current.exit()
            self.current = None

    def shutdown(self) -> None:
        self.cleanup()
