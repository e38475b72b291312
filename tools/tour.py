#!/usr/bin/env python3
"""Render the README's screenshots offscreen: menu, aiming, an AI aiming, overhead, a replay watched, game over,
the history.

    .venv/bin/python -m tools.tour docs/screenshots            # menu, aiming, overhead, watching, history, game over
    .venv/bin/python -m tools.tour docs/screenshots --replays  # replays.png, the list of saved games

The first plays a short seeded game against the AI layer's random level;
the second records a few short real games first.  Used to refresh
docs/screenshots/ and to look at changes.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from direct.gui import DirectGuiGlobals as DGG
from panda3d.core import ClockObject, Filename


from game.app.app_config import AppConfig
from game.app.paths import UserPaths
from game.app.settings import Settings


def screenshot_app(folder: Path, size: tuple[int, int]):
    """The app offscreen at high quality, random-level opponents, user files under ``folder``, a fixed 1/60 s clock."""
    from game.app.app import TawApp
    from game.app.session.match_session import MatchSession

    config = AppConfig(paths=UserPaths.under(folder), settings=Settings(msaa=4, shadows=True, quality="high"),
                       offscreen=True, offscreen_size=size, save_settings=False)
    app = TawApp(config, session_factory=lambda s: MatchSession(s.with_ai_level("random")))
    clock = ClockObject.getGlobalClock()
    clock.setMode(ClockObject.MNonRealTime)
    clock.setFrameRate(60)
    return app


class _Tour:
    """One seeded game played through the app's own inputs, photographed at the moments the README shows."""

    def __init__(self, app, out: Path):
        self.app, self.out, self.saved = app, out, []
        self.shots_by_human = 0
        self.watched = False
        self.ai_aim_shown = False

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.taskMgr.step()

    def click(self, button) -> None:
        self.app.messenger.send(DGG.B1CLICK + button.guiId, [None])
        self.step()

    def send(self, action: str, frames: int = 1) -> None:
        self.app.messenger.send(f"taw-{action}")
        self.step(frames)

    def shoot(self, name: str) -> None:
        self.step(2)
        path = self.out / name
        self.app.win.saveScreenshot(Filename.fromOsSpecific(str(path)))
        self.saved.append(path)

    def start_game(self, seed: int) -> None:
        """The menu photographed, then You (Earth) against three medium seats, three rounds."""
        self.step(90)
        self.shoot("menu.png")
        self.click(self.app.flow.current.buttons["new"])
        screen = self.app.flow.current
        rows = screen.seats.rows
        rows[0].choose("person", "You", "earth")
        for row in rows[1:4]:
            row.choose("ai", "medium")
        for row in rows[4:]:
            row.choose("empty")
        while screen.round_limit.value != 3:
            self.click(screen.round_limit.button)
        screen.seed_entry.enterText(str(seed))
        self.click(screen.start_button)

    def hold_and_release(self, frames: int) -> None:
        self.app.messenger.send("taw-shoot-press")
        self.step(frames)
        self.app.messenger.send("taw-shoot-release")

    def aim(self) -> None:
        """The person's turn: the first shot a cut (a full hit rings the taw), the second from overhead."""
        aim = self.app.flow.current
        if aim.tip is not None and aim.tip.shown:   # first-turn-tip.png shows it
            self.click(aim.tip.ok_button)
        if self.shots_by_human == 0:
            aim.aiming.direction = (aim.aiming.direction + 3.0) % 360.0
            self.app.messenger.send("taw-shoot-press")
            self.step(40)
            self.app.view.snap()
            self.shoot("aiming.png")
            self.app.messenger.send("taw-shoot-release")
        elif self.shots_by_human == 1:
            self.send("overhead", 40)
            self.shoot("overhead.png")
            self.hold_and_release(35)
        else:
            self.hold_and_release(30)
        self.shots_by_human += 1
        self.step()

    def ruling(self) -> None:
        """After the person's second shot, watch it again in the replay viewer once."""
        self.step(10)
        if self.shots_by_human == 2 and not self.watched:
            self.send("replay-last", 75)  # R: the last shot again, in the viewer over the game
            self.shoot("watching-replay.png")
            self.app.messenger.send("escape")
            self.step(2)
            self.watched = True
        self.send("fast-forward")

    def frame(self) -> bool:
        """One turn of the loop: answer whatever screen is up; False once the game is over."""
        flow = self.app.flow
        state = flow.state
        if state == "GameOver":
            return False
        if state == "Aim" and flow.current.check.busy:  # a shot its preview warns of: shoot anyway
            if flow.current.check.confirm is not None:
                self.click(flow.current.check.confirm.yes_button)
            self.step()
        elif state == "Aim":
            self.aim()
        elif state == "AiAim" and not self.ai_aim_shown:
            self.step(12)
            self.app.view.snap()
            self.shoot("ai-aiming.png")
            self.ai_aim_shown = True
        elif state in ("HatDrop", "LayTaws", "Thinking", "AiAim", "Shot"):
            self.send("fast-forward")
        elif state == "Ruling" and flow.current.choosing:   # everyone at the machine out
            self.click(flow.current.watch_button)
        elif state == "Ruling":
            self.ruling()
        else:
            self.step()
        return True

    def finish(self) -> None:
        self.step(30)
        self.shoot("game-over.png")
        self.send("history", 20)   # L: every shot of the game
        self.shoot("history.png")
        self.send("history", 2)


def tour(out: Path, size: tuple[int, int] = (1280, 720), seed: int = 12) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = screenshot_app(Path(tmp), size)
        walk = _Tour(app, out)
        try:
            walk.start_game(seed)
            for _ in range(6000):
                if not walk.frame():
                    break
            walk.finish()
        finally:
            app.destroy()
            ClockObject.getGlobalClock().setMode(ClockObject.MNormal)
    return walk.saved


def record_saved_games(folder: Path) -> list[Path]:
    """A few short real games (Bullet, the referee, seeded random players) saved as the app saves them."""
    from game.match.match import new_match
    from game.match.players import RandomPlayer
    from game.match.seating import ai_names
    from game.rules.house import HouseRules
    from game.replay.recorder import GameRecorder, ShotRecorder, meta_from

    folder.mkdir(parents=True, exist_ok=True)
    games = [  # (stamp, planets with the human first, levels, round limit, shots at most)
        ("20261128-201512", ("earth", "mars", "jupiter"), ("hard", "medium"), 1, 3),
        ("20261129-093040", ("venus", "saturn"), ("easy",), None, 5),
        ("20261129-214405", ("mercury", "earth", "mars", "herschel", "saturn"), ("easy", "medium", "hard", "medium"),
         None, 4),
        ("20261130-110102", ("saturn", "jupiter"), ("hard",), 1, 2),
    ]
    paths = []
    for seed, (stamp, planets, levels, limit, most) in enumerate(games, start=21):
        house = HouseRules(round_limit=limit) if limit else HouseRules()
        match = new_match(list(planets), [RandomPlayer(seed * 10 + i) for i in range(len(planets))], house=house)
        seats = ["You", *ai_names(levels, taken=["You"])]  # named as the New game screen names them
        players = [{"planet": p, "seat": seats[i], "controller": "human" if i == 0 else "ai",
                    "level": "" if i == 0 else levels[i - 1]} for i, p in enumerate(planets)]
        path = folder / f"{stamp}-seed{seed}.replay"
        recorder = GameRecorder(path, meta_from(seed, players, house.to_dict(), match.layout, source="desktop"))
        for _ in range(most):
            if match.is_over():
                break
            shot = match.players[match.view().shooter].choose_shot(match.view())
            frames = ShotRecorder(rate=match.frame_hz)
            recorder.add_shot(frames.finish_result(match.play_shot(shot, on_frame=frames.on_frame)))
        paths.append(path)
    paths.append(record_unfinished_game(folder / "20261130-154020-seed31.replay"))
    damaged = folder / "20261127-183000-seed20.replay"  # a game cut short by a full disk, say
    damaged.write_bytes(paths[1].read_bytes()[:-700])
    paths.append(damaged)
    return paths


def record_unfinished_game(path: Path, shots: int = 7) -> Path:
    """A game left unfinished, recorded by the app's own session (so it can be continued): you and three AIs."""
    from game.app.session.game_setup import GameSetup
    from game.app.session.match_session import MatchSession
    from game.match.players import RandomPlayer

    session = MatchSession(GameSetup(opponents=3, levels=("random",) * 6, seed=31))
    try:
        session.record_to(path)
        hand = RandomPlayer(31)   # the person's shots, seeded
        for _ in range(shots):
            view = session.view()
            player = hand if session.is_human_turn() else session.ai[session.shooter()]
            live = session.start_shot(player.choose_shot(view))
            live.result()
            session.finish_shot(live)
        session.wait_for_replay()
    finally:
        session.close()
    return path


def replays_screen(out: Path, size: tuple[int, int] = (1280, 720)) -> list[Path]:
    """replays.png: the Replays screen over a folder of a few real games and one damaged file."""
    from game.app.app import TawApp

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        paths = UserPaths.under(Path(tmp))
        record_saved_games(paths.replay_dir)
        config = AppConfig(paths=paths, settings=Settings(msaa=4, shadows=True, quality="high"),
                           offscreen=True, offscreen_size=size, save_settings=False)
        app = TawApp(config)
        clock = ClockObject.getGlobalClock()
        clock.setMode(ClockObject.MNonRealTime)
        clock.setFrameRate(60)
        try:
            for _ in range(60):
                app.taskMgr.step()
            app.messenger.send(DGG.B1CLICK + app.flow.current.buttons["replays"].guiId, [None])
            for _ in range(3):
                app.taskMgr.step()
            path = out / "replays.png"
            app.win.saveScreenshot(Filename.fromOsSpecific(str(path)))
        finally:
            app.destroy()
            clock.setMode(ClockObject.MNormal)
    return [path]


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots")
    make = replays_screen if "--replays" in sys.argv[2:] else tour
    for path in make(target):
        print(path)
