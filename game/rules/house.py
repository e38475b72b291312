"""House rules: every place where the text allows two readings, as a named switch.

``HouseRules()`` is the project's reading (``docs/rules.md`` argues each
default).  A table from a TOML file or a scenario is loaded with
``HouseRules.from_mapping``, which refuses an unknown key, a wrong type or an
impossible value with one line naming the key and the problem.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from pathlib import Path
from typing import Any, Mapping

from game.errors import UserError
from game.rules.layout import Layout

class SunPayment(StrEnum):
    """Rules 4 and 8 both pay the striker of the Sun; which one applies when."""

    RULE4_THEN_RULE8 = "rule4_then_rule8"
    BOTH = "both"
    RULE4_ALWAYS = "rule4_always"
    RULE8_ALWAYS = "rule8_always"


class Rule3Gate(StrEnum):
    """Rule 3: what "no planet can be taken" holds back before the Sun's release."""

    TAKING = "taking"    # the text: only the rules that take marbles off the ground (10, 14, 16's take-up)
    SCORING = "scoring"  # also the payments between players (6, 7, 8, 11)
    OFF = "off"


class Rule6Toll(StrEnum):
    """Rule 6: the toll per shot, or once from each other player."""

    PER_SHOT = "per_shot"
    ONCE = "once"


class SatelliteOut(StrEnum):
    """Rule 10 applied to satellites."""

    TAKEN = "taken"
    REPLACED = "replaced"
    RETURNED = "returned"


class Rule11Count(StrEnum):
    """Rule 11: which satellites are counted."""

    STRUCK_PLANET_REMAINING = "struck_planet_remaining"
    STRUCK_PLANET_ALL = "struck_planet_all"
    IN_ORBIT = "in_orbit"


class Rule16Sun(StrEnum):
    """Rule 16, second half: where the Sun must be."""

    STRUCK_IN_RING = "struck_in_ring"
    RESTS_IN_RING = "rests_in_ring"


class Rule4Payer(StrEnum):
    """Rule 4: who pays the striker of the Sun beyond Mercury's orbit."""

    STOP_ORBIT = "stop_orbit"  # the holder of the orbit where the Sun stops
    MERCURY = "mercury"        # the holder of Mercury's orbit ("the person who holds the orbit")


class Rule8Orbit(StrEnum):
    """Rule 8: "struck within the orbit of a planet": where the Sun comes to rest, or where it lay when struck."""

    RESTS = "rests"
    STRUCK = "struck"


class TawsLaid(StrEnum):
    """The setup: every taw laid before the game's first shot, or each before his own first shot."""

    SETUP = "setup"                    # the text: laid at the setup; after the game's first shot, rule 17 binds all
    OWN_FIRST_SHOT = "own_first_shot"  # each player's own first shot starts from a spot he lays then


class TawOffTable(StrEnum):
    """A live taw that leaves the play area (the ground had no edge; the text is silent)."""

    OWN_LINE = "own_line"        # picked up and laid again on his own line, anywhere he likes
    WHERE_IT_LEFT = "where_it_left"  # put down just inside the edge where it left


class GroundKind(StrEnum):
    """The ground the game is played on: a smooth plane, or rough earth with gentle slopes and hollows."""

    SMOOTH = "smooth"
    ROUGH = "rough"


class StartOn(StrEnum):
    """Rules 14 and 17: a free start is on a painted line, or anywhere in the region."""

    LINE = "line"
    REGION = "region"


# The choices as tuples (menus, property tests); members compare equal to their strings.
SUN_PAYMENTS = tuple(SunPayment)
GATES = tuple(Rule3Gate)
TOLLS = tuple(Rule6Toll)
SATELLITE_OUT = tuple(SatelliteOut)
RULE11_COUNTS = tuple(Rule11Count)
RULE16_SUN = tuple(Rule16Sun)
START_ON = tuple(StartOn)
RULE4_PAYERS = tuple(Rule4Payer)
RULE8_ORBITS = tuple(Rule8Orbit)
TAWS_LAID = tuple(TawsLaid)
TAW_OFF_TABLE = tuple(TawOffTable)
GROUNDS = tuple(GroundKind)


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
    rule3_gate: Rule3Gate = Rule3Gate.TAKING
    sun_payment: SunPayment = SunPayment.RULE4_THEN_RULE8
    indirect_sun_strikes: bool = True  # the Sun moved by a body the taw set moving is "struck"
    rule4_payer: Rule4Payer = Rule4Payer.STOP_ORBIT
    rule8_orbit: Rule8Orbit = Rule8Orbit.RESTS
    sun_out_of_play_wins: bool = True  # a Sun that leaves the play area went beyond Herschel
    stakes_pay_unheld_orbits: bool = False  # the pot pays an unheld orbit's rules 4, 8 and 10 (not the winner's)

    # -- rules 6, 7 ----------------------------------------------------------
    rule6_toll: Rule6Toll = Rule6Toll.PER_SHOT
    rule7_each_contact: bool = False  # False: two per planet touched, once per shot
    simultaneous_s: float = 0.001     # contacts closer in time are simultaneous: a short purse pays in seat order

    # -- rules 10, 11 ----------------------------------------------------------
    rule10_satellites: SatelliteOut = SatelliteOut.TAKEN
    rule11_counts: Rule11Count = Rule11Count.STRUCK_PLANET_REMAINING

    # -- rules 12, 15, 16, 17 ----------------------------------------------
    rule12_stake: int = 1
    rule15_forfeit: int = 1
    rule15_tie_foul: bool = True      # his own struck at the same instant as another's is a foul (a tie is first)
    rule16_forfeit: int = 3
    rule16_direct_only: bool = True   # only the shooter's own taw striking inside the ring
    rule16_sun: Rule16Sun = Rule16Sun.STRUCK_IN_RING
    rule16_replace_saturn: bool = False
    rule17_forfeit: int = 1
    foul_voids_gains: bool = True     # a fouled shot (15, 17) earns the shooter nothing
    start_tolerance: float = 0.002    # metres a taw may start from where it rested
    taws_laid: TawsLaid = TawsLaid.SETUP
    taw_off_table: TawOffTable = TawOffTable.OWN_LINE
    first_taw_on: StartOn = StartOn.LINE
    comet_start_on: StartOn = StartOn.LINE
    comets_need_satellites: bool = True  # Mercury and Venus, with none, never become comets

    # -- the ground (``game.physics.terrain``) ---------------------------------
    ground: GroundKind = GroundKind.SMOOTH
    ground_roughness_mm: float = 3.0  # rough earth: the heights' root-mean-square, millimetres
    ground_seed: int = 1              # rough earth: which ground (the same seed, the same ground)

    def __post_init__(self) -> None:
        # A mode given as its plain string (a caller's ``HouseRules(rule3_gate="off")``) becomes its member.
        for f in fields(self):
            default = f.default
            if isinstance(default, StrEnum) and not isinstance(getattr(self, f.name), type(default)):
                object.__setattr__(self, f.name, type(default)(getattr(self, f.name)))

    def layout(self, base: Layout | None = None) -> Layout:
        """The layout these house rules play on (Jupiter's moons)."""
        return (base or Layout()).with_jupiter_moons(self.jupiter_moons)

    def to_dict(self) -> dict[str, Any]:
        """Plain values (a mode as its string), as a TOML file or a replay's header holds them."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

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
        from game.fileio import read_toml

        name = str(path)
        try:
            data = read_toml(path, "house-rules file")
        except UserError as err:
            raise HouseRuleError(str(err)) from None
        if table:
            if table not in data:
                raise HouseRuleError(f"{name}: has no [{table}] table (house rules go under [{table}])")
            data = data[table]
        return cls.from_mapping(data, source=f"{name}: {table}" if table else name)



_LIMITS: dict[str, tuple[int, int]] = {
    "starting_purse": (0, 10_000),
    "starting_stakes": (0, 10_000),
    "jupiter_moons": (0, 12),
    "round_limit": (0, 100_000),
    "rule12_stake": (0, 100),
    "rule15_forfeit": (0, 100),
    "rule16_forfeit": (0, 100),
    "rule17_forfeit": (0, 100),
    "ground_seed": (0, 2**31 - 1),
}

# Numbers with bounds and units of their own; every other number is 0 ... 0.1 metres or seconds.
_FLOAT_LIMITS: dict[str, tuple[float, float, str]] = {
    "ground_roughness_mm": (0.5, 8.0, "millimetres"),
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
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or isinstance(value, float) and not math.isfinite(value):   # an int of 310 digits: compared below
            raise HouseRuleError(f"{where}: must be a number, not {value!r}")
        least, most, unit = _FLOAT_LIMITS.get(key, (0.0, 0.1, "seconds" if key.endswith("_s") else "metres"))
        if not least <= value <= most:
            raise HouseRuleError(f"{where}: must lie between {least:g} and {most:g} {unit}, not {value}")
        return float(value)
    if not isinstance(value, str):
        raise HouseRuleError(f"{where}: must be a string, not {value!r}")
    mode: type[StrEnum] = type(default)
    try:
        return mode(value)
    except ValueError:
        raise HouseRuleError(f"{where}: must be one of {', '.join(mode)}, not {value!r}") from None


def _plain(value: Any) -> Any:
    return str(value) if isinstance(value, StrEnum) else value
