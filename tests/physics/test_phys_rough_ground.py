"""Bullet on rough ground (``ground_contact.py``): no edges, the incline's law, hollows, rest on slopes, no hops."""

from __future__ import annotations

import math
import pickle
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from game.physics import GLASS, MARBLE_MASS, BodySpec, Material, PhysicsConfig, Simulation, shot_velocity
from game.physics.ground_contact import GroundPool
from game.physics.terrain import Terrain
from game.rules.house import GroundKind
from tests.physics.physics_kit import LAYOUT

G = 9.81
FLAT_MESH = Terrain(GroundKind.ROUGH, 0.0, 0)   # built as rough ground (slabs), with no heights


def config(ground: Terrain) -> PhysicsConfig:
    return PhysicsConfig.for_layout(LAYOUT, ground=ground)


def roll(ground: Terrain, start, velocity, spin=0.0, table=None):
    """Frames (t, x, y, z of the ball, z of the ground under it) of a lone glass ball's shot, and where it rests."""
    frames = []
    spots = dict(table or {"sun": (2.2, 0.0)})
    spots["mars"] = start

    def on_frame(t, ids, poses):
        x, y, z = poses[ids.index("mars"), :3] if "mars" in ids else (math.nan,) * 3
        frames.append((t, x, y, z, ground.centre_height(x, y, LAYOUT.marble_radius) if "mars" in ids else math.nan))

    with Simulation.from_positions(spots, LAYOUT, config(ground)) as sim:
        sim.shoot("mars", velocity, spin=spin)
        rest = sim.run_to_rest(on_frame=on_frame)
    return np.array(frames), rest.positions.get("mars")


@pytest.mark.parametrize("speed", [0.3, 1.0, 2.5, 3.8])
@pytest.mark.parametrize("heading", [0.0, 13.0, 45.0, 101.0])
def test_a_ball_on_level_rough_ground_keeps_the_speed_and_line_it_has_on_the_plane(speed, heading):
    start = (-0.9, -0.35)
    v = shot_velocity(speed, heading)
    plane, plane_rest = roll(Terrain.flat(), start, v, spin=1.0)
    slabs, slabs_rest = roll(FLAT_MESH, start, v, spin=1.0)
    n = min(len(plane), len(slabs))
    gone = np.hypot(plane[:n, 1] - start[0], plane[:n, 2] - start[1])
    apart = np.hypot(plane[:n, 1] - slabs[:n, 1], plane[:n, 2] - slabs[:n, 2])
    ok = ~np.isnan(apart)
    assert np.all(apart[ok] <= 0.003 * gone[ok] + 1e-4)          # within 0.3% of the way, all along
    line = np.degrees(np.arctan2(slabs[ok, 2] - start[1], slabs[ok, 1] - start[0]))[5:]
    assert np.all(np.abs((line - heading + 180) % 360 - 180) < 0.05)  # and on the line of the shot
    assert np.nanmax(np.abs(slabs[:, 3] - slabs[:, 4])) < 1e-5       # never off the ground by 0.01 mm
    if plane_rest is not None:
        assert math.dist(plane_rest, slabs_rest) <= 0.003 * math.dist(start, plane_rest) + 1e-4


def _incline_law(start, velocity, tilt, mu_r, until, dt=1e-4):
    """A rolling ball on the plane z = tilt·p, seen from above: 5/7 g sinθ down the slope, mu_r g against its way."""
    sx, sy = tilt
    cos2 = 1.0 / (1.0 + sx * sx + sy * sy)
    p, v, t, out = np.array(start, float), np.array(velocity, float), 0.0, [(0.0, *start)]
    while t < until and np.hypot(*v) > 1e-4:
        a = -mu_r * G * math.sqrt(cos2) * v / np.hypot(*v) - 5.0 / 7.0 * G * cos2 * np.array(tilt)
        v = v + a * dt
        p = p + v * dt
        t += dt
        out.append((t, *p))
    return np.array(out)


@pytest.mark.parametrize("kind", [GroundKind.SMOOTH, GroundKind.ROUGH])
@pytest.mark.parametrize("slope", [0.02, 0.04])
def test_a_slow_roll_across_a_slope_curves_as_a_rolling_ball_on_an_incline(kind, slope):
    # Launched rolling along the level (+x) across a slope falling toward -y: it curves downhill at
    # 5/7 g sinθ.  Tolerance: the sideways fall within 5% (+1 mm) of the law's, the whole path within 2%
    # of the way gone (Bullet's roll starts its resistance a call late: it runs a hair long).
    ground = Terrain(kind, 0.0, 0, tilt=(0.0, slope))
    start, v = (-1.0, 0.3), (0.8, 0.0)
    frames, _ = roll(ground, start, v, spin=1.0, table={"sun": (1.5, 1.5)})
    law = _incline_law(start, v, (0.0, slope), GLASS.rolling_resistance, frames[-1, 0])
    for t in (0.25, 0.5, 0.75, 1.0, 1.5):
        i = int(np.argmin(abs(frames[:, 0] - t)))
        j = int(np.argmin(abs(law[:, 0] - frames[i, 0])))
        fall, fall_law = start[1] - frames[i, 2], start[1] - law[j, 2]
        assert fall == pytest.approx(fall_law, rel=0.05, abs=0.001)
        gone = math.dist(start, law[j, 1:])
        assert math.dist(frames[i, 1:3], law[j, 1:]) <= 0.02 * gone + 0.001
    # and it comes to rest where the law does (the slope is gentler than glass holds on)
    assert math.dist(frames[-1, 1:3], law[-1, 1:]) <= 0.02 * math.dist(start, law[-1, 1:]) + 0.002
    assert start[1] - law[-1, 2] > 3.0 * slope   # the law's ball fell 6 to 17 cm down the slope


def _hollow_below(ground: Terrain, start) -> np.ndarray:
    """Where a bead sliding straight down the ground from ``start`` comes to a stop: the nearest hollow."""
    p = np.array(start, float)
    for _ in range(20000):
        g = np.array(ground.gradient1(*p))
        p -= 0.002 * g / max(float(np.hypot(*g)), 1e-3) * min(1.0, float(np.hypot(*g)) / 0.01)
    return p


# Why the hollow's bottom needs a hard marble: a ball at rest starts rolling only where 5/7 g sinθ beats its
# rolling resistance mu_r g, sinθ > 7/5 mu_r: 4.8° for glass (mu_r 0.06), steeper than anywhere on a house
# ground (at most 8 mm roughness: 4.5° at the steepest), and glass that does roll stops on a hollow's side
# as soon as the slope under it is gentler than that.  A marble with a sixth of glass's resistance (0.8°)
# finds the very bottom; glass itself is tested below on a ground steep enough to start it.
STEEL = Material("steel", restitution=0.9, friction=0.3, rolling_resistance=0.01)


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_a_hard_marble_let_go_on_a_slope_rolls_down_and_settles_at_the_bottom_of_the_nearest_hollow(seed):
    ground = Terrain.rough(8.0, seed)
    start = (0.5, 0.3)
    hollow = _hollow_below(ground, start)
    ball = BodySpec("mars", LAYOUT.marble_radius, MARBLE_MASS, STEEL, start)
    with Simulation([ball], config(ground)) as sim:
        sim.shoot("mars", (0.0, 0.0))
        sim.run_to_rest()
        rest = np.array(sim.positions()["mars"])
    assert math.degrees(math.atan(math.hypot(*ground.gradient1(*start)))) > 1.0   # it starts on a slope
    assert ground.height1(*rest) - ground.height1(*hollow) < 0.001            # in the hollow, not 1 mm up its side
    assert ground.height1(*start) - ground.height1(*rest) > 0.01                # 10 mm and more below its start
    assert math.dist(rest, hollow) < 0.1
    slope = math.hypot(*ground.gradient1(*rest))
    assert slope / math.sqrt(1 + slope * slope) < 7 / 5 * STEEL.rolling_resistance   # where the slope cannot roll it


def _steepest(ground: Terrain, within: float = 1.0) -> tuple[float, float]:
    """The steepest place within ``within`` metres of the Sun, on a 1 cm grid."""
    xs, ys, _ = ground.grid(0.01, within)
    gx, gy = ground.gradient_at(xs[None, :], ys[:, None])
    steep = np.where(np.hypot(xs[None, :], ys[:, None]) <= within, np.hypot(gx, gy), 0.0)
    iy, ix = np.unravel_index(int(np.argmax(steep)), gx.shape)
    return float(xs[ix]), float(ys[iy])


@pytest.mark.parametrize("seed", [1, 3, 5])
def test_a_glass_marble_let_go_where_it_cannot_hold_rolls_down_and_settles_in_the_nearest_hollow(seed):
    # A 20 mm ground (the bound a Terrain allows) is steeper than glass holds (4.8°) at its steepest place.
    ground = Terrain.rough(20.0, seed)
    start = _steepest(ground)
    hold = 7 / 5 * GLASS.rolling_resistance
    slope = math.hypot(*ground.gradient1(*start))
    assert slope / math.sqrt(1 + slope * slope) > hold
    with Simulation.from_positions({"mars": start}, LAYOUT, config(ground)) as sim:
        sim.shoot("mars", (0.0, 0.0))
        sim.run_to_rest()
        rest, took = sim.positions()["mars"], sim.time
    hollow = _hollow_below(ground, start)
    assert math.dist(_hollow_below(ground, rest), hollow) < 0.01     # it rests in the hollow below where it started
    assert ground.height1(*start) - ground.height1(*rest) > 0.01      # 10 mm and more down into it
    assert math.dist(start, rest) > 0.1 and took < 10.0
    slope = math.hypot(*ground.gradient1(*rest))
    assert slope / math.sqrt(1 + slope * slope) < hold                # where glass holds, on the hollow's side


def test_a_glass_marble_let_go_at_the_steepest_place_of_a_house_ground_stays_there():
    ground = Terrain.rough(8.0, 1)     # the roughest house ground: 4.3° at its steepest in the circle; glass holds to 4.8°
    start = _steepest(ground, 2.4)
    assert math.degrees(math.atan(math.hypot(*ground.gradient1(*start)))) > 4.2
    with Simulation.from_positions({"mars": start}, LAYOUT, config(ground)) as sim:
        sim.shoot("mars", (0.0, 0.0))
        sim.run_to_rest()
        # The resistance starts a call late (``resting.py``): in that first 1/60 s the slope gives it 9 mm/s,
        # which the resistance, barely stronger than the slope here, takes a fifth of a second to stop.
        assert math.dist(sim.positions()["mars"], start) < 0.002 and sim.time < 0.5


def test_a_marble_on_a_slope_its_resistance_holds_stays_where_it_was_let_go():
    ground = Terrain(tilt=(0.03, 0.0))    # 1.7°: glass holds to 4.8°
    with Simulation.from_positions({"mars": (0.2, 0.1)}, LAYOUT, config(ground)) as sim:
        sim.shoot("mars", (0.0, 0.0))
        sim.run_to_rest()
        assert math.dist(sim.positions()["mars"], (0.2, 0.1)) < 1e-4 and sim.time < 0.1


def test_a_ball_rolling_up_a_slope_too_steep_to_hold_it_is_not_put_to_rest_where_it_turns_back():
    ground = Terrain(tilt=(0.1, 0.0))     # 5.7°, steeper than glass holds: it must roll back down
    with Simulation.from_positions({"mars": (0.0, 0.0)}, LAYOUT, config(ground)) as sim:
        sim.shoot("mars", (0.5, 0.0), spin=1.0)
        rest = sim.run_to_rest(max_time=3.0)
        x = rest.positions["mars"][0] if "mars" in rest.positions else -math.inf
    assert x < -0.05   # it climbed, stopped, and rolled back below where it started


def test_a_slow_taw_on_a_slope_its_resistance_holds_comes_to_rest_and_does_not_zig_zag_down_it():
    # A fuzz case (seed 12627995 on 8 mm ground, seed 5) that ran to the 60 s bound: a taw flicked at 7 cm/s with
    # spin, on a 3.4° slope (held: glass holds 4.8°), zig-zagged down it at 3.6 mm/s for ever, its resistance
    # stopping it along its way each call and the slope's pull across its way starting it again.
    ground = Terrain.rough(8.0, 5)
    start = (-0.1760414133303243, 0.4357859804911832)
    with Simulation.from_positions({"sun": (1.0, -1.0), "mars": start}, LAYOUT, config(ground)) as sim:
        sim.shoot("mars", shot_velocity(0.06930899057485902, 327.8251818727088), spin=0.6556614470900166)
        rest = sim.run_to_rest(max_time=10.0)
    assert rest.t < 0.5
    assert math.dist(rest.positions["mars"], start) < 0.004


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("heading", [20.0, 140.0, 260.0])
def test_a_shot_at_the_cap_across_rough_earth_never_leaves_or_sinks_into_the_ground(seed, heading):
    ground = Terrain.rough(8.0, seed)
    frames, _ = roll(ground, (0.0, 0.0), shot_velocity(3.8, heading), table={"sun": (0.5, 0.5)})
    gap = (frames[:, 3] - frames[:, 4])[~np.isnan(frames[:, 3])]
    assert gap.max() < 1e-4 and gap.min() > -2e-4   # within 0.1 mm above, 0.2 mm into it


def _rough_shot_bits(seed: int, pool=None) -> bytes:
    ground = Terrain.rough(3.0, seed)
    table = {"sun": (0.0, 0.0), "mars": (0.4, 0.1), "venus": (0.2, -0.05), "mars.taw": (0.9, 0.3)}
    frames = []
    with Simulation.from_positions(table, LAYOUT, replace(config(ground), ground_pool=pool)) as sim:
        sim.shoot("mars.taw", shot_velocity(2.0, 195.0))
        sim.run_to_rest(on_frame=lambda t, ids, poses: frames.append(poses.copy()))
        return np.concatenate(frames).tobytes() + repr(sorted(sim.positions().items())).encode()


def test_a_shot_on_rough_ground_gives_the_same_bits_in_a_fresh_world_and_another_process():
    here = _rough_shot_bits(5)
    assert here == _rough_shot_bits(5)
    code = ("import sys, hashlib; sys.path.insert(0, '.'); "
            "from tests.physics.test_phys_rough_ground import _rough_shot_bits; "
            "print(hashlib.sha256(_rough_shot_bits(5)).hexdigest())")
    import hashlib
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == hashlib.sha256(here).hexdigest()


def test_a_world_of_slab_bodies_a_closed_world_left_plays_a_shot_to_the_same_bits_as_one_of_new_bodies(monkeypatch):
    pool = GroundPool()
    new = _rough_shot_bits(4, pool)                # every slab body made anew ...
    spare = [slab.node for slab in pool.spares()]
    assert len(spare) == 4                         # ... and left in the pool for the next world when this one closed
    other = {"sun": (0.1, 0.0), "mars.taw": (-0.5, 0.3)}
    for seed in (7, 4):   # on another ground none of them is taken; on the same, two are taken, moved and left elsewhere
        with Simulation.from_positions(other, LAYOUT, replace(config(Terrain.rough(3.0, seed)), ground_pool=pool)) as sim:
            sim.shoot("mars.taw", shot_velocity(1.0, 10.0))
            sim.run_to_rest()
    assert _rough_shot_bits(4, pool) == new
    laid: list = []
    real = Terrain.height_gradient1
    monkeypatch.setattr(Terrain, "height_gradient1", lambda self, x, y: laid.append((x, y)) or real(self, x, y))
    assert _rough_shot_bits(4, pool) == new        # the same table again: its resting balls' slabs lie ready
    places = {(0.0, 0.0), (0.4, 0.1), (0.2, -0.05), (0.9, 0.3)}   # ``_rough_shot_bits``'s table
    assert 0 < len(places.intersection(laid)) < 4   # laid afresh only where a slab was left elsewhere
    taken = {id(slab.node) for slab in pool.spares(Terrain.rough(3.0, 4))}
    assert taken == {id(node) for node in spare}


def test_worlds_share_spare_slabs_only_through_the_pool_their_builder_hands_them():
    pool = GroundPool()
    _rough_shot_bits(4, pool)
    kept = {id(slab.node) for slab in pool.spares()}
    _rough_shot_bits(4)   # no pool: its world makes its own slabs and takes none of these
    with Simulation.from_positions({"sun": (0.0, 0.0), "mars.taw": (0.9, 0.3)}, LAYOUT,
                                   config(Terrain.rough(3.0, 4))) as sim:
        laid = [id(sim._bodies[b].slab.node) for b in sim.ids]   # noqa: SLF001  (which bodies its slabs are)
    assert len(pool.spares()) == 4 and not kept.intersection(laid)
    moved = pickle.loads(pickle.dumps(replace(config(Terrain.rough(3.0, 4)), ground_pool=pool)))
    assert moved.ground_pool.spares() == [] and moved == config(Terrain.rough(3.0, 4))   # another process: empty


def test_a_world_built_from_the_resting_places_plays_the_next_shot_to_the_same_bits():
    # The preview, the coach and the AI build their world from ``positions()``.
    ground = Terrain.rough(3.0, 9)
    table = {"sun": (0.0, 0.0), "mars": (0.3, 0.2), "mars.taw": (0.8, 0.4)}
    with Simulation.from_positions(table, LAYOUT, config(ground)) as sim:
        sim.shoot("mars.taw", shot_velocity(1.5, 200.0))
        sim.run_to_rest()
        sim.shoot("mars", shot_velocity(1.0, 30.0))
        live = sim.run_to_rest().positions
        with Simulation.from_positions(table, LAYOUT, config(ground)) as other:
            other.shoot("mars.taw", shot_velocity(1.5, 200.0))
            after = other.run_to_rest().positions
        with Simulation.from_positions(after, LAYOUT, config(ground)) as fresh:
            fresh.shoot("mars", shot_velocity(1.0, 30.0))
            assert fresh.run_to_rest().positions == live


def test_a_resting_ball_lies_on_the_ground_and_a_hit_on_rough_ground_is_one_contact():
    ground = Terrain.rough(5.0, 3)
    with Simulation.from_positions({"mars": (0.3, 0.0), "mars.taw": (0.0, 0.0)}, LAYOUT, config(ground)) as sim:
        _, poses = sim.poses()
        for (x, y, z), r in zip(poses[:, :3], (LAYOUT.marble_radius,) * 2):
            assert z == pytest.approx(ground.centre_height(x, y, r), abs=1e-6)
        events = []
        sim.bus.subscribe(events.append)
        sim.shoot("mars.taw", shot_velocity(1.0, 0.0))
        sim.run_to_rest()
    assert [(e.a, e.b) for e in events if e.kind == "contact"] == [("mars", "mars.taw")]


def test_a_taw_left_spinning_like_a_top_on_a_slope_comes_to_rest_and_does_not_creep():
    # A hit can leave a ball spinning about the vertical; on a slope part of that spin touches the ground.
    ground = Terrain(tilt=(0.03, 0.0))
    with Simulation.from_positions({"mars": (0.2, 0.1)}, LAYOUT, config(ground)) as sim:
        sim.shoot("mars", (0.0, 0.0))
        sim._bodies["mars"].node.setAngularVelocity((0.0, 0.0, 30.0))   # 30 rad/s about the vertical
        sim.run_to_rest()
        assert sim.time < 1.0 and math.dist(sim.positions()["mars"], (0.2, 0.1)) < 0.005


def _slab_contacts(sim, seen: list) -> None:
    """Every ball–slab contact point Bullet holds now: (ball, the slab's ball, its foot from the face's middle
    along the face's long side and across it, in the ball's radii, its distance)."""
    from game.physics.ground_contact import GROUND_NAME
    from game.physics.pandaown import own

    owner = {int(slab.node.this): (bid, slab) for bid, (_node, slab) in sim._ground._balls.items()}
    world = sim._world
    for i in range(world.getNumManifolds()):
        m = own(world.getManifold(i))
        a, b = m.getNode0(), m.getNode1()
        if (a.getName() == GROUND_NAME) == (b.getName() == GROUND_NAME):
            continue   # two balls, or two slabs (static: Bullet never solves them)
        slab_node, ball, slab_is_a = (a, b, True) if a.getName() == GROUND_NAME else (b, a, False)
        bid, slab = owner[int(slab_node.this)]
        frame = slab_node.getTransform().getMat()
        along, across, up, origin = frame.getRow3(0), frame.getRow3(1), frame.getRow3(2), frame.getRow3(3)
        middle = origin + up * slab.radius
        for j in range(m.getNumManifoldPoints()):
            point = own(m.getManifoldPoint(j))
            d = (point.getPositionWorldOnA() if slab_is_a else point.getPositionWorldOnB()) - middle
            seen.append((ball.getName(), bid, abs(d.dot(along)) / slab.radius, abs(d.dot(across)) / slab.radius,
                         point.getDistance()))


@pytest.mark.parametrize("ground", [Terrain.rough(3.0, 2), Terrain(GroundKind.ROUGH, 8.0, 2, tilt=(0.1, 0.05))])
def test_every_ball_touches_its_own_slab_only_and_inside_its_face(ground):
    # Fuzz shots into crowds at every speed: the slabs carry no pair filter, so only their size and where they
    # are laid keep another ball off them (``Slabs``).  6.4° at the steepest here, steeper than any house
    # ground.
    from panda3d.core import PythonCallbackObject

    from game.rules.layout import taw_id
    from stress.physics_fuzz import build_case

    master = __import__("random").Random(77)
    seen: list = []
    for _ in range(8):
        case = build_case(master.getrandbits(32), 3.8)
        with Simulation.from_positions(case.table, LAYOUT, config(ground)) as sim:
            inner = sim._on_substep

            def audited(data, sim=sim, inner=inner):
                _slab_contacts(sim, seen)
                inner(data)

            sim.shoot(taw_id(case.shooter), shot_velocity(case.speed, case.direction), spin=case.spin)
            sim._world.setTickCallback(PythonCallbackObject(audited), False)
            sim.run_to_rest()
    from game.physics.ground_contact import ACROSS, ALONG, REBASE_SLACK, SLAB_LENGTH, SLAB_WIDTH

    near = [row for row in seen if row[-1] < 0.5]   # within 0.5 mm of a face
    assert len(near) > 4000   # the audit saw thousands of contacts (4,864 over these 8 shots)
    assert [(ball, bid) for ball, bid, *_rest in near if ball != bid] == []
    touching = [row for row in near if row[-1] < 0.05]
    # the foot where ``Slabs`` says it is: within its bounds along and across the ball's way, inside the face
    assert max(row[2] for row in touching) <= REBASE_SLACK * ALONG < SLAB_LENGTH
    assert max(row[3] for row in touching) <= REBASE_SLACK * ACROSS < SLAB_WIDTH
