"""Draw the 3D table at a fraction of the window and stretch it over the window.

On a software renderer (llvmpipe) the cost of a frame grows with the pixels
shaded, so drawing the ground and the marbles at 3/4 of the window's width
and height (56% of the pixels) and scaling the picture up buys most of the
frame back, while the menus and the HUD stay sharp at the window's own
resolution.  At scale 1 nothing is added: the main camera draws straight
into the window.  The stretch is sharpened (``shaders/upscale.frag``: a
light unsharp mask held within each pixel's neighbours, so no halo), more
the smaller the drawing, so the table stays crisp at the detected quality.
"""

from __future__ import annotations

from direct.showbase.DirectObject import DirectObject
from panda3d.core import CardMaker, NodePath, SamplerState, Texture

from game.app.scene.assets import load_shader
from game.app.scene.quality import framebuffer_properties

RENDER_SCALES = (1.0, 0.75, 0.5)
SHARPEN = {1.0: 0.0, 0.75: 0.25, 0.5: 0.45}   # how much the stretched picture is sharpened at each scale


def scaled_size(size: tuple[int, int], scale: float) -> tuple[int, int]:
    """The drawing size for a window of ``size`` at ``scale``: never under 16 pixels a side."""
    return (max(16, round(size[0] * scale)), max(16, round(size[1] * scale)))


class RenderScale(DirectObject):
    """Owns the smaller buffer, its camera (sharing ``base.camLens``) and the card that shows it."""

    def __init__(self, base, msaa: int = 0) -> None:
        self.base = base
        self.msaa = msaa
        self.scale = 1.0
        self.buffer = None
        self.camera: NodePath | None = None
        self.card: NodePath | None = None
        self._window_size: tuple[int, int] | None = None
        self.accept("window-event", self._window_changed)  # our own listener: ShowBase keeps its own

    def set_scale(self, scale: float) -> None:
        if scale not in RENDER_SCALES:
            raise ValueError(f"render scale must be one of {RENDER_SCALES}, not {scale!r}")
        if scale == self.scale and (scale == 1.0 or self.buffer is not None):
            return
        self.scale = scale
        self._rebuild()

    def _window(self) -> tuple[int, int]:
        win = self.base.win
        return (win.getXSize(), win.getYSize())

    def _window_changed(self, window) -> None:
        if window is self.base.win and self.scale != 1.0 and self._window() != self._window_size:
            self._rebuild()

    def _rebuild(self) -> None:
        self._tear_down()
        main = self.base.cam.node()
        if self.scale == 1.0:
            self._main_region(True)
            return
        self._window_size = self._window()
        width, height = scaled_size(self._window_size, self.scale)
        texture = Texture("table-scaled")
        texture.setMinfilter(SamplerState.FT_linear)
        texture.setMagfilter(SamplerState.FT_linear)
        texture.setWrapU(SamplerState.WM_clamp)  # the window's edge is not the far side of the picture
        texture.setWrapV(SamplerState.WM_clamp)
        self.buffer = self.base.win.makeTextureBuffer("table-scaled", width, height, texture, False,
                                                      framebuffer_properties(self.msaa))
        if self.buffer is None:  # the driver refused: draw at full size rather than not at all
            self.scale = 1.0
            self._main_region(True)
            return
        self.buffer.setSort(-20)
        self.buffer.setClearColor(self.base.win.getClearColor())
        self.camera = self.base.makeCamera(self.buffer, lens=self.base.camLens, camName="table-scaled-cam")
        self.camera.reparentTo(self.base.cam)
        self.camera.node().setScene(self.base.render)
        self.camera.node().setCameraMask(main.getCameraMask())
        self._main_region(False)
        card = CardMaker("table-scaled-card")
        card.setFrameFullscreenQuad()
        card.setUvRange(texture)  # only the drawn part: the driver may pad the texture to a power of two
        self.card = self.base.render2d.attachNewNode(card.generate())
        self.card.setTexture(texture)
        self.card.setBin("background", -10)
        self.card.setDepthTest(False)
        self.card.setDepthWrite(False)
        self.card.setShader(load_shader("flat.vert", "upscale.frag"))
        self.card.setShaderInput("u_sharpen", SHARPEN[self.scale])

    def _main_region(self, on: bool) -> None:
        """The window's own 3D display region draws (scale 1) or stands aside for the card."""
        for i in range(self.base.cam.node().getNumDisplayRegions()):
            self.base.cam.node().getDisplayRegion(i).setActive(on)

    def _tear_down(self) -> None:
        if self.card is not None:
            self.card.removeNode()
            self.card = None
        if self.camera is not None:
            self.camera.removeNode()
            self.camera = None
        if self.buffer is not None:
            self.base.graphicsEngine.removeWindow(self.buffer)
            self.buffer = None

    def destroy(self) -> None:
        self._tear_down()
        self._main_region(True)
        self.ignoreAll()
