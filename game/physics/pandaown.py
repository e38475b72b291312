"""Plug Panda's leaks in headless physics: the wrappers Bullet getters forget, and the state cache.

``own`` flags the manifold wrappers that ``getManifold``/``getManifoldPoint``
allocate and the binding does not own, so Python frees them (the flag sits
in Panda's instance header, checked once; on a mismatch ``own`` does
nothing). ``release_states`` collects Panda's transform and render state
cache, which only ShowBase's frame loop would otherwise collect. Measurements:
``docs/physics.md``, "Memory".
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


# The flag of each address a wrapper was seen at: Python reuses the few
# addresses a freed wrapper leaves, so a flag is made once, not per wrapper
# (making one costs more than the rest of reading a manifold point).
_FLAGS: dict[int, ctypes.c_bool] = {}
_FLAGS_BOUND = 1024


def own(wrapper: T) -> T:
    """Let Python delete ``wrapper``'s C++ object when the wrapper goes (see module doc).

    Only for the unowned wrappers named above; returns ``wrapper``.
    """
    if LAYOUT_MATCHES:
        address = id(wrapper) + _OWNED_AT
        flag = _FLAGS.get(address)
        if flag is None:
            if len(_FLAGS) >= _FLAGS_BOUND:
                _FLAGS.clear()
            flag = _FLAGS[address] = ctypes.c_bool.from_address(address)
        flag.value = True
    return wrapper


STATE_CACHE_BOUND = 10_000  # cached states above which a closing world collects (a few hundred KiB)


def release_states(bound: int = STATE_CACHE_BOUND) -> bool:
    """Free the cached Transform/RenderStates nothing uses, if more than ``bound`` are cached.

The bound is high so that a process running ShowBase's loop (which collects
every frame) does not pay for it at each close. Returns whether it collected.
"""
    if TransformState.getNumStates() <= bound and RenderState.getNumStates() <= bound:
        return False
    TransformState.garbageCollect()
    RenderState.garbageCollect()
    return True
