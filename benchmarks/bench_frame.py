"""Frame-time benchmark of the 3D table on this machine's renderer (llvmpipe).

Run on demand (not part of the test suite)::

    .venv/bin/python -m benchmarks.bench_frame --frames 15 [--quick]

The full seven-planet table (41 bodies: Sun, 7 planets, 26 satellites,
7 taws) at 1280x720, seen from the knuckle-down and the overhead cameras,
under each graphics quality side by side in one process: shadows off/on and
MSAA 0/2/4.  Reported per configuration:

* the median frame time over ``--frames`` frames after two warm-up frames,
  each frame forced to finish by reading the picture back (the read-back
  alone is measured and shown below the table);
* the median CPU time of the whole process over a frame, llvmpipe's
  rasteriser threads included: steadier than wall time when other work
  shares the cores;
* the draw calls (geoms submitted: main pass plus shadow pass, counted from
  the scene graph).

Then, in a fresh process each, the time from launch (``python`` start) to
the first finished frame.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.window_size import window_size

ROOT = Path(__file__).resolve().parents[1]

SIZE = (1280, 720)  # the default --size
CONFIGS = [  # (label, shadows, map size, msaa, ground: "" smooth, "rough" earth of 3 mm, "slopes" with the slope view)
    ("shadows off, MSAA 0", False, 2048, 0, ""),
    ("shadows 1024, MSAA 0", True, 1024, 0, ""),
    ("shadows 1024, MSAA 0, rough earth", True, 1024, 0, "rough"),
    ("shadows 1024, MSAA 0, rough earth, slope view", True, 1024, 0, "slopes"),
    ("shadows 2048, MSAA 0", True, 2048, 0, ""),
    ("shadows 2048, MSAA 2", True, 2048, 2, ""),
    ("shadows 2048, MSAA 4", True, 2048, 4, ""),
    ("shadows off, MSAA 4", False, 2048, 4, ""),
]
ROUGH = (3.0, 1)  # the rough rows' ground: the house rules' default roughness, seed 1
# ``--quick`` (the test suite's run, whose figures mean nothing): one row for each way a row is built, no shadows
# on the plane, shadows on rough earth with the slope view, and an MSAA buffer.
QUICK_LABELS = ("shadows off, MSAA 0", "shadows 1024, MSAA 0, rough earth, slope view", "shadows off, MSAA 4")
BY_LABEL = {config[0]: config for config in CONFIGS}
QUICK_CONFIGS = [BY_LABEL[label] for label in QUICK_LABELS]   # a label amiss fails at import

FIRST_FRAME_SCRIPT = """
import time
t0 = time.perf_counter()
from game.app.scene.offscreen import make_offscreen_base
from game.app.scene.quality import GraphicsQuality
from game.app.scene.snapshot import OffscreenTable, frame_camera, full_table
from game.rules.layout import Layout
t_import = time.perf_counter()
base = make_offscreen_base((64, 64))
t_base = time.perf_counter()
layout = Layout()
view = OffscreenTable.open(base, layout, (1280, 720), GraphicsQuality.preset("high"))
positions = full_table(layout)
view.scene.place(positions)
frame_camera(view, "knuckle", positions)
t_scene = time.perf_counter()
base.graphicsEngine.renderFrame()
view.buffer.getScreenshot()
t_frame = time.perf_counter()
print(t_import - t0, t_base - t_import, t_scene - t_base, t_frame - t_scene)
view.close()
base.destroy()
"""


def draw_calls(view) -> tuple[int, int]:
    """Geoms the main camera and the sun's shadow camera would submit (no frustum culling)."""
    from game.app.scene.table_scene import SHADOW_CAMERA_BIT
    from panda3d.core import BitMask32

    shadow_bit = BitMask32.bit(SHADOW_CAMERA_BIT)
    main = shadow = 0
    for np_ in view.root.findAllMatches("**/+GeomNode"):
        if np_.isStashed() or any(a.isStashed() for a in np_.getAncestors()):
            continue
        geoms = np_.node().getNumGeoms()
        if not np_.isHidden():
            main += geoms
        if not np_.isHidden(shadow_bit) and view.scene.shadows_live:
            shadow += geoms
    return main, shadow


def time_frames(view, frames: int) -> tuple[float, float, float]:
    """Median wall time, median CPU time (all of llvmpipe's threads) and read-back time."""
    engine = view.base.graphicsEngine
    for _ in range(2):
        engine.renderFrame()
        view.buffer.getScreenshot()
    samples = []
    cpu = []
    for _ in range(frames):
        t = time.perf_counter()
        c = time.process_time()
        engine.renderFrame()
        view.buffer.getScreenshot()
        samples.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    readback = []
    for _ in range(5):
        t = time.perf_counter()
        view.buffer.getScreenshot()
        readback.append(time.perf_counter() - t)
    return statistics.median(samples), statistics.median(cpu), statistics.median(readback)


def time_update(base, layout, positions, ground=None) -> float:
    """Median cost of applying one frame of physics poses (positions and rolling quaternions)."""
    import numpy as np

    from game.app.scene.quality import GraphicsQuality
    from game.app.scene.snapshot import OffscreenTable

    view = OffscreenTable.open(base, layout, (64, 48), GraphicsQuality(shadows=False, msaa=0), ground=ground)
    try:
        ids = list(positions)
        rng = np.random.default_rng(7)
        poses = np.zeros((len(ids), 7))
        poses[:, :2] = [positions[b] for b in ids]
        poses[:, 2] = layout.marble_radius
        quats = rng.standard_normal((len(ids), 4))
        poses[:, 3:] = quats / np.linalg.norm(quats, axis=1, keepdims=True)
        view.scene.update(ids, poses)
        samples = []
        for _ in range(200):
            t = time.perf_counter()
            view.scene.update(ids, poses)
            samples.append(time.perf_counter() - t)
        return statistics.median(samples)
    finally:
        view.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=15)
    parser.add_argument("--launches", type=int, default=3)
    parser.add_argument("--size", type=window_size, default=SIZE, help="WIDTHxHEIGHT of the table's picture")
    parser.add_argument("--quick", action="store_true", help="three of the qualities only: that it runs, not figures")
    args = parser.parse_args(argv)
    size = args.size

    from game.app.scene.offscreen import make_offscreen_base
    from game.app.scene.quality import GraphicsQuality
    from game.app.scene.snapshot import OffscreenTable, frame_camera, full_table
    from game.physics.terrain import Terrain
    from game.rules.layout import Layout

    base = make_offscreen_base((64, 64))
    renderer = base.win.getGsg().getDriverRenderer()
    layout = Layout()
    positions = full_table(layout)
    print(f"# {platform.machine()} {platform.system()}, renderer {renderer!r}, {size[0]}x{size[1]}, "
          f"{len(positions)} bodies, median of {args.frames} frames")
    print("| quality | knuckle-down ms (CPU ms) | overhead ms (CPU ms) | draw calls (main + shadow) |")
    print("|---|---|---|---|")
    readbacks = []
    for label, shadows, map_size, msaa, ground in QUICK_CONFIGS if args.quick else CONFIGS:
        quality = GraphicsQuality(shadows=shadows, shadow_map_size=map_size, msaa=msaa)
        view = OffscreenTable.open(base, layout, size, quality, ground=Terrain.rough(*ROUGH) if ground else None)
        try:
            view.scene.place(positions)
            view.scene.show_slopes(ground == "slopes")
            got = view.buffer.getFbProperties().getMultisamples()
            cells = []
            for camera in ("knuckle", "overhead"):
                frame_camera(view, camera, positions)
                frame, cpu, readback = time_frames(view, args.frames)
                readbacks.append(readback)
                cells.append(f"{frame * 1000:.0f} ({cpu * 1000:.0f})")
            main_calls, shadow_calls = draw_calls(view)
            note = "" if got == msaa else f" (buffer gave MSAA {got})"
            print(f"| {label}{note} | {cells[0]} | {cells[1]} | {main_calls} + {shadow_calls} |")
        finally:
            view.close()
    print(f"\nread-back of one 1280x720 frame (included above): {statistics.median(readbacks) * 1000:.1f} ms")
    print(f"TableScene.update(ids, poses) for {len(positions)} bodies (Python per frame): "
          f"{time_update(base, layout, positions) * 1e6:.0f} µs on the smooth plane, "
          f"{time_update(base, layout, positions, Terrain.rough(*ROUGH)) * 1e6:.0f} µs on rough earth")
    base.destroy()

    launches = []
    for _ in range(args.launches):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", FIRST_FRAME_SCRIPT], cwd=ROOT, capture_output=True, text=True, check=True)
        total = time.perf_counter() - t0
        parts = [float(x) for x in out.stdout.split()]
        launches.append((total, *parts))
    med = [statistics.median(col) for col in zip(*launches)]
    print(f"\nlaunch to first finished frame (median of {args.launches} fresh processes): {med[0]:.2f} s "
          f"= imports {med[1]:.2f} + ShowBase {med[2]:.2f} + scene {med[3]:.2f} + first frame {med[4]:.2f} "
          f"(+ interpreter start and exit)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
