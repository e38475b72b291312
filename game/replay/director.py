"""Camera decisions for replays, as pure functions of the timeline.

Modes: ``auto`` (frames the Sun and every body struck so far in the shot,
from behind the shooter, and slows time near contacts), ``taw`` and ``sun``
(chase cameras), ``orrery`` (top down over the whole system), ``broadcast``
(low, from the side, panning gently after the action) and ``orbit`` (free,
steered by the person).  Every decision is computed from recorded data, so
seeking anywhere gives the same picture as playing up to it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from game.replay.model import ShotRecord
from game.replay.timeline import Timeline, sample_shot
from game.rules.events import Contact
from game.rules.layout import SUN

class CameraMode(StrEnum):
    """The replay's cameras, in the order the number keys 1 to 6 choose them."""

    AUTO = "auto"            # behind the shooter along the aim, holding every struck body
    TAW = "taw"              # riding behind the shooter's taw
    SUN = "sun"              # riding behind the Sun
    ORRERY = "orrery"        # straight down on the whole system
    BROADCAST = "broadcast"  # low, from the side, panning gently after the action
    ORBIT = "orbit"          # the viewer's own, turned with the mouse


CAMERA_MODES: tuple[CameraMode, ...] = tuple(CameraMode)


def camera_mode(value: object) -> CameraMode:
    """A camera named by a caller or a command line; ``ValueError`` naming the choices for any other value."""
    if isinstance(value, str) and value in CAMERA_MODES:
        return CameraMode(value)
    raise ValueError(f"unknown camera mode {value!r}; choose from {', '.join(CAMERA_MODES)}")


MIN_HOLD = 0.7  # seconds a cut stays before the next
DECISION_STEP = 0.1  # seconds between the director's looks at the table
MOVING = 0.02  # m/s: slower than this a body is still for the director
SLOW_FACTOR = 0.35  # playback speed at the moment of a contact, in auto mode
SLOW_WIDTH = 0.15  # seconds either side of a contact over which the slow-down eases
FRAME_FOV = 45.0  # degrees across the picture's shorter side (the viewer sets the lens's min fov)
FRAME_FILL = 0.75  # a framed body lies within this fraction of the half-picture across the picture,
FRAME_FILL_TOP = 0.5  # this fraction of it above the middle (the captions' card is above)
FRAME_FILL_BOTTOM = 0.6  # and this below it: clear of the timeline bar and the two status lines on their card,
#                          which reach 0.33 of the half-picture up from its bottom edge (game/app/replay)
FRAME_ELEVATION = 52.0  # degrees above the ground the auto camera looks down
FRAME_MIN_DISTANCE = 0.5  # metres: never closer, so a lone Sun and taw keep the rings round them
FRAME_REACH = 1.15  # x the system's radius: a body further out is framed where it crossed this circle
BALANCE_STEPS = 4  # slides of the aim point toward the points' middle up the picture
FRAME_BODY_RADIUS = 0.01  # metres added round each framed point: the whole marble, not its centre


@dataclass(frozen=True)
class CameraPose:
    eye: tuple[float, float, float]
    look_at: tuple[float, float, float]
    up: tuple[float, float, float] = (0.0, 0.0, 1.0)
    fov: float = 45.0


@dataclass
class OrbitState:
    """The free camera: angles in degrees around a target on the ground."""

    azimuth: float = -60.0
    elevation: float = 35.0
    distance: float = 1.6
    target: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def turn(self, d_azimuth: float, d_elevation: float) -> None:
        self.azimuth = (self.azimuth + d_azimuth) % 360.0
        self.elevation = float(np.clip(self.elevation + d_elevation, 5.0, 89.0))

    def zoom(self, factor: float) -> None:
        self.distance = float(np.clip(self.distance * factor, 0.1, 6.0))

    def pose(self) -> CameraPose:
        az, el = math.radians(self.azimuth), math.radians(self.elevation)
        tx, ty, tz = self.target
        d = self.distance
        eye = (tx + d * math.cos(el) * math.cos(az), ty + d * math.cos(el) * math.sin(az), tz + d * math.sin(el))
        return CameraPose(eye, self.target)


def _speeds(shot, local_t: float, window: float = 0.15) -> dict[str, float]:
    """Each present body's ground speed over the last ``window`` seconds."""
    if local_t <= 0:
        return {}
    a = sample_shot(shot, max(0.0, local_t - window))
    b = sample_shot(shot, local_t)
    before = dict(zip(a.ids, a.positions))
    span = min(window, local_t)
    return {body: float(np.linalg.norm((pos - before[body])[:2]) / span)
            for body, pos in zip(b.ids, b.positions) if body in before}


def struck_bodies(shot: ShotRecord, local_t: float) -> list[str]:
    """The shooter's taw and every body in a contact up to ``local_t``, in the order they were struck."""
    seen = [shot.inputs.body]
    for event in shot.events:
        if isinstance(event, Contact) and event.t <= local_t:
            seen.extend(b for b in (event.a, event.b) if b not in seen)
    return seen


def last_seen(shot: ShotRecord, local_t: float, body: str) -> np.ndarray | None:
    """Where ``body`` is at ``local_t``, or where it was last on the ground if it has been taken off."""
    pos = sample_shot(shot, local_t).position_of(body)
    if pos is not None or body not in shot.body_ids:
        return pos
    col = shot.body_index(body)
    k = int(np.searchsorted(shot.times, local_t, side="right"))
    seen = np.nonzero(shot.present[:k, col])[0]
    return np.asarray(shot.positions[seen[-1], col], dtype=np.float64) if seen.size else None


def framed_points(shot: ShotRecord, local_t: float, reach: float) -> np.ndarray:
    """(N, 3) what the auto camera keeps in view: the Sun and each struck body, none beyond ``reach``.

    A body past ``reach`` (a taw rolling off the ground) is framed where it
    crossed that circle, so it never drags the picture out over empty ground
    and the picture never jumps when it is taken off.
    """
    points = []
    for body in dict.fromkeys([SUN, *struck_bodies(shot, local_t)]):
        pos = last_seen(shot, local_t, body)
        if pos is None:
            continue
        pos = np.array(pos, dtype=np.float64)
        r = float(np.hypot(pos[0], pos[1]))
        if r > reach:
            pos[:2] *= reach / r
        points.append(pos)
    return np.array(points) if points else np.zeros((1, 3))


def frame_points(points: np.ndarray, azimuth_deg: float, elevation_deg: float = FRAME_ELEVATION,
                 fov: float = FRAME_FOV, fill: float = FRAME_FILL, fill_top: float = FRAME_FILL_TOP,
                 fill_bottom: float = FRAME_FILL_BOTTOM, min_distance: float = FRAME_MIN_DISTANCE, body_radius: float = FRAME_BODY_RADIUS) -> CameraPose:
    """The nearest pose, looking along ``azimuth_deg`` and down at ``elevation_deg``, that holds every point.

    The camera backs off from its aim point until each point (with
    ``body_radius`` round it) lies inside ``fill`` of the half-angle
    ``fov / 2`` across the picture, ``fill_top`` of it above the middle and
    ``fill_bottom`` below; the fov is the shorter side's, so this holds in a
    window of any shape.  The aim point starts at the middle of the points'
    box and slides along the ground until they reach as far toward the top
    limit as toward the bottom one (perspective crowds the far ones toward
    the middle, which would leave empty ground at the top).
    """
    az, el = math.radians(azimuth_deg), math.radians(elevation_deg)
    ground = np.array([math.cos(az), math.sin(az), 0.0])
    forward = np.array([math.cos(el) * ground[0], math.cos(el) * ground[1], -math.sin(el)])
    right = np.array([math.sin(az), -math.cos(az), 0.0])
    up = np.cross(right, forward)
    half = math.tan(math.radians(fov) / 2.0)

    def distance_from(centre: np.ndarray) -> float:
        offsets = points - centre
        across = np.abs(offsets @ right) + body_radius
        height = offsets @ up
        rise = (np.abs(height) + body_radius) / np.where(height > 0, fill_top, fill_bottom)
        needed = np.maximum(across / fill, rise) / half - offsets @ forward
        return max(min_distance, float(np.max(needed)))

    centre = (points.min(axis=0) + points.max(axis=0)) / 2.0
    centre[2] = float(points[:, 2].mean())
    for _ in range(BALANCE_STEPS):
        distance = distance_from(centre)
        offsets = points - centre
        rises = (offsets @ up) / (distance + offsets @ forward)
        middle = (rises.max() * fill_bottom + rises.min() * fill_top) / (fill_top + fill_bottom)
        centre = centre + ground * (middle * distance / math.sin(el))
    eye = centre - forward * distance_from(centre)
    return CameraPose((float(eye[0]), float(eye[1]), float(eye[2])),
                      (float(centre[0]), float(centre[1]), float(centre[2])), fov=fov)


class Director:
    """Chooses, for every moment of a replay, which body matters and where the camera goes."""

    def __init__(self, timeline: Timeline, system_radius: float = 1.0) -> None:
        self.timeline = timeline
        self.system_radius = system_radius
        self._cuts: dict[int, list[tuple[float, str]]] = {}
        self.contact_times = sorted(
            timeline.starts[i] + e.t for i in range(timeline.shot_count)
            for e in timeline.shot(i).events if isinstance(e, Contact))

    # -- who matters ---------------------------------------------------------------------------

    def cuts(self, index: int) -> list[tuple[float, str]]:
        """The auto director's cuts in shot ``index``, planned the first time they are needed."""
        if index not in self._cuts:
            self._cuts[index] = self._plan_cuts(index)
        return self._cuts[index]

    def _plan_cuts(self, index: int) -> list[tuple[float, str]]:
        """Cuts within one shot, (local time, body), decided by looking every DECISION_STEP."""
        shot = self.timeline.shot(index)
        taw = shot.inputs.body
        cuts = [(0.0, taw)]
        contacts = [e for e in shot.events if isinstance(e, Contact)]
        steps = int(shot.duration / DECISION_STEP) + 1
        for k in range(1, steps + 1):
            t = k * DECISION_STEP
            current = cuts[-1][1]
            choice = self._who_matters(shot, t, current, [c for c in contacts if c.t <= t])
            # a cut holds MIN_HOLD before the next, except the cut to a struck Sun: it is the game
            if choice != current and (t - cuts[-1][0] >= MIN_HOLD or choice == SUN):
                cuts.append((t, choice))
        return cuts

    def _who_matters(self, shot, t: float, current: str, past: list[Contact]) -> str:
        speeds = _speeds(shot, t)
        moving = {b for b, v in speeds.items() if v > MOVING}
        # the Sun, once struck and rolling, is what the game is about
        if SUN in moving and any(c.involves(SUN) for c in past):
            return SUN
        if past:
            last = past[-1]
            struck = last.other(current) if last.involves(current) \
                else max((last.a, last.b), key=lambda b: speeds.get(b, 0.0))
            if struck in moving and t - last.t < 2.0:
                return struck
        if current in moving:
            return current
        if moving:
            return max(moving, key=lambda b: speeds[b])
        return current

    def focus(self, t: float) -> str:
        """The body the auto director follows at global time t."""
        index, local = self.timeline.locate(t)
        if index < 0:
            return SUN
        cuts = self.cuts(index)
        at = max(0, int(np.searchsorted([c[0] for c in cuts], local, side="right")) - 1)
        return cuts[at][1]

    def slow_factor(self, t: float) -> float:
        """Playback speed multiplier for the auto director: slower around each contact."""
        if not self.contact_times:
            return 1.0
        i = np.searchsorted(self.contact_times, t)
        near = min(abs(t - self.contact_times[j]) for j in (i - 1, i) if 0 <= j < len(self.contact_times))
        return 1.0 - (1.0 - SLOW_FACTOR) * math.exp(-((near / SLOW_WIDTH) ** 2))

    # -- where the camera goes ---------------------------------------------------------------

    def camera(self, mode: CameraMode | str, t: float, orbit: OrbitState | None = None) -> CameraPose:
        if mode not in CAMERA_MODES:
            raise ValueError(f"unknown camera mode {mode!r}; choose from {', '.join(CAMERA_MODES)}")
        if mode == CameraMode.ORBIT:
            return (orbit or OrbitState()).pose()
        if mode == CameraMode.ORRERY:
            height = self.system_radius * 2.75
            return CameraPose((0.0, -0.001, height), (0.0, 0.0, 0.0), up=(0.0, 1.0, 0.0), fov=45.0)
        if mode == CameraMode.BROADCAST:
            return self._broadcast(t)
        if mode == CameraMode.AUTO:
            return self._auto(t)
        return self._chase(t, self._taw(t) if mode == CameraMode.TAW else SUN)

    def _auto(self, t: float) -> CameraPose:
        """From behind the shooter, along the shot's aim, holding the Sun and every struck body."""
        index, local = self.timeline.locate(t)
        if index < 0:
            return frame_points(np.zeros((1, 3)), 90.0)
        shot = self.timeline.shot(index)
        return frame_points(framed_points(shot, local, self.system_radius * FRAME_REACH), shot.inputs.direction)

    def _taw(self, t: float) -> str:
        index, _ = self.timeline.locate(t)
        return self.timeline.shot(index).inputs.body if index >= 0 else SUN

    def _where(self, t: float, body: str) -> np.ndarray:
        index, local = self.timeline.locate(t)
        pos = last_seen(self.timeline.shot(index), local, body) if index >= 0 else None
        return np.zeros(3) if pos is None else np.asarray(pos, dtype=np.float64)

    def _heading(self, t: float, body: str) -> np.ndarray:
        """Direction of travel over the last half second, or further back once the body slows.

        Widening the window as motion dies keeps the camera from swinging
        round when a body stops; the shooter's taw before it moves is seen
        along the shot's aim (so the chase does not swing round as it
        starts), and any other body that never moved from outside, looking
        in toward the Sun.
        """
        index, local = self.timeline.locate(t)
        here = self._where(t, body)
        if index >= 0:
            shot = self.timeline.shot(index)
            for window in (0.5, 1.0, 2.0, 4.0, local):
                back = sample_shot(shot, max(0.0, local - window), index).position_of(body)
                if back is None:
                    continue
                d = (here - back)[:2]
                if np.linalg.norm(d) > 0.02:
                    return d / np.linalg.norm(d)
            if body == shot.inputs.body:  # the shooter's taw before it has moved: seen along its aim
                aim = math.radians(shot.inputs.direction)
                return np.array([math.cos(aim), math.sin(aim)])
        outward = here[:2]
        if np.linalg.norm(outward) > 1e-3:
            return -outward / np.linalg.norm(outward)
        return np.array([0.0, 1.0])

    def _chase(self, t: float, body: str) -> CameraPose:
        target = self._where(t, body)
        heading = self._heading(t, body)
        back, up = 0.28, 0.12
        eye = (target[0] - heading[0] * back, target[1] - heading[1] * back, target[2] + up)
        ahead = target[:2] + heading * 0.05
        return CameraPose((float(eye[0]), float(eye[1]), float(eye[2])),
                          (float(ahead[0]), float(ahead[1]), float(target[2])))

    def _broadcast(self, t: float) -> CameraPose:
        focus = self._where(t, self.focus(t))[:2]
        r = self.system_radius
        reach = float(np.linalg.norm(focus))
        if reach > 0.6 * r:  # keep the Sun's system in the picture, however far a body strays
            focus = focus * (0.6 * r / reach)
        look = (float(focus[0] * 0.5), float(focus[1] * 0.5), 0.0)
        return CameraPose((look[0] * 0.5, -r * 1.3, r * 0.26), look, fov=45.0)
