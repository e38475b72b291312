"""What the Aim screen shows of the aim: the camera behind the taw, the chalk line (or, with the preview off,
the crosshair), the Sun indicator and the bottom line's keys.

It reads the ``TawAim`` and moves nothing of it; ``AimState`` calls ``update``
once a frame and ``place_sun_indicator`` after the camera has moved.
"""

from __future__ import annotations

import math
from typing import Any

from game.app.hud.sun_indicator import SunIndicator
from game.app.input.aiming import first_contact, preview_length
from game.app.input.bindings import key_words
from game.app.input.taw_aim import TawAim
from game.app.scene.table_view import ViewMode
from game.app.screens.aim_preview import ShotPreview
from game.match.table import body_radius

PREVIEW_REACH = 3.0          # metres: the farthest the aim line and the first contact are looked for
CROSSHAIR_NEAREST = 0.05     # preview off: the crosshair sits at the Sun's range along the aim, at least this far,
CROSSHAIR_REACH = 0.3        # and this far out when the Sun is off the ground


class AimDisplay:
    """The aim as drawn for the person aiming, beside the turn's shot ``preview`` (its mode says aim line or
    crosshair)."""

    def __init__(self, app: Any, aiming: TawAim, preview: ShotPreview) -> None:
        self.app = app
        self.aiming = aiming
        self.preview = preview
        self.target_range = PREVIEW_REACH  # how far the aim's target lies; the key taps scale with it
        self.sun_indicator = SunIndicator(app)

    def update(self) -> None:
        """The camera knuckled down behind the taw along the aim, and the aim line or crosshair."""
        view, aiming = self.app.view, self.aiming
        origin = aiming.origin()
        view.sync(aiming.positions())
        contact = first_contact(origin, aiming.direction, aiming.view.layout.marble_radius, aiming.bodies(),
                                PREVIEW_REACH)
        sun = aiming.view.positions.get("sun")
        self.target_range = (math.dist(origin, contact.target_at) if contact is not None
                             else math.dist(origin, sun) if sun is not None else PREVIEW_REACH)
        view.knuckle_down(origin, aiming.direction, reach=self.target_range)
        if not self.preview.mode.draws:  # no preview, no aim line: a crosshair shows the way alone
            reach = math.dist(origin, sun) if sun is not None else CROSSHAIR_REACH
            view.show_crosshair(origin, aiming.direction, min(PREVIEW_REACH, max(CROSSHAIR_NEAREST, reach)))
            return
        length = preview_length(self.app.game.aim_aid_strength(), contact, PREVIEW_REACH)
        if length > 0:
            view.show_aim(origin, aiming.direction, length, contact)
        else:
            view.hide_aim()

    def whole_ground(self) -> None:
        """The overhead view drawn back to show the whole ground (elsewhere the key does nothing)."""
        if self.app.view.mode == ViewMode.OVERHEAD:
            self.app.view.whole_ground()

    def sun_indicator_task(self, task: Any) -> Any:
        self.place_sun_indicator()
        return task.cont

    def place_sun_indicator(self) -> None:
        """The arrow to the Sun, in the knuckle-down view only, clear of the panels on screen."""
        app = self.app
        sun = self.aiming.view.positions.get("sun")
        if sun is None or app.is_held() or app.view.mode != ViewMode.KNUCKLE or app.view.suspended:
            self.sun_indicator.hide()
            return
        height = body_radius(self.aiming.view.layout, "sun")
        boxes = app.game.hud.clear_view.last_boxes.values()  # the panels on screen: a lesson's card among them
        panels = [(b.left, b.right, b.bottom, b.top) for b in boxes]
        self.sun_indicator.update((sun[0], sun[1], height), self.aiming.origin(), panels)

    def hint(self) -> str:
        """The bottom line: what to press, by the keys this shooter has (``bindings``, their own if remapped)."""
        k = self._key
        aim_keys = f"{k('aim-left')}/{k('aim-right')}"
        where = f"   {k('left')}/{k('right')}: slide the taw" if self.aiming.view.placements else ""
        if self.app.view.scene.ground_heights is not None:  # rough earth: its slope view is a key away
            where += f"   {k('slopes')}: slopes"
        if self.app.view.mode == ViewMode.OVERHEAD:
            return (f"Click a ball: full hit   Drag round the taw: aim ({k('fine')}: fine)   {aim_keys}: fine aim   "
                    f"Wheel: zoom   {k('whole-ground')}: whole ground   Hold {k('power-press')}: power   "
                    f"{k('shoot-planned')}: shoot{where}   {k('overhead')}: back down")
        if self.app.view.mode == ViewMode.SIGHT:
            return (f"Mouse or {aim_keys}: aim   Hold left button: power   Wheel + {k('shoot-planned')}: set power, "
                    f"shoot   {k('sight')}: back to the view")
        return (f"Mouse or {aim_keys}: aim   Hold left button: power   Wheel + {k('shoot-planned')}: set power, shoot   "
                f"{k('topspin')}/{k('backspin')}: spin{where}   {k('coach')}: coach   {k('sight')}: sight   "
                f"{k('overhead')}: overhead")

    def _key(self, action: str) -> str:
        keys = self.app.keys.keys_of(action)
        return key_words(keys[0]) if keys else "(no key)"

    def destroy(self) -> None:
        self.sun_indicator.destroy()
