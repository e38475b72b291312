"""How hard a contact was, mapped to how loud and how high it sounds.

A pure function so it can be tested without an audio device (with Panda's
null audio library every volume reads back 0).  Loudness follows the impulse
on a log scale between a barely-audible touch and a hard thumb shot; pitch
rises slightly with impulse, as a harder knock excites higher partials.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# Newton-seconds.  A 5 g marble at 4 m/s hitting another gives about 0.015.
QUIET_IMPULSE = 2.0e-5
LOUD_IMPULSE = 2.0e-2
MIN_RATE = 0.85
MAX_RATE = 1.2


@dataclass(frozen=True)
class Voice:
    volume: float
    play_rate: float


def impulse_to_voice(impulse: float, master_volume: float = 1.0) -> Voice:
    """Volume in [0, master] and play rate in [MIN_RATE, MAX_RATE] for a contact impulse."""
    if not math.isfinite(impulse) or impulse <= QUIET_IMPULSE:
        return Voice(0.0, MIN_RATE)
    span = math.log(LOUD_IMPULSE / QUIET_IMPULSE)
    level = min(1.0, math.log(impulse / QUIET_IMPULSE) / span)
    master = min(1.0, max(0.0, master_volume))
    return Voice(volume=master * level ** 1.5, play_rate=MIN_RATE + (MAX_RATE - MIN_RATE) * level)


def rolling_volume(total_speed: float, master_volume: float = 1.0) -> float:
    """Loudness of the rolling hum for the summed speed (m/s) of moving bodies."""
    if not math.isfinite(total_speed) or total_speed <= 0.0:
        return 0.0
    return min(1.0, max(0.0, master_volume)) * min(0.35, 0.12 * math.sqrt(total_speed))
