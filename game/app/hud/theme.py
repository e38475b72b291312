"""Colours and widget helpers shared by the menus, the HUD and the overlays.

A warm, chalk-on-packed-earth look: dark brown panels, cream text, brass for
what can be pressed, the planets' own colours wherever a player is named.
"""

from __future__ import annotations

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton, DirectFrame, DirectLabel
from panda3d.core import TextNode

from game.app.scene.palette import PALETTES, PLANET_COLORS
from game.rules.names import sentence as title_case  # noqa: F401  (a name or planet with its first letter up)

INK = (0.96, 0.92, 0.82, 1.0)
DIM_INK = (0.78, 0.74, 0.66, 1.0)
OFF_INK = (0.55, 0.53, 0.50, 1.0)  # a button that cannot be pressed now, a row that cannot be taken
BRASS = (0.86, 0.66, 0.26, 1.0)
PANEL = (0.10, 0.08, 0.06, 0.82)
OPAQUE_PANEL = (0.07, 0.055, 0.04, 1.0)  # overlays: nothing behind them shows through
BUTTON = (0.30, 0.22, 0.12, 1.0)
BUTTON_HOVER = (0.46, 0.34, 0.16, 1.0)
GOOD = (0.55, 0.85, 0.45, 1.0)
BAD = (0.95, 0.45, 0.35, 1.0)

# Text lightened toward the ink, so a name reads on a dark panel.
_TEXT_LIFT = 0.3


def _legible(rgb: tuple[float, float, float]) -> tuple[float, float, float, float]:
    r, g, b = (c + (ink - c) * _TEXT_LIFT for c, ink in zip(rgb, INK[:3]))
    return (r, g, b, 1.0)


# A player's name is written in the colour of their marbles (the scene's
# palette), so the purse beside "Saturn" and the violet balls on the ground
# are plainly the same player's.
PLANET_COLOURS: dict[str, tuple[float, float, float, float]] = {
    **{planet: _legible(rgb) for planet, rgb in PLANET_COLORS.items()},
    "stakes": BRASS,
    "bank": DIM_INK,
}


def use_palette(palette: str) -> None:
    """Write names in the named palette's colours from now on (the Settings' ``palette``).

    The palette is the whole display's, like its font, so it is kept here
    rather than passed to every label; screens built after the call use it.
    """
    PLANET_COLOURS.update({planet: _legible(rgb) for planet, rgb in PALETTES[palette].items()})


def planet_colour(name: str) -> tuple[float, float, float, float]:
    return PLANET_COLOURS.get(name, INK)


def signed_name(planet: str, name: str) -> str:
    """A player's name after their planet's sign, "♂ Mars (you)": colour is never the only cue."""
    from game.app.scene.symbols import inline_symbol, register_symbol_text

    register_symbol_text()
    sign = inline_symbol(planet)
    return f"{sign} {name}" if sign else name


def panel(parent, frame: tuple[float, float, float, float], colour=PANEL, pos=(0, 0, 0)) -> DirectFrame:
    return DirectFrame(parent=parent, frameColor=colour, frameSize=frame, pos=pos)


SHADE = (0.0, 0.0, 0.0, 0.55)  # behind a modal overlay: the game dims and takes no clicks


def modal(parent, sort: int) -> DirectFrame:
    """A window-wide shade that swallows every click and key-free mouse button beneath it.

    Build an overlay's panel as its child: the overlay is then opaque to the
    pointer (buttons under it cannot be pressed, a click does not shoot) and
    visibly in front.  ``sort`` orders overlays stacked on one another.
    """
    shade = DirectFrame(parent=parent, frameColor=SHADE, frameSize=(-8, 8, -2, 2), state=DGG.NORMAL,
                        suppressMouse=1)
    shade.setBin("gui-popup", sort)
    return shade


def label(parent, text: str, pos: tuple[float, float], scale: float = 0.05, colour=INK,
          align: int = TextNode.ACenter, wordwrap: float | None = None) -> DirectLabel:
    return DirectLabel(parent=parent, text=text, pos=(pos[0], 0, pos[1]), scale=scale,
                       text_fg=colour, text_align=align, text_wordwrap=wordwrap,
                       frameColor=(0, 0, 0, 0), text_shadow=(0, 0, 0, 0.6))


def fit_width(label: DirectLabel, width: float) -> None:
    """Shrink a one-line label, keeping its position, until its words are no wider than ``width``."""
    label.resetFrameSize()
    left, right, _bottom, _top = label.guiItem.getFrame()
    scale = label.getScale().x
    drawn = (right - left) * scale
    if drawn > width:
        label.setScale(scale * width / drawn)


def fit_text(button, width: float, margin: float = 0.6) -> None:
    """Set a button's words smaller when they would run past its frame of this width (the button's own
    units): "Shot preview (new games):  Learning" ran under the button beside it."""
    words = button["text"]
    natural = button.component("text0").textNode.calcWidth(words) if words else 0.0
    button["text_scale"] = min(1.0, (width - margin) / natural) if natural > 0.0 else 1.0


def button(parent, text: str, pos: tuple[float, float], command, scale: float = 0.06,
           width: float = 7.0, extra_args: list | None = None) -> DirectButton:
    half = width / 2
    return DirectButton(
        parent=parent, text=text, pos=(pos[0], 0, pos[1]), scale=scale, command=command,
        extraArgs=extra_args or [], text_fg=INK, text_align=TextNode.ACenter,
        frameColor=(BUTTON, BUTTON_HOVER, BUTTON_HOVER, (0.2, 0.2, 0.2, 0.6)),
        frameSize=(-half, half, -0.55, 1.05), relief=DGG.FLAT, pressEffect=1,
    )
