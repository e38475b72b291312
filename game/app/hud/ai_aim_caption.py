"""An AI's shot announced before it is played: where it aims, at what, how hard.

``read_aim`` is pure (the view and the shot in, an ``AimReading`` out), so
the caption's words are tested without a window; ``AimCaption`` draws them
on a panel under the top bar while the aim line shows on the ground.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from direct.gui.DirectGui import DirectFrame

from game.app.hud import theme
from game.app.input.aiming import SPIN_WORDS_BELOW, FirstContact, first_contact
from game.match.players import MatchView, Shot
from game.match.table import body_radius
from game.rules.names import body, sentence, who

from game.rules.layout import Point


class Power(Enum):
    """A shot's speed as a player says it, in bands of the fastest shot allowed."""

    GENTLE = "gentle"
    FIRM = "firm"
    HARD = "hard"


# Upper bounds, as fractions of the speed cap: below a third is a nudge, above two thirds a hard shot.
GENTLE_BELOW = 1.0 / 3.0
FIRM_BELOW = 2.0 / 3.0


def power_word(speed: float, max_speed: float) -> Power:
    fraction = speed / max_speed if max_speed > 0 else 1.0
    if fraction < GENTLE_BELOW:
        return Power.GENTLE
    if fraction < FIRM_BELOW:
        return Power.FIRM
    return Power.HARD


@dataclass(frozen=True)
class AimReading:
    """What a watcher is told before an AI shoots."""

    shooter: str
    origin: Point                 # where the taw is shot from (its place on a line, if it is laid down)
    direction: float              # degrees counter-clockwise from +x
    contact: FirstContact | None  # the first body the aim line meets, if any on the table
    power: Power
    spin: float = 0.0             # Shot.spin: backspin below 0 (a stop shot), topspin above (a follow shot)

    @property
    def target(self) -> str | None:
        return self.contact.body if self.contact else None

    def caption(self) -> str:
        """'Mars aims at the Sun, firm'; 'The Earth shoots into open ground, gentle, a stop shot (backspin)'."""
        name = sentence(who(self.shooter))
        how = f"{self.power.value}{self._spin_words()}"
        if self.contact is None:
            return f"{name} shoots into open ground, {how}"
        return f"{name} aims at {body(self.contact.body)}, {how}"

    def _spin_words(self) -> str:
        if abs(self.spin) < SPIN_WORDS_BELOW:
            return ""
        return ", a follow shot (topspin)" if self.spin > 0 else ", a stop shot (backspin)"


def shot_origin(view: MatchView, shot: Shot) -> Point | None:
    """Where the shot starts: the placed spot on a line, else where the taw lies."""
    if shot.placement is not None:
        return view.layout.home_on_line(shot.placement.orbit, shot.placement.angle)
    return view.taw_position()


def read_aim(view: MatchView, shot: Shot) -> AimReading | None:
    """The announcement for ``shot`` by the view's shooter; None if the taw has nowhere to start from."""
    origin = shot_origin(view, shot)
    if origin is None:
        return None
    layout = view.layout
    bodies = {b: (p, body_radius(layout, b)) for b, p in view.positions.items() if b != view.taw}
    reach = 2.0 * layout.play_radius  # the aim line crosses the whole table
    contact = first_contact(origin, shot.direction, layout.marble_radius, bodies, reach)
    return AimReading(view.shooter, origin, shot.direction % 360.0, contact, power_word(shot.speed, view.max_speed),
                      shot.spin)


def aim_line_length(reading: AimReading, open_length: float = 0.5) -> float:
    """How much chalk to draw: up to the first body met, or a stretch of open ground."""
    return reading.contact.distance if reading.contact else open_length


def target_point(reading: AimReading, open_length: float = 0.5) -> Point:
    """The far end of what the camera must see: the target's centre, or the end of the drawn line."""
    if reading.contact is not None:
        return reading.contact.target_at
    a = math.radians(reading.direction)
    return (reading.origin[0] + open_length * math.cos(a), reading.origin[1] + open_length * math.sin(a))


CAPTION_SCALE = 0.06
CAPTION_Z = -0.31  # under the top bar and its notice line, centred


class AimCaption:
    """The announcement on a dark panel under the top bar, in the shooter's colour."""

    def __init__(self, app, reading: AimReading) -> None:
        text = reading.caption()
        self.label = theme.label(app.a2dTopCenter, text, (0.0, CAPTION_Z), scale=CAPTION_SCALE,
                                 colour=theme.planet_colour(reading.shooter))
        left, right, bottom, top = self.label.getBounds()
        pad = 0.4
        frame = ((left - pad) * CAPTION_SCALE, (right + pad) * CAPTION_SCALE,
                 (bottom - pad) * CAPTION_SCALE, (top + pad) * CAPTION_SCALE)
        self.panel = DirectFrame(parent=app.a2dTopCenter, frameColor=theme.PANEL, frameSize=frame,
                                 pos=(0, 0, CAPTION_Z))
        self.label.reparentTo(self.panel)
        self.label.setPos(0, 0, 0)

    @property
    def text(self) -> str:
        return self.label["text"]

    def destroy(self) -> None:
        self.panel.destroy()
