"""Where the player's eye is: knuckle-down, overhead, orbit, free and follow.

``CameraRig`` holds a goal pose and eases the camera towards it every
``update(dt)``, so switching views is a short glide rather than a cut.  It
takes no input: the app shell maps keys and mouse to these methods.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable, Sequence

import numpy as np

from game.app.scene.overhead_zoom import WHEEL_FACTOR, OverheadZoom, most_zoom
from game.rules.layout import Layout

Vec3T = tuple[float, float, float]


class RigMode(StrEnum):
    """The pose the rig eases toward: set by the method that was called last."""

    OVERHEAD = "overhead"
    KNUCKLE = "knuckle"
    SIGHT = "sight"
    ORBIT = "orbit"
    FREE = "free"
    FOLLOW = "follow"

PITCH_LIMITS = (math.radians(2.0), math.radians(89.5))
DISTANCE_LIMITS = (0.04, 25.0)


@dataclass(frozen=True)
class KnuckleFraming:
    """Where the shooter's eye sits: metres behind the taw, above the ground, and how far ahead it looks."""

    back: float = 0.10
    height: float = 0.05
    ahead: float = 0.16


# The game's aiming view: a little further back and looking further along the
# ground than the close-up, so what the shot may reach is in the picture.
AIMING_FRAMING = KnuckleFraming(back=0.15, height=0.06, ahead=0.6)
# Where balls crowd round the taw (lesson 10's taw among Saturn's satellites, the Sun a few centimetres
# ahead), the low eye sits among them and the play is a strip along the picture's bottom edge: the eye
# comes up and looks down at the taw's neighbourhood instead, the taw a little below the middle.
CLOSE_FRAMING = KnuckleFraming(back=0.14, height=0.14, ahead=0.05)
CROWD_RADIUS = 0.07   # metres from the taw's centre
CROWD_AHEAD = 0.02    # metres along the aim: balls further ahead are the shot's targets, seen well from low


def crowded(taw: tuple[float, float], aim: tuple[float, float], balls: Sequence[tuple[float, float, float]]) -> bool:
    """Whether balls crowd round the low eye: two or more within CROWD_RADIUS of the taw, beside or behind it
    (balls ahead are what the shot is aimed at, and the low eye sees them well)."""
    length = math.hypot(aim[0], aim[1]) or 1.0
    ax, ay = aim[0] / length, aim[1] / length
    round_eye = [(x, y) for x, y, _ in balls
                 if math.hypot(x - taw[0], y - taw[1]) < CROWD_RADIUS and (x - taw[0]) * ax + (y - taw[1]) * ay < CROWD_AHEAD]
    return len(round_eye) >= 2


def knuckle_framing_for(taw: tuple[float, float], aim: tuple[float, float],
                        balls: Sequence[tuple[float, float, float]]) -> KnuckleFraming:
    """The shooter's usual low eye, or CLOSE_FRAMING where balls crowd round it."""
    return CLOSE_FRAMING if crowded(taw, aim, balls) else AIMING_FRAMING


CLEAR_AHEAD = 0.12     # metres of the aim path the low eye must see past every ball, besides the taw itself
CLEAR_STEP = 0.005     # metres the eye rises at a time until it does
TAW_IN_VIEW = 0.7      # a risen eye keeps the taw this far down the picture's lower half, at most
CLEAR_MOST = 0.4       # and no higher: a ball touching the taw's far side cannot hide what lies beyond it


def _segment_gap(a: Vec3T, b: Vec3T, c: Vec3T) -> float:
    """The distance from point ``c`` to the segment from ``a`` to ``b``."""
    ab = [q - p for p, q in zip(a, b)]
    ac = [q - p for p, q in zip(a, c)]
    length2 = sum(v * v for v in ab) or 1e-18
    t = min(1.0, max(0.0, sum(u * v for u, v in zip(ab, ac)) / length2))
    return math.dist(c, [p + t * v for p, v in zip(a, ab)])


def sight_targets(taw: Vec3T, aim: tuple[float, float], ground: Callable[[float, float], float] = lambda x, y: 0.0,
                  ahead: float = CLEAR_AHEAD) -> list[Vec3T]:
    """What the low eye must see: the taw's centre, and the ground along the aim for ``ahead`` metres, where the
    aiming aid and the preview's first paths are drawn (past a ball the taw strikes close ahead, too)."""
    steps = max(1, math.ceil(ahead / 0.02))
    points = [(taw[0] + aim[0] * ahead * k / steps, taw[1] + aim[1] * ahead * k / steps) for k in range(1, steps + 1)]
    return [taw] + [(x, y, ground(x, y) + 0.001) for x, y in points]


def clear_height(eye_at: Callable[[float], Vec3T], start: float, targets: Sequence[Vec3T],
                 balls: Sequence[Vec3T], radius: float, step: float = CLEAR_STEP, most: float = CLEAR_MOST) -> float:
    """The eye's height above the ground, from ``start`` up, at which no ball (a sphere of ``radius`` round each
    centre of ``balls``) lies across a line of sight to any of ``targets``; ``eye_at(h)`` is the eye at height h.
    A ball standing on a target (within its radius of it, seen from above) is no ball across its line: nothing
    sees through it.  At most ``most``."""
    ex, ey, _ = eye_at(start)
    # Seen from above, the eye and the targets lie on the aim's line: only a ball near that stretch can block.
    near = [b for b in balls for t in targets[-1:] if _segment_gap((ex, ey, 0.0), (t[0], t[1], 0.0), (b[0], b[1], 0.0)) < radius]

    def blocked(height: float) -> bool:
        eye = eye_at(height)
        return any(_segment_gap(eye, t, b) < radius for t in targets for b in near
                   if math.hypot(t[0] - b[0], t[1] - b[1]) > radius)

    height = start
    while height < most and blocked(height):
        height += step
    return min(height, most)


GROUND_REACH = 0.1     # metres: rough earth lies within this of the level (8 mm of roughness peaks near 3 cm)
GROUND_SAMPLES = 96    # steps along the ray where it may meet the ground, before the crossing is refined


def ray_on_ground(near: Vec3T, far: Vec3T, height: Callable[[float, float], float]) -> tuple[float, float] | None:
    """Where the ray from ``near`` to ``far`` first meets the ground z = height(x, y), as (x, y); None when it
    never comes down to it.

    On rough earth a click meets the slope where the eye sees it, not the level plane under it: from the
    overhead view the two differ by the slope's parallax (a few millimetres to centimetres), enough to turn
    the aim off a far marble.  The ray is stepped through the slab the ground can lie in, then the first
    crossing is halved down to a micrometre.
    """
    nx, ny, nz = near
    dx, dy, dz = far[0] - nx, far[1] - ny, far[2] - nz
    if dz >= 0.0:
        return None

    def gap(t: float) -> float:
        return nz + dz * t - height(nx + dx * t, ny + dy * t)

    start = max(0.0, (nz - GROUND_REACH) / -dz)
    end = min(1.0, (nz + GROUND_REACH) / -dz)
    if start >= end or gap(start) <= 0.0:
        start = 0.0
        if gap(start) <= 0.0:
            return None  # the eye is under the ground
    step = (end - start) / GROUND_SAMPLES
    low = start
    for i in range(1, GROUND_SAMPLES + 1):
        high = start + step * i
        if gap(high) <= 0.0:
            while (high - low) * math.sqrt(dx * dx + dy * dy + dz * dz) > 1e-6:
                mid = (low + high) / 2.0
                low, high = (mid, high) if gap(mid) > 0.0 else (low, mid)
            return (nx + dx * high, ny + dy * high)
        low = high
    return None


KEEP_MARGIN = 0.15  # metres round a point the overhead view must hold: clear of the window's edge and its panels


def overhead_frame(system_radius: float, keep: Sequence[tuple[float, float]] = (),
                   margin: float = KEEP_MARGIN) -> tuple[tuple[float, float], float]:
    """The centre and radius of ground the overhead view holds: the painted system round the Sun, and each
    point of ``keep`` with ``margin`` round it (a box's centre and its half-diagonal's worth)."""
    lo_x, lo_y, hi_x, hi_y = -system_radius, -system_radius, system_radius, system_radius
    for x, y in keep:
        lo_x, lo_y = min(lo_x, x - margin), min(lo_y, y - margin)
        hi_x, hi_y = max(hi_x, x + margin), max(hi_y, y + margin)
    cx, cy = (lo_x + hi_x) / 2.0, (lo_y + hi_y) / 2.0
    return (cx, cy), max(hi_x - cx, hi_y - cy)


SAFE = (0.92, 0.86)  # the fraction of the picture's half-width and half-height a held point may reach (HUD bars)


def in_view(target: tuple[float, float], distance: float, tilt: float, points: Sequence[tuple[float, float]],
            half_fov: tuple[float, float], safe: tuple[float, float] = SAFE) -> bool:
    """Whether every ground point lies inside ``safe`` of the picture of an overhead eye tilted south by
    ``tilt`` at ``distance`` from ``target`` (a pinhole camera, +y up the picture)."""
    s, c = math.sin(tilt), math.cos(tilt)
    eye = np.array([target[0], target[1] - distance * s, distance * c])
    forward = np.array([0.0, s, -c])
    right = np.array([1.0, 0.0, 0.0])
    up = np.cross(right, forward)
    limit_x, limit_y = math.tan(half_fov[0]) * safe[0], math.tan(half_fov[1]) * safe[1]
    for x, y in points:
        v = np.array([x, y, 0.0]) - eye
        depth = float(v @ forward)
        if depth <= 0 or abs(float(v @ right)) > limit_x * depth or abs(float(v @ up)) > limit_y * depth:
            return False
    return True

# The sight: from the knuckle-down eye, zoomed on the aim point, so that a target far away is drawn
# large enough to aim at.  This much ground spans the window's shorter side at the aim point (a marble
# 16 mm across fills about a twelfth of it), within these fields of view.
SIGHT_SPAN = 0.2
SIGHT_FOV_LIMITS = (2.0, 34.0)


def sight_fov(distance: float, span: float = SIGHT_SPAN, limits: tuple[float, float] = SIGHT_FOV_LIMITS) -> float:
    """The field of view (degrees, the shorter side) that shows ``span`` metres at ``distance`` metres."""
    fov = math.degrees(2.0 * math.atan2(span / 2.0, max(distance, 1e-6)))
    return min(max(fov, limits[0]), limits[1])


@dataclass(frozen=True)
class CameraGoal:
    position: Vec3T
    quat: tuple[float, float, float, float]  # w, x, y, z


def _look_quat(eye: Vec3T, target: Vec3T, up: Vec3T = (0.0, 0.0, 1.0)):
    from panda3d.core import LQuaternionf, LVector3f, lookAt

    fwd = LVector3f(target[0] - eye[0], target[1] - eye[1], target[2] - eye[2])
    quat = LQuaternionf()
    lookAt(quat, fwd, LVector3f(*up))
    return quat


class CameraRig:
    """Drives one camera NodePath; call ``update(dt)`` every frame."""

    def __init__(
        self,
        camera: Any,
        layout: Layout,
        min_fov_deg: float = 40.0,
        near: float = 0.004,
        far: float = 120.0,
        smoothing: float = 0.12,
        lens: Any = None,
        knuckle_framing: KnuckleFraming = KnuckleFraming(),
    ) -> None:
        from panda3d.core import LQuaternionf

        self.camera = camera
        self.layout = layout
        self.smoothing = smoothing  # seconds to close ~63% of the gap
        self.knuckle_framing = knuckle_framing
        # The ground's height under a point (the table's, on rough earth): the low eyes keep their height above it.
        self.ground_height: Callable[[float, float], float] = lambda x, y: 0.0
        # ShowBase moves ``base.camera`` while the lens sits on its child ``base.cam``: pass that lens
        self.lens = lens if lens is not None else camera.node().getLens()
        self.lens.setNearFar(near, far)
        # the smaller side gets this field of view, so wide and tall windows both frame well
        self.lens.setMinFov(min_fov_deg)
        self.min_fov = min_fov_deg
        self.fov = min_fov_deg  # the sight narrows it; every other view has ``min_fov``
        self.mode = RigMode.OVERHEAD
        self.target: Vec3T = (0.0, 0.0, 0.0)
        self.yaw = 0.0
        self.pitch = math.radians(35.0)
        self.distance = 1.5
        self.aim: tuple[float, float] = (0.0, 1.0)
        self._follow: Callable[[], Vec3T] | None = None
        self.eye_height = 0.0                # the knuckle eye's height above the ground, risen over a ball
        self.overhead_zoom = OverheadZoom()  # the wheel's, in the overhead view (``zoom_overhead``)
        self._overhead_distance = 1.0        # the whole-ground eye's distance from what it looks at
        self._goal_pos = tuple(camera.getPos())
        self._goal_quat = LQuaternionf(camera.getQuat())
        self.overhead(snap=True)

    # -- views ------------------------------------------------------------------

    def overhead(self, snap: bool = False, tilt: float = 0.0, keep: Sequence[tuple[float, float]] = ()) -> None:
        """Over the Sun, the whole system in frame, +y up the screen.

        ``tilt`` (radians from straight down) moves the eye south along the
        same distance, so the marbles read as spheres and the orbit names
        still read from the bottom of the screen.  ``keep``: ground points
        (the shooter's taw) that must stay in frame too, with a margin: the
        view widens and moves over to hold them.
        """
        system = self.layout.line_radii["herschel"] + 0.08
        (cx, cy), reach = overhead_frame(system, keep)
        fov_x, fov_y = self.lens.getFov()
        half = min(math.radians(fov_x), math.radians(fov_y)) / 2.0
        distance = reach / math.tan(half)
        if keep:  # tilted, the near edge of a wide frame comes in: back off until everything held is in view
            held = [(system * math.cos(a), system * math.sin(a)) for a in np.linspace(0, 2 * math.pi, 16, False)]
            held += [(x + dx, y + dy) for x, y in keep for dx, dy in
                     ((KEEP_MARGIN, 0), (-KEEP_MARGIN, 0), (0, KEEP_MARGIN), (0, -KEEP_MARGIN))]
            while not in_view((cx, cy), distance, tilt, held, (math.radians(fov_x) / 2, math.radians(fov_y) / 2)):
                distance *= 1.05
        self.mode = RigMode.OVERHEAD
        self._follow = None
        self._overhead_distance = distance
        eye = (cx, cy - distance * math.sin(tilt), distance * math.cos(tilt))
        quat = _look_quat(eye, (cx, cy, 0.0), up=(0.0, 1.0, 0.0))
        self._set_goal(self.overhead_zoom.apply(eye), quat, snap)  # zoomed along the same view: the same turn

    def zoom_overhead(self, x: float, y: float, notches: float, pixels_high: int) -> bool:
        """The wheel in the overhead view: ``notches`` in (or out, negative) about the ground under the pointer
        at (x, y) (window units), no closer than a marble ``MARBLE_PX_AT_MOST`` pixels across.  The overhead
        pose is set again by the caller (``overhead``).  False where the pointer is off the ground."""
        about = self._goal_pointer_on_ground(x, y)
        if about is None:
            return False
        most = most_zoom(self._overhead_distance, self.lens.getFov()[1], 2.0 * self.layout.marble_radius,
                         pixels_high)
        point = (about[0], about[1], self.ground_height(*about))
        self.overhead_zoom.zoom_by(WHEEL_FACTOR ** notches, point, most)
        return True

    def _goal_pointer_on_ground(self, x: float, y: float) -> tuple[float, float] | None:
        """Where the pointer meets the ground seen from the pose the camera is easing to (a zoom made while
        the camera still glides keeps the ground under the pointer where it will be drawn)."""
        from panda3d.core import LPoint2f, LPoint3f, LVector3f

        near, far = LPoint3f(), LPoint3f()
        if not self.lens.extrude(LPoint2f(x, y), near, far):
            return None
        pos = LVector3f(*self._goal_pos)
        near_w, far_w = self._goal_quat.xform(LVector3f(near)) + pos, self._goal_quat.xform(LVector3f(far)) + pos
        return ray_on_ground(tuple(near_w), tuple(far_w), self.ground_height)

    def knuckle(self, taw: tuple[float, float], aim: tuple[float, float], snap: bool = False,
                framing: KnuckleFraming | None = None,
                clear: tuple[Sequence[Vec3T], float] | None = None) -> None:
        """Low behind the taw, looking along the aim: the shooter's eye (``framing``: other than the rig's).

        ``clear``: (the centres of the balls near, their radius): the eye rises until none of them hides the taw
        or the first ``CLEAR_AHEAD`` of the ground along its aim (``clear_height``)."""
        length = math.hypot(aim[0], aim[1])
        ax, ay = (aim[0] / length, aim[1] / length) if length > 1e-9 else (0.0, 1.0)
        self.mode = RigMode.KNUCKLE
        self._follow = None
        self.aim = (ax, ay)
        self.target = (taw[0], taw[1], 0.0)
        f = framing or self.knuckle_framing
        height = f.height
        if clear is not None:  # no ball between the eye and the taw or the first of its way: the eye rises over it
            balls, radius = clear
            targets = sight_targets(self._above_ground(taw[0], taw[1], self.layout.marble_radius), (ax, ay),
                                    self.ground_height)
            height = clear_height(lambda h: self._above_ground(taw[0] - ax * f.back, taw[1] - ay * f.back, h),
                                  f.height, targets, balls, radius)
        self.eye_height = height
        ahead = f.ahead if height <= f.height else self._ahead_keeping_taw(f, height)
        eye = self._above_ground(taw[0] - ax * f.back, taw[1] - ay * f.back, height)
        look = self._above_ground(taw[0] + ax * ahead, taw[1] + ay * ahead, 0.0)
        self._set_goal(eye, _look_quat(eye, look), snap)

    def _ahead_keeping_taw(self, f: KnuckleFraming, height: float) -> float:
        """How far ahead a risen eye looks so that the taw below it stays in the picture, its centre within
        TAW_IN_VIEW of the half field of view below the middle (a lower eye looks ``f.ahead``, nearer)."""
        half = math.radians(min(self.lens.getFov())) / 2.0 * TAW_IN_VIEW
        to_taw = math.atan2(height - self.layout.marble_radius, f.back)   # below the level, to the taw
        pitch = max(to_taw - half, math.atan2(height, f.back + f.ahead))
        return max(0.0, height / math.tan(pitch) - f.back) if pitch > 1e-6 else f.ahead

    def sight(self, taw: tuple[float, float], aim: tuple[float, float], distance: float,
              height: float = 0.0, snap: bool = False) -> None:
        """The knuckle-down eye zoomed on the point ``distance`` metres along the aim (``height`` above the
        ground): far targets are drawn large, the aim line runs up the middle of the picture."""
        length = math.hypot(aim[0], aim[1])
        ax, ay = (aim[0] / length, aim[1] / length) if length > 1e-9 else (0.0, 1.0)
        f = self.knuckle_framing
        eye = self._above_ground(taw[0] - ax * f.back, taw[1] - ay * f.back, f.height)
        look = self._above_ground(taw[0] + ax * distance, taw[1] + ay * distance, height)
        self.mode = RigMode.SIGHT
        self._follow = None
        self.aim = (ax, ay)
        self.target = (taw[0], taw[1], 0.0)
        self._set_goal(eye, _look_quat(eye, look), snap, fov=sight_fov(math.dist(eye, look)))

    def _above_ground(self, x: float, y: float, height: float) -> tuple[float, float, float]:
        return (x, y, height + self.ground_height(x, y))

    @property
    def zoom(self) -> float:
        """How many times larger than the usual view things are drawn (1 except in the sight)."""
        return math.tan(math.radians(self.min_fov) / 2.0) / math.tan(math.radians(self.fov) / 2.0)

    def pointer_on_ground(self, x: float, y: float) -> tuple[float, float] | None:
        """Where the pointer at (x, y) (window units -1..1) meets the ground, from where the camera is now."""
        from panda3d.core import LPoint2f, LPoint3f

        near, far = LPoint3f(), LPoint3f()
        if not self.lens.extrude(LPoint2f(x, y), near, far):
            return None
        parent = self.camera.getParent()
        near = parent.getRelativePoint(self.camera, near)
        far = parent.getRelativePoint(self.camera, far)
        return ray_on_ground(tuple(near), tuple(far), self.ground_height)

    def orbit(
        self,
        target: Vec3T | None = None,
        yaw: float | None = None,
        pitch: float | None = None,
        distance: float | None = None,
        snap: bool = False,
    ) -> None:
        """Circle a target: yaw about +z (0 = looking north), pitch above the ground, radians."""
        if target is not None:
            self.target = (float(target[0]), float(target[1]), float(target[2]))
        if yaw is not None:
            self.yaw = yaw
        if pitch is not None:
            self.pitch = pitch
        if distance is not None:
            self.distance = distance
        if self.mode not in (RigMode.ORBIT, RigMode.FOLLOW):
            self.mode = RigMode.ORBIT
        self.pitch = min(max(self.pitch, PITCH_LIMITS[0]), PITCH_LIMITS[1])
        self.distance = min(max(self.distance, DISTANCE_LIMITS[0]), DISTANCE_LIMITS[1])
        eye, quat = self._orbit_goal()
        self._set_goal(eye, quat, snap)

    def view_from(self, eye: Vec3T, target: Vec3T, snap: bool = False) -> None:
        """Orbit ``target`` from wherever puts the eye at ``eye`` (a fixed shot, e.g. the hat's fall)."""
        dx, dy, dz = (eye[0] - target[0], eye[1] - target[1], eye[2] - target[2])
        distance = math.sqrt(dx * dx + dy * dy + dz * dz)
        self.mode = RigMode.ORBIT
        self._follow = None
        self.orbit(target, yaw=math.atan2(-dx, -dy), pitch=math.asin(dz / max(distance, 1e-9)),
                   distance=distance, snap=snap)

    def frame_points(self, points, margin: float = 0.06, pitch: float | None = None, snap: bool = False,
                     yaw: float | None = None) -> None:
        """Orbit so every ground point (x, y) is in view: the replay viewer's "show the action", an AI's turn."""
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        if not xs:
            return
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        reach = max(math.hypot(x - cx, y - cy) for x, y in zip(xs, ys)) + margin
        fov_x, fov_y = self.lens.getFov()
        half = math.radians(min(fov_x, fov_y)) / 2.0
        self.mode = RigMode.ORBIT
        self._follow = None
        self.orbit((cx, cy, 0.0), yaw=yaw, pitch=pitch if pitch is not None else self.pitch,
                   distance=reach / math.sin(half), snap=snap)

    def orbit_by(self, d_yaw: float = 0.0, d_pitch: float = 0.0, zoom: float = 1.0) -> None:
        """Relative orbit: add to yaw and pitch, multiply the distance by ``zoom``."""
        self.orbit(yaw=self.yaw + d_yaw, pitch=self.pitch + d_pitch, distance=self.distance * zoom)

    def _orbit_goal(self) -> tuple[Vec3T, Any]:
        """The eye of the orbit and its turn (a Panda quaternion, untyped), in that order."""
        tx, ty, tz = self.target
        c = math.cos(self.pitch)
        eye = (
            tx - math.sin(self.yaw) * c * self.distance,
            ty - math.cos(self.yaw) * c * self.distance,
            tz + math.sin(self.pitch) * self.distance,
        )
        return eye, _look_quat(eye, self.target)

    def free_move(self, forward: float = 0.0, right: float = 0.0, up: float = 0.0, walk: bool = False) -> None:
        """Fly in the camera's own frame, metres; the ground is a floor.

        ``walk``: forward and right stay level whatever the pitch (the game's
        W A S D), so only ``up`` changes the height.
        """
        from panda3d.core import LVector3f

        self.mode = RigMode.FREE
        self._follow = None
        q = self._goal_quat
        ahead, side = q.getForward(), q.getRight()
        if walk:
            heading = math.radians(q.getHpr().x)
            ahead = LVector3f(-math.sin(heading), math.cos(heading), 0.0)
            side = LVector3f(math.cos(heading), math.sin(heading), 0.0)
        step = ahead * forward + side * right + LVector3f(0, 0, 1) * up
        x, y, z = self._goal_pos
        pos = (x + step.x, y + step.y, max(z + step.z, 0.01))
        self._set_goal(pos, q, snap=False)

    def free_turn(self, d_heading_deg: float = 0.0, d_pitch_deg: float = 0.0) -> None:
        from panda3d.core import LQuaternionf

        self.mode = RigMode.FREE
        self._follow = None
        hpr = self._goal_quat.getHpr()
        quat = LQuaternionf()
        quat.setHpr((hpr.x + d_heading_deg, min(max(hpr.y + d_pitch_deg, -89.0), 89.0), 0.0))
        self._set_goal(self._goal_pos, quat, snap=False)

    def follow(self, position_of: Callable[[], Vec3T], distance: float | None = None) -> None:
        """Orbit a moving body: ``position_of()`` is asked every update (replay viewer)."""
        self._follow = position_of
        self.mode = RigMode.FOLLOW
        self.orbit(target=position_of(), distance=distance if distance is not None else min(self.distance, 0.35))

    # -- per frame ------------------------------------------------------------------

    def _set_goal(self, position, quat, snap: bool, fov: float | None = None) -> None:
        from panda3d.core import LQuaternionf

        fov = self.min_fov if fov is None else fov
        if abs(fov - self.fov) > 1e-6:  # a cut: easing the zoom would swim the picture
            self.fov = fov
            self.lens.setMinFov(fov)
        self._goal_pos = (float(position[0]), float(position[1]), float(position[2]))
        self._goal_quat = LQuaternionf(quat)
        if snap:
            self.camera.setPos(*self._goal_pos)
            self.camera.setQuat(self._goal_quat)

    def snap(self) -> None:
        """Jump to the goal now: after a cut, and for screenshots."""
        self.camera.setPos(*self._goal_pos)
        self.camera.setQuat(self._goal_quat)

    def update(self, dt: float) -> None:
        """Ease the camera towards its goal; exact once settled."""
        from panda3d.core import LPoint3f, LQuaternionf

        if self._follow is not None:
            self.target = tuple(float(v) for v in self._follow())  # type: ignore[assignment]  # x, y, z
            eye, quat = self._orbit_goal()
            self._set_goal(eye, quat, snap=False)
        k = 1.0 - math.exp(-max(dt, 0.0) / self.smoothing) if self.smoothing > 0 else 1.0
        pos = self.camera.getPos()
        goal = LPoint3f(*self._goal_pos)
        self.camera.setPos(pos + (goal - pos) * k)
        cur = LQuaternionf(self.camera.getQuat())
        target = LQuaternionf(self._goal_quat)
        if cur.dot(target) < 0:
            target = -target
        blend = cur * (1.0 - k) + target * k
        blend.normalize()
        self.camera.setQuat(blend)
        if self.settled(1e-5):
            self.camera.setPos(goal)
            self.camera.setQuat(self._goal_quat)

    def settled(self, tolerance: float = 1e-4) -> bool:
        from panda3d.core import LPoint3f

        gap = (self.camera.getPos() - LPoint3f(*self._goal_pos)).length()
        return gap <= tolerance and abs(abs(self.camera.getQuat().dot(self._goal_quat)) - 1.0) <= tolerance

    @property
    def goal(self) -> CameraGoal:
        q = self._goal_quat
        return CameraGoal(self._goal_pos, (q.getR(), q.getI(), q.getJ(), q.getK()))
