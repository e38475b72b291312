"""The live shot preview on the Aim screen: ask for a preview when the shot changes, draw the answer.

Each frame the Aim screen hands over the shot as it stands (direction,
power, spin, where the taw is laid).  A changed shot is asked of the app's
``Previewer`` (a worker process); the newest answer is drawn on the ground
(Learning: every moving body's path to rest; Guide: the taw to its first
contact, then the struck body's line and the taw's line after it) and, for
Learning, the verdict in its tone's colour.  While the shot has changed
since the drawn answer, the drawing is dimmed, never shown as current.
"""

from __future__ import annotations

import time

from game.ai.player import placement_lines
from game.ai.reply_guard import Exposure
from game.ai.workers import PlanHandle
from game.app.hud.verdict_words import VerdictLine
from game.app.scene.ghost_ball import GhostBall, ghost_of
from game.app.screens.aim_coach import seated_guard
from game.coach.exposure_words import exposure_words
from game.coach.preview_reply import start_exposure
from game.match.table import body_radius
from game.app.scene.preview_paths import PREVIEW_STYLE, GroundPaths
from game.app.session.preview_mode import PreviewMode
from game.coach.goals import Goal, against_goal, judge_goal
from game.coach.preview import Preview
from game.coach.verdict import Verdict
from game.match.players import MatchView, Shot
from game.rules.state import RuleState

STALE_STRENGTH = 0.35
SETTLE_S = 0.4  # s: the aim at rest this long before the next reply is weighed (a few dozen rollouts)


def _key(shot: Shot) -> tuple:
    place = None if shot.placement is None else (shot.placement.orbit, round(shot.placement.angle, 6))
    return (round(shot.direction, 6), round(shot.speed, 6), place, round(shot.spin, 6))


class ShotPreview:
    def __init__(self, app, view: MatchView, mode: PreviewMode, goal: Goal | None = None) -> None:
        self.app = app
        self.mode = mode
        self.goal = goal  # a lesson's: the verdict also says when the shot would miss it
        self.view = view
        self.state: RuleState | None = view.rule_state
        self.house = view.house
        self.paths = GroundPaths(app.view.scene, PREVIEW_STYLE, "shot-preview")
        self.verdict = VerdictLine(app)
        self.ghost = GhostBall(app.view.scene, self.paths.node, view.taw)  # under the paths: dims and hides with them
        self.shown: Preview | None = None
        self._verdict: Verdict | None = None  # the verdict drawn, for the reply's words beside it
        self._asked: tuple | None = None
        self.latencies: list[float] = []  # shot changed -> its preview drawn (s), for the benchmarks
        self.reply: PlanHandle[Exposure] | None = None   # the next adversary's reply being weighed
        self.reply_words = ""  # what it does, as shown beside the verdict ("" none)
        self._weighed: tuple | None = None  # the shot whose reply was asked
        self._changed_at = 0.0

    @property
    def active(self) -> bool:
        return self.mode.draws and self.state is not None

    def update(self, shot: Shot) -> None:
        """Called every frame with the shot as aimed now."""
        if not self.active:
            return
        previewer = self.app.shot_previewer()
        key = _key(shot)
        if key != self._asked:
            self._asked = key
            self._changed_at = time.monotonic()
            self._drop_reply()
            previewer.ask(self.state, self.house, self.view.layout, shot)
            if self.shown is not None:
                self.paths.node.setAlphaScale(STALE_STRENGTH)
        preview = previewer.poll()
        if preview is not None:
            self._draw(preview)
            asked = previewer.asked_at(preview.serial)
            if asked is not None:
                self.latencies.append(time.perf_counter() - asked)
        self._weigh_reply(key)

    def _weigh_reply(self, key: tuple) -> None:
        """Learning: once the aim rests on a current preview, weigh the next reply; show it when known."""
        if self.mode is not PreviewMode.LEARNING or not self.current or self.shown is None or self.state is None:
            return
        if self.reply is not None:
            if self.reply.done():
                handle, self.reply = self.reply, None
                try:
                    exposure = handle.result()
                except Exception:  # cancelled, or the game is over: the verdict alone stands
                    return
                self.reply_words = exposure_words(exposure)
                if self.reply_words and self._verdict is not None:
                    mind = "Mind your hands" if exposure.by_own_shot else "Mind the reply"
                    self.verdict.show(self._verdict, f"{mind}: this {self.reply_words}.")
            return
        if self._weighed == key or time.monotonic() - self._changed_at < SETTLE_S:
            return
        self._weighed = key
        try:
            self.reply = start_exposure(self.state, self.house, self.view.layout, self.shown.shot, self.shown.start,
                                        self.app.coach_planner(), seated_guard(self.app, self.view),
                                        placement_lines(self.view))
        except ValueError:  # nobody to shoot: no reply to weigh
            self.reply = None

    def _drop_reply(self) -> None:
        if self.reply is not None:
            self.reply.cancel()
            self.reply = None
        self.reply_words = ""
        self._weighed = None

    def _draw(self, preview: Preview) -> None:
        self.shown = preview
        self.paths.node.setAlphaScale(1.0)
        taw = f"{preview.shooter}.taw"
        self.ghost.show_at(ghost_of(preview, lambda body: body_radius(self.view.layout, body)))
        if self.mode is PreviewMode.GUIDE:
            self.paths.draw(preview.guide_paths(), rest_rings=False)
            self.verdict.hide()
            return
        warn_at = preview.rest.get(taw) if preview.verdict.warning else None
        self.paths.draw(preview.paths, rest_rings=True, warn_at=warn_at)
        verdict = preview.verdict
        if self.goal is not None:
            verdict = against_goal(verdict, judge_goal(self.goal, preview.ruling, preview.shooter))
        self._verdict = verdict
        self.verdict.show(verdict)

    @property
    def current(self) -> bool:
        """The drawn preview is of the shot as aimed now."""
        return self.shown is not None and self._asked == _key(self.shown.shot)

    def hide(self) -> None:
        self.paths.hide()
        self.verdict.hide()

    def destroy(self) -> None:
        self._drop_reply()
        if self.app.previewer is not None:
            self.app.previewer.cancel()
        self.paths.destroy()
        self.verdict.destroy()
