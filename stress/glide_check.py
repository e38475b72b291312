"""A world that checks the gate's promise each time its movers glide: no mover touches anything.

A quiet stretch of a tick is not stepped by Bullet (``game.physics.glide``),
so a touch the gate (``grazes.Paths.book``) failed to foresee there would
not be a late hit but none at all: two balls passing through each other.
Frames sampled at 60 Hz could miss that, so this checks every glide exactly,
on the straight paths, against every body on the ground.
"""

from __future__ import annotations

from game.physics import Simulation


class GlideCheckedSimulation(Simulation):
    """A ``Simulation`` that records, in ``problems``, any touch in a stretch it glided.

    ``glided`` counts the substeps glided, so a check that found nothing can
    show it looked.  It reads the world's private state: it is a stress
    check, not a client.
    """

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.glided = 0
        self.problems: list[str] = []

    def _glide_to(self, substep: int) -> None:
        start = self.clock.substep
        if substep > start and len(self.problems) < 10:
            self._check(start, substep)
        self.glided += substep - start
        super()._glide_to(substep)

    def _at(self, bid: str, t: int) -> complex:
        x, y = self._paths.at(bid, self._bodies[bid], t)   # noqa: SLF001 - a stress check looks inside
        return complex(x, y)

    def _check(self, start: int, end: int) -> None:
        bodies = self._bodies   # noqa: SLF001
        for bid in self._moving:   # noqa: SLF001
            for other, body in bodies.items():
                if other == bid:
                    continue
                p0 = self._at(bid, start) - self._at(other, start)
                w = (self._at(bid, end) - self._at(other, end) - p0) / (end - start)
                ww = w.real * w.real + w.imag * w.imag
                t = 0.0 if ww == 0.0 else min(max(-(p0.real * w.real + p0.imag * w.imag) / ww, 0.0), end - start)
                gap = abs(p0 + w * t) - bodies[bid].radius - body.radius
                if gap <= 0.0:
                    self.problems.append(f"{bid} touches {other} ({gap:.4f} mm) while gliding "
                                         f"substeps {start}-{end} at t={self.time:.4f} s")
