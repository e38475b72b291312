"""``taw simulate`` and ``taw tournament``: one-line errors, and the documented JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from game.cli import main
from game.rules.termination import Termination

if TYPE_CHECKING:
    from game.ai.tournament import TournamentSummary


@pytest.mark.parametrize("argv, needle", [
    (["simulate", "--players", "hard,grandmaster"], "grandmaster"),
    (["tournament", "--players", "easy,wizard", "--games", "2"], "wizard"),
    (["tournament", "--players", "hard,easy", "--games", "0"], "--games"),
    (["tournament", "--players", "hard,easy", "--first-game", "0"], "--first-game"),
    (["simulate", "--players", "hard,easy", "--out", "/no/such/folder/game.replay"], "/no/such/folder"),
    (["simulate", "--players", "hard"], "--players"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, needle):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err
    assert "Traceback" not in err


def test_unwritable_out_is_refused_before_playing(capsys, tmp_path):
    import os

    folder = tmp_path / "ro"
    folder.mkdir()
    if os.geteuid() == 0:
        target = folder  # root writes anywhere; a folder stands in for a path that cannot be a file
    else:
        folder.chmod(0o500)
        target = folder / "g.replay"
    try:
        code = main(["simulate", "--players", "easy,random", "--out", str(target)])
    finally:
        folder.chmod(0o700)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and str(target) in err


def test_tiny_tournament_json_has_the_documented_keys(capsys):
    code = main(["tournament", "--players", "easy,random", "--games", "2", "--seed", "3", "--rounds", "1",
                 "--json"])
    assert code == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert set(data) == {"games", "first_game", "wins", "draws", "mean_marbles", "decision_s", "endings", "rounds",
                         "lengths", "seat_games", "tallies"}
    assert data["first_game"] == 1
    assert sum(data["endings"].values()) == 2 == len(data["lengths"])
    assert data["games"] == 2
    assert set(data["wins"]) == {"easy", "random"} == set(data["mean_marbles"]) == set(data["decision_s"])
    assert sum(data["wins"].values()) + data["draws"] == 2
    for times in data["decision_s"].values():
        assert set(times) == {"median", "p90"} and 0 <= times["median"] <= times["p90"]


def test_simulate_writes_a_replay_that_loads(tmp_path, capsys):
    from game.replay import load_replay

    out = tmp_path / "g.replay"
    assert main(["simulate", "--players", "easy,random", "--seed", "2", "--rounds", "1", "--workers", "0",
                 "--out", str(out), "--quiet"]) == 0
    replay = load_replay(out)
    printed = capsys.readouterr().out
    assert len(replay.shots) >= 1 and "wins" in printed or "no winner" in printed
    assert {p["level"] for p in replay.meta.players} == {"easy", "random"}


def test_simulate_names_its_ai_seats_as_the_game_does(tmp_path, capsys):
    # The replay viewer's captions and tables read these names ("seat 1" was shown before).
    from game.replay import load_replay

    out = tmp_path / "g.replay"
    assert main(["simulate", "--players", "easy,easy,random", "--seed", "4", "--rounds", "1", "--workers", "0",
                 "--out", str(out), "--quiet"]) == 0
    seats = {p["level"] + ":" + p["seat"] for p in load_replay(out).meta.players}
    assert seats == {"easy:Easy AI", "easy:Easy AI 2", "random:Random AI"}


def test_headless_games_have_no_round_limit_unless_asked_and_say_how_they_ended():
    from game.ai.headless import play_game
    from game.ai.workers import PlannerPool

    with PlannerPool(0) as pool:
        # Seed 20: a game nobody wins by round 3 (and not tied after round 2), the AIs laying their taws at the setup.
        free = play_game(["random", "random"], seed=20, pool=pool, max_shots=6)
        unlimited = play_game(["random", "random"], seed=20, pool=pool, round_limit=0, max_shots=6)
        limited = play_game(["random", "random"], seed=20, pool=pool, round_limit=2)
    # No limit: the same game runs on past round 2 to the safety stop, unfinished.
    assert (free.termination, free.shots, free.rounds) == (None, 6, 3)
    assert (unlimited.termination, unlimited.shots) == (None, 6)
    assert limited.termination is Termination.ROUND_LIMIT and limited.rounds == 2 and limited.shots == 4
    assert "round limit" in limited.summary()


def test_tournament_table_reports_endings_and_lengths(capsys):
    assert main(["tournament", "--players", "random,random", "--games", "3", "--seed", "2", "--rounds", "2"]) == 0
    out = capsys.readouterr().out
    assert "endings: " in out and "by the rules (rule 9 or the last player in): " in out
    assert "rounds: median " in out and "games per length " in out


def test_a_range_numbers_its_games_in_the_table(capsys):
    assert main(["tournament", "--players", "random,random", "--games", "2", "--first-game", "5", "--seed", "2",
                 "--rounds", "1"]) == 0
    assert capsys.readouterr().out.startswith("2 games (games 5-6 of the tournament), ")


@pytest.fixture(scope="module")
def three_ranges() -> dict[str, tuple[dict, TournamentSummary]]:
    """One tournament played through ``taw tournament --json`` as a whole (games 1-4) and as two ranges (1-2, 3-4).

    Each run's JSON and the summary ``run_tournament`` returned to the command, caught on its way: the two tests
    below read the same three runs (the same games, the seeds and seats of which are the point), played once.
    """
    import contextlib
    import io

    from game.ai import tournament

    real = tournament.run_tournament
    caught: list[TournamentSummary] = []

    def recording(*args, **kwargs) -> TournamentSummary:
        caught.append(real(*args, **kwargs))
        return caught[-1]

    runs = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tournament, "run_tournament", recording)
        for name, extra in (("whole", ["--games", "4"]), ("first", ["--games", "2"]),
                            ("second", ["--games", "2", "--first-game", "3"])):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                code = main(["tournament", "--players", "random,random,easy", "--seed", "4", "--rounds", "2",
                             "--json", *extra])
            assert code == 0
            runs[name] = (json.loads(out.getvalue()), caught[-1])
    return runs


def test_a_range_of_a_tournament_plays_the_same_games_as_the_whole(three_ranges):
    """Two ranges played apart add up to the whole: each game is seated and seeded by its number alone."""
    def played(name: str) -> list[tuple]:
        summary = three_ranges[name][1]
        return [(g.seats, g.net, g.winner, g.shots, g.rounds, repr(g.tallies)) for g in summary.games]

    whole = played("whole")
    assert len(set(whole)) == 4  # four different games, so a range seeded or seated from 0 would not match
    assert played("first") + played("second") == whole


def test_the_json_tallies_of_two_ranges_add_up_to_the_whole_runs(three_ranges):
    """The per-seat counts (e.g. put out before one's third turn) are whole totals with their seat counts, so the
    JSON of a table played as two ranges sums to the JSON of one run; averages could not be summed."""
    whole, first, second = (three_ranges[name][0] for name in ("whole", "first", "second"))
    assert whole["seat_games"] == {"random": 8, "easy": 4}
    for level in ("random", "easy"):
        assert first["seat_games"][level] + second["seat_games"][level] == whole["seat_games"][level]
        added = {k: first["tallies"][level][k] + second["tallies"][level][k] for k in whole["tallies"][level]}
        assert added == whole["tallies"][level]
    assert any(v for totals in whole["tallies"].values() for v in totals.values())  # something was counted
