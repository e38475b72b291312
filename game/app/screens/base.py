"""What every state of the flow shares: its widgets, its events and its tasks are released on exit."""

from __future__ import annotations

from direct.showbase.DirectObject import DirectObject

from game.app.input.bindings import action_event
from game.app.screens.screen import Screen


class State(DirectObject):
    name = "state"

    def __init__(self, app) -> None:
        self.app = app
        self._widgets: list = []
        self._tasks: list[str] = []
        self.elapsed = 0.0  # seconds of play since a countdown began (add_countdown)

    # Subclasses build their screen in enter() and may override exit() (calling super).
    def enter(self) -> None:
        pass

    def exit(self) -> None:
        self.ignoreAll()
        for task_name in self._tasks:
            self.app.taskMgr.remove(task_name)
        for widget in self._widgets:
            widget.destroy()
        self._widgets.clear()

    def resumed(self) -> None:
        """The game goes on after a pause or a replay: forget input seen before it (the pointer moved)."""

    def planning(self) -> bool:
        """A worker plans a shot for this screen now (the app caps its frames meanwhile: ``game.app.frame_cap``)."""
        return False

    def cancel_gesture(self) -> bool:
        """Let go of a gesture in progress (a charging shot) without acting on it; True if there was one.

        Esc asks this before it opens the pause menu, and a menu or a replay
        opening over the state asks it too, so nothing fires behind them.
        """
        return False

    def keep(self, widget):
        self._widgets.append(widget)
        return widget

    def on_action(self, action: str, handler, extra: list | None = None) -> None:
        """Call ``handler`` on the action, except while a menu or a replay holds the game."""
        def guarded(*args):
            if not self.app.is_held():
                handler(*args)

        self.accept(action_event(action), guarded, extra or [])

    def add_task(self, func, name: str, sort: int = 0, while_held: bool = False) -> None:
        """A per-frame task for the state's life, skipped while the game is paused or a replay is
        watched unless ``while_held`` (a task that must hide something then, say)."""
        full = f"taw-{self.name}-{name}-{id(self)}"

        def guarded(task):
            if self.app.is_held():
                return task.cont
            return func(task)

        self.app.taskMgr.add(func if while_held else guarded, full, sort=sort)
        self._tasks.append(full)

    def add_countdown(self, seconds: float, then, each_frame=None) -> None:
        """Call ``then`` once ``seconds`` of play have passed (paused time does not count; ``elapsed`` says how
        far it is); ``each_frame(dt)`` meanwhile, say to animate something."""
        self.elapsed = 0.0

        def tick(task):
            dt = self.app.clock.getDt()
            if each_frame is not None:
                each_frame(dt)
            self.elapsed += dt
            if self.elapsed >= seconds:
                then()
                return task.done
            return task.cont

        self.add_task(tick, "countdown")

    def go(self, state: Screen, *args) -> None:
        self.app.flow.request(state, *args)
