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

from game.app.hud.verdict_words import VerdictLine
from game.app.scene.ghost_ball import GhostBall, ghost_of
from game.match.table import body_radius
from game.app.scene.preview_paths import PREVIEW_STYLE, GroundPaths
from game.coach.goals import Goal, against_goal, judge_goal
from game.coach.preview import Preview
from game.match.players import MatchView, Shot
from game.rules.house import HouseRules
from game.rules.state import RuleState

LEARNING, GUIDE, NONE = "learning", "guide", "none"
STALE_STRENGTH = 0.35


def _key(shot: Shot) -> tuple:
    place = None if shot.placement is None else (shot.placement.orbit, round(shot.placement.angle, 6))
    return (round(shot.direction, 6), round(shot.speed, 6), place, round(shot.spin, 6))


class ShotPreview:
    def __init__(self, app, view: MatchView, strength: str, goal: Goal | None = None) -> None:
        self.app = app
        self.strength = strength
        self.goal = goal  # a lesson's: the verdict also says when the shot would miss it
        self.view = view
        self.state: RuleState | None = view.rule_state
        self.house = HouseRules.from_mapping(dict(view.house_rules)) if view.house_rules else HouseRules()
        self.paths = GroundPaths(app.view.scene, PREVIEW_STYLE, "shot-preview")
        self.verdict = VerdictLine(app)
        self.ghost = GhostBall(app.view.scene, self.paths.node, view.taw)  # under the paths: dims and hides with them
        self.shown: Preview | None = None
        self._asked: tuple | None = None
        self.latencies: list[float] = []  # shot changed -> its preview drawn (s), for the benchmarks

    @property
    def active(self) -> bool:
        return self.strength in (LEARNING, GUIDE) and self.state is not None

    def update(self, shot: Shot) -> None:
        """Called every frame with the shot as aimed now."""
        if not self.active:
            return
        previewer = self.app.shot_previewer()
        key = _key(shot)
        if key != self._asked:
            self._asked = key
            previewer.ask(self.state, self.house, self.view.layout, shot)
            if self.shown is not None:
                self.paths.node.setAlphaScale(STALE_STRENGTH)
        preview = previewer.poll()
        if preview is not None:
            self._draw(preview)
            asked = previewer.asked_at(preview.serial)
            if asked is not None:
                self.latencies.append(time.perf_counter() - asked)

    def _draw(self, preview: Preview) -> None:
        self.shown = preview
        self.paths.node.setAlphaScale(1.0)
        taw = f"{preview.shooter}.taw"
        self.ghost.show_at(ghost_of(preview, lambda body: body_radius(self.view.layout, body)))
        if self.strength == GUIDE:
            self.paths.draw(preview.guide_paths(), rest_rings=False)
            self.verdict.hide()
            return
        warn_at = preview.rest.get(taw) if preview.verdict.warning else None
        self.paths.draw(preview.paths, rest_rings=True, warn_at=warn_at)
        verdict = preview.verdict
        if self.goal is not None:
            verdict = against_goal(verdict, judge_goal(self.goal, preview.ruling, preview.shooter))
        self.verdict.show(verdict)

    @property
    def current(self) -> bool:
        """The drawn preview is of the shot as aimed now."""
        return self.shown is not None and self._asked == _key(self.shown.shot)

    def hide(self) -> None:
        self.paths.hide()
        self.verdict.hide()

    def destroy(self) -> None:
        if self.app.previewer is not None:
            self.app.previewer.cancel()
        self.paths.destroy()
        self.verdict.destroy()
