"""The names chalked on the ground: each line's name along it, the orbits' names, the inner ring, the play area.

The words are the game's vocabulary (``game.rules.vocabulary``): a *line* is
a painted circle ("Mercury's line"), an *orbit* the space between a line and
the next line in ("Venus's orbit"), the *inner ring* the small circle round
the Sun that holds the stakes, the *play area* the ground inside its dashed
edge.  Names follow their circle letter by letter, so they read as painted
on the earth and not as signs floating over it.

* Low views (knuckle-down) get each line's name repeated round it,
  alternately just outside it with its tops towards the Sun and just inside
  it with its tops outward, in letters drawn long (as road markings are, for
  an eye 6 cm above the ground): each stretch of line in front of the eye,
  on the near side of the Sun or the far side, has a name that reads the
  right way up.
* The overhead view gets each line's name twice and each orbit's name once
  (in the middle of the orbit), all turned to read from the bottom of the
  screen, in letters about 12 px high.  The table shows one set or the
  other (``TableScene.show_labels``).
* The play area's edge names itself with its tops outward, for a player
  looking out at it.

``arc_glyphs`` is the pure geometry (tests use it without Panda).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from game.app.scene.palette import PLANET_SYMBOLS
from game.rules import vocabulary
from game.rules.layout import PLANETS, Layout

LIFT = 0.0004          # metres above the ground (drawn with the decals, after the ground)
LINE_NAME_GAP = 0.004  # between the chalk line's edge and the foot of its name
EDGE_NAME_SIZE = 0.07
EDGE_REPEATS = 8
CAP = 0.72            # a capital's height, as a fraction of the letter size
LOW_STRETCH = 2.5     # the low views' letters: a knuckle-down eye sees the ground foreshortened about 7 times


@dataclass(frozen=True)
class Glyph:
    """One letter laid on the ground: where its baseline's middle is and which way it faces."""

    char: str
    x: float
    y: float
    heading: float  # degrees: the letter's up direction, anticlockwise from +x


@dataclass(frozen=True)
class ArcText:
    """A name to lay along a circle round the Sun."""

    text: str
    radius: float      # of the letters' baseline
    angle: float       # degrees: the middle of the name
    size: float        # letter size in metres (Panda's text scale)
    inward: bool       # True: tops towards the Sun
    stretch: float = 1.0  # letters this many times taller than wide (long, as road markings, for low eyes)


def arc_glyphs(item: ArcText, advance: Callable[[str], float]) -> list[Glyph]:
    """Each letter of ``item`` on its circle; ``advance(char)`` is a letter's width at size 1.

    Tops inward: the name runs anticlockwise (left to right seen from outside
    looking in).  Tops outward: it runs clockwise.
    """
    widths = [advance(c) * item.size for c in item.text]
    total = sum(widths)
    direction = 1.0 if item.inward else -1.0  # which way round the reader's "right" goes
    # the baseline is the circle; an inward-facing name's letters stand on it towards the centre
    start = math.radians(item.angle) - direction * (total / 2.0) / item.radius
    glyphs, run = [], 0.0
    for char, width in zip(item.text, widths):
        a = start + direction * (run + width / 2.0) / item.radius
        run += width
        up = a + math.pi if item.inward else a
        glyphs.append(Glyph(char, item.radius * math.cos(a), item.radius * math.sin(a), math.degrees(up)))
    return glyphs


def _repeats(radius: float, text_length: float) -> int:
    """How many times a name goes round its circle: often enough to be in sight, never crowded."""
    return max(2, min(6, int(2 * math.pi * radius / (2.6 * text_length))))


def line_names(layout: Layout, advance: Callable[[str], float], overhead: bool = False) -> list[ArcText]:
    """Every line's name along it.

    Low views: repeated round the line, alternately just outside it with tops
    inward and just inside it with tops outward, letters drawn long (``LOW_STRETCH``) as road markings
    are, so each stretch of line in front of a knuckle-down eye, near side or
    far side of the Sun, has a name that reads the right way up.  Overhead:
    twice, just outside, upright from the bottom of the screen.
    """
    items = []
    radii = [layout.line_radii[p] for p in PLANETS]
    for i, planet in enumerate(PLANETS):
        r = radii[i]
        gap_out = (radii[i + 1] - r) if i + 1 < len(radii) else 0.15
        gap_in = r - (radii[i - 1] if i else layout.inner_ring_radius)
        text = f"{PLANET_SYMBOLS[planet]} {vocabulary.line_label(planet)}"
        # clear of the orbit name chalked in the same orbit
        orbit_angle = _orbit_name_angle(layout, PLANETS[i + 1]) if i + 1 < len(PLANETS) else 0.0
        edge = layout.line_width / 2 + LINE_NAME_GAP
        if overhead:
            size = min(max(0.42 * gap_out, 0.04), 0.065)  # overhead a metre is ~290 px: 0.04 m is a 12 px letter
            for angle in (orbit_angle + 90.0, orbit_angle + 270.0):
                inward = _reads_upright_inward(angle)
                # a name's foot is its cap line (tops inward) or its baseline (tops outward)
                baseline = r + edge + (CAP * size if inward else 0.0)
                items.append(ArcText(text, baseline, angle, size, inward=inward))
            continue
        size = min(max(0.22 * min(gap_in, gap_out), 0.018), 0.04)
        length = sum(advance(c) for c in text) * size
        n = _repeats(r, length)
        tall = CAP * size * LOW_STRETCH
        for k in range(n):
            angle = orbit_angle + (k + 0.5) * 360.0 / n
            items.append(ArcText(text, r + edge + tall, angle, size, inward=True, stretch=LOW_STRETCH))
            items.append(ArcText(text, r - edge - tall, angle + 180.0 / n, size, inward=False, stretch=LOW_STRETCH))
    return items


def _reads_upright_inward(angle: float) -> bool:
    """Below the Sun in the overhead view (+y up the screen) a name reads upright with its top inward."""
    return math.sin(math.radians(angle)) < 0.2


def _orbit_name_angle(layout: Layout, planet: str) -> float:
    return layout.planet_angles[planet] + 35.0


def orbit_names(layout: Layout) -> list[ArcText]:
    """Each orbit's name in the middle of its orbit, reading from the bottom of the overhead view."""
    items = []
    for planet in PLANETS:
        inner, outer = layout.region_bounds(planet)
        inner = max(inner, layout.inner_ring_radius)
        size = min(max(0.4 * (outer - inner), 0.028), 0.055)
        angle = _orbit_name_angle(layout, planet)
        upright = _reads_upright_inward(angle)
        middle = (inner + outer) / 2.0
        baseline = middle + CAP / 2 * size if upright else middle - CAP / 2 * size
        items.append(ArcText(vocabulary.orbit_label(planet), baseline, angle, size, inward=upright))
    return items


def ring_names(layout: Layout) -> list[ArcText]:
    """The inner ring's name inside it, and the play area's edge named round it."""
    items = [ArcText(vocabulary.INNER_RING, layout.inner_ring_radius * 0.6, angle, 0.012, inward=True, stretch=2.0)
             for angle in (-90.0, 90.0)]
    edge = layout.play_radius - layout.line_width - 0.01 - CAP * EDGE_NAME_SIZE * LOW_STRETCH  # tops outward: the foot
    for k in range(EDGE_REPEATS):
        items.append(ArcText(vocabulary.PLAY_AREA_EDGE, edge, k * 360.0 / EDGE_REPEATS, EDGE_NAME_SIZE,
                             inward=False, stretch=LOW_STRETCH))
    return items


def build(parent: Any, items: Sequence[ArcText], font: Any, name: str) -> Any:
    """A NodePath of flat letters for ``items``, flattened into a few draw calls.

    Each letter is the TextNode's generated geometry, not the TextNode
    itself, so ``flattenStrong`` merges the letters into a few GeomNodes and
    their corners can be laid on a rough ground (``ground_mesh.lay_on``).
    """
    from panda3d.core import TextNode

    advance = advance_of(font)
    root = parent.attachNewNode(name)
    letter = TextNode(f"{name}-letter")
    letter.setFont(font)
    letter.setAlign(TextNode.ACenter)
    for item in items:
        for glyph in arc_glyphs(item, advance):
            if glyph.char == " ":
                continue
            letter.setText(glyph.char)
            path = root.attachNewNode(letter.generate())
            path.setScale(item.size, item.size, item.size * item.stretch)
            path.setPos(glyph.x, glyph.y, LIFT)
            # lie flat (pitch -90), the letter's up along ``heading``
            path.setHpr(glyph.heading - 90.0, -90, 0)
    root.flattenStrong()
    return root


def advance_of(font: Any) -> Callable[[str], float]:
    """A letter's width at size 1 in ``font`` (a space as Panda sets it)."""
    from panda3d.core import TextNode

    node = TextNode("advance")
    node.setFont(font)
    return lambda char: node.calcWidth(char) if char != " " else node.calcWidth("n") * 0.6
