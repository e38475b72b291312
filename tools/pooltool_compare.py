"""A second oracle no one here wrote: the standard set played in our Bullet world, our closed form and pooltool.

    python -m tools.pooltool_compare                          # ours now against the recorded pooltool figures
    python -m tools.pooltool_compare --pooltool PYTHON        # pooltool played now, by PYTHON (its own venv)
    python -m tools.pooltool_compare --pooltool PYTHON --record   # and written to the reference file
    python -m tools.pooltool_compare --markdown               # the table as docs/physics.md keeps it

pooltool (``pooltool-billiards``) is not one of the game's dependencies: it
runs in its own virtual environment (``tools/README.md`` says how to make
it) as ``tools/pooltool_side.py``, fed the cases as JSON.  Without
``--pooltool`` its figures come from ``tests/physics/data/pooltool_reference.json``.
The shots, the bodies and the figures: ``tools/pooltool_cases.py``; our side:
``tools/pooltool_ours.py``.  Exit status 0, or 2 with a one-line error.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.errors import UserError
from game.physics.config import PhysicsConfig
from tools import pooltool_reference
from tools.pooltool_cases import Launch, Outcome, Shot, figures, our_bodies, pooltool_cases, standard_set
from tools.pooltool_ours import bullet_outcome, closed_outcome
from tools.pooltool_side import MODELS

SIDE = Path(__file__).resolve().with_name("pooltool_side.py")
PRIMARY = "frictional_inelastic"   # the pooltool model the tests hold us to
# Agreement: travel within 3% (or 1 mm), speed within 3% (or 10 mm/s: one
# substep of Bullet's ground friction after a hit reads 8 mm/s), angle within 1.5°.
SHARE = 0.03
FLOORS = {"travel": 0.001, "speed": 0.010}
ANGLE_DEG = 1.5
POOLTOOL_TIMEOUT_S = 1800


@dataclass(frozen=True)
class Row:
    """One figure of one shot in each engine (None where an engine has no figure)."""

    shot: str
    figure: str
    bullet: float
    closed: float | None
    pooltool: dict[str, float | None]

    @property
    def agrees(self) -> bool:
        """Whether Bullet meets the primary pooltool model's figure within the tolerance."""
        theirs = self.pooltool.get(PRIMARY)
        return theirs is not None and within(self.figure, self.bullet, theirs)


def within(figure: str, ours: float, theirs: float) -> bool:
    """Agreement of two figures of kind ``figure`` (``... angle``, ``... speed``, ``... travel``)."""
    kind = figure.split()[-1]
    if kind == "angle":
        return abs(ours - theirs) <= ANGLE_DEG
    return abs(ours - theirs) <= max(SHARE * abs(theirs), FLOORS[kind])


def our_side(shots: list[Shot], bodies: Mapping[str, Any]) -> tuple[dict[str, Outcome], dict[str, Outcome],
                                                                      dict[str, Launch]]:
    """Every shot in Bullet and in the closed form, and the Sun's state after each of Bullet's hits on it."""
    gravity = PhysicsConfig().gravity
    bullet, closed, launches = {}, {}, {}
    for shot in shots:
        bullet[shot.name], launch = bullet_outcome(shot, bodies)
        closed[shot.name] = closed_outcome(shot, bodies, gravity)
        if launch is not None:
            launches[shot.name] = launch
    return bullet, closed, launches


def run_pooltool(python: str, cases: Mapping[str, Any]) -> dict[str, Any]:
    """pooltool's answer to ``cases``, from ``tools/pooltool_side.py`` run by ``python`` (pooltool's venv).

    pooltool writes its settings under ``~/.config`` when imported, so it
    runs with ``HOME`` in a scratch folder that is removed after.
    """
    with tempfile.TemporaryDirectory(prefix="taw-pooltool-") as home:
        try:
            done = subprocess.run([python, str(SIDE)], input=json.dumps(cases).encode(), capture_output=True,
                                  env={**os.environ, "HOME": home}, timeout=POOLTOOL_TIMEOUT_S, check=False)
        except (OSError, subprocess.TimeoutExpired) as err:
            raise UserError(f"cannot run pooltool with {python}: {err}") from None
    if done.returncode != 0:
        last = (done.stderr.decode(errors="replace").strip().splitlines() or ["no message"])[-1]
        raise UserError(f"pooltool's side failed (exit {done.returncode}): {last[:200]}")
    try:
        return json.loads(done.stdout)
    except ValueError:
        raise UserError("pooltool's side did not answer in JSON") from None


def rows(shots: list[Shot], bodies: Mapping[str, Any], bullet: Mapping[str, Outcome], closed: Mapping[str, Outcome],
         reference: pooltool_reference.Reference) -> list[Row]:
    """Every figure of every shot, side by side."""
    out = []
    for shot in shots:
        ours = figures(shot, bullet[shot.name], bodies)
        law = figures(shot, closed[shot.name], bodies)
        theirs = {}
        for model in MODELS:
            outcome = reference.outcomes[model][shot.name]
            theirs[model] = figures(shot, outcome, bodies) if outcome is not None else {}
        for figure, value in ours.items():
            out.append(Row(shot.name, figure, value, law.get(figure), {m: theirs[m].get(figure) for m in MODELS}))
    return out


def _cell(value: float | None, figure: str) -> str:
    if value is None:
        return "—"
    return f"{value:.2f}°" if figure.endswith("angle") else f"{value:.4f}"


def _gap(row: Row) -> str:
    theirs = row.pooltool.get(PRIMARY)
    if theirs is None:
        return "—"
    if row.figure.endswith("angle"):
        return f"{row.bullet - theirs:+.2f}°"
    return f"{100.0 * (row.bullet - theirs) / theirs:+.1f}%" if theirs else "—"


def table(found: list[Row], markdown: bool) -> str:
    """The rows as a Markdown table or as aligned text."""
    head = ["shot", "figure", "Bullet", "closed form", "pooltool", "pooltool (Mathavan)", "Bullet − pooltool",
            "agree"]
    lines = [[r.shot, r.figure, _cell(r.bullet, r.figure), _cell(r.closed, r.figure),
              _cell(r.pooltool[PRIMARY], r.figure), _cell(r.pooltool["frictional_mathavan"], r.figure), _gap(r),
              "yes" if r.agrees else "**no**" if markdown else "NO"] for r in found]
    if markdown:
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        return "\n".join(out + ["| " + " | ".join(line) + " |" for line in lines])
    widths = [max(len(str(x)) for x in column) for column in zip(head, *lines)]
    return "\n".join("  ".join(str(x).ljust(w) for x, w in zip(line, widths)) for line in [head, *lines])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pooltool", metavar="PYTHON", help="play pooltool now with this interpreter (its venv)")
    parser.add_argument("--record", action="store_true", help="write pooltool's figures to the reference file")
    parser.add_argument("--markdown", action="store_true", help="print the table in Markdown")
    args = parser.parse_args(argv)
    try:
        if args.record and not args.pooltool:
            raise UserError("--record needs --pooltool: the figures to record are pooltool's, played now")
        shots, bodies = standard_set(), our_bodies()
        bullet, closed, launches = our_side(shots, bodies)
        if args.pooltool:
            cases = pooltool_cases(shots, bodies, PhysicsConfig().gravity, launches)
            answer = run_pooltool(args.pooltool, cases)
            reference = (pooltool_reference.save(cases, answer) if args.record
                         else pooltool_reference.from_json({**answer, "cases": cases, "format": pooltool_reference.FORMAT,
                                                            "version": pooltool_reference.VERSION}, "pooltool's answer"))
        else:
            reference = pooltool_reference.load()
        found = rows(shots, bodies, bullet, closed, reference)
    except UserError as err:
        print(f"pooltool_compare: {err}", file=sys.stderr)
        return 2
    print(f"pooltool {reference.pooltool}; agree: travel within {SHARE:.0%} (or 1 mm), speed within {SHARE:.0%} "
          f"(or 10 mm/s), angle within {ANGLE_DEG}°")
    print(table(found, args.markdown))
    return 0


if __name__ == "__main__":
    sys.exit(main())
