"""The physics fuzz fails on every fault it checks: each planted into a world (or its frames) fed to the fuzz.

Each test runs one real case twice: in the game's world, where the fuzz finds
nothing, and in a world with one planted fault, where the fuzz must count
that fault, fail, and say so in its summary.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.physics import Simulation
from game.physics.step_planner import StepPlanner
from game.physics.terrain import Terrain
from game.physics.units import BULLET_UNIT
from stress.invariants import FrameChecker, FrameFault, FrameStats
from stress.physics_fuzz import DEEP_TOUCH, RISE_LIMIT, Fault, PhysicsFuzzReport, build_case, run_case

CASE_SEED = 2   # the home table, Mercury's taw at the 3.8 m/s cap straight at Mercury: one contact
LATE_S = 0.1    # the planted faults start this far into the shot


def _run(world=Simulation.from_positions, seed: int = CASE_SEED) -> PhysicsFuzzReport:
    report = PhysicsFuzzReport()
    run_case(build_case(seed, 3.8), report, world=world)
    return report


def _fails_with(report: PhysicsFuzzReport, fault) -> None:
    assert report.failed and report.counts[fault] > 0
    assert f"{report.counts[fault]} {fault.value}" in report.summary()


class _TamperedFrames(Simulation):
    """A world whose frames, from ``LATE_S`` into the shot, pass through ``tamper(poses)``."""

    def tamper(self, poses: np.ndarray) -> None:
        raise NotImplementedError

    def poses(self):
        ids, poses = super().poses()
        if self.time > LATE_S and not self.is_at_rest():
            self.tamper(poses)
        return ids, poses


class _NaNPose(_TamperedFrames):
    def tamper(self, poses: np.ndarray) -> None:
        poses[0, 3] = math.nan


class _UnderGround(_TamperedFrames):
    def tamper(self, poses: np.ndarray) -> None:
        poses[1, 2] -= 0.001   # a ball 1 mm under the ground


class _DeepOverlap(_TamperedFrames):
    def tamper(self, poses: np.ndarray) -> None:
        poses[1, :2] = poses[0, :2] + (0.002, 0.0)   # 2 mm apart: 14 mm into each other


class _Kicked(Simulation):
    """A real world into which, after its fifth call, something outside Bullet writes velocities."""

    def kick(self, node) -> None:
        raise NotImplementedError

    def _step_call(self) -> None:
        super()._step_call()
        if self.clock.substep == 5 * self.config.substeps_per_call:
            for body in self._bodies.values():
                if body.node.isActive():
                    self.kick(body.node)


class _EnergyFromNowhere(_Kicked):
    def kick(self, node) -> None:
        node.setLinearVelocity(node.getLinearVelocity() * 1.1)


class _Thrown(_Kicked):
    def kick(self, node) -> None:
        v = node.getLinearVelocity()
        node.setLinearVelocity(type(v)(v[0], v[1], 0.6 * BULLET_UNIT))   # up at 0.6 m/s: 18 mm high


class _NeverPlans(StepPlanner):
    def next_touch(self, *_args):
        return None


class _NoTouchStep(Simulation):
    """A real world with the touch step off: Bullet finds each hit up to a substep late, the balls deep in each other."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._planner = _NeverPlans()


def test_the_case_the_faults_are_planted_in_passes_in_the_game_s_world():
    report = _run()
    assert not report.failed and report.problems == [] and report.contacts == 1
    assert report.energy_calls > 30 and report.highest_rise < RISE_LIMIT and report.deepest_touch < DEEP_TOUCH


@pytest.mark.parametrize("world, fault", [
    (_NaNPose, FrameFault.NON_FINITE),
    (_UnderGround, FrameFault.UNDER_GROUND),
    (_DeepOverlap, FrameFault.OVERLAP),
    (_EnergyFromNowhere, Fault.ENERGY_GAIN),
    (_Thrown, Fault.RISE),
    (_NoTouchStep, Fault.DEEP_TOUCH),
])
def test_the_fuzz_fails_on_a_planted_fault(world, fault):
    _fails_with(_run(world.from_positions), fault)


def test_the_fuzz_tool_exits_1_on_a_planted_fault(monkeypatch, capsys):
    import stress.physics_fuzz as fuzz
    from tools.fuzz_physics import main

    real = fuzz.fuzz_physics
    monkeypatch.setattr(fuzz, "fuzz_physics", lambda *a, **k: real(*a, **k, world=_NaNPose.from_positions))
    assert main(["--cases", "2", "--seed", "1"]) == 1
    assert "non-finite pose" in capsys.readouterr().out
    monkeypatch.setattr(fuzz, "fuzz_physics", real)
    assert main(["--cases", "2", "--seed", "1"]) == 0


def test_under_the_ground_means_under_the_rough_ground_the_ball_is_on():
    ground = Terrain.rough(8.0, 3)
    xs = np.linspace(-0.5, 0.5, 401)
    heights = ground.height_at(xs, 0.0)
    x = float(xs[int(np.argmin(heights))])   # the bottom of a hollow, well below the plane
    resting = ground.centre_height(x, 0.0, 0.008)
    assert resting < 0.008 - 0.001
    stats = FrameStats()
    found: list = []
    check = FrameChecker({"a": 0.008}, stats, ground=ground, on_problem=lambda f, t: found.append(f))
    check(0.0, ["a"], np.array([[x, 0.0, resting, 1.0, 0.0, 0.0, 0.0]]))
    assert found == []   # lying in the hollow is on the ground
    check(0.1, ["a"], np.array([[x, 0.0, resting - 0.001, 1.0, 0.0, 0.0, 0.0]]))
    assert found == [FrameFault.UNDER_GROUND]


def test_on_rough_earth_the_fuzz_still_fails_on_energy_from_nowhere_beyond_the_slabs_allowance():
    rough = Terrain.rough(3.0, 1)
    clean = PhysicsFuzzReport()
    run_case(build_case(CASE_SEED, 3.8), clean, rough)
    assert clean.counts[Fault.ENERGY_GAIN] == 0
    planted = PhysicsFuzzReport()
    run_case(build_case(CASE_SEED, 3.8), planted, rough, world=_EnergyFromNowhere.from_positions)
    _fails_with(planted, Fault.ENERGY_GAIN)
