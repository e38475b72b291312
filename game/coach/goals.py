"""What counts as passing a lesson, decided by the referee's ruling on the shot.

A goal is one of a few kinds (``GoalKind``) plus the conditions every lesson
shares: the shooter stays in the game, commits no foul, and pays nothing
under the rules the lesson says to avoid.  ``judge_goal`` reads only the
ruling's data (its winner, who is out, fouls and transfers by rule, the
Sun's release and its holder on a line).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.coach.verdict import Tone, Verdict
from game.rules import names
from game.rules.layout import body_planet
from game.rules.phrase import Phrase
from game.rules.ruling import Ruling


class GoalKind(enum.Enum):
    STAY_IN = "stay_in"              # any shot that keeps you in with no foul
    RELEASE = "release"              # the Sun struck beyond Mercury's orbit (rule 3)
    RECEIVE = "receive"              # be paid under ``rule`` (by ``payer`` if named)
    SUN_ON_OWN_LINE = "sun_on_own_line"  # the Sun left on your own line (rule 6)
    WIN = "win"                      # win the game (rule 9)
    RING_RIVAL = "ring_rival"        # put an adversary's taw in the inner ring (rule 13)


@dataclass(frozen=True)
class Goal:
    kind: GoalKind
    rule: int | None = None
    payer: str | None = None
    avoid: tuple[int, ...] = ()

    def describe(self) -> str:
        """What counts as success, in one sentence."""
        aim = {
            GoalKind.STAY_IN: "Make a shot that leaves you in the game",
            GoalKind.RELEASE: "Strike the Sun beyond Mercury's orbit (rule 3) and stay in the game",
            GoalKind.SUN_ON_OWN_LINE: "Leave the Sun resting on your own line (rule 6)",
            GoalKind.WIN: "Win the game (rule 9)",
            GoalKind.RING_RIVAL: "Leave an adversary's taw in the inner ring (rule 13)",
        }.get(self.kind)
        if self.kind is GoalKind.RECEIVE:
            source = f"{names.who(self.payer)} pays you" if self.payer else "you are paid"
            aim = f"Play a shot on which {source} under rule {self.rule}"
        extra = " with no foul"
        if self.avoid:
            extra += " and you pay nothing under " + ", ".join(f"rule {r}" for r in self.avoid)
        return f"{aim}{extra}."


@dataclass(frozen=True)
class Outcome:
    """Passed or not, and why: ``clause`` is written as it reads after a colon ("nobody paid you under
    rule 10", "the Earth did not pay you"), so the preview can go on with it; ``reason`` is the sentence."""

    passed: bool
    clause: str  # one clause, no full stop: what the referee's ruling shows

    @property
    def reason(self) -> str:
        return names.sentence(self.clause) + "."


def judge_goal(goal: Goal, ruling: Ruling, shooter: str) -> Outcome:
    """Did this ruling on ``shooter``'s shot meet the goal?"""
    if goal.kind is GoalKind.WIN:
        if ruling.winner == shooter:
            return Outcome(True, "you won the game (rule 9)")
        return Outcome(False, "the game is not won yet: the Sun must rest beyond Herschel's orbit (rule 9)")
    if shooter in ruling.out:
        return Outcome(False, "you are out of the game" + (" (rule 13)" if _ringed(ruling, shooter) else ""))
    fouls = [f for f in ruling.fouls if f.player == shooter]
    if fouls:
        foul = fouls[0]
        return Outcome(False, f"a foul: {Phrase.told_or(foul.reason, foul.phrase, shooter)} (rule {foul.rule})")
    for rule in goal.avoid:
        paid = sum(t.marbles for t in ruling.transfers if t.payer == shooter and t.rule == rule)
        if paid:
            return Outcome(False, f"you paid {paid} under rule {rule}")
    if goal.kind is GoalKind.RELEASE and not ruling.state.sun_released:
        return Outcome(False, "the Sun has not been struck beyond Mercury's orbit yet (rule 3)")
    if goal.kind is GoalKind.SUN_ON_OWN_LINE and ruling.state.sun_line_holder != shooter:
        return Outcome(False, "the Sun does not rest on your own line (rule 6)")
    if goal.kind is GoalKind.RING_RIVAL:
        rivals = [p for p in ruling.out if p != shooter and _ringed(ruling, p)]
        if not rivals:
            return Outcome(False, "no adversary's taw was left in the inner ring (rule 13)")
        return Outcome(True, f"{names.possessive(rivals[0])} taw stays in the inner ring: "
                             f"{names.who(rivals[0])} can play no more (rule 13)")
    if goal.kind is GoalKind.RECEIVE:
        got = sum(t.marbles for t in ruling.transfers
                  if t.payee == shooter and t.rule == goal.rule and (goal.payer is None or t.payer == goal.payer))
        if not got:
            source = f"{names.who(goal.payer)} did not pay you" if goal.payer else "nobody paid you"
            return Outcome(False, f"{source} under rule {goal.rule}")
        return Outcome(True, f"you were paid {got} under rule {goal.rule}")
    done = {
        GoalKind.STAY_IN: "you are still in the game, with no foul",
        GoalKind.RELEASE: "the Sun is released (rule 3), and you are still in the game",
        GoalKind.SUN_ON_OWN_LINE: "the Sun rests on your own line: every other shooter pays you one (rule 6)",
    }
    return Outcome(True, done[goal.kind])


def against_goal(verdict: Verdict, outcome: Outcome) -> Verdict:
    """The preview's verdict in a lesson, which also says when the shot would miss the lesson's goal.

    A shot can gain marbles and still fail the lesson (lesson 4's opening shot leaves the Sun in Mars's
    orbit: Mars pays you 4, but the lesson asks for Jupiter's 3); shown green, it told the player to
    let go.  A gain or a win that misses the goal is said in plain ink, with the goal's reason.
    """
    if outcome.passed or verdict.warning:
        return verdict
    tone = Tone.QUIET if verdict.tone in (Tone.GAIN, Tone.WIN) else verdict.tone
    return Verdict(f"{verdict.sentence}. Not the lesson's goal: {outcome.clause}", tone, verdict.rules)


def _ringed(ruling: Ruling, player: str) -> bool:
    return any(body_planet(b) == player for b in ruling.left_as_stakes) or any(
        t.rule == 13 and t.payer == player for t in ruling.transfers)
