"""GUI soak: thousands of offscreen frames of seeded random keys, clicks and aim moves.

The app runs offscreen on a fixed 1/60 s clock. Each frame, with some
probability: a raw key (bound or not), a click on a random visible DirectGUI
button (never Quit; New game's seat rows more often, so people share games
and the hand-over banner is reached), a name typed into a seat row (some
refused: repeated, empty, too long, a level word, a control character), an
aim move (offscreen there is no pointer, so it goes
through ``AimState.turn``), or idle frames. Before and after, at the menu,
the nodes, tasks and listened-for events are counted: whatever a state built
must be gone when it left. The inputs are seeded, but shots are computed on
a thread, so the app's answers may differ slightly from run to run. The
states visited and every exception from a task or handler are reported.
"""

from __future__ import annotations

import random
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from stress.fs_faults import Fault

KEYS = ["space", "space", "space", "mouse1", "mouse1-up", "mouse1", "mouse1-up", "enter", "enter-up", "tab", "o",
        "f", "k", "arrow_left", "arrow_right", "a", "d", "[", "]", "page_up", "page_down", "x", "1", "q", "e", "w",
        "s", "r", "r", "v", "backspace", "delete", "home", "end", "l", "c", "1", "2", "3", "4", "5", "6",
        "arrow_up", "arrow_down"]
RARE_KEYS = ["escape", "p", "f1", "f11", "f12"]  # leave, pause, rules, fullscreen, screenshot
# How much more often a button is clicked, by its label: enough starts to get into games.
BUTTON_WEIGHTS = {"New game": 6.0, "Start": 5.0, "Back": 0.5, "Leave to menu": 0.3, "Resume": 2.0,
                  "Watch the game": 3.0, "Back to the game": 0.5, "Watch a replay": 3.0, "Watch": 3.0, "Continue": 3.0,
                  "Back to the list": 0.5}
SEEDS_TYPED = ["", "7", "42", "-3", "12345678901234567890", "seven", " 5 ", "1e3", "0"]
# A New game seat row's kind button ("2:  Person"): clicked more, so people share games (hot seat).
SEAT_KIND_WEIGHT = 3.0
# Names typed into a seat row: ordinary, repeated (refused), empty, a level word, too long, control characters.
NAMES_TYPED = ["Ann", "Bob", "ann", "", "  ", "hard", "Zoë", "x" * 40, "Tab\tby", "Player 2", "Hard AI"]


@dataclass
class Census:
    render: int
    aspect2d: int
    render2d: int
    tasks: int
    events: int
    widgets: int  # DirectGUI widgets alive (DirectGuiWidget.guiDict)

    @property
    def nodes(self) -> int:
        return self.render + self.aspect2d + self.render2d

    def __str__(self) -> str:
        return (f"nodes {self.nodes} (render {self.render}, aspect2d {self.aspect2d}, render2d {self.render2d}), "
                f"tasks {self.tasks}, events listened {self.events}, widgets {self.widgets}")


@dataclass
class GuiSoakReport:
    seed: int
    frames: int = 0
    inputs: int = 0
    clicks: int = 0
    games_started: int = 0
    states: dict[str, int] = field(default_factory=dict)
    before: Census | None = None
    after: Census | None = None
    errors: list[str] = field(default_factory=list)
    wall_s: float = 0.0
    fault: str = ""
    notices: set[str] = field(default_factory=set)   # what the HUD and the menu said could not be done

    @property
    def leaked(self) -> list[str]:
        if self.before is None or self.after is None:
            return []
        out = []
        for name in ("render", "aspect2d", "render2d", "tasks", "events", "widgets"):
            a, b = getattr(self.before, name), getattr(self.after, name)
            if b != a:
                out.append(f"{name}: {a} -> {b}")
        return out

    def summary(self) -> str:
        lines = [f"{self.frames} frames, {self.inputs} inputs ({self.clicks} clicks), {self.games_started} games "
                 f"started, {self.states.get('HandOver', 0)} hot-seat hand-overs, {self.wall_s:.1f} s "
                 f"(seed {self.seed})",
                 "states entered: " + ", ".join(f"{k} {v}" for k, v in sorted(self.states.items())),
                 f"before, in the menu: {self.before}", f"after, in the menu:  {self.after}",
                 f"{len(self.errors)} errors" + (":" if self.errors else "")]
        if self.fault:
            lines.insert(1, f"fault: {self.fault}; said: " + (" | ".join(sorted(self.notices)) or "nothing"))
        elif self.notices:  # no fault made for the run, but the app said it could not do something (a full disk)
            lines.insert(1, "said: " + " | ".join(sorted(self.notices)))
        lines += ["  " + e for e in self.errors[:20]]
        if self.leaked:
            lines.append("changed: " + "; ".join(self.leaked))
        return "\n".join(lines)


def let_notices_fade(app, step: Callable[[int], None]) -> None:  # type: ignore[no-untyped-def]
    """Step on until a notice the run left showing (a screenshot saved, or not) has gone, as it does after
    ``NOTICE_SECONDS``: the census after the run is of the menu at rest, and a notice still fading is no leak.
    A notice that outlives its time is still counted."""
    from game.app.window import NOTICE_SECONDS, NOTICE_TASK

    for _ in range(int(NOTICE_SECONDS * 60) + 60):
        if not app.taskMgr.hasTaskNamed(NOTICE_TASK):
            return
        step(1)


def census(app) -> Census:  # type: ignore[no-untyped-def]
    from direct.gui.DirectGuiBase import DirectGuiWidget

    events = app.messenger.getEvents() if hasattr(app.messenger, "getEvents") else []
    return Census(app.render.countNumDescendants(), app.aspect2d.countNumDescendants(),
                  app.render2d.countNumDescendants(), len(app.taskMgr.getAllTasks()), len(events),
                  len(DirectGuiWidget.guiDict))


def visible_buttons(app) -> list:  # type: ignore[no-untyped-def]
    """Every DirectGUI button a person could click now (shown, not stashed, not Quit)."""
    from direct.gui.DirectButton import DirectButton
    from direct.gui.DirectGuiBase import DirectGuiWidget

    found = []
    for widget in list(DirectGuiWidget.guiDict.values()):
        if not isinstance(widget, DirectButton) or widget.isEmpty():
            continue
        if widget.isHidden() or widget.isStashed() or not widget.hasParent():
            continue
        if getattr(widget["command"], "__name__", "") == "quit_game":
            continue
        # Hidden by an ancestor, or detached from the 2-D scene.
        if widget.getTop() != app.render2d:
            continue
        path, hidden = widget, False
        while not path.isEmpty() and path != app.render2d:
            if path.isHidden() or path.isStashed():
                hidden = True
                break
            path = path.getParent()
        if not hidden and widget.guiItem.getActive():
            found.append(widget)
    return found


def build_offscreen_app(root: Path, levels: tuple[str, ...] = ("random",) * 6,  # type: ignore[no-untyped-def]
                        seed: int = 0):

    from panda3d.core import ClockObject

    from game.app.app import TawApp
    from game.app.app_config import AppConfig
    from game.app.paths import UserPaths, guard_model_cache
    from game.app.session.match_session import MatchSession
    from game.app.settings import Settings

    # As `taw play` does before its ShowBase (game.app.main): on a full or read-only disk Panda's model
    # cache and Mesa's shader cache go off, or the first model loaded prints thousands of errors and crashes.
    guard_model_cache()

    config = AppConfig(paths=UserPaths.under(root), settings=Settings(msaa=0, shadows=False, quality="low"),
                       offscreen=True, offscreen_size=(320, 180))
    # A blank seed on the New Game screen draws one from the system: the soak's seed stands in.
    app = TawApp(config, session_factory=lambda setup: MatchSession(setup.with_ai_level(levels[0]), seed=seed))
    clock = ClockObject.getGlobalClock()
    clock.setMode(ClockObject.MNonRealTime)
    clock.setFrameRate(60)
    return app


def back_to_menu(app, report: GuiSoakReport, step: Callable[[int], None]) -> None:  # type: ignore[no-untyped-def]
    if getattr(app, "watching", None) is not None:
        app.leave_replay()
        step(2)
    if app.pause.active:
        app.pause.resume()
    if app.flow.state != "Menu":
        app.flow.request("Menu")
    step(3)
    # The menu shows the system of the last game's layout (a game with other
    # Jupiter moons has more or fewer marbles): compare like with like.
    from game.rules.layout import Layout

    # The menu shows the last warnings (a screenshot or the settings not saved): keep them in the
    # report and clear them, so the census compares the same menu.
    if app.warnings_seen:
        report.notices.update(app.warnings_seen)
        app.warnings_seen.clear()
    if app.view.layout != Layout() or report.notices:
        app.view.use_layout(Layout())
        app.flow.request("Settings")
        step(2)
        app.flow.request("Menu")
        step(3)


class _Driver:
    """Steps the app a frame at a time, counting frames and the states it passes, and sends it random input."""

    def __init__(self, app, report: GuiSoakReport, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
        self.app, self.report, self.rng = app, report, rng
        self.last_seen: str | None = None

    def state(self) -> str:
        state = self.app.flow.state
        if getattr(self.app, "watching", None) is not None:
            state = f"{state}+replay viewer"
        return state

    def step(self, n: int = 1) -> None:
        """Exceptions raised in tasks or event handlers reach us through the task manager's step()."""
        report = self.report
        for _ in range(n):
            try:
                self.app.taskMgr.step()
            except SystemExit:
                report.errors.append(f"frame {report.frames}: SystemExit")
            except Exception as err:  # noqa: BLE001 - the finding
                report.errors.append(_where(report.frames, self.app, err))
            report.frames += 1
            state = self.state()
            if state != self.last_seen:
                report.states[state] = report.states.get(state, 0) + 1
                self.last_seen = state

    def random_input(self, state: str) -> None:
        """One roll of the dice: a key, a button, typed text, a sideways mouse move, or a pause."""
        from direct.gui import DirectGuiGlobals as DGG

        app, rng, report = self.app, self.rng, self.report
        current = app.flow.current
        roll = rng.random()
        if roll < 0.16:
            app.messenger.send(rng.choice(RARE_KEYS) if rng.random() < 0.08 else rng.choice(KEYS))
            report.inputs += 1
        elif roll < 0.27:
            buttons = visible_buttons(app)
            if buttons:
                button = rng.choices(buttons, [_weight(_label(b)) for b in buttons])[0]
                app.messenger.send(DGG.B1CLICK + button.guiId, [None])
                report.inputs += 1
                report.clicks += 1
        elif roll < 0.28 and state == "NewGame" and hasattr(current, "seed_entry"):
            current.seed_entry.enterText(rng.choice(SEEDS_TYPED))
            report.inputs += 1
        elif roll < 0.29 and state == "NewGame" and hasattr(current, "seats"):
            rng.choice(current.seats.rows).entry.enterText(rng.choice(NAMES_TYPED))
            report.inputs += 1
        elif roll < 0.36 and state == "Aim" and hasattr(current, "aiming"):
            current.aiming.turn(rng.uniform(-40.0, 40.0))  # a mouse move sideways
            report.inputs += 1
        elif roll < 0.375:
            self.step(rng.randrange(5, 30))

    def run(self, frames: int, faulted, on_progress) -> None:  # type: ignore[no-untyped-def]
        """Random input until ``frames`` frames have run; the fault strikes a quarter of the way in."""
        report = self.report
        in_state = 0
        fault_done = False
        last_state = self.app.flow.state
        while report.frames < frames:
            state = self.state()
            in_state = in_state + 1 if state == last_state else 0
            last_state = state
            try:
                self.random_input(state)
            except Exception as err:  # noqa: BLE001
                report.errors.append(_where(report.frames, self.app, err))
            if in_state > 900:  # a person stuck somewhere long (a game of many rounds) reaches for Escape
                self.app.messenger.send("escape")
                in_state = 0
            self.step(1)
            if report.frames >= frames // 4 and not fault_done:
                fault_done = True
                try:
                    faulted.at_frame(self.app)
                except Exception as err:  # noqa: BLE001 - the finding
                    report.errors.append(_where(report.frames, self.app, err))
            _collect_notices(self.app, report)
            if on_progress is not None and report.frames % 500 < 1:
                on_progress(report.frames, self.app.flow.state)


def gui_soak(seed: int, frames: int, root: Path, *, levels: tuple[str, ...] = ("random",) * 6,
             on_progress: Callable[[int, str], None] | None = None, fault: "Fault | None" = None) -> GuiSoakReport:
    """Drive the app with ``frames`` frames of seeded random input; the report says what broke.

    ``fault`` runs it on a faulty file system (``stress.fs_faults``):
    the app must go on and say what it could not save (``report.notices``).
    """
    from panda3d.core import ClockObject

    from stress.fs_faults import prepare

    report = GuiSoakReport(seed)
    started = time.perf_counter()
    faulted = prepare(fault, root)
    report.fault = "; ".join([fault.value] + faulted.notes) if fault is not None else ""
    try:
        app = build_offscreen_app(faulted.root, levels, seed)
    except BaseException:
        faulted.cleanup()
        raise
    try:
        driver = _Driver(app, report, random.Random(seed))
        driver.step(3)
        report.before = census(app)
        driver.run(frames, faulted, on_progress)
        back_to_menu(app, report, driver.step)
        driver.step(5)
        let_notices_fade(app, driver.step)
        report.after = census(app)
        report.games_started = report.states.get("HatDrop", 0)
    finally:
        app.destroy()
        ClockObject.getGlobalClock().setMode(ClockObject.MNormal)
        faulted.cleanup()
    report.wall_s = time.perf_counter() - started
    return report


def _collect_notices(app, report: GuiSoakReport) -> None:  # type: ignore[no-untyped-def]
    """What the HUD's notice line and the menu's warnings say now (a file the app could not write)."""
    if app.game is not None and app.game.hud.notice_text["text"]:
        report.notices.add(app.game.hud.notice_text["text"])
    report.notices.update(app.warnings_seen)


def _weight(label: str) -> float:
    if label[:1].isdigit() and label[1:2] == ":":
        return SEAT_KIND_WEIGHT
    return BUTTON_WEIGHTS.get(label, 1.0)


def _label(button) -> str:  # type: ignore[no-untyped-def]
    text = button["text"]
    return str(text[0] if isinstance(text, (tuple, list)) and text else text)


def _where(frame: int, app, err: BaseException) -> str:  # type: ignore[no-untyped-def]
    tb = traceback.extract_tb(err.__traceback__)
    ours = [f for f in tb if "/game/" in f.filename] or tb
    last = ours[-1] if ours else None
    at = f" at {Path(last.filename).name}:{last.lineno}" if last else ""
    return f"frame {frame} in {app.flow.state}: {type(err).__name__}: {str(err)[:200]}{at}"
