"""Bullet decides: nothing but a shot's launch, the rolling resistance and putting a ball to rest writes a body's state.

A scan of the headless layers' source for the calls that set a Bullet
body's place, velocity or spin, or push it: each must sit in one of the
few functions whose job that is (the hat's let-go is its launch, laying a
slab moves ground, not a body).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
# Calls that write a body's state (Panda's BulletRigidBodyNode and NodePath names).
WRITES = {"setLinearVelocity", "setAngularVelocity", "setTransform", "setPos", "setQuat", "setHpr", "applyForce",
          "applyCentralForce", "applyTorque", "applyImpulse", "applyCentralImpulse", "applyTorqueImpulse"}
ALLOWED = {
    ("game/physics/world.py", "put"),                 # a body placed, at rest, between shots
    ("game/physics/world.py", "lift"),                # the hat's marbles let go above the ground
    ("game/physics/world.py", "sleep"),               # put to rest
    ("game/physics/simulation.py", "Simulation.shoot"),   # the flick
    ("game/physics/hat_world.py", "HatWorld.add"),    # the hat's launch
    ("game/physics/resting.py", "_apply"),            # rolling resistance, for the next call
    ("game/physics/resting.py", "reapply"),           # ... again in each piece of a split call
    ("game/physics/ground_contact.py", "Slabs._set"),  # a slab laid: ground, not a body
}
HEADLESS = ("game/physics", "game/match", "game/ai", "game/coach", "game/replay", "game/scenario", "game/rules")


def state_writes(source: str, path: str) -> list[tuple[str, str, str]]:
    """(path, enclosing function's qualified name, call) for every call of a ``WRITES`` method in ``source``."""
    found: list[tuple[str, str, str]] = []

    def visit(node: ast.AST, scope: list[str], in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                # a function nested in a function counts as the one it is written in
                nested = in_function and not isinstance(child, ast.ClassDef)
                visit(child, scope if nested else scope + [child.name],
                      in_function or not isinstance(child, ast.ClassDef))
                continue
            if (isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute)
                    and child.func.attr in WRITES):
                found.append((path, ".".join(scope) or "<module>", child.func.attr))
            visit(child, scope, in_function)

    visit(ast.parse(source), [], False)
    return found


def test_the_scan_finds_a_write_planted_outside_the_launch_resistance_and_rest():
    # The hat world as it was: every tick it rescaled each marble's velocity and spin.
    planted = ("class HatWorld:\n"
               "    def run_to_rest(self):\n"
               "        node.setLinearVelocity(Vec3(v[0] * scale, v[1] * scale, v[2]))\n"
               "        node.setAngularVelocity(node.getAngularVelocity() * scale)\n")
    path = "game/physics/hat_world.py"
    writes = [w for w in state_writes(planted, path) if w[:2] not in ALLOWED]
    assert writes == [(path, "HatWorld.run_to_rest", "setLinearVelocity"),
                      (path, "HatWorld.run_to_rest", "setAngularVelocity")]
    allowed = "class HatWorld:\n    def add(self):\n        node.setLinearVelocity(v)\n"
    assert [w for w in state_writes(allowed, path) if w[:2] not in ALLOWED] == []


def test_only_the_launch_rolling_resistance_and_rest_write_a_body_s_state():
    found = []
    for folder in HEADLESS:
        for file in sorted((ROOT / folder).rglob("*.py")):
            path = file.relative_to(ROOT).as_posix()
            found += state_writes(file.read_text(encoding="utf-8"), path)
    assert [w for w in found if w[:2] not in ALLOWED] == []
    assert {w[:2] for w in found} == ALLOWED   # and each allowed place still writes (the list is not stale)
