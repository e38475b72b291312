"""The desktop game: one ShowBase subclass that owns the window, the flow and its parts.

Built from an ``AppConfig`` and torn down with ``destroy()``, so a test can
make one offscreen, play it through the messenger, and make another after.
The PRC page it loads is unloaded again in ``destroy()``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from direct.showbase.ShowBase import ShowBase
from panda3d.core import ConfigPage, loadPrcFileData, unloadPrcFile

from game.app.app_config import AppConfig
from game.app.input.bindings import KeyBindings, action_event
from game.app.people import PeopleStore
from game.app.settings import Settings, save_settings
from game.app.window import WindowControl
from game.errors import UserError
from game.app.screens.screen import Screen

if TYPE_CHECKING:   # the parts are imported where they are built, after the window opens
    from game.app.audio.bank import AudioBank
    from game.app.frame_cap import FrameCap
    from game.app.hud.corner_note import CornerNote
    from game.app.replay.watch import ReplayWatch
    from game.app.scene.render_scale import RenderScale
    from game.app.scene.table_view import TableView
    from game.app.screens.flow import GameFlow
    from game.app.screens.history import HistoryOverlay
    from game.app.screens.pause import PauseOverlay
    from game.app.session.game_context import GameContext
    from game.app.session.game_setup import GameSetup

Part = TypeVar("Part")

# Where R shows the last shot again: its ruling, and the turns after it.
WATCH_KEY_STATES = (Screen.RULING, Screen.HAND_OVER, Screen.AIM, Screen.THINKING, Screen.GAME_OVER)
LEAVE_TASK = "taw-leave-replay"


COACH_WORKERS = 2


def _built(part: Part | None, name: str) -> Part:
    """A part of the app, which exists from the end of ``__init__`` until ``destroy()``."""
    if part is None:
        raise RuntimeError(f"the app's {name} is not built (asked for before the app was made, or after destroy)")
    return part


class TawApp(ShowBase):
    # The parts built in __init__, read through the properties of the same name; None until built, so
    # destroy() after a failed build releases what exists.
    _audio: AudioBank | None = None
    _view: TableView | None = None
    _pause: PauseOverlay | None = None
    _history: HistoryOverlay | None = None
    _flow: GameFlow | None = None
    _render_scale: RenderScale | None = None
    _frame_cap: FrameCap | None = None

    def __init__(self, config: AppConfig, session_factory=None) -> None:
        self.app_config = config
        # How a GameSetup becomes a playable session; tests may pass their own.
        self.session_factory = session_factory
        self.game: GameContext | None = None  # the game in progress
        self.watching: ReplayWatch | None = None  # while the player watches a replay
        self.last_setup: GameSetup | None = None  # the New Game screen's last choices, offered again next time
        self.settings: Settings = config.settings
        self.warnings_seen: list[str] = []
        self.quality_note: CornerNote | None = None  # the first start's note of the graphics quality chosen
        # Worker processes for teaching (issue 11), started on first use and closed in destroy():
        # the shot preview's (game.app.session.previewer) and the coach's planner.
        self.previewer = None
        self.coach_pool = None
        # Each person's own settings and the last seating (people.json beside the settings).
        self.people = PeopleStore.load(config.paths.people_file)
        self._prc_page: ConfigPage = loadPrcFileData("sun-planet-taw-app", config.prc())
        ShowBase.__init__(self, windowType="offscreen" if config.offscreen else None)
        self.disableMouse()
        self.setBackgroundColor(0.62, 0.67, 0.74, 1.0)  # the scene's haze at the horizon
        self.window = WindowControl(self, config.paths.screenshot_dir)
        self.keys = KeyBindings.with_overrides(self.settings.keys)

        from game.app.audio.bank import AudioBank
        from game.app.screens.flow import GameFlow
        from game.app.screens.history import HistoryOverlay
        from game.app.screens.pause import PauseOverlay

        from game.app.scene.table_view import TableView

        from game.app.hud import theme

        theme.use_palette(self.settings.palette)
        self._audio = AudioBank(self.loader, self.settings.volume)
        try:
            self._view = TableView(self)
        except Exception as err:  # a model or shader missing from a broken install: one line, not a traceback
            self.destroy()
            raise UserError(f"the 3D table could not be built ({err}); 'taw check --render' says more",
                            exit_code=1) from err
        from game.app.scene.render_scale import RenderScale

        self._render_scale = RenderScale(self, msaa=self.settings.msaa)
        self._render_scale.set_scale(self.settings.render_scale)
        self._pause = PauseOverlay(self)
        self._history = HistoryOverlay(self)
        self._flow = GameFlow(self)
        from game.app.frame_cap import FrameCap, display_fps

        self._frame_cap = FrameCap(self.taskMgr, self.planning, display_fps(self.pipe))
        self.keys.bind_global(self)
        for action, handler in (("replay-last", self.watch_key), ("slopes", self.toggle_slopes)):
            self.accept(action_event(action), handler)
        for note in self.people.notes:
            self.note_warning(note)
        self.flow.request(Screen.MENU)
        if config.detect_quality:
            self._detect_at_first_start()
        if config.seating is not None:
            self.start_seated(config.seating)

    # -- the parts --------------------------------------------------------------

    @property
    def audio(self) -> AudioBank:
        return _built(self._audio, "audio")

    @property
    def view(self) -> TableView:
        return _built(self._view, "table view")

    @property
    def pause(self) -> PauseOverlay:
        return _built(self._pause, "pause overlay")

    @property
    def history(self) -> HistoryOverlay:
        return _built(self._history, "history overlay")

    @property
    def flow(self) -> GameFlow:
        return _built(self._flow, "screen flow")

    @property
    def render_scale(self) -> RenderScale:
        return _built(self._render_scale, "render scale")

    # -- settings -------------------------------------------------------------

    def apply_settings(self, settings: Settings) -> None:
        """Use new settings now and keep them for next time."""
        self.settings = settings
        self.audio.master_volume = settings.volume
        self.window.apply(settings)
        self.view.set_quality(settings)
        from game.app.hud import theme

        theme.use_palette(settings.palette)
        self.render_scale.set_scale(settings.render_scale)
        self.use_keys(settings.keys)
        self._keep_settings(settings)

    def toggle_slopes(self) -> None:
        """T: the slope view on or off (contour lines and height tint on rough earth), kept like any setting."""
        from dataclasses import replace

        self.settings = replace(self.settings, slopes=not self.settings.slopes)
        self.view.scene.show_slopes(self.settings.slopes)
        self._keep_settings(self.settings)
        if self.game is not None:  # only the slope line changes: the screen's own words (whose turn, the hint) stay
            self.game.hud.show(replace(self.game.hud.status, slopes=self.game.slope_line()))

    def _keep_settings(self, settings: Settings) -> None:
        if self.app_config.save_settings:
            try:
                save_settings(settings, self.app_config.paths.settings_file)
            except (UserError, OSError) as err:  # a full disk, a read-only folder: the settings apply for this run
                from game.app.hud.file_problem import reason

                self.note_warning(f"The settings were not saved ({reason(err, 'settings folder')}); "
                                  "they apply until you quit")

    def use_keys(self, overrides) -> None:
        """Bind these keys (the machine's, or on a person's turn their own) in place of those bound now."""
        if dict(overrides) != dict(self.keys.overrides):
            self.keys = self.keys.rebind(self, overrides)

    def _detect_at_first_start(self) -> None:
        """Say what is happening, draw that, then measure (the loop stands still for a few seconds)."""
        from game.app.hud.corner_note import Corner, CornerNote

        note = CornerNote(self, "Choosing the graphics quality for this machine...", Corner.TOP_RIGHT)
        self.quality_note = note

        def run(task):
            found = self.detect_quality()
            note.set_text(f"Graphics quality chosen: {found.summary()}.\n"
                                       "Settings > Detect measures again.")
            self.taskMgr.doMethodLater(6.0, lambda t: self._drop_quality_note(), "taw-detect-note")
            return task.done

        self.taskMgr.doMethodLater(0.3, run, "taw-detect-quality")

    def _drop_quality_note(self) -> None:
        if self.quality_note is not None:
            self.quality_note.destroy()
            self.quality_note = None

    def detect_quality(self, frames: int = 6):
        """Measure frames of the table at each candidate quality, best first; apply and keep the first that
        holds 30 fps (the cheapest if none does).  Takes a second or a few; returns the ``Detection``."""
        from game.app.scene.detect import detect, measure_frames

        renderer = self.win.getGsg().getDriverRenderer() if self.win.getGsg() else "unknown"

        def measure(profile) -> float:
            trial = replace(self.settings, quality=profile.quality, shadows=profile.shadows,
                            render_scale=profile.render_scale)
            self.view.set_quality(trial)
            self.render_scale.set_scale(profile.render_scale)
            return measure_frames(self.graphicsEngine.renderFrame, self.win.getScreenshot, frames=frames)

        found = detect(renderer, measure)
        p = found.profile
        self.apply_settings(replace(self.settings, quality=p.quality, shadows=p.shadows, msaa=p.msaa,
                                    render_scale=p.render_scale, detected_frame_ms=round(found.frame_ms, 1)))
        return found

    # -- the game in progress ------------------------------------------------

    def make_session(self, setup):
        if self.session_factory is not None:
            return self.session_factory(setup)
        from game.app.session.match_session import MatchSession

        return MatchSession(setup, seed=self.app_config.seed)

    def start_seated(self, seating) -> None:
        """``taw play --seats``: this seating's game at once (and offered again on the New game screen)."""
        from game.app.session.game_setup import GameSetup

        setup = GameSetup(seating=seating)
        self.last_setup = setup
        problem = self.people.remember_seating(seating)
        if problem:
            self.note_warning(problem)
        self.flow.request(Screen.HAT_DROP, setup)

    def next_turn_state(self) -> Screen:
        game = self.game
        if game is None:
            raise RuntimeError("the next turn was asked for with no game in progress")
        if not game.session.is_human_turn():
            return Screen.THINKING
        return Screen.HAND_OVER if game.needs_hand_over() else Screen.AIM

    def planning(self) -> bool:
        """A worker plans a shot for the screen shown: the coach's advice, or an AI's turn (``FrameCap``)."""
        current = self.flow.current if self._flow is not None else None
        return current is not None and current.planning()

    def is_held(self) -> bool:
        """The game stands still: paused, the history open, or a replay being watched."""
        return self.pause.active or self.history.active or self.watching is not None

    # -- watching the replay ---------------------------------------------------

    def watch_replay(self, whole: bool = False) -> bool:
        """Open the replay viewer on the last shot (or the whole game so far); False if there is none yet."""
        if self.watching is not None or self.game is None:
            return False
        replay = self.game.session.replay()
        if replay is None:
            return False
        # The last shot is watched inside the whole game, so it keeps its number and [ steps back from it.
        return self.watch(replay, first_shot=0 if whole else len(replay.shots) - 1)

    def watch(self, replay, first_shot: int = 0, back_label: str = "Back to the game") -> bool:
        """Open the viewer on any ``Replay`` (one from the list of saved games, say); False if it has no shots."""
        if self.watching is not None or not replay.shots:
            return False
        if self.flow.current is not None:
            self.flow.current.cancel_gesture()  # nothing fires behind the viewer
        from game.app.replay.watch import ReplayWatch

        self.watching = ReplayWatch(self, replay, on_exit=self.leave_replay, first_shot=first_shot,
                                    back_label=back_label)
        return True

    def leave_replay(self) -> None:
        """Escape or the Back button: close once this event is handled, so the same key reaches nothing else."""
        if self.watching is not None and not self.taskMgr.hasTaskNamed(LEAVE_TASK):
            self.taskMgr.add(lambda task: self.stop_watching(), LEAVE_TASK)

    def stop_watching(self) -> None:
        """Leave the viewer now: back to the state, camera and screen the player left."""
        self.taskMgr.remove(LEAVE_TASK)
        watching, self.watching = self.watching, None
        if watching is not None:
            watching.close()
            if self.flow.current is not None:
                self.flow.current.resumed()

    def watch_key(self) -> None:
        """R: the last shot again, from the ruling on (in the free camera R rises instead)."""
        from game.app.scene.table_view import ViewMode

        if self.flow.state in WATCH_KEY_STATES and self.view.mode != ViewMode.FREE and not self.is_held():
            self.watch_replay(whole=False)

    def end_game(self) -> None:
        self.stop_watching()
        if self._history is not None:
            self._history.close()
        if self.game is not None:
            self.game.close()
            self.game = None

    def quit_game(self) -> None:
        """The menu's Quit: end the main loop (tests replace this)."""
        self.userExit()

    def shot_previewer(self):
        if self.previewer is None:
            from game.app.session.previewer import Previewer

            self.previewer = Previewer()
        return self.previewer

    def coach_planner(self):
        """The coach's (and the preview's reply) planner: two workers where the machine has the cores
        (docs/performance.md, "The coach's pace").  Its processes start, and import the planner, in the
        background the first time it is asked for: a person's turn asks as it opens, so H finds them warm."""
        if self.coach_pool is None:
            from game.ai.workers import PlannerPool, capped_workers

            self.coach_pool = PlannerPool(capped_workers(COACH_WORKERS)[0])
            self.coach_pool.warm(("game.coach.advice",))
        return self.coach_pool

    def note_warning(self, message: str) -> None:
        self.warnings_seen.append(message)

    # -- teardown -------------------------------------------------------------

    def destroy(self) -> None:
        if self.watching is not None:
            self.stop_watching()
        if self._frame_cap is not None:
            self._frame_cap.destroy()
            self._frame_cap = None
        if self._flow is not None:
            self._flow.shutdown()
        self.end_game()
        for worker in (self.previewer, self.coach_pool):
            if worker is not None:
                worker.close()
        self.previewer = self.coach_pool = None
        if self._history is not None:
            self._history.destroy()
        if self._pause is not None:
            self._pause.destroy()
        if self._render_scale is not None:
            self._render_scale.destroy()
        if self._view is not None:
            self._view.destroy()
        if self._audio is not None:
            self._audio.close()
        self.ignoreAll()
        ShowBase.destroy(self)
        if self._prc_page is not None:
            unloadPrcFile(self._prc_page)
            self._prc_page = None

