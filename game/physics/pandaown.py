"""Take ownership of the wrappers Panda's Bullet getters allocate and forget.

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
"""

from __future__ import annotations

import ctypes
from typing import TypeVar

from panda3d.core import Vec3

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
