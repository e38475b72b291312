"""The first-turn tip of a first game: the inner ring, and the cut shot that keeps the taw out of it.

Shown on a player's real first shot of a game (never again in that game, even when a taw put back
on its line may be laid down afresh) while their settings allow it, in words that fit where the Sun
lies then: the cut shot while it sits in the inner ring, and once another player has driven it out,
where it lies instead.  While it is open nothing aims or shoots (``AimState.dialog_open``).
"Don't show again" switches it off for good for whoever pressed it: in a
hot-seat game for that person alone (kept by name in the people file, so
the others still see it), else the machine's setting (saved).
"""

from __future__ import annotations

from dataclasses import replace

from panda3d.core import TextNode

from game.app.hud import theme

TIP = ("Your first shot: strike the Sun full on while it lies in the inner ring and the heavy Sun takes nearly all "
       "your taw's speed; your taw stops where it touched it, in the ring, and you would be out (rule 13). Strike it to one side (a cut shot), "
       "hard enough to drive it beyond Mercury's line (rules 3 and 4), and your taw glances away. The preview "
       "on the ground shows where everything would stop, and the line under the top bar what the referee "
       "would rule. H asks the coach.")
TIP_SUN_HELD = ("Your first shot: the Sun has left the inner ring but lies {where}, so it is not yet released: nothing "
                "is taken until a shot drives it beyond Mercury's line (rule 3); then the holder of the orbit where "
                "it stops pays you (rule 4). Keep your own taw out of the inner ring: a taw that rests there puts you "
                "out (rule 13). The preview on the ground shows where everything would stop, and the line under the "
                "top bar what the referee would rule. H asks the coach.")
TIP_SUN_FREE = ("Your first shot: the Sun lies {where}. Strike it and the referee pays you by where it lies and where "
                "it stops (the rules, F1, say how); the line under the top bar says what it would rule. Keep your own "
                "taw out of the inner ring: a taw that rests there puts you out (rule 13). The preview on the ground "
                "shows where everything would stop. H asks the coach.")


def tip_text(sun_in_inner_ring: bool, sun_released: bool, sun_orbit_words: str) -> str:
    """The tip for where the Sun lies: the cut shot while it is in the inner ring; out of it, whether a shot
    must still release it (rule 3) and where it is now (``sun_orbit_words``: "in Venus's orbit")."""
    if sun_in_inner_ring and not sun_released:
        return TIP
    return (TIP_SUN_FREE if sun_released else TIP_SUN_HELD).format(where=sun_orbit_words)


def first_shot_of(shooter: str, shooters_so_far) -> bool:
    """A player's real first shot of the game: they have not shot yet (a taw put back on its line does not
    make a first shot again)."""
    return shooter not in set(shooters_so_far)


class FirstTurnTip:
    def __init__(self, app, text: str = TIP) -> None:
        self.app = app
        self.frame = theme.panel(app.aspect2d, (-0.72, 0.72, -0.22, 0.3), pos=(0, 0, 0.25))
        self.text = theme.label(self.frame, text, (-0.66, 0.22), scale=0.04, align=TextNode.ALeft, wordwrap=33)
        self.ok_button = theme.button(self.frame, "Got it", (-0.3, -0.16), self.close, scale=0.045, width=6)
        self.never_button = theme.button(self.frame, "Don't show again", (0.3, -0.16), self.never, scale=0.045,
                                         width=9)

    @staticmethod
    def wanted(app, first_shot: bool) -> bool:
        game = app.game
        return first_shot and game is not None and game.lesson is None and game.turn_settings().first_tip

    @property
    def shown(self) -> bool:
        return not self.frame.isEmpty() and not self.frame.isHidden()

    def close(self) -> None:
        self.frame.hide()

    def never(self) -> None:
        app, game = self.app, self.app.game
        shooter = game.session.shooter()
        if game.naming.hot_seat() and game.naming.is_person(shooter):
            problem = app.people.remember(game.naming.name(shooter), {"first_tip": False})
            if problem:
                game.feed = (problem,)
                game.refresh_hud()
        else:
            app.apply_settings(replace(app.settings, first_tip=False))
        self.close()

    def destroy(self) -> None:
        self.frame.destroy()
