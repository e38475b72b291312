"""The auto camera through the real Panda3D lens: a recorded game's struck bodies are in frame at every instant."""

import math

import numpy as np
import pytest

from game.app.replay.viewer import ReplayViewer
from game.app.scene.offscreen import project_to_pixel
from game.replay import load_replay
from game.replay.director import FRAME_REACH, struck_bodies

from tests.replay.replay_physics import record_game

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    path = tmp_path_factory.mktemp("auto-camera") / "g.replay"
    record_game(path, seed=3, max_shots=6)
    return load_replay(path)


def test_the_sun_and_every_struck_body_project_into_the_picture_at_every_sampled_instant(offscreen_base, recorded):
    viewer = ReplayViewer(offscreen_base, recorded, camera="auto", controls=False, run_task=False)
    base = viewer.base
    reach = viewer.director.system_radius * FRAME_REACH
    checked = 0
    try:
        for t in np.arange(0.0, viewer.timeline.duration, 0.25):
            viewer.show_at(float(t))
            base.graphicsEngine.renderFrame()  # the lens takes the viewer's fov as the frame is drawn
            index, local = viewer.timeline.locate(float(t))
            sample = viewer.timeline.sample(float(t))
            for body in ["sun", *struck_bodies(viewer.timeline.shot(index), local)]:
                pos = sample.position_of(body)
                if pos is None or math.hypot(pos[0], pos[1]) > reach:
                    continue  # taken off, or rolling off the table: not followed there
                assert project_to_pixel(base.cam, base.win, tuple(pos)) is not None, (round(float(t), 2), body)
                checked += 1
    finally:
        viewer.destroy()
    assert checked > 4 * len(recorded.shots)
