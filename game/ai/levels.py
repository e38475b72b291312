"""How well each AI level plays: aim noise (its hands) and search (its judgement).

The levels differ on two axes the text's "good shooter" needs: how precisely
the executed shot matches the intended one, and how many shots it weighs,
how carefully, and whether it thinks about the next player's reply.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.errors import UserError


# A person's hands, as the coach plans for them and the novice shoots (issue 45): 3 degrees of aim, 10 % of power.
PERSON_AIM_DEG = 3.0
PERSON_POWER_FRAC = 0.10


@dataclass(frozen=True)
class Level:
    """One AI strength.  ``random`` levels shoot without planning."""

    name: str
    # Hands: standard deviations applied to the executed shot.
    angle_noise_deg: float
    speed_noise_frac: float
    # Judgement: how many candidate shots, how many survive to the noise test,
    # how many noisy samples each survivor gets, and lookahead.
    max_candidates: int
    origins: int  # placements tried where the rules allow choosing one
    robust_top: int
    noise_samples: int
    lookahead_top: int  # survivors checked for the next player's best reply (0: none)
    reply_candidates: int
    # Position judgement: weight of the "value of the position left behind".
    position_weight: float
    random_play: bool = False
    # Rule 13 shots: at most this many candidates aimed to leave an adversary's taw in the inner ring.
    ring_candidates: int = 0
    # Stop and follow shots (backspin, topspin) at the Sun beside the plain flicks.
    spin_shots: bool = False
    # Sun shots that would touch it by the inner ring come as stop shots, not plain flicks (rule 13).
    stop_by_ring: bool = False
    # The lookahead's second shot: our own candidates after the next player's best reply (0: none).
    second_candidates: int = 0
    second_replies: int = 3  # ... after each of the next player's this many best replies, averaged
    # The screen: every candidate first in a coarser Bullet world, then this many of the best in the
    # match's own physics, which alone can be chosen; the replies and second shots are then coarse too
    # (0: no screen, every rollout in the match's physics).
    screen_keep: int = 0
    # The drive plan (``ValueWeights.drive_plan``): the Sun's road out priced over the next drives, for us
    # and for every adversary who shoots before our next turn.
    drive_plan: bool = False
    # Position shots: the taw moved, touching nothing, to lie behind the Sun on its way out (the next drive).
    position_shots: bool = False
    # A benchmark player, not a level to play against: it takes the coach's advice at this level and shoots
    # it with its own hands (``game.ai.novice``).  None: it plans for itself.
    coached_by: str | None = None


LEVELS: dict[str, Level] = {
    "random": Level("random", angle_noise_deg=0.0, speed_noise_frac=0.0, max_candidates=0, origins=1,
                    robust_top=0, noise_samples=0, lookahead_top=0, reply_candidates=0,
                    position_weight=0.0, random_play=True),
    "easy": Level("easy", angle_noise_deg=3.0, speed_noise_frac=0.12, max_candidates=40, origins=3,
                  robust_top=4, noise_samples=4, lookahead_top=0, reply_candidates=0,
                  position_weight=1.0, stop_by_ring=True),
    "medium": Level("medium", angle_noise_deg=1.2, speed_noise_frac=0.06, max_candidates=90, origins=6,
                    robust_top=5, noise_samples=5, lookahead_top=0, reply_candidates=0,
                    position_weight=1.0, ring_candidates=10, spin_shots=True, stop_by_ring=True, screen_keep=16,
                    drive_plan=True, position_shots=True),
    "hard": Level("hard", angle_noise_deg=0.4, speed_noise_frac=0.025, max_candidates=110, origins=6,
                  robust_top=5, noise_samples=5, lookahead_top=3, reply_candidates=16,
                  position_weight=1.0, ring_candidates=12, spin_shots=True, second_candidates=12,
                  screen_keep=16, drive_plan=True, position_shots=True),
    # A newcomer who trusts the coach: the hard coach's advice (weighed against the next reply), a person's
    # hands: 3 degrees of aim and 10 % of power (issue 45).  For `taw tournament` and `taw simulate` only.
    "novice": Level("novice", angle_noise_deg=PERSON_AIM_DEG, speed_noise_frac=PERSON_POWER_FRAC, max_candidates=110, origins=6,
                    robust_top=5, noise_samples=5, lookahead_top=3, reply_candidates=16,
                    position_weight=1.0, ring_candidates=12, spin_shots=True, second_candidates=12,
                    screen_keep=16, drive_plan=True, position_shots=True, coached_by="hard"),
}


def get_level(name: str) -> Level:
    try:
        return LEVELS[name.strip().lower()]
    except KeyError:
        raise UserError(f"unknown AI level {name!r}; choose from {', '.join(LEVELS)}") from None


def coach_level(name: str) -> Level:
    """The level the coach plans at: that level's judgement, and a person's hands in its robust stage.

    The coach's shot is a person's to play, not the AI's: a shot that pays
    only when struck within the hard AI's 0.4° is no advice for hands that
    stray by 3°.
    """
    return replace(get_level(name), angle_noise_deg=PERSON_AIM_DEG, speed_noise_frac=PERSON_POWER_FRAC)


def parse_levels(text: str, *, minimum: int = 2, maximum: int = 7) -> list[Level]:
    """``"hard,easy"`` -> levels, one per seat; a person's typo is a UserError."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not minimum <= len(names) <= maximum:
        raise UserError(f"--players: give {minimum} to {maximum} comma-separated levels, not {len(names)}")
    return [get_level(name) for name in names]
