"""``taw hint``'s work, headless: the coach's shot for a scenario's position, played as ``taw scenario`` would.

The predicted ruling is the scenario runner's own result for the coach's
shot (the same match, physics and referee, the same JSON), so a player who
writes that shot into the file's ``[[shots]]`` gets exactly that ruling.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.ai.reply_guard import DEFAULT_ADVERSARY, ReplyGuard
from game.coach.advice import Advice, advise
from game.coach.exposure_words import chance_words, exposure_to_json, exposure_words, hands_words
from game.errors import UserError
from game.physics import PhysicsConfig
from game.rules import names
from game.scenario.format import Scenario, ShotSpec
from game.scenario.run import ScenarioResult, run_scenario, starting_state


@dataclass(frozen=True)
class Hint:
    advice: Advice
    result: ScenarioResult  # the coach's shot played by the scenario runner


def shot_spec(advice: Advice) -> ShotSpec:
    """The coach's shot as a scenario ``[[shots]]`` entry."""
    shot = advice.shot
    place = (shot.placement.orbit, shot.placement.angle) if shot.placement is not None else None
    return ShotSpec(shooter=advice.shooter, speed=shot.speed, key="shots[0]", direction=shot.direction, place=place,
                    spin=shot.spin)


def hint_for(scenario: Scenario, level: str, seed: int, against: str = DEFAULT_ADVERSARY) -> Hint:
    """The coach's shot at ``level``, weighed against adversaries who reply at ``against``."""
    if scenario.hat is not None:
        raise UserError(f"{scenario.source}: a hat scenario has no shot to advise on (rule 1 is a draw)")
    state = starting_state(scenario)
    if state.finished or state.next_shooter() is None:
        raise UserError(f"{scenario.source}: the game is over: nobody is to shoot")
    advice = advise(state, scenario.house, scenario.layout, level=level, seed=seed, guard=ReplyGuard(default=against))
    played = replace(scenario, shots=(shot_spec(advice),), shooter=advice.shooter)
    result = run_scenario(played, PhysicsConfig.for_game(scenario.layout, scenario.house))
    return Hint(advice, result)


def hint_to_json(hint: Hint, ruling: dict[str, Any]) -> dict[str, Any]:
    shot = hint.advice.shot
    place = None if shot.placement is None else {"on": shot.placement.orbit, "angle": shot.placement.angle}
    return {"shooter": hint.advice.shooter,
            "shot": {"place": place, "direction": shot.direction, "speed": shot.speed, "spin": shot.spin},
            "ruling": ruling, "why": hint.advice.why, "safe": hint.advice.safe,
            "risk": {**exposure_to_json(hint.advice.exposure), "every_shot_weighed": hint.advice.exposed_all}}


def _spin_words(spin: float) -> str:
    """The spin as the scenario file writes it, and what it does (a plain flick says nothing)."""
    if spin == 0.0:
        return ""
    kind = "backspin: a stop shot" if spin < 0 else "topspin: a follow shot"
    return f" with spin {spin:g} ({kind})"


def _risk_line(advice: Advice) -> str:
    """The next adversary's reply, weighed: the risk in words, or that he hardly ever puts you out; and the
    hands the shot was reckoned with (a person's: the shot is his to play)."""
    exposure = advice.exposure
    words = exposure_words(exposure)
    if exposure.by_own_shot and words:
        return f"The risk: it {words} ({hands_words(exposure)})."
    if exposure.by is None:
        return "The reply: nobody shoots after this shot."
    who = names.who(exposure.by)
    if not words:
        return f"The reply: {who} ({exposure.level}) puts you out {chance_words(0.0)} ({hands_words(exposure)})."
    return f"The reply: it {words} ({who} reckoned at {exposure.level}; {hands_words(exposure)})."


def hint_to_text(hint: Hint, referee_words: str) -> str:
    advice = hint.advice
    shot = advice.shot
    who = names.sentence(names.who(advice.shooter))
    where = ""
    if shot.placement is not None:
        where = f"lay the taw on {names.possessive(shot.placement.orbit)} line at {shot.placement.angle:.1f}°, then "
    lines = [f"{who}: {where}shoot towards {shot.direction:.1f}° at {shot.speed:.2f} m/s{_spin_words(shot.spin)}.",
             f"Why: {advice.why}.",
             f"Predicted: {advice.preview.verdict.sentence}.",
             _risk_line(advice),
             "The referee would say:"]
    lines += ["  " + line for line in referee_words.splitlines()]
    return "\n".join(lines)
