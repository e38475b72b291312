"""The planets' signs on screen: the font that has them, a glyph atlas for the shaders, and inline text.

Panda's built-in font has no astronomical signs, so the game ships a subset
of DejaVu Sans (``models/fonts/DejaVuSans-taw.ttf``: basic Latin and the
eight signs; free licence beside it).  Three users:

* the chalk names on the ground are set in it (``symbol_font``);
* the marbles' and markers' shaders sample an atlas of the signs, one 64 px
  cell each in ``ATLAS_ORDER`` (``symbol_atlas``);
* HUD text wraps a sign in a text property (``inline_symbol``) so that a
  row reads "♂ Mars" in the HUD's own font with the sign from DejaVu.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from game.app.scene.palette import PLANET_SYMBOLS, SUN_SYMBOL, symbol_of
from game.resources import asset_path
from game.rules.layout import PLANETS

FONT_NAME = "fonts/DejaVuSans-taw.ttf"
ATLAS_ORDER: tuple[str, ...] = (*PLANETS, "sun")  # cell i holds the sign of ATLAS_ORDER[i]
CELL = 64
SYMBOL_PROPERTIES = "taw-sign"  # the TextProperties name inline_symbol uses


def symbol_index(body_id: str) -> float:
    """The atlas cell of a body's sign, or -1 for a body with none (the shaders then draw no sign)."""
    sign = symbol_of(body_id)
    signs = [*(PLANET_SYMBOLS[p] for p in PLANETS), SUN_SYMBOL]
    return float(signs.index(sign)) if sign else -1.0


@cache
def symbol_font() -> Any:  # -> panda3d.core.TextFont
    """The shipped DejaVu subset as a Panda font (one per process: Panda's FontPool caches it too)."""
    from panda3d.core import Filename, FontPool, SamplerState

    font = FontPool.loadFont(Filename.fromOsSpecific(str(asset_path("models", FONT_NAME))).getFullpath())
    if font is None or not font.isValid():
        raise FileNotFoundError(f"the font models/{FONT_NAME} did not load")
    font.setPixelsPerUnit(64)
    # the chalked names are seen at a slant from far off: mipmaps, or the letters break up into specks
    font.setMinfilter(SamplerState.FT_linear_mipmap_linear)
    font.setAnisotropicDegree(2)
    return font


@cache
def symbol_atlas() -> Any:  # -> panda3d.core.Texture
    """A one-row texture: white signs on clear, one CELL-pixel square per body in ATLAS_ORDER."""
    from panda3d.core import Filename, PNMImage, PNMTextMaker, SamplerState, Texture

    maker = PNMTextMaker(Filename.fromOsSpecific(str(asset_path("models", FONT_NAME))), 0)
    if not maker.isValid():
        raise FileNotFoundError(f"the font models/{FONT_NAME} did not load")
    maker.setPixelSize(CELL * 0.72)
    maker.setAlign(PNMTextMaker.A_center)
    maker.setFg((1, 1, 1, 1))
    image = PNMImage(CELL * len(ATLAS_ORDER), CELL, 4)
    image.fill(1, 1, 1)
    image.alphaFill(0)
    signs = [*(PLANET_SYMBOLS[p] for p in PLANETS), SUN_SYMBOL]
    for i, sign in enumerate(signs):
        maker.generateInto(sign, image, CELL * i + CELL // 2, int(CELL * 0.77))
    texture = Texture("planet-signs")
    texture.load(image)
    texture.setWrapU(SamplerState.WM_clamp)
    texture.setWrapV(SamplerState.WM_clamp)
    texture.setMinfilter(SamplerState.FT_linear_mipmap_linear)
    texture.setMagfilter(SamplerState.FT_linear)
    return texture


def register_symbol_text() -> None:
    """Make ``inline_symbol`` work in any TextNode (Panda's one TextPropertiesManager; idempotent)."""
    from panda3d.core import TextProperties, TextPropertiesManager

    manager = TextPropertiesManager.getGlobalPtr()
    if manager.hasProperties(SYMBOL_PROPERTIES):
        return
    props = TextProperties()
    props.setFont(symbol_font())
    manager.setProperties(SYMBOL_PROPERTIES, props)


def inline_symbol(planet: str) -> str:
    """A planet's sign, marked to be set in the sign font: "" for a name that is no planet."""
    sign = PLANET_SYMBOLS.get(planet, "")
    return f"\1{SYMBOL_PROPERTIES}\1{sign}\2" if sign else ""


def plain(text: str) -> str:
    """Text with the font markers taken out (what a person reads; for tests and logs)."""
    import re

    return re.sub(r"\x01[^\x01]*\x01|\x02", "", text)
