"""Plug Panda's leaks in headless physics: the wrappers Bullet getters forget, and the state cache.

(1) Take ownership of the wrappers Panda's Bullet getters allocate and forget.

``BulletWorld.getManifold(i)`` and ``BulletPersistentManifold.getManifoldPoint(j)``
return a freshly allocated C++ wrapper that the generated Python binding does
not own, so every call leaks a few dozen bytes (measured: 100,000 calls kept
3 MB).  A planning AI scans manifolds millions of times, so we flag each such
wrapper as owned; Python then deletes it with the Python object.  Deleting the
wrapper does not touch the Bullet manifold it points to (its destructor is
empty: measured by stepping and scanning the world after 400,000 deletions).

The flag lives in Panda's instance header (``Dtool_PyInstDef``: PyObject head,
type pointer, object pointer, a 16-bit signature 0xBEAF, then the ownership
flag).  The layout is checked once on an object Panda does own; if it does
not match, ``own`` does nothing and the small leak remains.

(2) Panda caches every ``TransformState`` (and ``RenderState``) made, and
frees those nothing uses only in ``TransformState.garbageCollect()``, which
ShowBase's frame loop calls and a headless process never does: every
transform Bullet writes to a node stayed cached, about 1.35 MiB a game in
``taw simulate``, the tournament, the AI's planning workers and the soak.
``release_states`` collects when the cache has grown past a bound; a
closing ``Simulation`` calls it (``docs/physics.md``, "Memory").
"""

from __future__ import annotations

import ctypes
from typing import TypeVar

from panda3d.core import RenderState, TransformState, Vec3

T = TypeVar("T")

_SIGNATURE = 0xBEAF
_SIGNATURE_AT = ctypes.sizeof(ctypes.c_ssize_t) + 3 * ctypes.sizeof(ctypes.c_void_p)
_OWNED_AT = _SIGNATURE_AT + ctypes.sizeof(ctypes.c_ushort)


def _layout_matches() -> bool:
    probe = Vec3(1.0, 2.0, 3.0)  # a value Panda owns: signature and flag set
    address = id(probe)
    return (
        ctypes.c_ushort.from_address(address + _SIGNATURE_AT).value == _SIGNATURE
        and ctypes.c_bool.from_address(address + _OWNED_AT).value
    )


LAYOUT_MATCHES = _layout_matches()


def own(wrapper: T) -> T:
    """Let Python delete ``wrapper``'s C++ object when the wrapper goes (see module doc).

    Only for the unowned wrappers named above; returns ``wrapper``.
    """
    if LAYOUT_MATCHES:
        ctypes.c_bool.from_address(id(wrapper) + _OWNED_AT).value = True
    return wrapper


STATE_CACHE_BOUND = 10_000  # cached states above which a closing world collects (a few hundred KiB)


def release_states(bound: int = STATE_CACHE_BOUND) -> bool:
    """Free the cached Transform/RenderStates nothing uses, if more than ``bound`` are cached.

    Asking costs about 0.05 us; a collection about 0.25 us a state (a few
    ms at the bound, once every several dozen full-table rollouts: 8 us a
    close on average).  The bound is high so that a process running
    ShowBase's loop, which collects every frame and keeps its scene's
    states alive, never pays for it at each close (the app's inline AI
    closes a world per candidate shot).  Returns whether it collected.
    """
    if TransformState.getNumStates() <= bound and RenderState.getNumStates() <= bound:
        return False
    TransformState.garbageCollect()
    RenderState.garbageCollect()
    return True
