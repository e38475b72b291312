"""The ground in words, as the New game screen, the pause menu, the rules screen and the replay viewer name it."""

from __future__ import annotations

from game.rules.house import GroundKind, HouseRules

GROUND_NAMES = {GroundKind.SMOOTH: "smooth", GroundKind.ROUGH: "rough earth"}
# How the rules read a rough ground (docs/rules.md): the same on any ground.
LEVEL_READING = ("Lines and orbits are judged on the level: a body resting on a slope is where its centre "
                 "lies, seen from straight above.")


def ground_name(kind: GroundKind) -> str:
    return GROUND_NAMES[GroundKind(kind)]


def ground_line(house: HouseRules) -> str:
    """"smooth", or "rough earth, 3 mm, seed 7": the kind, and for rough earth what makes it this ground."""
    if house.ground is GroundKind.SMOOTH:
        return ground_name(house.ground)
    return f"{ground_name(house.ground)}, {house.ground_roughness_mm:g} mm, seed {house.ground_seed}"


def slope_words(rough: bool, shown: bool, contour_m: float, key: str) -> str:
    """The HUD's line about the slope view: how to show it, or how to read it; nothing on the smooth plane."""
    if not rough:
        return ""
    if not shown:
        return f"Rough earth: {key} shows its slopes"
    return (f"Slopes: a contour line every {contour_m * 1000:.2g} mm of height; "
            f"blue hollows, amber crests. {key} hides them")
