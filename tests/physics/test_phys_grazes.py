"""A graze is a hit, at any speed up to the cap.

Bullet tests overlap only at substep boundaries, so at 3.8 m/s a taw whose
path cut up to 0.75 mm into another ball's reach used to touch nothing
(``tools/fuzz_physics.py --graze-sweep``).  The paths are now solved for the
touch between boundaries (``game/physics/grazes.py``).
"""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.events import Contact
from tests.hypothesis_profiles import examples
from tests.physics.physics_kit import CAP, LAYOUT, world

MARGIN = 1e-5   # m: 0.01 mm either side of the exact grazing distance


def _pass_by(target: str, speed: float, direction: float, distance: float, miss_by: float) -> list[Contact]:
    """Shoot Mars's taw past ``target`` whose centre its straight path passes at ``miss_by`` (m)."""
    centre = (0.31, -0.52)
    a = math.radians(direction)
    ux, uy = math.cos(a), math.sin(a)
    start = (centre[0] - distance * ux - uy * miss_by, centre[1] - distance * uy + ux * miss_by)
    spots = {"sun": (0.0, 0.0), "mars": (0.6, 0.6), "mars.taw": start}
    spots[target] = centre
    sim, rec = world(spots)
    with sim:
        sim.shoot("mars.taw", (speed * ux, speed * uy))
        # Long enough to pass the target, too short to come back.
        sim.run_to_rest(max_time=distance / speed * 1.5 + 0.05)
    return [e for e in rec.events if isinstance(e, Contact)]


@settings(max_examples=examples(60))
@given(
    target=st.sampled_from(["earth", "sun"]),
    speed=st.one_of(st.just(CAP), st.floats(1.0, CAP)),
    direction=st.floats(-180.0, 180.0),
    distance=st.floats(0.05, 0.45),
    depth=st.floats(MARGIN, 1.5e-3),
    inside=st.booleans(),
)
def test_a_path_within_reach_makes_the_contact_and_one_just_outside_does_not(
        target: str, speed: float, direction: float, distance: float, depth: float, inside: bool) -> None:
    reach = LAYOUT.marble_radius + (LAYOUT.sun_radius if target == "sun" else LAYOUT.marble_radius)
    miss_by = reach - depth if inside else reach + depth
    contacts = _pass_by(target, speed, direction, distance, miss_by)
    met = [c for c in contacts if {c.a, c.b} == {"mars.taw", target}]
    if inside:
        assert met, f"a path {depth * 1000:.3f} mm inside the reach touched nothing"
        assert met[0].impulse > 0.0
        # Touched on the target's surface.
        surface = LAYOUT.sun_radius if target == "sun" else LAYOUT.marble_radius
        assert abs(math.dist(met[0].position, (0.31, -0.52)) - surface) < 2e-4
    else:
        assert not met, f"a path {depth * 1000:.3f} mm outside the reach made a contact"


def test_the_deepest_missed_grazes_of_the_sweep_are_hits_at_the_cap() -> None:
    # The offsets the sweep used to miss at 3.8 m/s (15.25 to 15.75 mm of a 16 mm reach), in three directions.
    for direction in (0.0, 17.0, -135.36):
        for offset_mm in (15.25, 15.5, 15.75, 15.99):
            contacts = _pass_by("earth", CAP, direction, 0.5, offset_mm / 1000)
            assert contacts and {contacts[0].a, contacts[0].b} == {"earth", "mars.taw"}, (direction, offset_mm)
            # A graze barely deflects the taw; the contact point lies on Earth's surface.
            assert math.dist(contacts[0].position, (0.31, -0.52)) < LAYOUT.marble_radius + 2e-4
