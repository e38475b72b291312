"""Graphics quality: what the settings screen may change about the pipeline."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from game.errors import UserError

if TYPE_CHECKING:  # pragma: no cover
    from panda3d.core import FrameBufferProperties

MSAA_CHOICES = (0, 2, 4)
SHADOW_MAP_SIZES = (512, 1024, 2048, 4096)


def framebuffer_properties(msaa: int = 0) -> "FrameBufferProperties":
    """24-bit colour and depth, with ``msaa`` samples a pixel (0: none): the window's and every buffer's."""
    from panda3d.core import FrameBufferProperties

    props = FrameBufferProperties()
    props.setRgbColor(True)
    props.setColorBits(24)
    props.setDepthBits(24)
    if msaa:
        props.setMultisamples(msaa)
    return props


@dataclass(frozen=True)
class GraphicsQuality:
    """Shadows on or off with their map size, and the multisample count.

    MSAA belongs to the framebuffer, so it takes effect when a window or
    buffer is opened with ``framebuffer_properties()``; shadows can change on
    a live scene (``TableScene.set_quality``).
    """

    shadows: bool = True
    shadow_map_size: int = 2048
    msaa: int = 4

    def __post_init__(self) -> None:
        if self.msaa not in MSAA_CHOICES:
            raise UserError(f"graphics.msaa: must be one of {MSAA_CHOICES}, not {self.msaa!r}")
        if self.shadow_map_size not in SHADOW_MAP_SIZES:
            raise UserError(
                f"graphics.shadow_map_size: must be one of {SHADOW_MAP_SIZES}, not {self.shadow_map_size!r}"
            )
        if not isinstance(self.shadows, bool):
            raise UserError(f"graphics.shadows: must be true or false, not {self.shadows!r}")

    @classmethod
    def preset(cls, name: str) -> "GraphicsQuality":
        try:
            return PRESETS[name]
        except KeyError:
            raise UserError(f"graphics.preset: unknown preset {name!r}; choose one of {sorted(PRESETS)}") from None

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any], source: str = "settings") -> "GraphicsQuality":
        """Build from a settings table such as ``{"shadows": true, "msaa": 2}``."""
        known = {"shadows", "shadow_map_size", "msaa"}
        for key in values:
            if key not in known:
                raise UserError(f"{source}: graphics.{key}: unknown setting (expected one of {sorted(known)})")
        return cls(**dict(values))

    def framebuffer_properties(self) -> "FrameBufferProperties":
        """Properties to open a window or offscreen buffer with for this quality."""
        return framebuffer_properties(self.msaa)

    def prc(self) -> str:
        """PRC lines for a ShowBase whose main window should use this quality."""
        if self.msaa:
            return f"framebuffer-multisample 1\nmultisamples {self.msaa}\n"
        return "framebuffer-multisample 0\nmultisamples 0\n"


PRESETS: dict[str, GraphicsQuality] = {
    "low": GraphicsQuality(shadows=False, shadow_map_size=1024, msaa=0),
    "medium": GraphicsQuality(shadows=True, shadow_map_size=1024, msaa=2),
    "high": GraphicsQuality(shadows=True, shadow_map_size=2048, msaa=4),
}
