"""Where the camera looks from: knuckled down behind the taw, overhead, or free.

Pure maths for the three views plus a smoothing step; the app copies the
result onto Panda's camera each frame.  Metres, +z up, heading in degrees
counter-clockwise from +x like a shot's direction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

Vec3 = tuple[float, float, float]

KNUCKLE_BACK = 0.15     # a hand's length behind the taw
KNUCKLE_HEIGHT = 0.06  # eye at knuckle height, looking along the ground
OVERHEAD_HEIGHT = 2.1


@dataclass
class CameraPose:
    position: Vec3
    look_at: Vec3


def knuckle_down(taw: tuple[float, float], direction_deg: float) -> CameraPose:
    a = math.radians(direction_deg)
    dx, dy = math.cos(a), math.sin(a)
    eye = (taw[0] - KNUCKLE_BACK * dx, taw[1] - KNUCKLE_BACK * dy, KNUCKLE_HEIGHT)
    target = (taw[0] + 0.6 * dx, taw[1] + 0.6 * dy, 0.0)
    return CameraPose(eye, target)


def overhead(orbit_deg: float, tilt: float = 0.45, focus: tuple[float, float] = (0.0, 0.0)) -> CameraPose:
    """High above the ground, tilted a little so the marbles read as spheres."""
    a = math.radians(orbit_deg)
    back = OVERHEAD_HEIGHT * tilt
    eye = (focus[0] - back * math.cos(a), focus[1] - back * math.sin(a), OVERHEAD_HEIGHT)
    return CameraPose(eye, (focus[0], focus[1], 0.0))


@dataclass
class FreeCamera:
    """Walk over the ground: position, heading and pitch, moved by keys and the mouse."""

    position: list[float] = field(default_factory=lambda: [0.0, -1.6, 0.5])
    heading: float = 90.0
    pitch: float = -20.0
    speed: float = 0.8  # m/s

    def move(self, forward: float, right: float, up: float, dt: float) -> None:
        a = math.radians(self.heading)
        fx, fy = math.cos(a), math.sin(a)
        rx, ry = math.sin(a), -math.cos(a)
        step = self.speed * dt
        self.position[0] += step * (forward * fx + right * rx)
        self.position[1] += step * (forward * fy + right * ry)
        self.position[2] = min(4.0, max(0.02, self.position[2] + step * up))

    def look(self, d_heading: float, d_pitch: float) -> None:
        self.heading = (self.heading + d_heading) % 360.0
        self.pitch = min(-2.0, max(-89.0, self.pitch + d_pitch))

    def pose(self) -> CameraPose:
        h, p = math.radians(self.heading), math.radians(self.pitch)
        eye = tuple(self.position)
        target = (eye[0] + math.cos(h) * math.cos(p), eye[1] + math.sin(h) * math.cos(p), eye[2] + math.sin(p))
        return CameraPose(eye, target)  # type: ignore[arg-type]


def blend(current: CameraPose, goal: CameraPose, dt: float, rate: float = 8.0) -> CameraPose:
    """Ease towards the goal; frame-rate independent."""
    k = 1.0 - math.exp(-rate * max(0.0, dt))
    mix = lambda a, b: tuple(x + (y - x) * k for x, y in zip(a, b))  # noqa: E731
    return CameraPose(mix(current.position, goal.position), mix(current.look_at, goal.look_at))
