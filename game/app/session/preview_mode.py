"""The shot preview's modes, as one enum (issue 11's strengths): what the Aim screen draws before a shot.

The values are how the settings file, the people file, the New Game file
and a replay's setup spell them; ``preview_mode`` turns such a string into
the enum at the boundary and refuses any other.
"""

from __future__ import annotations

from enum import StrEnum


class PreviewMode(StrEnum):
    """How much of the aimed shot the Aim screen shows; the value is the files' spelling."""

    LEARNING = "learning"  # every moving body's path to rest, and the verdict
    GUIDE = "guide"        # the taw to its first contact, then the struck body's line and the taw's
    NONE = "none"          # no preview: a crosshair on the line of aim

    @property
    def label(self) -> str:
        """The name a screen shows: "Learning", "Guide", "None"."""
        return self.value.capitalize()

    @property
    def draws(self) -> bool:
        """The Aim screen draws a preview (and asks the previewer for one)."""
        return self is not PreviewMode.NONE


def preview_mode(value: object) -> PreviewMode:
    """A preview mode read from a file or a caller; ``ValueError`` naming the choices for any other value."""
    if isinstance(value, str) and value in tuple(PreviewMode):
        return PreviewMode(value)
    raise ValueError(f"preview must be one of {', '.join(PreviewMode)}, not {value!r}")
