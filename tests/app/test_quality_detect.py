"""The quality detection's decision: the renderer's name and the measured frames choose the rung."""

import pytest

from game.app.scene.detect import HEADROOM, LADDER, TARGET_MS, candidates, detect, is_software, measure_frames


@pytest.mark.parametrize("name", ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa X11 swrast",
                                  "Software Rasterizer", "GDI Generic"])
def test_software_renderers_are_known_by_name(name):
    assert is_software(name)


def test_a_gpu_is_not_a_software_renderer():
    assert not is_software("NVIDIA GeForce RTX 3060/PCIe/SSE2")


def test_software_renderers_are_never_offered_multisampling():
    assert all(p.msaa == 0 for p in candidates("llvmpipe"))
    assert any(p.msaa for p in candidates("AMD Radeon"))


def test_the_first_rung_that_fits_with_headroom_is_chosen_and_cheaper_ones_are_not_measured():
    costs = iter([90.0, 40.0, TARGET_MS * HEADROOM - 1, 5.0])
    seen = []

    def measure(profile):
        seen.append(profile)
        return next(costs)

    found = detect("llvmpipe", measure)
    assert found.profile == seen[2] and len(found.tried) == 3
    assert found.frame_ms == pytest.approx(TARGET_MS * HEADROOM - 1)


def test_when_nothing_fits_the_cheapest_rung_is_chosen_and_says_so():
    found = detect("llvmpipe", lambda p: 500.0)
    assert found.profile == LADDER[-1]
    assert "below 30 fps" in found.summary()


def test_a_fast_gpu_keeps_the_best_rung():
    found = detect("NVIDIA", lambda p: 4.0)
    assert found.profile == LADDER[0] and found.profile.msaa == 4 and "holds 30 fps" in found.summary()


def test_measuring_takes_the_finishing_cost_off_each_frame():
    now = [0.0]

    def clock():
        return now[0]

    def frame():
        now[0] += 0.020

    def finish():
        now[0] += 0.005

    assert measure_frames(frame, finish, frames=5, clock=clock) == pytest.approx(20.0)


def test_measuring_with_two_clocks_gives_each_its_own_median():
    import numpy as np

    now = np.zeros(2)

    def clock():
        return now.copy()

    def frame():
        now[:] += (0.030, 0.012)  # a frame waits for the cores: more wall time than CPU time

    def finish():
        now[:] += (0.004, 0.001)

    wall, cpu = measure_frames(frame, finish, frames=5, clock=clock)
    assert wall == pytest.approx(30.0) and cpu == pytest.approx(12.0)
