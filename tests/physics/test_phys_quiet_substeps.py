"""Substeps stepped without the substep callback (``ContactScan.quiet``): only where it has nothing to read."""

from __future__ import annotations

import hashlib

import pytest

from game.physics import PhysicsConfig, Simulation, contacts, shot_velocity
from game.physics.terrain import Terrain
from game.rules.layout import taw_id
from stress.physics_fuzz import build_case
from tests.physics.physics_kit import CAP, LAYOUT, Recorder, aim, full_table

# A hopping taw at the cap into Saturn's crowd; a backspun one into the Sun's knot; one on 3 mm rough earth
CASES = (3056506515, 2872051604, 1382987043)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many substeps the contact scan has read (it changes nothing it reads)."""
    seen = [0]
    scan_one = contacts.ContactScan.after_substep

    def counted(scan: contacts.ContactScan) -> None:
        seen[0] += 1
        scan_one(scan)
    monkeypatch.setattr(contacts.ContactScan, "after_substep", counted)
    return seen


def _shot_digest(seed: int, ground: Terrain | None, reads: list[int], scans: list[int]) -> str:
    """Every frame's poses, every event and every first touch of a fuzz case's shot, hashed; ``scans`` gets how
    many substeps the contact scan read and how many Bullet stepped."""
    case = build_case(seed, CAP)
    sim = Simulation.from_positions(case.table, LAYOUT, PhysicsConfig.for_layout(LAYOUT, ground=ground or Terrain()))
    reads[0] = 0
    digest = hashlib.sha256()
    log = Recorder(sim)
    sim.shoot(taw_id(case.shooter), shot_velocity(case.speed, case.direction), spin=case.spin)
    sim.run_to_rest(on_frame=lambda _t, _ids, poses: digest.update(poses.tobytes()))
    digest.update(repr(log.events).encode() + repr(sim.first_touches()).encode())
    scans += [reads[0], sim.stepped]
    sim.close()
    return digest.hexdigest()


@pytest.mark.parametrize("seed, ground", [(CASES[0], None), (CASES[1], None), (CASES[2], Terrain.rough(3.0, 1))])
def test_a_shot_stepped_with_quiet_substeps_is_the_same_bits_as_one_scanned_every_substep(monkeypatch, reads, seed,
                                                                                          ground):
    quiet: list[int] = []
    every: list[int] = []
    fast = _shot_digest(seed, ground, reads, quiet)
    monkeypatch.setattr(contacts.ContactScan, "quiet", lambda *_args: False)
    assert _shot_digest(seed, ground, reads, every) == fast
    assert every[0] == every[1]                       # scanned after every substep
    assert quiet[0] < quiet[1] and quiet[1] == every[1]   # fewer reads, the same substeps


def test_a_lone_roll_is_scanned_only_where_a_touch_could_be(reads):
    sim = Simulation.from_positions({"mars.taw": (0.0, 0.0), "earth": (0.5, 0.0)}, LAYOUT)
    log = Recorder(sim)
    sim.shoot("mars.taw", aim((0.0, 0.0), (0.5, 0.0), 1.0))
    sim.run_to_rest()
    assert len(log.of("contact")) == 1
    assert reads[0] < sim.stepped / 4   # the rolling approach and the struck marble's roll go unscanned
    sim.close()


def test_a_scan_would_not_be_quiet_while_two_bodies_share_a_manifold():
    table = full_table(LAYOUT)
    sim = Simulation.from_positions(table, LAYOUT)
    sim.shoot(taw_id("earth"), aim(table[taw_id("earth")], (0.0, 0.0), CAP))
    while not sim._scan.touches:
        sim._step_call()
    assert sim._scan.ground_only < 0 and not sim._scan.quiet(8, float("inf"))
    sim.close()


def test_quiet_substeps_that_did_not_move_the_scan_s_clock_would_date_every_later_contact_wrong(monkeypatch, reads):
    stamps: list[int] = []
    right = _shot_digest(CASES[0], None, reads, stamps)
    monkeypatch.setattr(contacts.ContactScan, "passed", lambda scan, _n: None)   # the planted fault: the clock stays
    assert _shot_digest(CASES[0], None, reads, stamps) != right
