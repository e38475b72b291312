import math

import pytest

from game.app.input.aiming import (PowerMeter, aim_towards, clear_angle, first_contact, point_on_circle,
                             preview_length, shot_velocity)

R = 0.008


def test_head_on_contact_stops_one_sum_of_radii_short():
    hit = first_contact((0.0, 0.0), 0.0, R, {"a": ((0.5, 0.0), R)}, 2.0)
    assert hit.body == "a"
    assert hit.distance == pytest.approx(0.5 - 2 * R)


def test_grazing_contact_counts_and_a_near_miss_does_not():
    bodies = {"a": ((0.5, 2 * R - 1e-5), R)}
    assert first_contact((0, 0), 0.0, R, bodies, 2.0) is not None
    bodies = {"a": ((0.5, 2 * R + 1e-5), R)}
    assert first_contact((0, 0), 0.0, R, bodies, 2.0) is None


def test_nearest_body_wins_and_behind_is_ignored():
    bodies = {"far": ((0.0, 0.6), R), "near": ((0.0, 0.3), R), "behind": ((0.0, -0.1), R), "me": ((0, 0), R)}
    hit = first_contact((0, 0), 90.0, R, bodies, 2.0, ignore=["me"])
    assert hit.body == "near"
    assert hit.taw_at[1] == pytest.approx(0.3 - 2 * R)
    assert math.dist(hit.taw_at, hit.target_at) == pytest.approx(2 * R)


def test_out_of_range_is_no_contact():
    assert first_contact((0, 0), 0.0, R, {"a": ((1.0, 0.0), R)}, 0.5) is None


def test_preview_length_scales_with_aid():
    hit = first_contact((0, 0), 0.0, R, {"a": ((0.5, 0.0), R)}, 2.0)
    assert preview_length(0.0, hit, 2.0) == 0.0
    assert preview_length(0.5, hit, 2.0) == pytest.approx(hit.distance / 2)
    assert preview_length(1.0, None, 2.0) == 2.0


def test_power_meter_rises_then_falls_and_resets():
    meter = PowerMeter(rise_seconds=0.5)
    meter.press(10.0)
    levels = []
    for k in range(1, 11):
        meter.update(10.0 + 0.1 * k)
        levels.append(meter.level)
    assert levels[4] == pytest.approx(1.0)
    assert levels[:5] == sorted(levels[:5]) and levels[5:] == sorted(levels[5:], reverse=True)
    meter.press(20.0)
    assert meter.release(20.25) == pytest.approx(0.5)
    assert meter.level == 0.0 and meter.release(21.0) == 0.0


def test_power_meter_level_depends_on_the_release_time_not_on_the_frames_drawn():
    slow, fast = PowerMeter(), PowerMeter()
    slow.press(0.0)
    fast.press(0.0)
    for k in range(1, 8):  # 10 frames a second against 60
        slow.update(k * 0.1)
    for k in range(1, 43):
        fast.update(k / 60)
    assert slow.release(0.73) == pytest.approx(fast.release(0.73))


def test_power_meter_is_slow_enough_to_stop_on_at_ten_frames_a_second():
    meter = PowerMeter()
    meter.press(0.0)
    steps = [meter.level_at(k * 0.1) for k in range(0, 30)]
    rises = [b - a for a, b in zip(steps, steps[1:]) if b > a]
    assert max(rises) <= 0.05 + 1e-9  # each frame at 10 fps moves the bar at most 5%
    assert meter.level_at(meter.rise_seconds) == pytest.approx(1.0)


def test_a_shot_velocity_stays_under_the_cap_points_where_aimed_and_is_never_zero():
    vx, vy = shot_velocity(30.0, 1.0, 4.0)
    assert math.hypot(vx, vy) < 4.0
    assert aim_towards((0, 0), (vx, vy)) == pytest.approx(30.0)
    assert math.hypot(*shot_velocity(0.0, 0.0, 4.0)) > 0


def test_clear_angle_moves_off_a_body():
    bodies = {"p": (point_on_circle(0.35, 310.0), R)}
    angle = clear_angle(0.35, 310.0, R, bodies)
    x, y = point_on_circle(0.35, angle)
    assert math.dist((x, y), bodies["p"][0]) > 2 * R
    assert abs((angle - 310.0 + 180) % 360 - 180) < 10


def test_drag_back_sets_the_level_and_stops_the_rise_and_fall():
    meter = PowerMeter(rise_seconds=0.5)
    meter.drag(0.5)
    assert not meter.dragging and meter.level == 0.0  # no drag without the button held
    meter.press(0.0)
    meter.update(0.2)
    meter.drag(0.7)
    meter.update(0.5)
    assert meter.level == pytest.approx(0.7)
    meter.drag(1.8)
    assert meter.level == 1.0
    assert meter.release(0.6) == 1.0
    assert not meter.dragging and not meter.charging
    meter.press(1.0)
    meter.update(1.25)
    assert meter.level == pytest.approx(0.5)  # a fresh press rises and falls again
