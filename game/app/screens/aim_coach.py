"""The coach on the Aim screen: H (or its button) asks, the ghost shows, H again takes its aim, power and spin.

The advice is planned by the hard AI in the app's coach planner (a worker
process) and polled once a frame, so asking never freezes the game.  The
ghost is the coach's shot drawn dashed in brass on the ground: a ring where
to lay the taw (when the rules let the player choose), the taw's path and
the paths of what it moves.  The panel says what the shot wins and why, in
the rules' terms.  Shooting, leaving the screen or the game ends the plan.
"""

from __future__ import annotations

from game.ai.player import placement_lines
from game.ai.workers import Cancelled, PlanHandle
from game.app.hud import theme
from game.app.hud.verdict_words import TONE_COLOURS, CoachPanel, verdict_text
from game.app.input.aiming import spin_words
from game.app.scene.preview_paths import GHOST_STYLE, GroundPaths
from game.coach.advice import Advice, start_advice
from game.coach.goals import Goal
from game.match.players import MatchView
from game.rules.house import HouseRules

COACH_LEVEL = "hard"


class ShotCoach:
    def __init__(self, app, view: MatchView, take_aim, goal: Goal | None = None) -> None:
        self.app = app
        self.view = view
        self.goal = goal  # a lesson's: the advice meets it if it can
        self._take_aim = take_aim  # called with the Advice when the player snaps to it
        self.house = HouseRules.from_mapping(dict(view.house_rules)) if view.house_rules else HouseRules()
        self.panel = CoachPanel(app, self.ask)
        self.ghost = GroundPaths(app.view.scene, GHOST_STYLE, "coach-ghost")
        self.handle: PlanHandle[Advice] | None = None
        self.advice: Advice | None = None
        self.asked = 0  # how many times the player asked (tests and the tour read it)

    @property
    def thinking(self) -> bool:
        return self.handle is not None

    def ask(self) -> None:
        """H or the button: ask; with advice shown, take its aim, power and spin."""
        if self.advice is not None:
            self._take_aim(self.advice)
            return
        if self.handle is not None or self.view.rule_state is None:
            return
        self.asked += 1
        try:
            self.handle = start_advice(self.view.rule_state, self.house, self.view.layout, self.app.coach_planner(),
                                       level=COACH_LEVEL, seed=self.view.turn, goal=self.goal,
                                       lines=placement_lines(self.view))
        except ValueError as err:
            self.panel.say(f"The coach cannot help here: {err}.", theme.DIM_INK)
            return
        self.panel.say("The coach is thinking...", theme.DIM_INK)

    def poll(self) -> None:
        """Every frame: show the advice once it is ready."""
        handle = self.handle
        if handle is None or not handle.done():
            return
        self.handle = None
        try:
            advice = handle.result()
        except Cancelled:
            return
        except Exception as err:  # a plan that failed: say so, keep playing
            self.panel.say(f"The coach could not find a shot ({str(err).splitlines()[0][:80]}).", theme.DIM_INK)
            return
        self.show(advice)

    def show(self, advice: Advice) -> None:
        self.advice = advice
        preview = advice.preview
        start = advice.preview.start if advice.shot.placement is not None else None
        self.ghost.draw(preview.paths, rest_rings=True, start_ring=start)
        takes = "aim and power" if not advice.shot.spin else f"aim, power and spin ({spin_words(advice.shot.spin)})"
        self.panel.say(f"Coach: {advice.why}.\nPredicted: {verdict_text(preview.verdict)}\n"
                       f"H again: take this {takes}; G shoots at it.", TONE_COLOURS[preview.verdict.tone])

    def cancel(self) -> None:
        """The player shoots or leaves: stop the plan at once and take the ghost away."""
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None
        self.advice = None
        self.ghost.clear()
        self.panel.quiet()

    def destroy(self) -> None:
        self.cancel()
        self.ghost.destroy()
        self.panel.destroy()
