"""Generate the game's models into ``models/`` as plain-text .egg files.

Run from the repository root::

    .venv/bin/python -m tools.make_models [--out models]

Everything is computed from formulas with fixed formatting, so running the tool
twice writes byte-identical files (``--check`` proves it against the committed
copies).  The shaders do the look; these are only shapes with normals and UVs:

* ``marble.egg`` -- a unit UV sphere, 32 segments x 16 rings (960 triangles),
  round even in the knuckle-down close-up.  Marbles, taws and the lead Sun all
  share it, scaled to their radius.
* ``marble_lod.egg`` -- 16 x 8 (224 triangles) for far views.
* ``ground.egg`` -- a flat square tile, 1 x 1 metre centred on the origin,
  scaled to the play area by the scene.  The ground shader paints on it.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

HEADER = "<CoordinateSystem> { Z-Up }\n"


def _f(x: float) -> str:
    """Fixed formatting so output is byte-stable; -0.0 is printed as 0."""
    text = f"{x:.6f}"
    return "0.000000" if text == "-0.000000" else text


def sphere_egg(name: str, segments: int, rings: int) -> str:
    """A UV sphere of radius 1 around the origin, poles on the z axis.

    Seam vertices are duplicated so u runs 0..1 without wrapping; each pole
    is one triangle fan, so the triangle count is 2 * segments * (rings - 1).
    """
    verts: list[str] = []
    index: dict[tuple[int, int], int] = {}
    for ring in range(rings + 1):
        theta = math.pi * ring / rings
        for seg in range(segments + 1):
            phi = 2.0 * math.pi * seg / segments
            x = math.sin(theta) * math.cos(phi)
            y = math.sin(theta) * math.sin(phi)
            z = math.cos(theta)
            u = seg / segments
            v = 1.0 - ring / rings
            index[(ring, seg)] = len(verts)
            verts.append(
                f"  <Vertex> {len(verts)} {{ {_f(x)} {_f(y)} {_f(z)}"
                f" <Normal> {{ {_f(x)} {_f(y)} {_f(z)} }} <UV> {{ {_f(u)} {_f(v)} }} }}"
            )
    polys: list[str] = []
    pool = f"{name}.verts"

    def tri(a: int, b: int, c: int) -> None:
        polys.append(f"  <Polygon> {{ <VertexRef> {{ {a} {b} {c} <Ref> {{ {pool} }} }} }}")

    for ring in range(rings):
        for seg in range(segments):
            a = index[(ring, seg)]
            b = index[(ring + 1, seg)]
            c = index[(ring + 1, seg + 1)]
            d = index[(ring, seg + 1)]
            # counter-clockwise seen from outside
            if ring != 0:
                tri(a, b, d)
            if ring != rings - 1:
                tri(d, b, c)
    body = "\n".join(verts)
    return (
        HEADER
        + f"<Group> {name} {{\n <VertexPool> {pool} {{\n{body}\n }}\n"
        + "\n".join(polys)
        + "\n}\n"
    )


def ground_egg(cells: int = 4) -> str:
    """A 1 x 1 m square in the z = 0 plane, split into cells x cells quads.

    A few cells rather than one quad keep vertex depth precise at grazing
    angles in the knuckle-down view; the shader does all the detail.
    """
    pool = "ground.verts"
    verts: list[str] = []
    for j in range(cells + 1):
        for i in range(cells + 1):
            x = -0.5 + i / cells
            y = -0.5 + j / cells
            verts.append(
                f"  <Vertex> {len(verts)} {{ {_f(x)} {_f(y)} 0.000000"
                f" <Normal> {{ 0.000000 0.000000 1.000000 }} <UV> {{ {_f(x + 0.5)} {_f(y + 0.5)} }} }}"
            )
    polys: list[str] = []
    for j in range(cells):
        for i in range(cells):
            a = j * (cells + 1) + i
            b, c, d = a + 1, a + cells + 2, a + cells + 1
            polys.append(f"  <Polygon> {{ <VertexRef> {{ {a} {b} {c} {d} <Ref> {{ {pool} }} }} }}")
    return HEADER + "<Group> ground {\n <VertexPool> " + pool + " {\n" + "\n".join(verts) + "\n }\n" + "\n".join(polys) + "\n}\n"


def all_models() -> dict[str, str]:
    return {
        "marble.egg": sphere_egg("marble", 32, 16),
        "marble_lod.egg": sphere_egg("marble_lod", 16, 8),
        "ground.egg": ground_egg(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "models"))
    parser.add_argument("--check", action="store_true", help="fail if the files on disk differ")
    args = parser.parse_args(argv)
    out = Path(args.out)
    stale = []
    for name, text in all_models().items():
        path = out / name
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
            continue
        from game.fileio import write_atomic

        write_atomic(path, text)
        path.chmod(0o644)  # mkstemp makes 0600; the files ship in a wheel
        print(f"wrote {path} ({len(text.encode())} bytes)")
    if stale:
        print("stale: " + ", ".join(stale) + " (run python -m tools.make_models)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
