"""The New Game screen: the seats (people by name, AIs by level), house rules, a seed, the ground.

The ground is smooth (a level plane) or rough earth, with its roughness and
its own seed (the same seed, the same ground); it is a house rule like the
others, so the game, its replay and a continued game all play on it.

The last seating is offered again: this session's last choice, else the one
kept in the people file from an earlier run.
"""

from __future__ import annotations

from typing import Any

from direct.gui.DirectGui import DirectEntry

from game.app.choices import load_choices, save_choices
from game.app.hud import theme
from game.app.hud.seat_rows import SeatRows
from game.app.session.game_setup import GameSetup
from game.app.session.preview_mode import PreviewMode, preview_mode
from game.match.seating import SeatingError
from game.app.screens.base import State
from game.app.hud.widgets import Chooser
from game.app.hud.ground_words import ground_name
from game.rules.house import GroundKind, HouseRules
from game.app.screens.screen import Screen

ROUND_LIMITS = (0, 1, 2, 3, 5, 10, 20)  # 0: none, the default (the AIs play to end a game by the rules: docs/ai.md)
# The goal of the game in one line (issue 11: a first game that can be won).
ROUGHNESS_MM = (1.0, 2.0, 3.0, 4.0, 6.0, 8.0)   # offered; the house rules allow 0.5 to 8
MAX_GROUND_SEED = 2**31 - 1
GOAL_LINE = ("Goal: the Sun beyond Herschel's line wins (rule 9). An adversary can knock your taw into the inner ring "
             "and put you out, as you can him (rule 13).")


def _whole(value: object, otherwise: int) -> int:
    """A whole number kept among the last choices, else ``otherwise``."""
    return value if isinstance(value, int) and not isinstance(value, bool) else otherwise


class NewGameState(State):
    name = "new-game"

    def enter(self) -> None:
        app = self.app
        app.end_game()
        this_run = app.last_setup is not None and app.last_setup.seating is not None
        if app.last_setup is None:  # the first game of this run: the last run's choices
            loaded = load_choices(app.app_config.paths.new_game_file)
            for note in loaded.notes:
                app.note_warning(note)
            app.last_setup = loaded.setup
        last: GameSetup = app.last_setup or GameSetup()
        root = self.keep(theme.panel(app.aspect2d, (-1.25, 1.25, -0.9, 0.88)))
        theme.label(root, "New game", (0, 0.74), scale=0.09, colour=theme.BRASS)
        # The seats: this run's last, else the last run's kept in the people file (new_game.json keeps the rest).
        seating = last.seats() if this_run or app.people.last_seating is None else app.people.last_seating
        self.seats = SeatRows(root, seating, 0.52, app.people.names)
        rounds = last.house_rules.get("round_limit", 0)
        self.round_limit = Chooser(root, "Round limit", list(ROUND_LIMITS),
                                   rounds if isinstance(rounds, int) and rounds in ROUND_LIMITS else 0,
                                   (0.6, 0.43), width=11, describe=lambda n: f"{n}" if n else "none")
        self.jupiter = Chooser(root, "Jupiter's moons", [4, 0, 2, 8], _whole(last.house_rules.get("jupiter_moons"), 4),
                               (0.6, 0.32), width=11)
        theme.label(root, "Seed (blank: random)", (0.6, 0.17), scale=0.045, colour=theme.DIM_INK)
        self.seed_entry = DirectEntry(parent=root, initialText="" if last.seed is None else str(last.seed),
                                      pos=(0.36, 0, 0.07), scale=0.05, width=10, numLines=1,
                                      frameColor=(0.2, 0.16, 0.1, 1), text_fg=theme.INK)
        # The shot preview is the player's choice for each game; the level of the opponents never changes it.
        preview = last.preview if app.last_setup is not None else preview_mode(app.settings.preview)
        self.preview = Chooser(root, "Shot preview", list(PreviewMode), preview, (0.6, -0.1), width=11,
                               describe=lambda mode: mode.label)
        self._ground_choices(root, last)
        self.goal = theme.label(root, GOAL_LINE, (0, -0.56), scale=0.042, colour=theme.INK)
        theme.fit_width(self.goal, 2.4)  # one line, within the panel
        self.warning = theme.label(root, "", (0, -0.65), scale=0.045, colour=theme.BAD)
        self.start_button = theme.button(root, "Start", (0.35, -0.78), self.start, width=5)
        self.back_button = theme.button(root, "Back", (-0.35, -0.78), self.back, width=5)
        self._parts: list[Any] = [self.seats, self.round_limit, self.jupiter, self.preview, self.ground, self.roughness]
        self.on_action("pause", self.back)

    def _ground_choices(self, root, last: GameSetup) -> None:
        """Ground: smooth / rough earth; for rough earth its roughness and its seed."""
        try:
            house = HouseRules.from_mapping({k: v for k, v in last.house_rules.items() if k.startswith("ground")})
        except ValueError:
            house = HouseRules()
        roughness = sorted({*ROUGHNESS_MM, house.ground_roughness_mm})
        self.ground = Chooser(root, "Ground", list(GroundKind), house.ground, (0.6, -0.21), width=11,
                              describe=ground_name, on_change=lambda _kind: self._show_ground_details())
        self.roughness = Chooser(root, "Roughness", roughness, house.ground_roughness_mm, (0.6, -0.31), width=11,
                                 describe=lambda mm: f"{mm:g} mm")
        self.ground_seed_label = theme.label(root, "Ground seed", (0.5, -0.42), scale=0.045, colour=theme.DIM_INK)
        self.ground_seed = DirectEntry(parent=root, initialText=str(house.ground_seed), pos=(0.68, 0, -0.42),
                                       scale=0.05, width=3.6, numLines=1, frameColor=(0.2, 0.16, 0.1, 1),
                                       text_fg=theme.INK)
        self._show_ground_details()

    def _show_ground_details(self) -> None:
        rough = self.ground.value is GroundKind.ROUGH
        for widget in (self.roughness.button, self.ground_seed_label, self.ground_seed):
            widget.show() if rough else widget.hide()

    def _ground_rules(self) -> dict[str, object] | None:
        """The ground's house rules (none for the smooth default), or None with a warning shown."""
        if self.ground.value is not GroundKind.ROUGH:
            return {}
        text = self.ground_seed.get().strip()
        if not text.isdigit() or int(text) > MAX_GROUND_SEED:
            self.warning["text"] = f"The ground seed must be a whole number from 0 to {MAX_GROUND_SEED}"
            return None
        return {"ground": GroundKind.ROUGH.value, "ground_roughness_mm": self.roughness.value,
                "ground_seed": int(text)}

    def chosen(self) -> GameSetup | None:
        text = self.seed_entry.get().strip()
        seed = None
        if text:
            try:
                seed = int(text)
            except ValueError:
                self.warning["text"] = f"The seed must be a whole number, not {text!r}"
                return None
        house_rules: dict[str, object] = {}
        if self.round_limit.value:
            house_rules["round_limit"] = self.round_limit.value
        if self.jupiter.value != 4:
            house_rules["jupiter_moons"] = self.jupiter.value
        ground = self._ground_rules()
        if ground is None:
            return None
        house_rules.update(ground)
        try:
            seating = self.seats.seating()
        except SeatingError as err:
            self.warning["text"] = theme.title_case(str(err))
            return None
        return GameSetup(seating=seating, house_rules=house_rules, seed=seed, preview=self.preview.value)

    def start(self) -> None:
        setup = self.chosen()
        if setup is None:
            return
        self.app.last_setup = setup
        problem = self.app.people.remember_seating(setup.seats())
        if problem:
            self.app.note_warning(problem)
        if self.app.app_config.save_settings:
            problem = save_choices(self.app.app_config.paths.new_game_file, setup)
            if problem is not None:  # the game starts anyway
                self.app.note_warning(problem)
        self.go(Screen.HAT_DROP, setup)

    def back(self) -> None:
        self.go(Screen.MENU)

    def exit(self) -> None:
        for part in self._parts:
            part.destroy()
        self.seed_entry.destroy()
        self.ground_seed.destroy()
        super().exit()
