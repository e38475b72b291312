"""One game as the app plays it: the seam between the window and the layers below.

The screens ask this object everything (whose turn, the view a player sees,
purses, the Sun's orbit) and hand it shots.  Underneath is the match layer's
``Match``.  What a lesson answers alike (the table's reads, each shot
played, recorded and tallied) is ``table_session.TableSession``; each of
the session's jobs has its own module beside this one:

* ``seats``: who sits where, and the hat (rule 1);
* ``shot_choice``: an AI's choice, made off the main thread and polled once
  a frame as one ``ShotChoice``;
* ``live_shot``: a shot computed in the background by ``Match.play_shot``
  (a few tens of milliseconds), then played back in real time;
* ``previewer``: the shot previews, in a worker process while the player aims;
* ``recording``: every finished shot into the game's replay file;
* ``tally``: marbles won and lost, purses over the turns;
* ``continuing``: an unfinished game rebuilt from its replay file.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from game.app.session.continuing import continue_game
from game.app.session.recording import not_saved
from game.errors import UserError
from game.app.session.game_setup import GameSetup
from game.app.session.seats import HatRow, seat_players
from game.app.session.table_session import TableSession
from game.app.session.shot_choice import ShotChoice, Thinking
from game.replay.model import GameMeta
from game.replay.recorder import GameRecorder, meta_from
from game.rules.house import HouseRules
from game.rules.names import sentence
from game.rules.phrase import Phrase


class MatchSession(TableSession):
    def __init__(self, setup: GameSetup, seed: int | None = None, planner_workers: int = 1) -> None:
        self.setup = setup
        if setup.seed is not None:
            self.seed = setup.seed
        else:
            self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        rng = random.Random(self.seed)
        self.house = HouseRules.from_mapping(dict(setup.house_rules), source="new game")
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="taw-session")
        self.thinking = Thinking(executor, planner_workers)
        layout = self.house.layout()
        self.seats = seat_players(setup, self.house, layout, rng, self.thinking.pool)
        super().__init__(self.seats.match, layout, executor)
        self.planet_of = self.seats.planet_of
        self.human = self.seats.human  # the one person playing, spoken to as "you" (None in a hot-seat game)
        self.people = self.seats.people  # every planet held by a person at the machine
        self.levels = self.seats.levels
        self.ai = {p: pl for p, pl in self.match.players.items() if p not in self.people}

    @classmethod
    def continue_from(cls, path: Path, planner_workers: int = 1) -> "MatchSession":
        """The unfinished game in ``path``, checked shot by shot and recording on into it (``continuing``)."""
        return continue_game(path, lambda setup: cls(setup, planner_workers=planner_workers))

    # -- rule 1 -----------------------------------------------------------------

    def hat_result(self) -> list[HatRow]:
        return self.seats.hat_result()

    def hat_frames(self) -> list:
        return self.seats.hat_frames()

    # -- what the HUD and the screens read -------------------------------------------

    def level_of(self, planet: str) -> str:
        return self.levels.get(planet, "")

    def is_over(self) -> bool:
        return self.match.is_over()

    def end_reason(self) -> str:
        """The referee's sentence for why the game ended (``Ruling.termination``); else the shot count."""
        ruling = self.last_ruling
        if ruling is not None and ruling.termination is not None:
            return sentence(Phrase.told_or(ruling.ending, ruling.ending_phrase, self.human))
        return f"After {self.state.shots} shots."

    def shooter(self) -> str:
        shooter = self.match.next_shooter()
        assert shooter is not None, "no one is left to shoot"
        return shooter

    def is_human_turn(self) -> bool:
        """A person at the machine shoots now (the app plays the shot from their aim)."""
        return self.shooter() in self.people

    def name_of(self, planet: str) -> str:
        """The seat's name for a planet: "Ann", "Hard AI"."""
        return self.match.names.get(planet, planet)

    # -- turns --------------------------------------------------------------------

    def think(self) -> ShotChoice:
        """The AI's choice, made off the main thread; poll ``done()`` each frame."""
        return self.thinking.choose(self.ai[self.shooter()], self.view(), self.state, self.layout, self.house)

    # -- the replay ------------------------------------------------------------------

    def replay_meta(self) -> GameMeta:
        """Seed, players (seat, planet, human or AI and level), house rules and layout."""
        players = [{"planet": p, "seat": self.match.names.get(p, p),
                    "controller": "human" if p in self.people else "ai", "level": self.level_of(p)}
                   for p in self.players]
        # The seating (who sat where, people by name, each planet picked or drawn) is what "Continue"
        # rebuilds the session from; the setup keeps the rest of the New Game screen's choices (the
        # preview's strength) and, for a game set up the older way, its opponents and planet.
        setup = {"opponents": self.setup.opponents, "levels": list(self.setup.opponent_levels()),
                 "planet": self.setup.planet, "human": self.setup.human, "preview": self.setup.preview.value}
        laid = {"laid_taws": {p: list(spot) for p, spot in self.match.laid.items()}} if self.match.laid else {}
        return meta_from(self.seed, players, dict(self.setup.house_rules), self.layout, source="desktop",
                         setup=setup, seating=self.seats.seating, **laid)

    # -- the setup: the taws laid before the first shot ------------------------------------

    def lay_ai_taws(self) -> None:
        """The AIs lay their taws (the people lay theirs on the setup screen)."""
        self.match.lay_taws(skip=self.people)

    def setup_done(self) -> None:
        """Every taw is laid: the replay's header keeps where, so the game can be continued and judged again."""
        recorder = self.recording.recorder
        if recorder is None or not self.match.laid:
            return
        try:
            recorder.set_meta(self.replay_meta())
        except (UserError, OSError) as err:  # the disk filled: the game is played on, in memory only
            self.recording.error = not_saved(err)

    @property
    def replay_error(self) -> str | None:
        """Why the replay file could not be written, if it could not (the game plays on regardless)."""
        return self.recording.error

    def record_to(self, path: Path | None) -> GameRecorder:
        """Record every shot from now on into ``path`` (None: in memory only)."""
        return self.recording.start(path, self.replay_meta())

    def wait_for_replay(self) -> None:
        self.recording.wait()

    def close(self) -> None:
        super().close()
        self.thinking.close()
