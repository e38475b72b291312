"""Offscreen views of the table: a buffer with its own camera and scene root.

``OffscreenTable`` is what tests, the docs' screenshots and the frame benchmark
share; ``render_table_png`` is the one-call version.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from game.app.scene.camera import CameraRig
from game.app.scene.ground_mesh import GroundHeights
from game.app.scene.offscreen import grab, make_offscreen_base
from game.app.scene.quality import GraphicsQuality
from game.app.scene.table_scene import HAZE_COLOR, TableScene
from game.errors import UserError
from game.fileio import write_atomic
from game.rules.layout import PLANETS, Layout, taw_id

CAMERA_CHOICES = ("overhead", "knuckle")


def open_buffer(base: Any, size: tuple[int, int], quality: GraphicsQuality, name: str = "table-view"):
    """An offscreen buffer sharing the base window's GL context.

    Its sort (-5) puts it after the shadow buffers Panda makes (-10), so a frame
    uses the shadow map rendered in that same frame.
    """
    from panda3d.core import GraphicsPipe, WindowProperties

    props = quality.framebuffer_properties()
    win_props = WindowProperties.size(*size)
    flags = GraphicsPipe.BF_refuse_window
    buffer = base.graphicsEngine.makeOutput(
        base.pipe, name, -5, props, win_props, flags, base.win.getGsg(), base.win
    )
    if buffer is None:
        raise RuntimeError(f"could not open a {size[0]}x{size[1]} offscreen buffer with MSAA {quality.msaa}")
    buffer.setClearColor((*HAZE_COLOR, 1.0))
    buffer.setClearColorActive(True)
    return buffer


@dataclass
class OffscreenTable:
    """A table scene seen through its own offscreen buffer and camera."""

    base: Any
    buffer: Any
    root: Any
    scene: TableScene
    rig: CameraRig
    camera: Any

    @classmethod
    def open(
        cls,
        base: Any,
        layout: Layout,
        size: tuple[int, int] = (320, 240),
        quality: GraphicsQuality = GraphicsQuality(shadows=True, shadow_map_size=1024, msaa=0),
        ground: GroundHeights | None = None,
    ) -> "OffscreenTable":
        from panda3d.core import NodePath

        buffer = open_buffer(base, size, quality)
        root = NodePath("table-view-root")
        camera = base.makeCamera(buffer, scene=root, aspectRatio=size[0] / size[1])
        camera.reparentTo(root)
        scene = TableScene(root, base.loader, layout, quality=quality, ground=ground)
        rig = CameraRig(camera, layout)
        return cls(base, buffer, root, scene, rig, camera)

    def grab(self) -> np.ndarray:
        """Render a frame and return it as uint8 RGB, top row first."""
        return grab(self.buffer)

    def close(self) -> None:
        self.scene.destroy()
        self.base.graphicsEngine.removeWindow(self.buffer)
        self.root.removeNode()


def full_table(layout: Layout) -> dict[str, tuple[float, float]]:
    """The seven-planet setup from the layout plus every taw on its own line."""
    positions = dict(layout.home_positions())
    for planet in PLANETS:
        positions[taw_id(planet)] = layout.home_on_line(planet, layout.default_taw_angle(planet))
    return positions


def frame_camera(view: OffscreenTable, camera: str, positions: Mapping[str, tuple[float, float]]) -> None:
    if camera == "overhead":
        view.rig.overhead(snap=True)
    elif camera == "knuckle":
        taws = [b for b in positions if b.endswith(".taw")]
        taw = "earth.taw" if "earth.taw" in positions else (taws[0] if taws else None)
        if taw is None:
            view.rig.knuckle((0.0, -1.0), (0.0, 1.0), snap=True)
        else:
            x, y = positions[taw]
            # aim at the Sun, as a first shot would
            view.rig.knuckle((x, y), (-x, -y), snap=True)
    else:
        raise UserError(f"camera: must be one of {CAMERA_CHOICES}, not {camera!r}")


def render_table_png(
    path: str | Path,
    layout: Layout,
    positions: Mapping[str, tuple[float, float]],
    camera: str = "overhead",
    size: tuple[int, int] = (1280, 720),
    quality: GraphicsQuality = GraphicsQuality(),
    base: Any = None,
    labels: bool = False,
    aim: Sequence[tuple[float, float]] | None = None,
    palette: str = "standard",
) -> np.ndarray:
    """Render bodies at rest at ``positions`` to a PNG; returns the image too.

    Makes (and destroys) an offscreen ShowBase when none is given.
    """
    if camera not in CAMERA_CHOICES:
        raise UserError(f"camera: must be one of {CAMERA_CHOICES}, not {camera!r}")
    own_base = base is None
    if own_base:
        base = make_offscreen_base((64, 64))
    try:
        view = OffscreenTable.open(base, layout, size, quality)
        try:
            view.scene.place(dict(positions))
            view.scene.show_labels(labels)
            view.scene.set_palette(palette)
            if aim:
                view.scene.aim.set_path(list(aim), strength=0.9)
            frame_camera(view, camera, positions)
            image = view.grab()
        finally:
            view.close()
    finally:
        if own_base:
            base.destroy()
    write_atomic(path, encode_png(image))
    return image


def encode_png(image: np.ndarray) -> bytes:
    """PNG bytes of a top-down uint8 RGB image, through Panda's PNMImage."""
    from panda3d.core import PNMImage, StringStream, Texture

    height, width, _ = image.shape
    tex = Texture("png")
    tex.setup2dTexture(width, height, Texture.T_unsigned_byte, Texture.F_rgb8)
    # textures hold the bottom row first, channels as BGR
    tex.setRamImage(np.ascontiguousarray(image[::-1, :, ::-1]).tobytes())
    pnm = PNMImage()
    tex.store(pnm)
    stream = StringStream()
    if not pnm.write(stream, "table.png"):
        raise RuntimeError("PNG encoding failed")
    return bytes(stream.getData())


def render_docs_screenshots(folder: str | Path, size: tuple[int, int] = (960, 540)) -> list[Path]:
    """The pictures in docs/screenshots/: overhead (both palettes), knuckle-down, glass and signs up close."""
    import math

    folder = Path(folder)
    layout = Layout()
    positions = full_table(layout)
    base = make_offscreen_base((64, 64))
    written = []
    try:
        target = folder / "table-overhead.png"
        render_table_png(target, layout, positions, "overhead", size, base=base, labels=True)
        written.append(target)
        target = folder / "palette-colour-blind.png"
        render_table_png(target, layout, positions, "overhead", size, base=base, labels=True, palette="colour-blind")
        written.append(target)
        tx, ty = positions["earth.taw"]
        aim = [(tx + (0 - tx) * t, ty + (0 - ty) * t) for t in np.linspace(0.03, 0.97, 24)]
        target = folder / "table-knuckle.png"
        render_table_png(target, layout, positions, "knuckle", size, base=base, aim=aim)
        written.append(target)
        view = OffscreenTable.open(base, layout, size, GraphicsQuality())
        try:
            view.scene.place(positions)
            sx, sy = positions["saturn"]
            view.rig.orbit((sx, sy, 0.0), yaw=math.radians(200), pitch=math.radians(24), distance=0.17, snap=True)
            target = folder / "table-saturn-closeup.png"
            write_atomic(target, encode_png(view.grab()))
            written.append(target)
            # the signs over the overhead markers, seen from a little lower than the game's overhead view
            mx, my = positions["mars"]
            view.rig.orbit((mx * 0.8, my * 0.8, 0.0), yaw=0.0, pitch=math.radians(80), distance=1.15, snap=True)
            target = folder / "signs-overhead.png"
            write_atomic(target, encode_png(view.grab()))
            written.append(target)
        finally:
            view.close()
    finally:
        base.destroy()
    for path in written:
        path.chmod(0o644)  # write_atomic's temporary files are private; these are published
    return written


if __name__ == "__main__":
    import sys

    for path in render_docs_screenshots(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"):
        print(f"wrote {path}")


def shader_check(base: Any = None) -> list[str]:
    """Compile every scene shader by drawing each kind of thing once, offscreen.

    Returns the names of the shaders that failed to compile (empty when all
    is well); ``taw check --render`` uses it to prove an install can draw.
    """
    own_base = base is None
    if own_base:
        base = make_offscreen_base((64, 64))
    try:
        layout = Layout()
        view = OffscreenTable.open(base, layout, (64, 48), GraphicsQuality(shadows=True, shadow_map_size=512, msaa=0))
        try:
            positions = full_table(layout)
            view.scene.place(positions)
            view.scene.show_labels(True)
            view.scene.aim.set_path([(0.0, -0.3), (0.0, 0.3)], 1.0)
            view.rig.overhead(snap=True)
            view.grab()
            shaders = view.scene.shaders
            return [name for name in vars(shaders) if getattr(shaders, name).getErrorFlag()]
        finally:
            view.close()
    finally:
        if own_base:
            base.destroy()
