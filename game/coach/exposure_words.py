"""The next adversary's threat, said in the rules' words with its chance (``game.ai.reply_guard``).

"leaves your taw 3 cm from the inner ring: Venus puts it in about 2 times in 3
(rule 13)": the coach's advice says it when every shot it weighed was likely
to be answered so, the preview beside its verdict, ``taw hint`` in its text
and its JSON (``exposure_to_json``).  The chance is reckoned with the
player's own hands on his shot (``Exposure.hands``), and ``hands_words``
says which: a shot only a steady hand keeps safe is not safe for him.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from game.ai.reply_guard import Exposure, Hands, OutKind
from game.rules import names

# The plain fractions a chance is said as (the guard counts in sixths).
_SAID = (Fraction(1, 6), Fraction(1, 4), Fraction(1, 3), Fraction(1, 2), Fraction(2, 3), Fraction(3, 4),
         Fraction(5, 6))


def chance_words(chance: float) -> str:
    """'about 2 times in 3'; 'every time' and 'hardly ever' at the ends."""
    if chance >= 0.95:
        return "every time"
    if chance < 0.1:
        return "hardly ever"
    said = min(_SAID, key=lambda f: (abs(float(f) - chance), f))
    times = "time" if said.numerator == 1 else "times"
    return f"about {said.numerator} {times} in {said.denominator}"


def _where(exposure: Exposure) -> str:
    gap = exposure.gap
    if gap is None:
        return "leaves you"
    cm = max(0, round(gap * 100))
    return "leaves your taw at the inner ring's edge" if cm == 0 else f"leaves your taw {cm} cm from the inner ring"


def _own_words(exposure: Exposure) -> str:
    """Our own shot, drawn with our hands, puts us out: said as the player's own risk, with its chance."""
    often = chance_words(exposure.chance)
    if exposure.kind is OutKind.RING:
        return f"puts your own taw in the inner ring {often} with your hands, and you are out (rule 13)"
    return f"empties your own purse {often} with your hands, and you are out"


def exposure_words(exposure: Exposure) -> str:
    """What the next adversary's reply does to us, or our own shot when most of the chance is its, and how
    often; '' when nobody can put us out."""
    if exposure.kind is None or exposure.chance <= 0:
        return ""
    if exposure.by_own_shot:
        return _own_words(exposure)
    if exposure.by is None:
        return ""
    who, often = names.who(exposure.by), chance_words(exposure.chance)
    if exposure.kind is OutKind.RING:
        return f"{_where(exposure)}: {who} puts it in {often}, and you are out (rule 13)"
    return f"leaves your purse thin: {who}'s reply empties it {often}, and you are out"


def hands_words(exposure: Exposure) -> str:
    """The hands the shot was reckoned with: 'your shot drawn 3 times with 3° of aim and 10 % of power'."""
    hands: Hands = exposure.hands
    if exposure.draws <= 0:
        return "nobody replies"
    if hands.steady:
        return "your shot as aimed"
    times = "once" if exposure.draws == 1 else f"{exposure.draws} times"
    return f"your shot drawn {times} with {hands.aim_deg:g}° of aim and {100 * hands.power_frac:g} % of power"


def exposure_to_json(exposure: Exposure) -> dict[str, Any]:
    """The same risk for ``taw hint --json``: the chance, by whom and how, the taw's gap, the hands our shot was
    drawn with, and the words."""
    return {"chance": round(exposure.chance, 4), "by": exposure.by, "level": exposure.level or None,
            "kind": exposure.kind.value if exposure.kind is not None else None,
            "gap_m": None if exposure.gap is None else round(exposure.gap, 4), "samples": exposure.samples,
            "draws": exposure.draws, "own": round(exposure.own, 4),
            "hands": {"aim_deg": exposure.hands.aim_deg, "power_frac": exposure.hands.power_frac},
            "likely": exposure.likely, "words": exposure_words(exposure)}
