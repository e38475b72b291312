"""The viewer, offscreen: bodies drawn where the recording puts them, overlays, export."""

import numpy as np
import pytest

from game.app.replay.export import export_frames, frame_times
from game.app.replay.viewer import ReplayViewer
from game.app.scene.offscreen import grab, project_to_pixel
from game.replay.director import CAMERA_MODES, OrbitState
from game.replay.model import GameMeta, Replay

from tests.replay.replay_synthetic import knock_shot

pytestmark = pytest.mark.gui


@pytest.fixture()
def viewer(offscreen_base):
    v = ReplayViewer(offscreen_base, Replay(GameMeta(seed=3), [knock_shot()]), camera="orbit",
                     controls=False, run_task=False)
    yield v
    v.destroy()


def _read_png(path) -> np.ndarray:
    """The RGB pixels of a PNG as export writes it (8-bit RGB, no row filters)."""
    import struct
    import zlib

    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, size = 8, b"", None
    while at < len(data):
        length, tag = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if tag == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif tag == b"IDAT":
            idat += body
        at += 12 + length
    width, height = size
    rows = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(height, width * 3 + 1)
    assert (rows[:, 0] == 0).all()
    return rows[:, 1:].reshape(height, width, 3)


def _body_shows_at(viewer, body: str, point) -> bool:
    """Does hiding ``body`` change the picture around where ``point`` projects?"""
    base = viewer.base
    pixel = project_to_pixel(base.cam, base.win, tuple(point))
    if pixel is None:
        return False
    col, row = pixel
    shown = grab(base.win, base).astype(int)
    node = viewer.scene.body_node(body)
    node.hide()
    hidden = grab(base.win, base).astype(int)
    node.show()
    patch = (slice(max(0, row - 2), row + 3), slice(max(0, col - 2), col + 3))
    return np.abs(shown[patch] - hidden[patch]).sum(axis=2).max() > 60


def test_seeking_puts_bodies_at_their_recorded_positions(viewer):
    shot = viewer.timeline.shot(0)
    mars = shot.body_index("mars")
    t1, t2 = 0.5, 2.0
    at_t1 = shot.positions[int(t1 * shot.rate), mars]
    at_t2 = shot.positions[int(t2 * shot.rate), mars]
    assert np.linalg.norm(at_t2 - at_t1) > 0.25
    viewer.orbit = OrbitState(azimuth=-90.0, elevation=60.0, distance=0.15, target=tuple(at_t1))
    viewer.show_at(t1)
    assert _body_shows_at(viewer, "mars", at_t1)
    viewer.show_at(t2)
    assert not _body_shows_at(viewer, "mars", at_t1)
    viewer.orbit = OrbitState(azimuth=-90.0, elevation=60.0, distance=0.15, target=tuple(at_t2))
    viewer.show_at(t2)
    assert _body_shows_at(viewer, "mars", at_t2)
    # between frames the body is drawn between its recorded places
    viewer.show_at(1.5 + 0.5 / shot.rate)
    mid = viewer.scene.body_node("mars").getPos(viewer.base.render)
    assert mid.x == pytest.approx(0.62 + 0.3 * (0.5 + 0.5 / shot.rate), abs=2e-4)


def test_flash_and_caption_at_the_contact(viewer):
    viewer.show_at(0.9)
    assert all(node.isHidden() for node in viewer.flashes.nodes)
    assert "Earth pays Mars" not in viewer.text.captions.text
    viewer.show_at(1.05)
    lit = [n for n in viewer.flashes.nodes if not n.isHidden()]
    assert len(lit) == 1 and lit[0].getX() == pytest.approx(0.61)
    assert "Earth pays Mars" in viewer.text.captions.text


def test_every_camera_draws_a_picture_and_the_taw_camera_frames_the_taw(viewer):
    base = viewer.base
    for mode in CAMERA_MODES:
        viewer.set_camera(mode)
        viewer.show_at(0.5)
        image = grab(base.win, base)
        assert image.std() > 3, mode  # not a blank picture
    viewer.set_camera("taw")
    viewer.show_at(0.5)
    taw = viewer.timeline.sample(0.5).position_of("earth.taw")
    assert project_to_pixel(base.cam, base.win, tuple(taw)) is not None
    assert _body_shows_at(viewer, "earth.taw", taw)
    with pytest.raises(ValueError):
        viewer.set_camera("helicopter")


def test_trails_are_drawn_on_screen_along_the_whole_shot_and_the_status_says_on_or_off(viewer):
    base = viewer.base
    viewer.set_camera("orrery")
    viewer.show_at(2.4)  # the taw stopped 1.4 s ago: its trail still shows where it went
    assert "trails: off" in viewer.text.status.text
    plain = grab(base.win, base).astype(int)
    viewer.toggle_trails()
    assert "trails: on" in viewer.text.status.text
    drawn = grab(base.win, base).astype(int)
    changed = np.abs(drawn - plain).sum(axis=2) > 60
    assert changed.sum() > 40  # a line a few pixels wide, not a speck
    amber = drawn[changed]
    assert (amber[:, 0] > amber[:, 2] + 40).mean() > 0.8  # amber, apart from the white orbit lines
    start = project_to_pixel(base.cam, base.win, (0.25, 0.0, 0.003))  # on the taw's path, near where it began
    col, row = start
    assert changed[row - 2:row + 3, col - 2:col + 3].any()
    viewer.toggle_trails()
    assert viewer.trails.node is None and "trails: off" in viewer.text.status.text


def test_export_writes_every_frame(offscreen_base, tmp_path):
    replay = Replay(GameMeta(), [knock_shot()])
    result = export_frames(replay, tmp_path / "frames", camera="broadcast", fps=4, shot=0, base=offscreen_base,
                           gif=True)
    duration = replay.shots[0].duration + 1.0
    assert len(result.frames) == int(duration * 4 + 1e-6) + 1
    for path in result.frames:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    first, last = (_read_png(p) for p in (result.frames[0], result.frames[-1]))
    assert not np.array_equal(first, last)
    # a written frame is the picture the viewer draws at that moment, not the one before
    viewer = ReplayViewer(offscreen_base, replay, camera="broadcast", trails=True, controls=False, run_task=False,
                          hold=1.0)
    try:
        viewer.show_at(frame_times(viewer, 4, 0)[5])
        assert np.array_equal(_read_png(result.frames[5]), grab(offscreen_base.win, offscreen_base))
    finally:
        viewer.destroy()
    pil = pytest.importorskip("PIL.Image")
    with pil.open(result.gif) as gif:
        total = 0
        for index in range(gif.n_frames):  # identical neighbours are merged, their time kept
            gif.seek(index)
            total += gif.info["duration"]
        assert total == pytest.approx(len(result.frames) * 250, abs=50)


def test_keys_and_the_timeline_slider_drive_playback(offscreen_base):
    from direct.showbase.MessengerGlobal import messenger

    base = offscreen_base
    exits = []
    replay = Replay(GameMeta(), [knock_shot(), knock_shot()])
    viewer = ReplayViewer(base, replay, camera="auto", controls=True, run_task=True, on_exit=lambda: exits.append(1))
    try:
        clock = viewer.clock
        messenger.send("space")
        assert not clock.playing
        messenger.send(".")
        assert clock.time == pytest.approx(1 / 60)
        messenger.send("=")
        assert clock.speed == 2.0
        messenger.send("]")
        assert clock.shot_index == 1
        messenger.send("c")
        assert viewer.camera_mode == "taw"
        messenger.send("6")
        assert viewer.camera_mode == "orbit"
        messenger.send("g")
        assert viewer.goto_entry is not None and "Go to shot" in viewer.text.captions.text
        messenger.send("3")  # typed into the box, not a camera change
        assert viewer.camera_mode == "orbit"
        viewer.goto_entered("1")
        assert viewer.goto_entry is None and clock.shot_index == 0
        messenger.send("g")
        messenger.send("escape")  # closes the box only
        assert viewer.goto_entry is None and exits == []
        messenger.send("escape")
        assert exits == [1]
        viewer.slider["value"] = 0.25  # as a drag would
        base.taskMgr.step()
        assert clock.fraction == pytest.approx(0.25, abs=1e-3)
        paused_at = clock.time
        base.taskMgr.step()
        assert clock.time == paused_at  # still paused
        messenger.send("space")
        for _ in range(3):
            base.taskMgr.step()
        assert clock.time > paused_at
    finally:
        viewer.destroy()
    assert base.taskMgr.getTasksNamed("replay-viewer") == []


def test_a_click_on_the_timeline_bar_jumps_there_and_a_held_press_scrubs(offscreen_base):
    # A click at 78% of the bar went only to the middle (the slider stepped a page toward the pointer).
    from direct.gui import DirectGuiGlobals as DGG
    from direct.showbase.MessengerGlobal import messenger
    from panda3d.core import Point2, Point3

    base = offscreen_base
    viewer = ReplayViewer(base, Replay(GameMeta(), [knock_shot(), knock_shot()]), camera="auto", controls=True,
                          run_task=True)

    class Press:  # what DirectGui hands a bound callback: the pointer in render2d units
        def __init__(self, fraction: float) -> None:
            left, right = viewer.slider["frameSize"][:2]
            point = base.render2d.getRelativePoint(viewer.slider, Point3(left + fraction * (right - left), 0, 0))
            self.point = Point2(point.x, point.z)

        def getMouse(self):
            return self.point

    try:
        viewer.clock.toggle()  # paused, so the time shown is the time clicked
        messenger.send(DGG.B1PRESS + viewer.slider.guiId, [Press(0.78)])
        assert viewer.clock.fraction == pytest.approx(0.78, abs=1e-3)
        base.taskMgr.step()
        assert viewer.clock.fraction == pytest.approx(0.78, abs=1e-3)
        assert float(viewer.slider["value"]) == pytest.approx(0.78, abs=1e-3)   # the thumb is where it was clicked
        messenger.send(DGG.B1RELEASE + viewer.slider.guiId, [Press(0.78)])
        messenger.send(DGG.B1PRESS + viewer.slider.guiId, [Press(0.1)])
        assert viewer.clock.fraction == pytest.approx(0.1, abs=1e-3)
        assert viewer.bar_fraction(-5.0) == 0.0 and viewer.bar_fraction(5.0) == 1.0
    finally:
        viewer.destroy()


def test_the_timeline_bar_takes_a_press_a_little_off_its_thin_line(offscreen_base):
    # In play a press 8 pixels above the bar's line (at 720 lines) missed it and nothing moved.
    from panda3d.core import Point3

    base = offscreen_base
    viewer = ReplayViewer(base, Replay(GameMeta(), [knock_shot()]), camera="auto", controls=True, run_task=False)
    try:
        _left, _right, bottom, top = viewer.slider.node().getFrame()   # the region that takes the press
        low = base.render2d.getRelativePoint(viewer.slider, Point3(0, 0, bottom))
        high = base.render2d.getRelativePoint(viewer.slider, Point3(0, 0, top))
        line = viewer.slider.find("**/timeline-line")
        drawn_low, drawn_high = line.getTightBounds(base.render2d)
        pixel = 2.0 / 720   # render2d units a pixel at 720 lines
        assert (high.z - low.z) / 2 >= 12 * pixel          # a press 12 pixels off the line's middle still lands
        assert (drawn_high.z - drawn_low.z) / 2 <= 3 * pixel  # while the line drawn stays thin
    finally:
        viewer.destroy()


def test_playing_camera_glides_but_seeks_and_cuts_jump(viewer):
    viewer.set_camera("auto")
    viewer.show_at(0.2)
    before = np.array(viewer.base.camera.getPos())
    goal = np.array(viewer.director.camera("auto", 0.6).eye)
    viewer.show_at(0.6, ease=0.05)
    eased = np.array(viewer.base.camera.getPos())
    assert 0 < np.linalg.norm(eased - goal) < np.linalg.norm(before - goal)
    viewer.show_at(0.6)  # a seek lands exactly on the director's pose
    assert np.allclose(viewer.base.camera.getPos(), goal, atol=1e-5)
    viewer.set_camera("taw")  # a new camera is a cut: it lands on its pose at once
    assert np.allclose(viewer.base.camera.getPos(), viewer.director.camera("taw", 0.6).eye, atol=1e-5)


def _fast_shot():
    """The taw shot hard (3.5 m/s) straight out from near the Sun, slowing to rest in 1.2 s."""
    from game.replay.recorder import ShotRecorder
    from game.replay.model import ShotInputs
    from game.rules.events import AllAtRest, ShotStarted

    rec = ShotRecorder(ShotInputs("earth", "earth.taw", 30.0, 3.5), rate=60.0)
    heading = np.array([np.cos(np.radians(30.0)), np.sin(np.radians(30.0))])
    for k in range(int(1.2 * 60.0) + 1):
        t = k / 60.0
        along = 3.5 * t - 3.5 / 2.4 * t * t   # uniform slowing to rest at 1.2 s
        x, y = np.array([0.1, 0.05]) + heading * along
        rec.on_frame(t, ["sun", "earth.taw"], np.array([[0, 0, 0.008, 1, 0, 0, 0], [x, y, 0.008, 1, 0, 0, 0]]))
    rec.on_event(ShotStarted(0.0, "earth.taw", (0.1, 0.05), tuple(heading * 3.5)))
    end = tuple(np.array([0.1, 0.05]) + heading * 3.5 * 0.6)
    rec.on_event(AllAtRest(1.2, {"sun": (0, 0), "earth.taw": end}))
    return rec.finish([], {"stakes": 0})


def test_the_taw_camera_keeps_a_fast_taw_in_the_middle_of_the_picture_while_playing(offscreen_base):
    # Camera 2 lagged a hard-shot taw by a metre and showed empty ground: a chase camera never trails its body.
    base = offscreen_base
    viewer = ReplayViewer(base, Replay(GameMeta(seed=3), [_fast_shot()]), camera="taw", controls=False,
                          run_task=False)
    try:
        width, height = base.win.getXSize(), base.win.getYSize()
        t = 0.0
        while t < 1.4:
            t += 1 / 30
            viewer.show_at(t, ease=1 / 30)   # as the playing viewer draws each frame
            taw = viewer.timeline.sample(viewer.clock.time).position_of("earth.taw")
            pixel = project_to_pixel(base.cam, base.win, tuple(taw))
            assert pixel is not None, f"the taw is off the picture at {t:.2f} s"
            assert abs(pixel[0] - width / 2) < 0.2 * width and abs(pixel[1] - height / 2) < 0.25 * height, (t, pixel)
    finally:
        viewer.destroy()


def test_a_lent_table_scene_is_moved_and_left_in_place(offscreen_base):
    from game.app.scene.table_scene import TableScene
    from game.rules.layout import Layout

    table = TableScene(offscreen_base.render, offscreen_base.loader, Layout())
    try:
        viewer = ReplayViewer(offscreen_base, Replay(GameMeta(), [knock_shot()]), controls=False, run_task=False,
                              scene=table)
        viewer.show_at(2.0)
        assert table.body_node("mars").getX() == pytest.approx(0.62 + 0.3, abs=1e-3)
        viewer.destroy()
        assert not table.root.isEmpty() and "mars" in table.body_ids()
    finally:
        table.destroy()


def test_the_key_help_sits_on_a_dark_card(offscreen_base):
    # The status line and key help were light words straight on the light ground.
    base = offscreen_base
    viewer = ReplayViewer(base, Replay(GameMeta(), [knock_shot()]), camera="orrery", controls=True, run_task=False)
    try:
        status = viewer.text.status
        low, high = status.getTightBounds(base.render2d)
        width, height = base.win.getXSize(), base.win.getYSize()
        cols = slice(int((low.x + 1) / 2 * width), int((high.x + 1) / 2 * width))
        rows = slice(int((1 - high.z) / 2 * height), int((1 - low.z) / 2 * height))

        def brightness() -> float:
            return float(grab(base.win, base)[rows, cols].mean())

        with_card = brightness()
        status.textNode.clearCard()
        without = brightness()
        assert with_card < 90 and with_card < without - 30, (with_card, without)
    finally:
        viewer.destroy()
