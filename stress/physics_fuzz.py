"""Physics fuzz: random shots at every speed and angle up to the cap, from every orbit, into crowds.

Each case builds a table (the whole system at home; the Sun pressed against
a planet; Saturn's seven satellites packed into his ring; a knot of marbles
around the Sun), lays one or more taws on orbit lines, and fires one of them
at a random speed in (0, cap] (often the cap) in a random direction, or
straight at a chosen body.  Checked for every case:

* every sampled frame (60 Hz: one after every ``doPhysics`` call): poses
  finite, no ball sunk into the ground (Bullet's z no more than 0.5 mm
  below where a ball resting at its (x, y) has its centre), none risen
  more than ``RISE_LIMIT`` (5 mm) above it (a hard draw can lift a struck
  ball a few millimetres through the friction between two balls; more is
  a fault), and at rest every ball back on the ground (within 0.5 mm); no
  two bodies overlapping deeper than one substep's travel at the cap (a
  missed hit would go deeper, toward a diameter);
* every call: the world's mechanical energy (``Simulation.energy_j``:
  motion and height) does not grow beyond float noise (``ENERGY_NOISE_J``
  plus ``ENERGY_NOISE_SHARE`` of the kinetic energy);
* every contact: Bullet's solver first pushed the pair apart at most
  ``DEEP_TOUCH`` (0.1 mm) deep (``Simulation.first_touches``);
* at rest: no two bodies overlap by more than 0.1 mm (``REST_OVERLAP``),
  nobody lies beyond the play circle, and rest came by itself before the
  time bound;
* a shot aimed straight at a body first touches the body a ray cast says it
  must meet first (the target, or a marble in the way), when it can reach it;
* the event log is well formed (started first, rest last, contacts in time
  order, every body out once and then absent), and the referee rules on it:
  every body is accounted for and the ledger balances.

Every check counts: each problem is counted by its kind (``Fault``,
``FrameFault``) in the report, its summary lists every kind with its
count, and ``failed`` (the tool's exit status) is true if any count is.
``world`` (a factory of worlds) lets a test plant a fault in the world the
fuzz fires into and show the fuzz fails on it.

On rough ground (``ground``: a ``Terrain``) the heights are the ground's
(a ball's centre where one resting there has it), and each shot is fired a
second time with the taw alone on the ground: no frame may find it more
than ``GROUND_HOP`` (1 mm) off the ground, since only the ground can throw a
lone ball (on a crowded table a hit with spin may, as on the plane).  The
lone taw's path, which the slopes curve, stands in for the straight ray of
the aimed-shot check: the body it first comes within reach of is the one
the shot must meet first.
"""

from __future__ import annotations

import enum
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Mapping

import numpy as np

from stress.invariants import (
    FrameChecker,
    FrameFault,
    FrameStats,
    check_ledger,
    check_shot_accounting,
    flight_tolerance,
    rest_heights,
    rest_overlaps,
)

from game.rules.layout import Point
REST_OVERLAP = 1e-4   # m: the deepest overlap two bodies may rest at after a shot (issue 24)
SINK_SLACK = 5e-4     # m: how far above where it rests on the ground a ball's height may be at rest
CROWDS = ("home", "sun_on_planet", "saturn_cluster", "sun_knot")
GROUND_HOP = 1e-3     # m: the most a lone ball may rise off rough ground
RISE_LIMIT = 5e-3     # m: the most any ball may rise above its resting height (issue 41: a hard draw lifts a few mm)
DEEP_TOUCH = 1e-4     # m: the deepest two bodies may overlap when Bullet's solver first pushes them apart
# Energy may not grow from one call to the next beyond float noise: Bullet's
# single-precision state (a relative 1e-7) and the ground's support pressing
# a ball in or out by a micrometre (m g 1 µm = 5e-8 J for a marble).
ENERGY_NOISE_J = 2e-7
ENERGY_NOISE_SHARE = 1e-5   # of the kinetic energy at the call's start
# On rough earth a ball rolls on its slab, the ground's tangent plane where it was laid, which departs from the
# ground by at most 9 µm under the ball (``ground_contact.py``): a slab laid anew may lift a moving ball by that.
SLAB_STEP_M = 1e-5


class Fault(enum.Enum):
    """What one shot of the fuzz can find wrong, beyond a frame's faults (``FrameFault``)."""

    RAISED = "shots that raised"
    BAD_LOG = "logs not from ShotStarted to AllAtRest"
    TIME_BOUND = "shots stopped by the time bound"
    OUT_OF_ORDER = "logs out of time order"
    BEYOND_CIRCLE = "bodies resting beyond the play circle"
    REST_OVERLAP = "pairs resting overlapping"
    OFF_GROUND_AT_REST = "frames at rest with a ball off the ground"
    WRONG_FIRST = "aimed shots meeting the wrong body first"
    REFEREE = "referee failures"
    ACCOUNTING = "accounting and ledger failures"
    LONE_HOP = "lone taws thrown off rough ground"
    ENERGY_GAIN = "calls in which the energy grew"
    RISE = "shots with a ball risen above the limit"
    DEEP_TOUCH = "contacts first solved too deep"


ALL_FAULTS: tuple[enum.Enum, ...] = (*FrameFault, *Fault)


@dataclass
class PhysicsCase:
    seed: int
    crowd: str
    players: tuple[str, ...]
    shooter: str
    speed: float
    direction: float
    aimed_at: str | None
    table: dict[str, Point]
    spin: float = 0.0


@dataclass
class PhysicsFuzzReport:
    cases: int = 0
    contacts: int = 0
    bodies_out: int = 0
    aimed: int = 0
    aimed_checked: int = 0
    shallow_grazes_missed: int = 0  # aimed shots that passed a graze shallower than a substep can resolve
    deepest_graze_missed: float = 0.0  # m
    max_rest_t: float = 0.0
    ground_hop: float = 0.0        # m: the highest a lone ball rose off rough ground (0 on the plane)
    ground_sink: float = 0.0       # m: the deepest any ball was below where it rests on the ground
    highest_rise: float = 0.0      # m: the highest any ball rose above where it rests on the ground
    energy_calls: int = 0          # calls whose energy was compared with the call before
    worst_energy_gain: float = 0.0        # J: the most the energy grew in one call
    worst_energy_gain_share: float = 0.0  # of the kinetic energy at that call's start
    deepest_touch: float = 0.0     # m: the deepest overlap at which Bullet first solved a contact
    wall_s: float = 0.0
    stats: FrameStats = field(default_factory=FrameStats)
    problems: list[str] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)   # problems by kind (``Fault`` or ``FrameFault``)

    def fail(self, fault: enum.Enum, text: str) -> None:
        """A problem found: counted by its kind, and kept."""
        self.counts[fault] += 1
        self.problems.append(text)

    @property
    def failed(self) -> bool:
        return sum(self.counts.values()) > 0

    def summary(self) -> str:
        s = self.stats
        lines = [
            f"{self.cases} shots, {s.frames} frames, {self.contacts} contacts, {self.bodies_out} bodies out, "
            f"{self.aimed_checked}/{self.aimed} aimed shots checked for their first contact "
            f"({self.shallow_grazes_missed} passed a graze unseen, deepest {self.deepest_graze_missed * 1000:.2f} mm), "
            f"{self.wall_s:.1f} s",
            f"slowest rest {self.max_rest_t:.2f} s simulated; deepest overlap in a frame "
            f"{s.worst_overlap * 1000:.3f} mm ({s.worst_overlap_pair[0]} / {s.worst_overlap_pair[1]}), "
            f"bound {flight_tolerance() * 1000:.2f} mm; lone taws at most {self.ground_hop * 1000:.4f} mm off the "
            f"ground, balls at most {self.ground_sink * 1000:.4f} mm into it",
            f"energy: {self.energy_calls} calls, the most it grew in one {self.worst_energy_gain:.3g} J "
            f"({self.worst_energy_gain_share:.3%} of the kinetic energy); highest rise above the ground "
            f"{self.highest_rise * 1000:.3f} mm (limit {RISE_LIMIT * 1000:g}); deepest first solve of a contact "
            f"{self.deepest_touch * 1000:.3f} mm (limit {DEEP_TOUCH * 1000:g})",
            "problems by kind: " + ", ".join(f"{self.counts[f]} {f.value}" for f in ALL_FAULTS),
            f"{len(self.problems)} problems" + (":" if self.problems else ""),
        ]
        lines += ["  " + p for p in self.problems[:40]]
        return "\n".join(lines)


def _radius(layout: object, body: str) -> float:
    from game.match.table import body_radius

    return body_radius(layout, body)  # type: ignore[arg-type]


def _free(layout: object, table: dict[str, Point], body: str, spot: Point, clearance: float = 2e-4) -> bool:
    r = _radius(layout, body)
    if math.hypot(*spot) + r > layout.play_radius:  # type: ignore[attr-defined]
        return False
    return all(math.dist(spot, p) >= r + _radius(layout, b) + clearance for b, p in table.items() if b != body)


TOUCH = 2e-4  # m: bodies pressed together, a hair apart


def _sun_on_planet(rng: random.Random, layout, table: dict[str, Point]) -> None:
    """The Sun pressed against a planet, if there is room."""
    from game.rules.layout import PLANETS, SUN

    planet = rng.choice(PLANETS)
    px, py = table[planet]
    a = rng.uniform(0, 2 * math.pi)
    d = layout.sun_radius + layout.marble_radius + TOUCH
    spot = (px + d * math.cos(a), py + d * math.sin(a))
    if _free(layout, {b: p for b, p in table.items() if b not in (SUN, planet)}, SUN, spot):
        table[SUN] = spot


def _saturn_cluster(rng: random.Random, layout, table: dict[str, Point]) -> None:
    """Saturn's satellites packed into his ring, a hair apart; those with no room left go home."""
    from game.rules.layout import satellite_ids

    cx, cy = layout.saturn_home()
    sats = satellite_ids("saturn", layout.satellites["saturn"])
    for sid in sats:
        del table[sid]
    placed = 0
    for _ in range(4000):
        if placed == len(sats):
            break
        r = rng.uniform(2 * layout.marble_radius + TOUCH, layout.saturn_ring_radius)
        a = rng.uniform(0, 2 * math.pi)
        spot = (cx + r * math.cos(a), cy + r * math.sin(a))
        if _free(layout, table, sats[placed], spot, TOUCH):
            table[sats[placed]] = spot
            placed += 1
    for sid in sats[placed:]:
        table[sid] = layout.home_positions()[sid]


def _sun_knot(rng: random.Random, layout, table: dict[str, Point]) -> None:
    """Marbles of Mercury's, Venus's and the Earth's sets drawn into a knot round the Sun."""
    for body in ["mercury", "venus", "earth", "earth.1"]:
        del table[body]
        for _ in range(400):
            a = rng.uniform(0, 2 * math.pi)
            r = rng.uniform(layout.sun_radius + layout.marble_radius + TOUCH, 0.05)
            spot = (r * math.cos(a), r * math.sin(a))
            if _free(layout, table, body, spot, TOUCH):
                table[body] = spot
                break
        else:
            table[body] = layout.home_positions()[body]


CROWD_BUILDERS = {"sun_on_planet": _sun_on_planet, "saturn_cluster": _saturn_cluster, "sun_knot": _sun_knot}


def _aim(rng: random.Random, table: dict[str, Point], taw: str) -> tuple[float, str | None]:
    """Half the shots aimed at a body (which), half anywhere."""
    if rng.random() < 0.5:
        aimed_at = rng.choice([b for b in table if b != taw])
        tx, ty = table[aimed_at]
        sx, sy = table[taw]
        return math.degrees(math.atan2(ty - sy, tx - sx)), aimed_at
    return rng.uniform(0.0, 360.0), None


def build_case(seed: int, cap: float) -> PhysicsCase:
    """A table, a shooter and a shot, all from ``seed``."""
    from game.match.table import free_spot_on_line
    from game.rules.layout import PLANETS, Layout, taw_id

    rng = random.Random(seed)
    layout = Layout()
    crowd = rng.choice(CROWDS)
    players = tuple(sorted(rng.sample(PLANETS, rng.randint(1, 7)), key=PLANETS.index))
    table: dict[str, Point] = dict(layout.home_positions())
    if crowd in CROWD_BUILDERS:
        CROWD_BUILDERS[crowd](rng, layout, table)
    for planet in players:
        taw = taw_id(planet)
        _angle, spot = free_spot_on_line(layout, table, taw, rng.choice(PLANETS), rng.uniform(0, 360))
        table[taw] = spot
    shooter = rng.choice(players)
    taw = taw_id(shooter)
    speed = cap if rng.random() < 0.35 else rng.uniform(0.0, cap) or cap
    direction, aimed_at = _aim(rng, table, taw)
    spin = 0.0 if rng.random() < 0.4 else rng.uniform(-1.0, 1.0)
    return PhysicsCase(seed, crowd, players, shooter, speed, direction, aimed_at, table, spin)


def in_the_way(table: dict[str, Point], taw: str, direction: float, radius: Callable[[str], float]) -> \
        list[tuple[float, str, float]]:
    """Bodies a ray from the taw toward ``direction`` would meet: (distance along the ray, body, depth), nearest first.

    ``depth`` is how far the taw's path cuts into the body's reach (reach minus
    the miss distance): a central hit has the whole reach, a graze almost none.
    """
    sx, sy = table[taw]
    ux, uy = math.cos(math.radians(direction)), math.sin(math.radians(direction))
    found = []
    for body, (x, y) in table.items():
        if body == taw:
            continue
        along = (x - sx) * ux + (y - sy) * uy
        if along <= 0:
            continue
        across = abs(-(x - sx) * uy + (y - sy) * ux)
        reach = radius(body) + radius(taw)
        if across >= reach:
            continue
        found.append((along - math.sqrt(reach * reach - across * across), body, reach - across))
    return sorted(found)


def graze_bound(speed: float, reach: float, substep_hz: float) -> float:
    """Depth under which a graze may go unseen: the overlap window 2*sqrt(2*R*d) shorter than 2*v*h.

    Sampling at every substep alone would catch grazes deeper than (v*h)^2 / (8R);
    Bullet needs the pair to overlap at two consecutive substeps (the broadphase
    pair first, then the narrow phase), which quadruples it.  Measured
    (docs/stress.md): at the 3.8 m/s cap, grazes up to 1.0 mm deep (miss
    distance 15 of 16 mm) pass unseen; at 2 m/s none of a 0.25 mm sweep does.
    """
    step = speed / substep_hz
    return step * step / (2.0 * reach)


WorldFactory = Callable[..., "object"]
"""``(positions, layout, config)`` to a ``Simulation``: ``Simulation.from_positions``, or a test's world with a planted fault."""


def _default_world(positions: Mapping[str, Point], layout, config):
    from game.physics import Simulation

    return Simulation.from_positions(positions, layout, config)


class _ShotWatch:
    """The checks of one shot's frames beyond ``FrameChecker``'s: the energy never grows from one call to the next,
    no ball rises ``RISE_LIMIT`` above the ground, and at rest every ball lies on it.

    Frames come at 60 Hz, after every ``doPhysics`` call (one control tick),
    so consecutive frames bracket one call.  A hop's top falls between two
    frames at most 1/120 s from one of them: the rise is read at most
    g/2 (1/120 s)^2 = 0.34 mm short.
    """

    def __init__(self, sim, radii: Mapping[str, float], ground, report: PhysicsFuzzReport, tag: str) -> None:
        self.sim, self.radii, self.ground, self.report, self.tag = sim, radii, ground, report, tag
        self.energy = None
        self.risen = False
        self.last: tuple[list[str], np.ndarray] | None = None
        self.slack_j = 0.0   # the ground's own allowance for the call just stepped

    def __call__(self, t: float, ids: list[str], poses: np.ndarray) -> None:
        if not np.all(np.isfinite(poses)):
            return   # the frame checker's finding
        report = self.report
        self.slack_j = self._slab_slack(ids, poses)
        if ids:
            rest = rest_heights(self.ground, poses[:, :2], np.array([self.radii[b] for b in ids]))
            lift = poses[:, 2] - rest
            i = int(np.argmax(lift))
            report.highest_rise = max(report.highest_rise, float(lift[i]))
            report.ground_sink = max(report.ground_sink, float(-lift.min()))
            if lift[i] > RISE_LIMIT and not self.risen:
                self.risen = True
                report.fail(Fault.RISE, f"{self.tag}: t={t:.3f}: {ids[i]} {lift[i] * 1000:.2f} mm above the ground")
            if self.sim.is_at_rest() and lift[i] > SINK_SLACK:
                report.fail(Fault.OFF_GROUND_AT_REST, f"{self.tag}: at rest {ids[i]} {lift[i] * 1000:.4f} mm "
                                                      f"above the ground")
        self._energy(t)

    def _energy(self, t: float) -> None:
        report = self.report
        energy = self.sim.energy_j()
        last, self.energy = self.energy, energy
        if last is None:
            return
        report.energy_calls += 1
        gain = energy.total_j - last.total_j
        if gain > report.worst_energy_gain:
            report.worst_energy_gain = gain
            report.worst_energy_gain_share = gain / last.kinetic_j if last.kinetic_j > 0 else math.inf
        if gain > ENERGY_NOISE_J + ENERGY_NOISE_SHARE * last.kinetic_j + self.slack_j:
            report.fail(Fault.ENERGY_GAIN, f"{self.tag}: t={t:.3f}: the energy grew {gain:.3g} J in a call "
                                           f"(from {last.total_j:.6g} J, kinetic {last.kinetic_j:.3g} J)")

    def _slab_slack(self, ids: list[str], poses: np.ndarray) -> float:
        """On rough earth, m g ``SLAB_STEP_M`` for every ball that moved since the last frame (0 on the plane)."""
        from game.physics.materials import spec_for

        last, self.last = self.last, (ids, poses.copy())
        if self.ground is None or self.ground.is_flat or last is None or last[0] != ids:
            return 0.0
        moved = np.any(poses[:, :3] != last[1][:, :3], axis=1)
        mass = sum(spec_for(b, (0.0, 0.0)).mass for b, m in zip(ids, moved) if m)
        return mass * 9.81 * SLAB_STEP_M

    def touches(self) -> None:
        """Every contact's depth when Bullet first solved it (call before the world closes)."""
        report = self.report
        for touch in self.sim.first_touches():
            report.deepest_touch = max(report.deepest_touch, touch.depth_m)
            if touch.depth_m > DEEP_TOUCH:
                report.fail(Fault.DEEP_TOUCH, f"{self.tag}: t={touch.t_s:.4f}: {touch.a} and {touch.b} first solved "
                                              f"{touch.depth_m * 1000:.3f} mm deep")


def _fire(case: PhysicsCase, layout, config, radii: dict[str, float], report: PhysicsFuzzReport, tag: str,
          world: WorldFactory = _default_world) -> list | None:
    """The shot in a fresh world, every frame checked; its event log, or None if it raised (a problem)."""
    from game.physics import shot_velocity
    from game.rules.layout import taw_id

    checker = FrameChecker(radii, report.stats, tolerance=flight_tolerance(config.max_shot_speed, config.substep_hz),
                           ground=config.ground, on_problem=report.fail)
    checker.context = tag
    events: list = []
    sim = world(case.table, layout, config)
    watch = _ShotWatch(sim, radii, config.ground, report, tag)

    def on_frame(t: float, ids: list[str], poses: np.ndarray) -> None:
        checker(t, ids, poses)
        watch(t, ids, poses)
    try:
        sim.bus.subscribe(events.append)
        sim.shoot(taw_id(case.shooter), shot_velocity(case.speed, case.direction), spin=case.spin)
        sim.run_to_rest(on_frame=on_frame)
        watch.touches()
    except Exception as err:  # noqa: BLE001 - the finding
        report.fail(Fault.RAISED, f"{tag}: {type(err).__name__}: {err}")
        return None
    finally:
        sim.close()
    report.cases += 1
    return events


def _check_log(events: list, config, radii: dict[str, float], report: PhysicsFuzzReport, tag: str) -> bool:
    """The log runs from the shot to rest in time order, nothing rests outside or overlapping; False if unusable."""
    from game.rules.events import AllAtRest, BodyOut, Contact, ShotStarted

    if not events or not isinstance(events[0], ShotStarted) or not isinstance(events[-1], AllAtRest):
        report.fail(Fault.BAD_LOG, f"{tag}: the log does not run from ShotStarted to AllAtRest")
        return False
    rest = events[-1]
    report.max_rest_t = max(report.max_rest_t, rest.t)
    if rest.t >= config.max_shot_time - 1e-9:
        report.fail(Fault.TIME_BOUND, f"{tag}: stopped by the time bound at {rest.t:.1f} s, not at rest")
    times = [e.t for e in events]
    if times != sorted(times):
        report.fail(Fault.OUT_OF_ORDER, f"{tag}: events out of time order")
    report.contacts += sum(1 for e in events if isinstance(e, Contact))
    report.bodies_out += sum(1 for e in events if isinstance(e, BodyOut))
    for body, (x, y) in rest.positions.items():
        if math.hypot(x, y) > config.play_radius + 1e-6:
            report.fail(Fault.BEYOND_CIRCLE, f"{tag}: {body} rests beyond the play circle")
    for p in rest_overlaps(rest.positions, radii, REST_OVERLAP):
        report.fail(Fault.REST_OVERLAP, f"{tag}: at rest {p}")
    return True


def _check_aimed(case: PhysicsCase, events: list, layout, config, radii: dict[str, float],
                 report: PhysicsFuzzReport, tag: str, path: list[Point] | None = None) -> None:
    """An aimed shot that reaches a solid target meets it first (no tunnelling); shallow grazes may go either way.

    ``path``: on rough ground, the lone taw's curved path (the bodies it meets are then all within its reach).
    """
    from game.physics.config import GRAVITY
    from game.physics.materials import GLASS
    from game.physics.motion import Ground, evolve, flick
    from game.rules.events import Contact
    from game.rules.layout import taw_id

    taw = taw_id(case.shooter)
    report.aimed += 1
    ahead = (in_the_way(case.table, taw, case.direction, lambda b: radii[b]) if path is None
             else along_path(case.table, taw, path, lambda b: radii[b]))
    ground = Ground(layout.marble_radius, GLASS.sliding_friction, GLASS.rolling_resistance, GRAVITY)
    reach = evolve(flick(case.speed, 0.0, case.spin, layout.marble_radius), ground, config.max_shot_time)[0]
    shallow = graze_bound(case.speed, 2 * layout.marble_radius, config.substep_hz) + 5e-5
    solid = [a for a in ahead if a[2] > shallow]
    if not solid or (path is None and solid[0][0] >= 0.8 * reach):
        return
    report.aimed_checked += 1
    expected = solid[0][1]
    either = {a[1] for a in ahead if a[0] < solid[0][0] and a[2] <= shallow}
    mine = [e for e in events if isinstance(e, Contact) and e.involves(taw)]
    if not mine:
        report.fail(Fault.WRONG_FIRST, f"{tag}: aimed at {case.aimed_at}, {expected} in the way "
                               f"{solid[0][0] * 1000:.0f} mm off, and the taw touched nothing")
    elif mine[0].other(taw) != expected and mine[0].other(taw) not in either:
        report.fail(Fault.WRONG_FIRST, f"{tag}: aimed at {case.aimed_at}; first touched {mine[0].other(taw)}, "
                               f"not {expected} ({solid[0][0] * 1000:.0f} mm along the ray)")
    elif either and mine[0].other(taw) not in either:
        report.shallow_grazes_missed += 1
        depth = max(a[2] for a in ahead if a[1] in either)
        report.deepest_graze_missed = max(report.deepest_graze_missed, depth)


def _check_referee(case: PhysicsCase, events: list, layout, report: PhysicsFuzzReport, tag: str) -> None:
    """The referee rules on the log: every body is accounted for and the ledger balances."""
    from dataclasses import replace

    from game.rules.referee import judge
    from game.rules.state import new_game

    try:
        state = new_game(case.players, layout, positions=dict(case.table), sun_released=True, first_shot_done=True)
        state = replace(state, turn=state.players.index(case.shooter))
        ruling = judge(state, case.shooter, events, layout)
    except Exception as err:  # noqa: BLE001
        report.fail(Fault.REFEREE, f"{tag}: referee: {type(err).__name__}: {err}")
        return
    after = dict(ruling.state.positions)
    for p in [*check_shot_accounting(case.table, events, ruling, after), *check_ledger(ruling.state, state.marbles_in_game)]:
        report.fail(Fault.ACCOUNTING, f"{tag}: {p}")


def _lone_hop(case: PhysicsCase, layout, config, report: PhysicsFuzzReport, tag: str,
              world: WorldFactory = _default_world) -> list[Point]:
    """The shot again with the taw alone on rough ground: it never rises ``GROUND_HOP`` off it; its path (60 Hz)."""
    from game.physics import shot_velocity
    from game.rules.layout import taw_id

    taw = taw_id(case.shooter)
    ground, radius = config.ground, layout.marble_radius
    worst = [0.0, 0.0]
    path: list[Point] = []

    def on_frame(t: float, ids: list[str], poses: np.ndarray) -> None:
        if ids:
            x, y, z = poses[0, :3]
            path.append((float(x), float(y)))
            lift = z - ground.centre_height(x, y, radius)
            if lift > worst[0]:
                worst[:] = [lift, t]

    with world({taw: case.table[taw]}, layout, config) as sim:
        sim.shoot(taw, shot_velocity(case.speed, case.direction), spin=case.spin)
        sim.run_to_rest(on_frame=on_frame)
    report.ground_hop = max(report.ground_hop, worst[0])
    if worst[0] > GROUND_HOP:
        report.fail(Fault.LONE_HOP, f"{tag}: alone, the taw rose {worst[0] * 1000:.2f} mm off the ground at t={worst[1]:.3f}")
    return path


def along_path(table: dict[str, Point], taw: str, path: list[Point], radius: Callable[[str], float]) -> \
        list[tuple[float, str, float]]:
    """``in_the_way`` along a curved path (a polyline of the taw's centre): where it first comes within reach of each body."""
    pts = np.asarray(path, dtype=float)
    if len(pts) < 2:
        return []
    a, b = pts[:-1], pts[1:]
    seg = b - a
    length = np.hypot(seg[:, 0], seg[:, 1])
    start = np.concatenate(([0.0], np.cumsum(length)[:-1]))
    found = []
    for body, (x, y) in table.items():
        if body == taw:
            continue
        dx, dy = a[:, 0] - x, a[:, 1] - y
        with np.errstate(invalid="ignore", divide="ignore"):
            u = np.nan_to_num(np.clip(-(dx * seg[:, 0] + dy * seg[:, 1]) / (length * length), 0.0, 1.0))
        miss = np.hypot(dx + u * seg[:, 0], dy + u * seg[:, 1])
        reach = radius(body) + radius(taw)
        # where each segment first comes within reach: |d + t seg| = reach, the smaller root in [0, 1]
        qa, qb, qc = length * length, 2.0 * (dx * seg[:, 0] + dy * seg[:, 1]), dx * dx + dy * dy - reach * reach
        disc = qb * qb - 4.0 * qa * qc
        with np.errstate(invalid="ignore", divide="ignore"):
            t = np.where(qc <= 0.0, 0.0, (-qb - np.sqrt(np.maximum(disc, 0.0))) / (2.0 * qa))
        enters = (qc <= 0.0) | ((disc >= 0.0) & (t >= 0.0) & (t <= 1.0))
        inside = np.nonzero(enters & (miss < reach))[0]
        if inside.size:
            i = int(inside[0])
            found.append((float(start[i] + t[i] * length[i]), body, float(reach - miss.min())))
    return sorted(found)


def run_case(case: PhysicsCase, report: PhysicsFuzzReport, ground=None, world: WorldFactory = _default_world) -> None:
    """Fire the case's shot and check it, on ``ground`` (a ``Terrain``; the plane by default); problems go into ``report``.

    ``world`` builds the world the shot runs in (a test plants a fault in one).
    """
    from game.physics import PhysicsConfig
    from game.physics.terrain import Terrain
    from game.rules.layout import Layout

    layout = Layout()
    config = PhysicsConfig.for_layout(layout, ground=ground or Terrain())
    tag = (f"seed {case.seed} ({case.crowd}, {case.shooter} at {case.speed:.3f} m/s toward {case.direction:.2f}, "
           f"spin {case.spin:+.2f})")
    radii = {b: _radius(layout, b) for b in case.table}
    events = _fire(case, layout, config, radii, report, tag, world)
    if events is None or not _check_log(events, config, radii, report, tag):
        return
    path = None if config.ground.is_flat else _lone_hop(case, layout, config, report, tag, world)
    if case.aimed_at is not None:
        _check_aimed(case, events, layout, config, radii, report, tag, path)
    _check_referee(case, events, layout, report, tag)


def fuzz_physics(seed: int, cases: int, on_case: Callable[[int], None] | None = None,
                 ground=None, world: WorldFactory = _default_world, first: int = 0) -> PhysicsFuzzReport:
    """``cases`` seeded cases on ``ground`` (a ``Terrain``; the plane by default), each in a world ``world`` builds,
    from the ``first``-th (0-based) of ``seed``'s stream: runs of 0 to 500 and 500 to 1000 are one run of 1000."""
    from game.physics import PhysicsConfig

    cap = PhysicsConfig().max_shot_speed
    master = random.Random(seed)
    for _ in range(first):
        master.getrandbits(32)
    report = PhysicsFuzzReport()
    started = time.perf_counter()
    for k in range(cases):
        run_case(build_case(master.getrandbits(32), cap), report, ground, world)
        if on_case is not None:
            on_case(k)
    report.wall_s = time.perf_counter() - started
    return report


def graze_sweep(speed: float, direction: float, offsets_mm: list[float], distance: float = 0.5) -> list[float]:
    """Offsets (mm, sideways from a central hit) at which a taw passes a lone marble without a contact.

    The taw starts ``distance`` metres from Mars (lone on the ground with the
    Sun) and is shot straight ahead; the reach of the two balls is 16 mm, so
    every offset under 16 mm should give a contact.
    """
    from game.physics import PhysicsConfig, Simulation, shot_velocity
    from game.rules.layout import Layout

    layout = Layout()
    config = PhysicsConfig.for_layout(layout)
    a = math.radians(direction)
    target = (0.3, -0.7)
    missed = []
    for offset in offsets_mm:
        sx = target[0] - distance * math.cos(a) - math.sin(a) * offset / 1000
        sy = target[1] - distance * math.sin(a) + math.cos(a) * offset / 1000
        sim = Simulation.from_positions({"sun": (0.0, 0.0), "mars": target, "mars.taw": (sx, sy)}, layout, config)
        events: list = []
        try:
            sim.bus.subscribe(events.append)
            sim.shoot("mars.taw", shot_velocity(speed, direction))
            sim.run_to_rest()
        finally:
            sim.close()
        if not any(getattr(e, "kind", "") == "contact" for e in events):
            missed.append(offset)
    return missed
