"""The heads-up display during a game: turn, purses, stakes, the Sun's orbit, rulings.

The HUD only shows a ``HudStatus``; the states decide what it says.  It keeps
no game logic, so a screenshot test can tell whether a ruling reached it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from direct.gui.DirectGui import DirectFrame, DirectWaitBar
from panda3d.core import TextNode

from game.app.hud import theme
from game.app.hud.clear_view import ClearView, mark
from game.app.hud.ruling_feed import rule_numbers_unbroken
from game.app.input.bindings import action_event
from game.rules.layout import SUN, taw_id


@dataclass(frozen=True)
class PlayerLine:
    planet: str
    purse: int
    human: bool
    level: str = ""
    active: bool = True
    name: str = ""  # "Ann (Venus)": the seat's name with the planet; empty names the planet alone


@dataclass(frozen=True)
class HudStatus:
    shooter: str = ""
    players: tuple[PlayerLine, ...] = ()
    stakes: int = 0
    sun_place: str = ""  # names.resting_place's words
    turn: int = 0
    round: int = 0
    round_limit: int = 0  # the house rule's last round (0: none)
    feed: tuple[str, ...] = ()
    feed_title: str = "Last shot"
    thinking: bool = False
    hint: str = ""
    power: float | None = None
    speed: float | None = None  # the taw's speed at that power, m/s (``aiming.launch_speed``): the meter says it
    notice: str = ""   # what the game could not do ("Replays are not being saved: the disk is full")
    slopes: str = ""   # on rough earth, how to show its slopes or how to read them (``ground_words.slope_words``)


# HUD anchor -> the ShowBase edge node it hangs from.
ANCHORS = {
    "top_left": "a2dTopLeft", "top_center": "a2dTopCenter", "top_right": "a2dTopRight",
    "bottom_left": "a2dBottomLeft", "bottom_center": "a2dBottomCenter", "bottom_right": "a2dBottomRight",
}
FEED_ROWS = 7       # rows of text the ruling panel holds under its title (seen at 1280x720 under Xvfb)
FEED_SCALE = 0.034
FEED_WIDTH = 1.5    # clear of the taw at the bottom centre of the knuckle-down view
FEED_WRAP = (FEED_WIDTH - 0.1) / FEED_SCALE  # a row's width in the text's own units
SLOPES_WRAP = 30     # the slope line's width in letters: two lines over the ruling panel
PURSES_NARROW = 0.62  # the purse panel's width with planets alone, and with people's names beside them
PURSES_WIDE = 0.98


def player_label(line: PlayerLine) -> str:
    """How the HUD names a player: "Ann (Venus)", or the planet with "(you)" for the one person playing."""
    if line.name:
        return line.name
    return theme.title_case(line.planet) + (" (you)" if line.human else "")


def turn_words(line: PlayerLine | None, planet: str) -> str:
    if line is None:
        return f"{theme.title_case(planet)} to shoot"
    if line.human:
        suffix = " - your shot"
    elif line.level and line.level not in line.name.lower():
        suffix = f" ({line.level})"
    else:
        suffix = ""
    return f"{player_label(line) if line.name else theme.title_case(planet)} to shoot{suffix}"


def sun_words(place: str | None) -> str:
    """The top bar's "The Sun lies in Mercury's orbit, on Mercury's line": ``place`` is the referee's own words
    for where it rests (``names.resting_place``), so the bar, the coach and the ruling say it alike."""
    return f"The Sun lies {place}" if place else ""


def play_points(scene, shooter: str) -> list[tuple[float, float, float]]:
    """What the HUD must not hide: the Sun, the shooter's taw and points along the paths the preview draws."""
    bodies = [SUN] + ([taw_id(shooter)] if shooter else [])
    points = [scene.body_position(b) for b in bodies if scene.on_ground(b)]
    for layer in scene.path_layers:
        points.extend((x, y, scene.height_at(x, y)) for x, y in layer.points())
    return points


def power_words(speed: float | None) -> str:
    """The meter's label: the speed the shot would go at, as the shot will ("Power 2.41 m/s")."""
    return "Power" if speed is None else f"Power {speed:.2f} m/s"


def round_words(round_no: int, limit: int) -> tuple[str, str]:
    """The top bar's counter ("Round 9 of 10") and what it adds from a round before the limit ends the game."""
    if not round_no:
        return "", ""
    if not limit:
        return f"Round {round_no}", ""
    counter = f"Round {round_no} of {limit}"
    if round_no == limit - 1:
        return counter, "the next is the last"
    if round_no >= limit:
        return counter, "the last round"
    return counter, ""


def feed_shown(lines: tuple[str, ...], height: Callable[[str], int], rows: int = FEED_ROWS) -> list[str]:
    """The newest lines that fit in ``rows`` rows, ``height(line)`` rows each (a long line wraps onto
    several); what is left out is counted at the top, with where to read it."""
    if sum(height(line) for line in lines) <= rows:
        return list(lines)
    kept: list[str] = []
    used = height(f"({len(lines)} earlier lines: History (L) lists them)")
    for line in reversed(lines):
        if used + height(line) > rows:
            break
        kept.insert(0, line)
        used += height(line)
    hidden = len(lines) - len(kept)
    return [f"({hidden} earlier {'line' if hidden == 1 else 'lines'}: History (L) lists them)", *kept]


def slope_card(feed):
    """Over the ruling panel, on a card: the slope view's key, or its legend while it is on (the coach's
    advice opens under its button at the top left, the setup's banner at the top)."""
    card = theme.label(feed, "", (0.05, 0.53), scale=0.036, colour=theme.INK, align=TextNode.ALeft,
                       wordwrap=SLOPES_WRAP)
    card["frameColor"] = (0.06, 0.045, 0.03, 0.78)
    card["pad"] = (0.4, 0.3)
    return card


class Hud:
    def __init__(self, app) -> None:
        self.app = app
        self.root = app.aspect2d.attachNewNode("hud")
        self.status = HudStatus()
        # Each piece hangs from one of ShowBase's edge anchors, which follow the
        # window's aspect ratio when it is resized.
        anchors = {name: self.root.attachNewNode(f"hud-{name}") for name in ANCHORS}
        for name, node in anchors.items():
            node.reparentTo(getattr(app, ANCHORS[name]))
        self._anchors = anchors
        top_l, top_c, top_r = anchors["top_left"], anchors["top_center"], anchors["top_right"]
        bottom_l, bottom_c, bottom_r = anchors["bottom_left"], anchors["bottom_center"], anchors["bottom_right"]
        # Top bar: whose turn and where the Sun lies.
        self.top = DirectFrame(parent=top_c, frameColor=(0.06, 0.045, 0.03, 0.78), frameSize=(-4, 4, -0.14, 0.0))
        self.turn_text = theme.label(top_l, "", (0.05, -0.09), scale=0.06, align=TextNode.ALeft)
        self.sun_text = theme.label(top_c, "", (0.0, -0.09), scale=0.05, colour=theme.DIM_INK)
        self.round_text = theme.label(top_r, "", (-0.05, -0.09), scale=0.045, colour=theme.DIM_INK,
                                      align=TextNode.ARight)
        # Right column: purses and the stakes (sized to the players in show()); it fades while play lies under it.
        purses = self.purses = top_r.attachNewNode("purses")
        mark(purses)
        self.purse_panel = DirectFrame(parent=purses, frameColor=theme.PANEL, frameSize=(-0.62, -0.02, -0.95, -0.18))
        self.purse_title = theme.label(purses, "Purses", (-0.32, -0.25), scale=0.05, colour=theme.BRASS)
        self.purse_rows = [
            (theme.label(purses, "", (-0.58, -0.33 - i * 0.075), scale=0.045, align=TextNode.ALeft),
             theme.label(purses, "", (-0.07, -0.33 - i * 0.075), scale=0.045, align=TextNode.ARight))
            for i in range(7)
        ]
        self.stakes_text = theme.label(purses, "", (-0.32, -0.91), scale=0.042, colour=theme.BRASS)
        # Bottom: a strip of hints, and above it the ruling feed (left) and the power meter (right).
        self.hint_bar = DirectFrame(parent=bottom_c, frameColor=(0.06, 0.045, 0.03, 0.78), frameSize=(-4, 4, 0.0, 0.06))
        self.hint_text = theme.label(bottom_c, "", (0.0, 0.017), scale=0.036, colour=theme.DIM_INK)
        feed_width = FEED_WIDTH
        feed = self.feed = bottom_l.attachNewNode("feed")
        mark(feed)
        self.feed_panel = DirectFrame(parent=feed, frameColor=theme.PANEL, frameSize=(0.02, feed_width, 0.075, 0.44))
        self.feed_title = theme.label(feed, "Last shot", (0.06, 0.39), scale=0.045, colour=theme.BRASS,
                                      align=TextNode.ALeft)
        self.feed_text = theme.label(feed, "", (0.06, 0.325), scale=FEED_SCALE, align=TextNode.ALeft,
                                     wordwrap=FEED_WRAP)
        # Every shot of the game, through the same action as the L key.
        self.history_button = theme.button(feed, "History (L)", (feed_width - 0.2, 0.39),
                                           app.messenger.send, scale=0.035, width=7,
                                           extra_args=[action_event("history")])
        power = bottom_r.attachNewNode("power")
        mark(power)
        self.power = DirectWaitBar(parent=power, range=1.0, value=0.0, pos=(-0.45, 0, 0.16),
                                   frameSize=(-0.4, 0.4, -0.035, 0.035), frameColor=(0.15, 0.12, 0.08, 0.9),
                                   barColor=theme.BRASS)
        self.power_label = theme.label(power, "Power", (-0.45, 0.22), scale=0.045, colour=theme.INK)
        self.thinking_text = theme.label(top_c, "", (0.0, -0.25), scale=0.06, colour=theme.BRASS)
        self.notice_text = theme.label(top_c, "", (0.0, -0.19), scale=0.042, colour=theme.BAD)
        self.slopes_text = slope_card(feed)
        self._dots = 0.0
        self.clear_view = ClearView(app, lambda: play_points(app.view.scene, self.status.shooter))
        self.show(self.status)

    def show(self, status: HudStatus) -> None:
        self.status = status
        if status.shooter:
            who = next((p for p in status.players if p.planet == status.shooter), None)
            self.turn_text["text"] = theme.signed_name(status.shooter, turn_words(who, status.shooter))
            self.turn_text["text_fg"] = theme.planet_colour(status.shooter)
        else:
            self.turn_text["text"] = ""
        self.sun_text["text"] = sun_words(status.sun_place)
        counter, note = round_words(status.round if status.turn else 0, status.round_limit)
        self.round_text["text"] = f"{counter}: {note}" if note else counter
        self.round_text["text_fg"] = theme.BRASS if note else theme.DIM_INK  # the end is near: said in brass
        rows = max(1, len(status.players))
        bottom = -0.33 - rows * 0.075 - 0.06
        width = PURSES_WIDE if any(p.name for p in status.players) else PURSES_NARROW
        self.purse_panel["frameSize"] = (-width, -0.02, bottom - 0.05, -0.18)
        self.purse_title.setX(-0.02 - width / 2)
        self.stakes_text.setX(-0.02 - width / 2)
        self.stakes_text.setZ(bottom)
        for i, (name, purse) in enumerate(self.purse_rows):
            if i < len(status.players):
                p = status.players[i]
                name.setX(0.04 - width)
                name["text"] = theme.signed_name(p.planet, player_label(p))
                name["text_fg"] = theme.planet_colour(p.planet) if p.active else theme.DIM_INK
                purse["text"] = str(p.purse)
            else:
                name["text"] = purse["text"] = ""
        self.stakes_text["text"] = f"Stakes in the inner ring: {status.stakes}"
        feed = tuple(rule_numbers_unbroken(line) for line in status.feed)
        self.feed_text["text"] = "\n".join(feed_shown(feed, self._rows_of))
        if status.power is None:
            self.power.hide()
            self.power_label.hide()
        else:
            self.power.show()
            self.power_label.show()
            self.power["value"] = status.power
            self.power_label["text"] = power_words(status.speed)
        self.hint_text["text"] = status.hint
        self.notice_text["text"] = status.notice
        if self.slopes_text["text"] != status.slopes:
            self.slopes_text["text"] = status.slopes
            self.slopes_text.resetFrameSize()  # the card round the words
        self.slopes_text.show() if status.slopes else self.slopes_text.hide()
        self.feed_title["text"] = status.feed_title
        self.thinking_text["text"] = "" if not status.thinking else self.thinking_text["text"] or "thinking"

    def place_banner(self, banner, half_width: float, gap: float = 0.03) -> None:
        """Put a banner of this half width (aspect2d units) at the top of the window so that it ends left of
        the purse panel: with people's names the panel is wide, and a centred banner hid the planets' signs at
        the start of its rows.  Centred where there is room; else moved left, and in a narrow window made
        smaller, never past the window's left edge."""
        from game.app.hud.clear_view import box_of

        box = box_of(self.purse_panel, self.app.aspect2d)
        if box is None:
            return
        left_edge = -max(1.0, self.app.getAspectRatio()) + gap
        scale = min(1.0, (box.left - gap - left_edge) / (2.0 * half_width))
        half = half_width * scale
        banner.setScale(scale)
        banner.setX(max(left_edge + half, min(0.0, box.left - gap - half)))

    def _rows_of(self, line: str) -> int:
        """How many rows ``line`` takes in the ruling panel, wrapped by the panel's own font and width."""
        node = TextNode("feed-measure")
        node.setFont(self.feed_text.component("text0").textNode.getFont())
        node.setWordwrap(FEED_WRAP)
        node.setText(line)
        return max(1, node.getNumRows())

    def set_power(self, level: float | None, speed: float | None = None) -> None:
        """Called every frame while aiming: touch only the meter unless it appears or goes."""
        if (level is None) != (self.status.power is None):
            self.show(replace(self.status, power=level, speed=speed))
            return
        changed = speed != self.status.speed
        self.status = replace(self.status, power=level, speed=speed)
        if level is not None:
            self.power["value"] = level
            if changed:
                self.power_label["text"] = power_words(speed)

    def tick(self, dt: float) -> None:
        """Animate the thinking indicator."""
        if not self.status.thinking:
            return
        self._dots = (self._dots + dt * 3.0) % 4.0
        line = next((p for p in self.status.players if p.planet == self.status.shooter), None)
        who = player_label(line) if line is not None and line.name else theme.title_case(self.status.shooter)
        self.thinking_text["text"] = f"{who} is thinking" + "." * int(self._dots)

    def destroy(self) -> None:
        self.clear_view.destroy()
        for widget in (self.top, self.turn_text, self.sun_text, self.round_text, self.purse_panel, self.purse_title,
                       self.stakes_text, self.feed_panel, self.feed_title, self.power, self.power_label,
                       self.hint_bar, self.hint_text, self.thinking_text, self.feed_text, self.notice_text,
                       self.history_button, self.slopes_text):
            widget.destroy()
        for name, purse in self.purse_rows:
            name.destroy()
            purse.destroy()
        for node in self._anchors.values():
            node.removeNode()
        self.root.removeNode()

    def hide(self) -> None:
        for node in self._anchors.values():
            node.hide()
