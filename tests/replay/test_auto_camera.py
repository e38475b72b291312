"""The auto camera's framing, without Panda3D: the Sun and every struck body stay in the picture."""

import math

import numpy as np
import pytest

from game.replay.director import (FRAME_FILL, FRAME_FILL_BOTTOM, FRAME_FILL_TOP, FRAME_REACH, CameraPose, Director, frame_points, framed_points,
                                  struck_bodies)
from game.replay.model import GameMeta, Replay, ShotInputs
from game.replay.timeline import Timeline
from game.replay.recorder import ShotRecorder
from game.rules.events import AllAtRest, BodyOut, Contact, ShotStarted

from tests.replay.replay_synthetic import knock_shot

SYSTEM = 0.95  # the default Herschel line


def picture_offset(pose: CameraPose, point) -> tuple[float, float, float]:
    """(across, up, depth) of a point seen from ``pose``: across and up as tangents of the view angle."""
    eye, look = np.array(pose.eye), np.array(pose.look_at)
    forward = (look - eye) / np.linalg.norm(look - eye)
    right = np.cross(forward, np.array(pose.up))
    right /= np.linalg.norm(right)
    up = np.cross(right, forward)
    d = np.asarray(point, dtype=float) - eye
    depth = float(d @ forward)
    return float(d @ right) / depth, float(d @ up) / depth, depth


def in_picture(pose: CameraPose, point, fill: float = 1.0, top: float = 1.0, bottom: float = 1.0) -> bool:
    across, up, depth = picture_offset(pose, point)
    half = math.tan(math.radians(pose.fov) / 2.0)
    return depth > 0 and abs(across) <= half * fill and -half * bottom <= up <= half * top


def roll_off_shot():
    """The taw rolls out from Mars's line, strikes a moon at t=0.3, and runs off the ground, taken off at 2.0 s."""
    rec = ShotRecorder(ShotInputs("mars", "mars.taw", 0.0, 1.4), rate=60.0)
    for k in range(int(3.0 * 60) + 1):
        t = k / 60.0
        taw = (0.47 + 1.1 * min(t, 2.0), 0.0)
        moon = (0.80 + (0.2 * min(t - 0.3, 1.0) if t > 0.3 else 0.0), 0.01)
        ids = ["sun", "mars.taw", "saturn.1"] if t < 2.0 else ["sun", "saturn.1"]
        poses = [[0.0, 0.0, 0.008, 1, 0, 0, 0], [*taw, 0.008, 1, 0, 0, 0], [*moon, 0.008, 1, 0, 0, 0]]
        if t >= 2.0:
            poses.pop(1)
        rec.on_frame(t, ids, np.array(poses))
    rec.on_event(ShotStarted(0.0, "mars.taw", (0.47, 0.0), (1.1, 0.0)))
    rec.on_event(Contact(0.3, "mars.taw", "saturn.1", 0.01, (0.79, 0.0)))
    rec.on_event(BodyOut(2.0, "mars.taw", (2.67, 0.0)))
    rec.on_event(AllAtRest(3.0, {"sun": (0, 0), "saturn.1": (1.0, 0.01)}))
    return rec.finish([], {"stakes": 0})


@pytest.mark.parametrize("seed", range(8))
def test_framing_holds_every_point_inside_the_picture_from_any_side(seed):
    rng = np.random.default_rng(seed)
    points = np.column_stack([rng.uniform(-1.1, 1.1, (6, 2)), np.full(6, 0.008)])
    azimuth = float(rng.uniform(0, 360))
    pose = frame_points(points, azimuth)
    assert all(in_picture(pose, p, FRAME_FILL + 1e-6, FRAME_FILL_TOP + 1e-6, FRAME_FILL_BOTTOM + 1e-6) for p in points)
    # and it is the nearest such pose: some point sits near the edge of the filled part
    half = math.tan(math.radians(pose.fov) / 2.0)
    offsets = [picture_offset(pose, p) for p in points]
    worst = max(max(abs(a) / FRAME_FILL, u / FRAME_FILL_TOP, -u / FRAME_FILL_BOTTOM) for a, u, _ in offsets)
    assert worst > 0.8 * half


def test_the_framed_points_reach_toward_the_top_as_far_as_toward_the_bottom():
    points = np.array([[0.0, 0.0, 0.008], [1.0, 0.0, 0.008], [0.5, 0.3, 0.008]])
    pose = frame_points(points, 0.0)  # looking along +x: the far point is crowded toward the middle
    half = math.tan(math.radians(pose.fov) / 2.0)
    ups = [picture_offset(pose, p)[1] for p in points]
    assert max(ups) / FRAME_FILL_TOP == pytest.approx(-min(ups) / FRAME_FILL_BOTTOM, rel=0.1)
    assert max(ups) > 0.8 * half * FRAME_FILL_TOP


def test_the_auto_camera_looks_along_the_shot_from_behind_the_shooter():
    director = Director(Timeline(Replay(GameMeta(), [knock_shot()])), system_radius=SYSTEM)
    pose = director.camera("auto", 0.2)  # the taw shoots toward +x
    assert pose.eye[0] < min(pose.look_at[0], 0.2) and abs(pose.eye[1]) < 1e-6
    assert pose.eye[2] > 0.3  # above the table, looking down on the rings


def test_struck_bodies_are_the_taw_and_each_body_in_a_contact_so_far():
    shot = knock_shot()
    assert struck_bodies(shot, 0.9) == ["earth.taw"]
    assert struck_bodies(shot, 1.0) == ["earth.taw", "mars"]


@pytest.mark.parametrize("make_shot", [knock_shot, roll_off_shot])
def test_the_sun_and_every_struck_body_stay_in_the_picture_at_every_frame(make_shot):
    shot = make_shot()
    timeline = Timeline(Replay(GameMeta(), [shot]))
    director = Director(timeline, system_radius=SYSTEM)
    for t in np.arange(0.0, timeline.duration, 1 / 30):
        pose = director.camera("auto", float(t))
        sample = timeline.sample(float(t))
        for body in ["sun", *struck_bodies(shot, float(t) - timeline.starts[0])]:
            pos = sample.position_of(body)
            if pos is None or math.hypot(pos[0], pos[1]) > SYSTEM * FRAME_REACH:
                continue  # off the table: the camera does not follow it there
            assert in_picture(pose, pos), (t, body)


def test_a_taw_rolling_off_the_ground_does_not_drag_the_camera_off_the_table():
    shot = roll_off_shot()
    timeline = Timeline(Replay(GameMeta(), [shot]))
    director = Director(timeline, system_radius=SYSTEM)
    reach = SYSTEM * FRAME_REACH
    for t in np.arange(0.0, timeline.duration, 1 / 30):
        pose = director.camera("auto", float(t))
        assert math.hypot(*pose.look_at[:2]) <= reach / 2 + 0.01  # the middle of the Sun-to-the-edge box, at most
    end = director.camera("auto", timeline.duration)
    assert in_picture(end, (0.0, 0.0, 0.008)) and in_picture(end, (1.0, 0.01, 0.008))
    # the taw is framed where it crossed the edge, not where it left the ground
    points = framed_points(shot, 2.5, reach)
    assert max(math.hypot(p[0], p[1]) for p in points) == pytest.approx(reach)


def test_the_auto_camera_moves_smoothly_even_as_a_body_is_taken_off():
    timeline = Timeline(Replay(GameMeta(), [roll_off_shot()]))
    director = Director(timeline, system_radius=SYSTEM)
    poses = [director.camera("auto", float(t)) for t in np.arange(0.0, 3.0, 1 / 60)]
    steps = [math.dist(a.eye, b.eye) for a, b in zip(poses, poses[1:])]
    assert max(steps) < 0.05  # metres in a 60th of a second: a glide, never a cut inside a shot
