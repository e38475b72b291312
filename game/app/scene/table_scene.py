"""The table: packed earth with chalk orbits, the marbles on it, the sun above.

``TableScene`` takes a parent NodePath, a loader, the Layout and body ids,
and knows nothing of the app shell or the physics beyond the pose array
(``ids`` plus an (N, 7) array x, y, z, qw, qx, qy, qz) and the ground's
heights (``ground``: the game's ``Terrain``, the smooth plane when None).
On rough earth the ground is a mesh of the same heights Bullet rolls on
(``ground_mesh``), and everything laid on the ground (the chalk lines and
names, the contact shadows, the markers, the aim line and the preview's
paths) sits at the ground's height under it.  Per frame it only sets
transforms.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

import numpy as np

from game.app.scene.aim_line import AimLine
from game.app.scene.assets import ModelLoader, SceneShaders, load_model, load_shaders
from game.app.scene.ground_mesh import GRID_MARGIN, GroundHeights, ground_geom_node, height_scale, lay_on
from game.app.scene.markers import MarkerLayer
from game.app.scene.noise import noise_texture
from game.app.scene.palette import look_for
from game.app.scene import chalk_names
from game.app.scene.symbols import symbol_atlas, symbol_font, symbol_index
from game.app.scene.quality import GraphicsQuality
from game.rules.layout import PLANETS, SUN, Layout

# Late afternoon: the sun low enough to throw shadows a marble long.
SUN_DIRECTION = (-0.52, -0.62, 0.59)
SUN_COLOR = (1.05, 0.93, 0.78)
SKY_COLOR = (0.30, 0.34, 0.42)
BOUNCE_COLOR = (0.30, 0.24, 0.18)
HAZE_COLOR = (0.74, 0.77, 0.80)
ZENITH_COLOR = (0.36, 0.52, 0.78)
GROUND_COLOR = (0.50, 0.41, 0.31)
SHADOW_STRENGTH = 0.78
CHALK_COLOR = (0.94, 0.93, 0.88, 0.85)
# The rough ground's slopes turn towards the sun or away from it this many times as steeply as they
# are: slopes of a degree or two would change the light by a few hundredths, too little to read.
RELIEF_GAIN = 4.0
CONTOURS_PER_RMS = 4    # the slope view's contour lines: four to the ground's rms height

# Camera bit the sun's shadow camera renders; the ground and decals hide from it.
SHADOW_CAMERA_BIT = 3
GROUND_SIZE = 80.0  # metres: the ground runs well past the horizon of a low camera

# Draw order: earth, then what lies on it (chalk letters, contact shadows,
# aiming line), then the balls.
BIN_GROUND, BIN_SKY, BIN_DECALS, BIN_AIM = 0, 5, 10, 20
BLOB_LIFT = 0.0003  # metres: a contact shadow above the ground under its ball


class TableScene:
    """Ground, lines, lights and bodies under one root NodePath."""

    def __init__(
        self,
        parent: Any,
        loader: ModelLoader | None,
        layout: Layout,
        body_ids: Iterable[str] = (),
        quality: GraphicsQuality = GraphicsQuality(),
        shaders: SceneShaders | None = None,
        ground: GroundHeights | None = None,
    ) -> None:
        from panda3d.core import BitMask32

        self.layout = layout
        self.ground_heights = None if ground is None or ground.is_flat else ground
        self.slope_view = False
        self._height_scale = 0.001  # the ground's rms height, m (the slope view's contour spacing and tint)
        self.quality = quality
        self.shaders = shaders or load_shaders()
        self.palette = "standard"
        self.signs = True
        self.path_layers: list = []  # the preview's and the coach's GroundPaths drawn on this table
        self.root = parent.attachNewNode("table-scene")
        self._shadow_mask = BitMask32.bit(SHADOW_CAMERA_BIT)
        self._set_common_inputs()
        self._sun_np = self._make_sun()
        self.sky = self._make_sky(loader)
        self.ground = self._make_ground(loader)
        self._sphere = load_model(loader, "marble.egg")
        self._blob_card = self._make_blob_card()
        self._bodies_root = self.root.attachNewNode("bodies")
        self.markers = MarkerLayer(self.shaders.marker, hidden_from=self._shadow_mask)
        self._bodies: dict[str, tuple[Any, Any]] = {}
        self._blobs: dict[str, Any] = {}  # each body's contact shadow, tilted to the ground under it
        self._shown: tuple[str, ...] | None = None  # ids of the last update()
        self._low_names, self._labels = self._make_labels()
        self.aim = AimLine(self.root, self.shaders.aim, hidden_from=self._shadow_mask, ground=self.ground_heights)
        for body_id in body_ids:
            self.add_body(body_id)
        self.set_quality(quality)

    # -- construction ---------------------------------------------------------

    def _set_common_inputs(self) -> None:
        from panda3d.core import Vec3

        sun = np.array(SUN_DIRECTION, dtype=float)
        sun /= np.linalg.norm(sun)
        self.sun_direction = tuple(float(x) for x in sun)
        root = self.root
        root.setShaderInput("u_sun_dir", Vec3(*self.sun_direction))
        root.setShaderInput("u_sun_color", Vec3(*SUN_COLOR))
        root.setShaderInput("u_sky_color", Vec3(*SKY_COLOR))
        root.setShaderInput("u_bounce_color", Vec3(*BOUNCE_COLOR))
        root.setShaderInput("u_haze_color", Vec3(*HAZE_COLOR))
        root.setShaderInput("u_ground_color", Vec3(*GROUND_COLOR))
        root.setShaderInput("u_shadow", Vec3(0.0, 1.0 / 1024, SHADOW_STRENGTH))

    def _make_sun(self):
        from panda3d.core import DirectionalLight, NodePath, Point3

        light = DirectionalLight("sun")
        light.setColor((*SUN_COLOR, 1.0))
        # the shadow camera covers the whole painted system and a margin
        extent = 2.0 * (self.layout.line_radii["herschel"] + 0.12)
        lens = light.getLens()
        lens.setFilmSize(extent, extent)
        lens.setNearFar(0.5, 8.0)
        light.setCameraMask(self._shadow_mask)
        state = NodePath("shadow-pass-state")
        state.setShader(self.shaders.depth, 1000)
        light.setInitialState(state.getState())
        sun_np = self.root.attachNewNode(light)
        sun_np.setPos(Point3(*(np.array(self.sun_direction) * 4.0)))
        sun_np.lookAt(Point3(0, 0, 0))
        self.root.setLight(sun_np)
        return sun_np

    def _make_sky(self, loader: ModelLoader | None):
        from panda3d.core import CullFaceAttrib, Vec3

        sky = load_model(loader, "marble_lod.egg")
        sky.reparentTo(self.root)
        # sky.vert pins the dome to the far plane; it is drawn after the opaque
        # bodies with the depth test on, so only pixels the ground and balls
        # leave uncovered pay for the sky (a software rasteriser counts them)
        sky.setScale(GROUND_SIZE * 0.25)
        sky.setShader(self.shaders.sky)
        sky.setShaderInput("u_zenith_color", Vec3(*ZENITH_COLOR))
        sky.setAttrib(CullFaceAttrib.makeReverse())
        sky.setDepthWrite(False)
        sky.setBin("fixed", BIN_SKY)
        sky.hide(self._shadow_mask)
        return sky

    def _make_ground(self, loader: ModelLoader | None):
        from panda3d.core import PTA_float, Vec3

        if self.ground_heights is None:
            ground = load_model(loader, "ground.egg")
            ground.reparentTo(self.root)
            ground.setScale(GROUND_SIZE)
            ground.flattenStrong()
        else:
            half = self.layout.play_radius + GRID_MARGIN
            ground = self.root.attachNewNode(ground_geom_node(self.ground_heights, half, GROUND_SIZE / 2))
            self._height_scale = height_scale(self.ground_heights, half)
        ground.setShader(self.shaders.ground)
        # on the root, not the ground: the marbles show the painted ground through their glass
        self.root.setShaderInput("u_noise", noise_texture())
        radii = PTA_float.emptyArray(len(PLANETS))
        for i, planet in enumerate(PLANETS):
            radii[i] = float(self.layout.line_radii[planet])
        self.root.setShaderInput("u_radii", radii)
        self.root.setShaderInput("u_line_half", float(self.layout.line_width) / 2.0)
        self.root.setShaderInput("u_inner_ring", float(self.layout.inner_ring_radius))
        sx, sy = self.layout.saturn_home()
        self.root.setShaderInput("u_saturn", Vec3(sx, sy, self.layout.saturn_ring_radius))
        self.root.setShaderInput("u_play_radius", float(self.layout.play_radius))
        ground.setBin("background", BIN_GROUND)
        ground.hide(self._shadow_mask)
        self._set_relief(ground)
        return ground

    def _set_relief(self, ground) -> None:
        from panda3d.core import Vec4

        interval = self._height_scale / CONTOURS_PER_RMS
        shown = self.slope_view and self.ground_heights is not None  # the smooth plane has no slopes to show
        self.relief = (RELIEF_GAIN, 1.0 if shown else 0.0, interval, 2.0 * self._height_scale)
        ground.setShaderInput("u_relief", Vec4(*self.relief))

    def show_slopes(self, visible: bool = True) -> None:
        """The slope view on or off: the ground tinted by height (hollows blue, crests amber), with contour lines."""
        self.slope_view = bool(visible)
        self._set_relief(self.ground)

    @property
    def contour_interval(self) -> float:
        """Metres of height between two contour lines of the slope view."""
        return self._height_scale / CONTOURS_PER_RMS

    def _make_blob_card(self):
        from panda3d.core import CardMaker, NodePath, TransparencyAttrib

        maker = CardMaker("contact-shadow")
        maker.setFrame(-1, 1, -1, 1)
        maker.setUvRange((0, 0), (1, 1))
        card = NodePath(maker.generate())
        card.setP(-90)
        card.flattenStrong()
        card.setShader(self.shaders.blob)
        card.setTransparency(TransparencyAttrib.MAlpha)
        card.setDepthWrite(False)
        card.setBin("fixed", BIN_DECALS)
        card.hide(self._shadow_mask)
        return card

    def _make_labels(self):
        """The chalked names (``chalk_names``): one set for low views, one for the overhead view."""
        from panda3d.core import TransparencyAttrib, Vec4

        labels = self.root.attachNewNode("chalk-names")
        labels.setShader(self.shaders.text)
        labels.setShaderInput("u_tint", Vec4(*CHALK_COLOR))
        labels.setTransparency(TransparencyAttrib.MAlpha)
        labels.setDepthWrite(False)
        labels.setBin("background", BIN_GROUND + 1)  # on the earth, under the markers, balls and shadows
        labels.hide(self._shadow_mask)
        font = symbol_font()
        advance = chalk_names.advance_of(font)
        rings = chalk_names.ring_names(self.layout)
        low = chalk_names.build(labels, chalk_names.line_names(self.layout, advance) + rings, font, "low-names")
        high = chalk_names.build(labels, chalk_names.line_names(self.layout, advance, overhead=True)
                                 + chalk_names.orbit_names(self.layout) + rings, font, "overhead-names")
        high.hide()
        if self.ground_heights is not None:
            # drawn straight after the ground without a depth test: a letter's flat quad cannot sink
            # into a crest between its corners, and nothing but the ground is drawn before it
            labels.setDepthTest(False)
            for names in (low, high):
                lay_on(self.ground_heights, names, chalk_names.LIFT)
        self._names_root = labels
        return low, high

    # -- bodies -----------------------------------------------------------------

    def add_body(self, body_id: str) -> None:
        if body_id in self._bodies:
            return
        radius = self.layout.sun_radius if body_id == SUN else self.layout.marble_radius
        body = self._bodies_root.attachNewNode(f"body-{body_id}")
        ball = self.ball_like(body_id, body)
        # the body node stays on the ground at (x, y); the ball above it takes
        # height and rolling, so the contact shadow stays on the earth even
        # while a marble drops from the hat
        blob = body.attachNewNode("contact")
        self._blob_card.instanceTo(blob)
        blob.setPos(0.0, 0.0, BLOB_LIFT)
        blob.setScale(radius * 1.6)
        ball.setZ(radius)
        self.markers.attach(body_id, body, radius)
        self._bodies[body_id] = (body, ball)
        self._blobs[body_id] = blob
        self._shown = None

    def ball_like(self, body_id: str, parent: Any, name: str = "ball") -> Any:
        """A ball drawn as ``body_id`` is, under ``parent``, not one of the table's bodies (the ghost ball)."""
        ball = parent.attachNewNode(name)
        self._sphere.instanceTo(ball)
        ball.setScale(self.layout.sun_radius if body_id == SUN else self.layout.marble_radius)
        ball.setShader(self.shaders.marble)
        ball.setShaderInput("u_signs", symbol_atlas())
        ball.setShaderInput("u_sign", self._sign_of(body_id))
        self._set_look(ball, body_id)
        return ball

    def centre_height(self, radius: float, x: float, y: float) -> float:
        """A resting ball's centre height at (x, y), above the level: the ground's height and the ball's own."""
        return self.height_at(x, y) + self._centre_height(radius, x, y)

    def _lie_on_ground(self, body_ids: Sequence[str], xy: np.ndarray) -> np.ndarray:
        """Put each body's ground node at the ground's height under it, its contact shadow tilted to the
        slope there; the heights (m), for the balls above."""
        from panda3d.core import Point3, Vec3

        ground = self.ground_heights
        if ground is None:
            return np.zeros(len(xy))
        h = np.asarray(ground.height_at(xy[:, 0], xy[:, 1]), dtype=np.float64)
        gx, gy = (np.asarray(g, dtype=np.float64) for g in ground.gradient_at(xy[:, 0], xy[:, 1]))
        for i, body_id in enumerate(body_ids):
            self._bodies[body_id][0].setPos(float(xy[i, 0]), float(xy[i, 1]), float(h[i]))
            # the card's +y along the slope's own y, its +z along the normal
            self._blobs[body_id].lookAt(Point3(0.0, 1.0, BLOB_LIFT + float(gy[i])),
                                        Vec3(-float(gx[i]), -float(gy[i]), 1.0))
        return h

    def _centre_height(self, radius: float, x: float, y: float) -> float:
        """A resting ball's centre above the ground under it (its radius on the plane, a hair more on a slope)."""
        if self.ground_heights is None:
            return radius
        gx, gy = self.ground_heights.gradient_at(x, y)
        return radius * math.sqrt(1.0 + float(gx) ** 2 + float(gy) ** 2)

    def _known(self, ids: Sequence[str]) -> list[str]:
        """``ids``, each added to the table first if it is new."""
        for body_id in ids:
            if body_id not in self._bodies:
                self.add_body(body_id)
        return list(ids)

    def _set_look(self, ball, body_id: str) -> None:
        from panda3d.core import Vec3, Vec4

        look = look_for(body_id, self.palette)
        ball.setShaderInput("u_vane_color", Vec3(*look.vane_color))
        ball.setShaderInput("u_glass_tint", Vec3(*look.glass_tint))
        ball.setShaderInput("u_params", Vec4(*look.params()))

    def _sign_of(self, body_id: str) -> float:
        return -1.0 if body_id == SUN or not self.signs else symbol_index(body_id)

    def show_signs(self, visible: bool = True) -> None:
        """The planets' signs on the marbles and over the overhead markers, on or off (on by default)."""
        self.signs = bool(visible)
        self.markers.set_signs(visible)
        for body_id, (_body, ball) in self._bodies.items():
            ball.setShaderInput("u_sign", self._sign_of(body_id))

    def set_palette(self, palette: str) -> None:
        """Recolour every body and marker from a named palette (``palette.PALETTES``: the Settings' choice)."""
        self.markers.set_palette(palette)
        self.palette = palette
        for body_id, (_body, ball) in self._bodies.items():
            self._set_look(ball, body_id)

    def remove_body(self, body_id: str) -> None:
        nodes = self._bodies.pop(body_id, None)
        self._blobs.pop(body_id, None)
        self.markers.detach(body_id)
        if nodes:
            nodes[0].removeNode()
        self._shown = None

    def height_at(self, x: float, y: float) -> float:
        """The ground's height at (x, y): 0 on the smooth plane."""
        return 0.0 if self.ground_heights is None else float(self.ground_heights.height_at(x, y))

    def body_ids(self) -> list[str]:
        return list(self._bodies)

    def body_node(self, body_id: str):
        """The body's ground node: at (x, y) on the ground, stashed while the body is off the table."""
        return self._bodies[body_id][0]

    def on_ground(self, body_id: str) -> bool:
        """Whether the body is on the table now (known and not stashed)."""
        nodes = self._bodies.get(body_id)
        return nodes is not None and not nodes[0].isStashed()

    def body_position(self, body_id: str) -> tuple[float, float, float]:
        """The ball's centre in the scene's coordinates (for cameras that follow it)."""
        ball = self._bodies[body_id][1]
        pos = ball.getPos(self.root)
        return (pos.x, pos.y, pos.z)

    def place(self, positions: dict[str, tuple[float, float]]) -> None:
        """Put bodies at rest at ground positions (x, y), shown, adding any not yet known."""
        for body_id, (x, y) in positions.items():
            self.add_body(body_id)
            radius = self.layout.sun_radius if body_id == SUN else self.layout.marble_radius
            body, ball = self._bodies[body_id]
            body.setPos(x, y, 0.0)
            ball.setZ(self._centre_height(radius, x, y))
            if body.isStashed():
                body.unstash()
        if self.ground_heights is not None and positions:
            self._lie_on_ground(list(positions), np.array([tuple(p) for p in positions.values()], dtype=np.float64))
        self._shown = None

    def show_only(self, positions: dict[str, tuple[float, float]]) -> None:
        """Exactly these bodies, at rest at (x, y); every other body is taken off the ground (stashed)."""
        self.place(positions)
        for body_id, (body, _) in self._bodies.items():
            if body_id not in positions and not body.isStashed():
                body.stash()

    def capture(self) -> dict[str, tuple]:
        """Every body's transforms and whether it is on the ground, for ``restore``."""
        return {body_id: (body.isStashed(), body.getPos(), ball.getPos(), ball.getQuat())
                for body_id, (body, ball) in self._bodies.items()}

    def restore(self, moment: dict[str, tuple]) -> None:
        """Put every body back as ``capture`` saw it; bodies added since are removed."""
        for body_id in [b for b in self._bodies if b not in moment]:
            self.remove_body(body_id)
        for body_id, (stashed, pos, ball_pos, ball_quat) in moment.items():
            body, ball = self._bodies[body_id]
            body.setPos(pos)
            ball.setPosQuat(ball_pos, ball_quat)
            if stashed and not body.isStashed():
                body.stash()
            elif not stashed and body.isStashed():
                body.unstash()
        self._shown = None

    def update(self, ids: Sequence[str], poses: np.ndarray) -> None:
        """Apply physics poses: row i of ``poses`` is x, y, z, qw, qx, qy, qz of ``ids[i]``.

        Bodies not listed are hidden (taken off the ground); unknown ids are
        added.  Only transforms are set: no allocation beyond Panda's own.
        """
        from panda3d.core import LPoint3f, LQuaternionf

        bodies = self._bodies
        heights = self._lie_on_ground(self._known(ids), poses[:, :2]) if self.ground_heights is not None else None
        for i, (body_id, row) in enumerate(zip(ids, poses.tolist())):
            nodes = bodies.get(body_id)
            if nodes is None:
                self.add_body(body_id)
                nodes = bodies[body_id]
            body, ball = nodes
            if heights is None:
                body.setPos(row[0], row[1], 0.0)
                ball.setPosQuat(LPoint3f(0.0, 0.0, row[2]), LQuaternionf(row[3], row[4], row[5], row[6]))
            else:  # the ground node already lies on the ground: the ball sits Bullet's height above the world's 0
                ball.setPosQuat(LPoint3f(0.0, 0.0, row[2] - heights[i]), LQuaternionf(row[3], row[4], row[5], row[6]))
        # who is on the ground changes rarely: only then walk every body
        shown = tuple(ids)
        if shown != self._shown:
            self._shown = shown
            present = set(shown)
            for body_id, (body, _) in bodies.items():
                if body_id in present:
                    if body.isStashed():
                        body.unstash()
                elif not body.isStashed():
                    body.stash()

    # -- options --------------------------------------------------------------------

    def set_quality(self, quality: GraphicsQuality) -> None:
        from panda3d.core import AntialiasAttrib, Vec3

        self.quality = quality
        light = self._sun_np.node()
        size = quality.shadow_map_size
        if quality.shadows:
            light.setShadowCaster(True, size, size)
        else:
            light.setShadowCaster(False)
        self.root.setShaderInput(
            "u_shadow", Vec3(1.0 if quality.shadows else 0.0, 1.0 / size, SHADOW_STRENGTH)
        )
        if quality.msaa:
            self.root.setAntialias(AntialiasAttrib.MMultisample)
        else:
            self.root.clearAntialias()

    @property
    def shadows_live(self) -> bool:
        return bool(self._sun_np.node().isShadowCaster())

    def show_labels(self, visible: bool = True) -> None:
        """The overhead set of chalked names (lines and orbits, upright from the bottom of the screen),
        or (False) the low views' set (the lines' names round each line, tops towards the Sun)."""
        if visible:
            self._labels.show()
            self._low_names.hide()
        else:
            self._labels.hide()
            self._low_names.show()

    def show_chalk_names(self, visible: bool = True) -> None:
        """Every chalked name on or off (on by default; tests of the bare chalk lines take them off)."""
        self._names_root.show() if visible else self._names_root.hide()

    @property
    def labels_visible(self) -> bool:
        return not self._labels.isHidden()

    def show_markers(self, visible: bool = True) -> None:
        """The overhead body markers on or off (they fade in by themselves from high views)."""
        self.markers.set_enabled(visible)

    def set_own_taw(self, body_id: str | None) -> None:
        """Emphasise the human player's taw among the markers (None: nobody's)."""
        self.markers.set_own_taw(body_id)

    def destroy(self) -> None:
        self.markers.destroy()
        self.root.clearLight()
        self._sun_np.node().setShadowCaster(False)
        self.root.removeNode()
