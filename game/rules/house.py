"""House rules: every place where the text allows two readings, as a named switch.

``HouseRules()`` is the project's reading (``docs/rules.md`` argues each
default).  A table from a TOML file or a scenario is loaded with
``HouseRules.from_mapping``, which refuses an unknown key, a wrong type or an
impossible value with one line naming the key and the problem.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Mapping

from game.errors import UserError
from game.rules.layout import Layout

# Rules 4 and 8 both pay the striker of the Sun; which one applies when.
SUN_PAYMENTS = ("rule4_then_rule8", "both", "rule4_always", "rule8_always")
# Rule 3: what "no planet can be taken" holds back before the Sun's release.
GATES = ("scoring", "taking", "off")
# Rule 6: the toll per shot, or once from each other player.
TOLLS = ("per_shot", "once")
# Rule 10 applied to satellites.
SATELLITE_OUT = ("taken", "replaced", "returned")
# Rule 11: which satellites are counted.
RULE11_COUNTS = ("struck_planet_remaining", "struck_planet_all", "in_orbit")
# Rule 16, second half: where the Sun must be.
RULE16_SUN = ("struck_in_ring", "rests_in_ring")
# Rules 14 and 17: a free start is on a painted line, or anywhere in the region.
START_ON = ("line", "region")


class HouseRuleError(UserError):
    """A house-rule table a person wrote that cannot be played."""


@dataclass(frozen=True)
class HouseRules:
    """Named switches; the defaults are the reading argued in ``docs/rules.md``."""

    # -- the ledger ----------------------------------------------------------
    starting_purse: int = 20          # marbles in hand after the setup is laid down
    starting_stakes: int = 0          # marbles already in the inner ring
    jupiter_moons: int = 4            # the text gives Jupiter no line; layout default
    round_limit: int = 0              # 0: no limit; else the game ends after this many rounds
    out_when_short: bool = True       # running out: a player who cannot pay in full is out
    last_player_wins: bool = True     # one player left wins and takes the stakes

    # -- rules 3, 4, 8 -----------------------------------------------------
    rule3_gate: str = "scoring"
    sun_payment: str = "rule4_then_rule8"
    indirect_sun_strikes: bool = True  # the Sun moved by a body the taw set moving is "struck"
    sun_out_of_play_wins: bool = True  # a Sun that leaves the play area went beyond Herschel

    # -- rules 6, 7 ----------------------------------------------------------
    rule6_toll: str = "per_shot"
    rule7_each_contact: bool = False  # False: two per planet touched, once per shot

    # -- rules 10, 11 ----------------------------------------------------------
    rule10_satellites: str = "taken"
    rule11_counts: str = "struck_planet_remaining"

    # -- rules 12, 15, 16, 17 ----------------------------------------------
    rule12_stake: int = 1
    rule15_forfeit: int = 1
    rule16_forfeit: int = 3
    rule16_direct_only: bool = True   # only the shooter's own taw striking inside the ring
    rule16_sun: str = "struck_in_ring"
    rule16_replace_saturn: bool = False
    rule17_forfeit: int = 1
    foul_voids_gains: bool = True     # a fouled shot (15, 17) earns the shooter nothing
    start_tolerance: float = 0.002    # metres a taw may start from where it rested
    first_taw_on: str = "line"
    comet_start_on: str = "line"
    comets_need_satellites: bool = True  # Mercury and Venus, with none, never become comets

    def layout(self, base: Layout | None = None) -> Layout:
        """The layout these house rules play on (Jupiter's moons)."""
        return (base or Layout()).with_jupiter_moons(self.jupiter_moons)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "house_rules") -> "HouseRules":
        """Strictly validated: ``source: key: problem`` on the first bad entry."""
        if not isinstance(data, Mapping):
            raise HouseRuleError(f"{source}: must be a table, not {type(data).__name__}")
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise HouseRuleError(
                    f"{source}: {key}: unknown house rule (expected one of {', '.join(sorted(known))})")
            values[key] = _check(source, key, value, getattr(cls(), key))
        return replace(cls(), **values)

    @classmethod
    def from_toml(cls, path: str | Path, table: str = "house_rules") -> "HouseRules":
        """Read ``[house_rules]`` from a TOML file (the whole file if ``table`` is empty)."""
        name = str(path)
        try:
            with open(path, "rb") as handle:
                data = tomllib.load(handle)
        except OSError as err:
            raise HouseRuleError(f"{name}: cannot read ({err.strerror})") from None
        except tomllib.TOMLDecodeError as err:
            raise HouseRuleError(f"{name}: not valid TOML ({err})") from None
        except UnicodeDecodeError as err:  # tomllib decodes the bytes itself (found by tools/fuzz_files.py)
            raise HouseRuleError(f"{name}: not UTF-8 text (byte {err.start})") from None
        if table:
            data = data.get(table, {})
        return cls.from_mapping(data, source=f"{name}: {table}" if table else name)


_CHOICES: dict[str, tuple[str, ...]] = {
    "rule3_gate": GATES,
    "sun_payment": SUN_PAYMENTS,
    "rule6_toll": TOLLS,
    "rule10_satellites": SATELLITE_OUT,
    "rule11_counts": RULE11_COUNTS,
    "rule16_sun": RULE16_SUN,
    "first_taw_on": START_ON,
    "comet_start_on": START_ON,
}

_LIMITS: dict[str, tuple[int, int]] = {
    "starting_purse": (0, 10_000),
    "starting_stakes": (0, 10_000),
    "jupiter_moons": (0, 12),
    "round_limit": (0, 100_000),
    "rule12_stake": (0, 100),
    "rule15_forfeit": (0, 100),
    "rule16_forfeit": (0, 100),
    "rule17_forfeit": (0, 100),
}


def _check(source: str, key: str, value: Any, default: Any) -> Any:
    where = f"{source}: {key}"
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise HouseRuleError(f"{where}: must be true or false, not {value!r}")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise HouseRuleError(f"{where}: must be a whole number, not {value!r}")
        low, high = _LIMITS[key]
        if not low <= value <= high:
            raise HouseRuleError(f"{where}: must lie between {low} and {high}, not {value}")
        return value
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise HouseRuleError(f"{where}: must be a number, not {value!r}")
        if not 0.0 <= value <= 0.1:
            raise HouseRuleError(f"{where}: must lie between 0 and 0.1 metres, not {value}")
        return float(value)
    if not isinstance(value, str):
        raise HouseRuleError(f"{where}: must be a string, not {value!r}")
    if value not in _CHOICES[key]:
        raise HouseRuleError(f"{where}: must be one of {', '.join(_CHOICES[key])}, not {value!r}")
    return value
