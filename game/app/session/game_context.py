"""One game in progress as the app sees it: the session, the HUD and the feed.

Made when a new game starts (HatDrop) and closed when the player leaves to
the menu; the states reach it through ``app.game``.  It starts the game's
replay file in the user's data folder (``replays/<timestamp>-seed<N>.replay``).
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from game.app.hud.game_hud import Hud, HudStatus, PlayerLine
from game.app.hud.lesson_panel import LessonPanel
from game.app.hud.naming import Naming
from game.app.session.game_setup import GameSetup
from game.app.session.preview_mode import PreviewMode, preview_mode
from game.app.session.protocol import GameSession
from game.app.settings import Settings
from game.coach.lessons import Lesson, opening_shot
from game.app.hud.ground_words import slope_words
from game.app.input.bindings import key_words


class GameContext:
    def __init__(self, app, session: GameSession, setup: GameSetup, lesson: Lesson | None = None) -> None:
        self.app = app
        self.lesson = lesson  # a lesson of "Learn the game" being played (its shot is judged by its goal)
        self.session = session
        self.setup = setup
        self.hud = Hud(app)
        self.lesson_panel = LessonPanel(app, lesson) if lesson is not None else None
        # A lesson opens on an aim and power that fail its goal (the aim screen starts there): passing takes aiming.
        self.opening = opening_shot(lesson, session.state) if lesson is not None else None
        self.feed: tuple[str, ...] = ()
        self.feed_title = "The hat"
        self.fast_forward = False
        self.power: dict[str, float] = {}  # each shooter's last power level: the next turn starts at it
        # Planets held by people, and their names: what every screen names players by.
        # (A session that seats no one by name, a lesson, gives each planet as its own name: none kept.)
        named = {p: session.name_of(p) for p in session.players if session.name_of(p) != p}
        self.naming = Naming(named, frozenset(session.people))
        self.handed_to: str | None = None  # the person who last took the mouse (a hot-seat game's banner)
        self.replay_path: Path | None = None
        if setup.preview.draws:
            app.shot_previewer()  # the worker starts while the hat is dropped, ready for the first shot
        if lesson is not None:  # a lesson's shot is kept in memory only
            session.record_to(None)
        elif session.recorder is not None:  # a continued game records on into its own file
            self.replay_path = session.recorder.path
        else:
            self.replay_path = replay_path(app.app_config.paths.replay_dir, session.seed)
            session.record_to(self.replay_path)

    def status(self, **changes) -> HudStatus:
        s = self.session
        naming = self.naming
        players = tuple(
            PlayerLine(planet=p, purse=s.purses().get(p, 0), human=p == s.human, level=s.level_of(p),
                       active=p in s.active_players(), name=naming.label(p) if naming.names else "")
            for p in s.players
        )
        view = s.view() if not s.is_over() else None
        base = HudStatus(shooter=view.shooter if view else "", players=players, stakes=s.stakes(),
                         sun_place=s.sun_place(), turn=(view.turn + 1) if view else 0,
                         round=(view.round + 1) if view else 0, round_limit=s.house.round_limit or 0,
                         feed=self.feed, feed_title=self.feed_title,
                         notice=s.replay_error or "", slopes=self.slope_line())
        return replace(base, **changes)

    def slope_line(self) -> str:
        """On rough earth, the HUD's line on the slope view (its key, or its legend while it is on)."""
        scene = self.app.view.scene
        keys = self.app.keys.keys_of("slopes")
        return slope_words(scene.ground_heights is not None, scene.slope_view, scene.contour_interval,
                           key_words(keys[0]) if keys else "(no key)")

    def refresh_hud(self, **changes) -> None:
        self.hud.show(self.status(**changes))

    def needs_hand_over(self) -> bool:
        """Several people play and the mouse must pass to the one whose turn it is now."""
        shooter = self.session.shooter()
        return self.naming.hot_seat() and self.naming.is_person(shooter) and shooter != self.handed_to

    def turn_settings(self) -> Settings:
        """The settings for this turn: the machine's, with the shooting person's own laid over them."""
        session = self.session
        if session.is_over() or not self.naming.is_person(session.shooter()):
            return self.app.settings
        return self.app.people.settings_for(self.naming.name(session.shooter()), self.app.settings)

    def preview_mode(self) -> PreviewMode:
        """The shot preview for this turn: the shooting person's own if they chose one, else the game's."""
        session = self.session
        if not session.is_over() and self.naming.is_person(session.shooter()):
            profile = self.app.people.profile(self.naming.name(session.shooter()))
            if profile is not None and "preview" in profile.values:
                return preview_mode(profile.values["preview"])  # checked as the settings' key was
        return self.setup.preview

    def aim_aid_strength(self) -> float:
        return self.turn_settings().aim_aid if self.setup.aim_aid_allowed() else 0.0

    def close(self) -> None:
        self.app.use_keys(self.app.settings.keys)  # a person's own keys go with the game
        self.hud.destroy()
        if self.lesson_panel is not None:
            self.lesson_panel.destroy()
        self.session.close()


def replay_path(folder: Path, seed: int | None, now: float | None = None) -> Path:
    """A new file in ``folder``, claimed: local time and seed, numbered if two games start in one second.

    The name is taken by creating the file (``O_EXCL``), so two instances of
    the game started in the same second with the same seed never share one
    (the recorder writes the game's header over it at once).  Where nothing
    can be created (a read-only or full disk) the name is returned unclaimed,
    and the recorder says what it could not save.
    """
    import os

    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    base = f"{stamp}-seed{seed}" if seed is not None else stamp
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    for n in range(1, 10_000):
        path = folder / (f"{base}.replay" if n == 1 else f"{base}-{n}.replay")
        try:
            os.close(os.open(path, flags, 0o666))
        except FileExistsError:
            continue
        except OSError:
            return path
        return path
    return folder / f"{base}-{os.getpid()}.replay"
