"""A line chart of every player's marbles over the turns, drawn with LineSegs on the 2D layer.

The Game Over screen draws each player's worth (in hand and on the ground),
so a line starts at the table's ``began`` and ends at its ``worth``.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from panda3d.core import LineSegs, NodePath, TextNode

from game.app.hud import theme


def chart_points(history: Sequence[Mapping[str, int]], player: str, size: tuple[float, float],
                 low: int, high: int) -> list[tuple[float, float]]:
    """(x, y) in the chart's box for one player's purse at each turn: pure, for tests."""
    width, height = size
    span = max(1, high - low)
    steps = max(1, len(history) - 1)
    return [(width * i / steps, height * (row.get(player, 0) - low) / span) for i, row in enumerate(history)]


LANE = 0.012  # how far a line is lifted over another it ties with: about its own thickness on screen


def chart_lines(history: Sequence[Mapping[str, int]], players: Sequence[str], size: tuple[float, float],
                low: int, high: int) -> dict[str, list[tuple[float, float]]]:
    """Every player's points, a line lifted by ``LANE`` at each turn where it ties with a line drawn before it.

    Two players with the same purse drew one line over the other, and the chart seemed to lose a player
    (seen in a hot-seat game where both paid the same marbles for three turns).
    """
    lines: dict[str, list[tuple[float, float]]] = {}
    for player in players:
        points = chart_points(history, player, size, low, high)
        lifted = []
        for i, (x, y) in enumerate(points):
            below = sum(1 for drawn in players[:len(lines)] if history[i].get(drawn, 0) == history[i].get(player, 0))
            lifted.append((x, y + below * LANE))
        lines[player] = lifted
    return lines


class PurseChart:
    def __init__(self, parent: NodePath, history: Sequence[Mapping[str, int]], players: Sequence[str],
                 pos: tuple[float, float], size: tuple[float, float] = (1.1, 0.55),
                 names: Mapping[str, str] | None = None) -> None:
        """``names`` labels each player's line ("Ann (Venus)"); a player without one is labelled by the planet."""
        names = names or {}
        self.root = parent.attachNewNode("purse-chart")
        self.root.setPos(pos[0], 0, pos[1])
        values = [row.get(p, 0) for row in history for p in players] or [0]
        low, high = max(0, min(values) - 2), max(values) + 2
        axes = LineSegs("axes")
        axes.setColor(*theme.DIM_INK)
        axes.setThickness(1.5)
        axes.moveTo(0, 0, size[1])
        axes.drawTo(0, 0, 0)
        axes.drawTo(size[0], 0, 0)
        self.root.attachNewNode(axes.create())
        for player, points in chart_lines(history, players, size, low, high).items():
            segs = LineSegs(f"purse-{player}")
            segs.setThickness(2.5)
            segs.setColor(*theme.planet_colour(player))
            segs.moveTo(points[0][0], 0, points[0][1])
            for x, y in points[1:]:
                segs.drawTo(x, 0, y)
            self.root.attachNewNode(segs.create())
        # Labels are DirectGUI widgets: removing their node is not enough to free
        # them (DirectGuiWidget.guiDict keeps them), so destroy() destroys each.
        self.labels = []
        for value, y in ((high, size[1]), (low, 0.0)):
            self.labels.append(theme.label(self.root, str(value), (-0.03, y - 0.012), scale=0.035, colour=theme.DIM_INK,
                        align=TextNode.ARight))
        for i, player in enumerate(players):
            self.labels.append(theme.label(self.root, theme.signed_name(player, names.get(player) or theme.title_case(player)),
                                           (size[0] + 0.04, size[1] - 0.02 - i * 0.06), scale=0.035,
                                           colour=theme.planet_colour(player), align=TextNode.ALeft))
        self.labels.append(theme.label(self.root, f"turns ({max(0, len(history) - 1)})", (size[0] / 2, -0.06),
                                       scale=0.035, colour=theme.DIM_INK))

    def destroy(self) -> None:
        for label in self.labels:
            label.destroy()
        self.labels = []
        self.root.removeNode()
