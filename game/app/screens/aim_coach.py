"""The coach on the Aim screen: H (or its button) asks, the ghost shows, H again takes its aim, power and spin.

The advice is planned by the hard AI in the app's coach planner (worker
processes) and polled once a frame, so asking never freezes the game.  While
it thinks the panel says so, with the seconds counting, and Esc stops it.
Its first answer (the hard plan before its lookahead, weighed against the
next adversary's replies like the last) shows as soon as it is ready, marked
as such; the full answer replaces it and says whether the next shots changed
its mind.  The ghost is the coach's shot drawn dashed in brass on the
ground: a ring where to lay the taw (when the rules let the player choose),
the taw's path and the paths of what it moves.  The panel says what the shot
wins and why, in the rules' terms.  Shooting, leaving the screen or the game
ends the plan.  The ghost stands for the aim it was given to: once the player
turns the aim, moves the taw, sets another power or spin (``follow``), it
and its words go, and H asks again.  While the player holds the aim H took
from it, the shot previewed and shot is the coach's own, to the last digit
(the power meter's steps cannot say a speed exactly), so the preview's
reckoning of the reply is the coach's.  The coach's workers start, warm, as
the turn opens (``TawApp.coach_planner``).
"""

from __future__ import annotations

import time
from typing import Callable

from game.ai.levels import get_level
from game.ai.player import placement_lines
from game.ai.reply_guard import ReplyGuard
from game.ai.workers import Cancelled, PlanHandle
from game.app.hud import theme
from game.app.hud.second_look import second_look
from game.app.hud.verdict_words import TONE_COLOURS, CoachPanel, verdict_text
from game.app.input.aiming import spin_words
from game.app.scene.preview_paths import GHOST_STYLE, GroundPaths
from game.coach.advice import Advice, start_advice
from game.coach.goals import Goal
from game.match.players import MatchView, Shot

COACH_LEVEL = "hard"
STOPPED_AT_FIRST = "The coach stopped: its first answer, the next shots not weighed."


def seated_guard(app, view: MatchView) -> ReplyGuard:
    """The adversaries' levels as seated, whose replies the coach and the preview weigh (a person is reckoned
    at medium, who aims rule 13 shots as a person may; the random stand-in aims at nothing, and is not weighed)."""
    session = app.game.session if app.game is not None else None
    levels = {}
    for planet in view.purses:
        name = session.level_of(planet) if session is not None else ""
        if name:
            levels[planet] = get_level(name)
    return ReplyGuard(levels=levels)


def aim_key(shot: Shot) -> tuple:
    """A shot as the Aim screen sets it, to tell one aim from another (to a millionth)."""
    place = None if shot.placement is None else (shot.placement.orbit, round(shot.placement.angle, 6))
    return (round(shot.direction % 360.0, 6), round(shot.speed, 6), place, round(shot.spin, 6))


class ShotCoach:
    def __init__(self, app, view: MatchView, take_aim, goal: Goal | None = None,
                 on_panel_resize: Callable[[float | None], None] | None = None) -> None:
        self.app = app
        self.view = view
        self.goal = goal  # a lesson's: the advice meets it if it can
        self._take_aim = take_aim  # called with the Advice when the player snaps to it; returns the shot as aimed
        self.house = view.house
        self.panel = CoachPanel(app, self.ask, on_panel_resize)  # what lies below the advice makes room
        self.ghost = GroundPaths(app.view.scene, GHOST_STYLE, "coach-ghost")
        self.handle: PlanHandle[Advice] | None = None
        self.advice: Advice | None = None
        self._words = ""  # the advice and its predicted outcome as the panel last said them
        self.asked = 0  # how many times the player asked (tests and the tour read it)
        self.asked_at = 0.0
        self.answers: list[tuple[float, bool]] = []  # seconds from asking to each answer shown, and whether final
        self._said_at = -1.0
        self._first_seen = False      # this ask's first answer was shown (it is not shown again once left)
        self._given_to: tuple | None = None   # the aim when the advice was shown (``follow``)
        self._taken: tuple | None = None      # the aim H set from the advice
        if view.rule_state is not None:
            app.coach_planner()   # its workers start now, warm by the time H is pressed

    @property
    def thinking(self) -> bool:
        return self.handle is not None

    def ask(self) -> None:
        """H or the button: ask; with advice shown, take its aim, power and spin (a first answer: and stop)."""
        if self.advice is not None:
            self.stop_thinking()
            self._taken = aim_key(self._take_aim(self.advice))
            return
        if self.handle is not None or self.view.rule_state is None:
            return
        self.asked += 1
        try:
            self.handle = start_advice(self.view.rule_state, self.house, self.view.layout, self.app.coach_planner(),
                                       level=COACH_LEVEL, seed=self.view.turn, goal=self.goal,
                                       lines=placement_lines(self.view), guard=seated_guard(self.app, self.view))
        except ValueError as err:
            self.panel.say(f"The coach cannot help here: {err}.", theme.DIM_INK)
            return
        self.asked_at = time.monotonic()
        self._said_at = -1.0
        self._first_seen = False
        self._say_thinking()

    def _say_thinking(self) -> None:
        """The panel while the coach thinks: the seconds so far, and how to stop it (updated twice a second)."""
        waited = time.monotonic() - self.asked_at
        if self.advice is not None or waited - self._said_at < 0.5:
            return
        self._said_at = waited
        dots = "." * (1 + int(waited * 2) % 3)
        self.panel.say(f"The coach is thinking{dots}  {waited:.0f} s   (Esc: stop)", theme.DIM_INK)

    def poll(self) -> None:
        """Every frame: show the first answer, then the advice once it is ready."""
        handle = self.handle
        if handle is None:
            return
        if not handle.done():
            first = handle.first_answer()
            if first is not None and not self._first_seen:
                self._first_seen = True
                self.show(first)
            self._say_thinking()
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

    def follow(self, aimed: Shot) -> Shot:
        """Every frame, the shot as aimed at the set power: the coach's own shot while the player holds the aim H
        took from it; once the aim leaves the one the advice was given to (or taken as), the ghost goes."""
        if self.advice is None:
            return aimed
        key = aim_key(aimed)
        if key == self._taken:
            return self.advice.shot
        if self._given_to is None:
            self._given_to = key
        elif key != self._given_to:
            self._let_go()
        return aimed

    def _let_go(self) -> None:
        """The aim no longer is the advice's: the ghost and its words go (a plan still running may answer anew)."""
        self.advice = None
        self._given_to = self._taken = None
        self.ghost.clear()
        if self.handle is None:
            self.panel.say("You changed the aim: the coach's shot is gone (H asks again).", theme.DIM_INK)

    def show(self, advice: Advice) -> None:
        earlier = self.advice
        self.advice = advice
        self._given_to = self._taken = None
        self.answers.append((time.monotonic() - self.asked_at, advice.final))
        preview = advice.preview
        start = advice.preview.start if advice.shot.placement is not None else None
        self.ghost.draw(preview.paths, rest_rings=True, start_ring=start)
        words = f"Coach: {advice.why}.\nIf you take it: {verdict_text(preview.verdict)}\n"
        note = ""
        if not advice.final:
            note = "First answer: still weighing the next shots..."
        elif earlier is not None:
            note = second_look(earlier.shot, self._words, advice.shot, words)
        self._words = words
        self._say(advice, note)

    def _say(self, advice: Advice, note: str) -> None:
        """The advice in the panel under ``note`` (what kind of answer it is), in its verdict's colour."""
        takes = "aim and power" if not advice.shot.spin else f"aim, power and spin ({spin_words(advice.shot.spin)})"
        head = f"{note}\n" if note else ""
        self.panel.say(f"{head}{self._words}H again: take this {takes}; G shoots at it.",
                       TONE_COLOURS[advice.preview.verdict.tone])

    def stop_thinking(self) -> bool:
        """Esc while the coach thinks: stop it, keep any first answer shown.  Whether it was thinking."""
        if self.handle is None:
            return False
        self.handle.cancel()
        self.handle = None
        if self.advice is None:
            self.panel.say("The coach stopped.", theme.DIM_INK)
        elif not self.advice.final:  # "still weighing" no longer: say the first answer is all there is
            self._say(self.advice, STOPPED_AT_FIRST)
        return True

    def cancel(self) -> None:
        """The player shoots or leaves: stop the plan at once and take the ghost away."""
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None
        self.advice = None
        self._given_to = self._taken = None
        self.ghost.clear()
        self.panel.quiet()

    def destroy(self) -> None:
        self.cancel()
        self.ghost.destroy()
        self.panel.destroy()
