"""The New Game screen: the seats (people by name, AIs by level), house rules, a seed.

The last seating is offered again: this session's last choice, else the one
kept in the people file from an earlier run.
"""

from __future__ import annotations

from direct.gui.DirectGui import DirectEntry

from game.app.choices import load_choices, save_choices
from game.app.hud import theme
from game.app.hud.seat_rows import SeatRows
from game.app.session.game_setup import PREVIEW_NAMES, PREVIEWS, GameSetup
from game.match.seating import SeatingError
from game.app.screens.base import State
from game.app.hud.widgets import Chooser

ROUND_LIMITS = (0, 1, 2, 3, 5, 10, 20)  # 0: none, the default (the AIs play to end a game by the rules: docs/ai.md)
# The goal of the game in one line (issue 11: a first game that can be won).
GOAL_LINE = "Goal: drive the Sun beyond Herschel's line to win (rule 9); never leave your taw in the inner ring (rule 13)"


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
        rounds = int(last.house_rules.get("round_limit", 0) or 0)
        self.round_limit = Chooser(root, "Round limit", list(ROUND_LIMITS), rounds if rounds in ROUND_LIMITS else 0,
                                   (0.6, 0.43), width=11, describe=lambda n: f"{n}" if n else "none")
        self.jupiter = Chooser(root, "Jupiter's moons", [4, 0, 2, 8], int(last.house_rules.get("jupiter_moons", 4)),
                               (0.6, 0.32), width=11)
        theme.label(root, "Seed (blank: random)", (0.6, 0.17), scale=0.045, colour=theme.DIM_INK)
        self.seed_entry = DirectEntry(parent=root, initialText="" if last.seed is None else str(last.seed),
                                      pos=(0.36, 0, 0.07), scale=0.05, width=10, numLines=1,
                                      frameColor=(0.2, 0.16, 0.1, 1), text_fg=theme.INK)
        # The shot preview is the player's choice for each game; the level of the opponents never changes it.
        preview = last.preview if app.last_setup is not None else app.settings.preview
        self.preview = Chooser(root, "Shot preview", list(PREVIEWS), preview, (0.6, -0.1), width=11,
                               describe=PREVIEW_NAMES.get)
        self.goal = theme.label(root, GOAL_LINE, (0, -0.5), scale=0.042, colour=theme.INK)
        self.warning = theme.label(root, "", (0, -0.62), scale=0.045, colour=theme.BAD)
        self.start_button = theme.button(root, "Start", (0.35, -0.78), self.start, width=5)
        self.back_button = theme.button(root, "Back", (-0.35, -0.78), self.back, width=5)
        self._parts = [self.seats, self.round_limit, self.jupiter, self.preview]
        self.on_action("pause", self.back)

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
        self.go("HatDrop", setup)

    def back(self) -> None:
        self.go("Menu")

    def exit(self) -> None:
        for part in self._parts:
            part.destroy()
        self.seed_entry.destroy()
        super().exit()
