"""One GeomNode of triangles written straight from numpy arrays.

Panda's vertex writer is a Python call per vertex; a ground mesh of tens of
thousands of vertices or a ribbon rebuilt every frame cannot afford that, so
the rows are copied into Panda's arrays through a memoryview in one go (from
the array's own ``.data`` buffer: numpy declares ndarray a buffer to the type
checker only from Python 3.12).
"""

from __future__ import annotations

import numpy as np


def triangles_node(name: str, verts: np.ndarray, tris: np.ndarray, with_uv: bool = False):
    """A GeomNode of float32 vertex rows (position, normal[, uv]) and uint32 triangle indices."""
    from panda3d.core import Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexFormat

    vformat = GeomVertexFormat.getV3n3t2() if with_uv else GeomVertexFormat.getV3n3()
    vdata = GeomVertexData(name, vformat, Geom.UHStatic)
    vdata.uncleanSetNumRows(len(verts))
    memoryview(vdata.modifyArray(0)).cast("B").cast("f")[:] = verts.reshape(-1).data
    prim = GeomTriangles(Geom.UHStatic)
    prim.setIndexType(Geom.NT_uint32)
    handle = prim.modifyVertices()
    handle.uncleanSetNumRows(len(tris))
    memoryview(handle).cast("B").cast("I")[:] = tris.data
    geom = Geom(vdata)
    geom.addPrimitive(prim)
    node = GeomNode(name)
    node.addGeom(geom)
    return node
