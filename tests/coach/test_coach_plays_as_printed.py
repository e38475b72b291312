"""The coach's shot is the shot it names, and it never puts its own player out while a safe shot exists.

Played as printed (through ``taw scenario``, a lesson's runner or the match,
as the app plays it) the coach's shot gets exactly the ruling it predicted;
and the coach chooses, among the shots that keep the shooter in with no foul
(rules 13 and 15), whenever there is one, and says so when there is none.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai.levels import get_level
from game.ai.planner import plan
from game.ai import planner as planner_module
from game.ai.workers import PlannerPool
from game.cli import main
from game.coach.advice import NO_SAFE_SHOT, advise, situation_for
from game.coach.hint import shot_spec
from game.match.match import Match
from game.match.players import ScriptedPlayer, Shot
from game.rules.house import HouseRules
from game.rules.layout import satellite_ids, taw_id
from game.rules.state import new_game

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()
OPENING = 'players = ["mercury", "venus"]\nshooter = "mercury"\nfirst_shot = true\n'


def _hint(capsys, path: Path) -> dict:
    assert main(["hint", str(path), "--json", "--level", "hard"]) == 0
    return json.loads(capsys.readouterr().out)


def _with_shot(text: str, hint: dict) -> str:
    shot = hint["shot"]
    lines = [text, "[[shots]]", f'shooter = "{hint["shooter"]}"', f"direction = {shot['direction']!r}",
             f"speed = {shot['speed']!r}", f"spin = {shot['spin']!r}"]
    if shot["place"] is not None:
        lines.append(f'place = {{on = "{shot["place"]["on"]}", angle = {shot["place"]["angle"]!r}}}')
    return "\n".join(lines) + "\n"


def test_the_opening_hint_prints_its_spin_and_played_as_printed_keeps_mercury_in(capsys, tmp_path):
    source = tmp_path / "opening.toml"
    source.write_text(OPENING)
    hint = _hint(capsys, source)
    assert set(hint["shot"]) == {"place", "direction", "speed", "spin"} and hint["safe"] is True
    played = tmp_path / "played.toml"
    played.write_text(_with_shot(OPENING, hint))
    assert main(["scenario", str(played), "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling == hint["ruling"]
    assert "mercury" not in json.dumps(ruling.get("out", [])) and not ruling.get("fouls")


def _game_positions(count: int) -> list:
    """States from seeded games between two random players, once the Sun is released: real middle-game tables."""
    from game.match.players import RandomPlayer

    states = []
    for seed in range(3, 43, 2):  # the first seeded games whose Sun is released (rule 3) before they end
        match = Match({"mercury": RandomPlayer(seed), "earth": RandomPlayer(seed + 1)}, house=HOUSE)
        while len(states) < count and not match.is_over():
            match.play_turn()
            if match.state.sun_released and not match.is_over() and len(match.history) % 2 == 0:
                states.append(match.state)
        if len(states) == count:
            break
    return states


@pytest.mark.slow
def test_in_game_positions_the_coachs_shot_played_by_the_match_gets_its_predicted_ruling():
    states = _game_positions(3)
    assert len(states) == 3
    for state in states:
        advice = advise(state, HOUSE, LAYOUT, level="hard", seed=4)
        players = {p: ScriptedPlayer([advice.shot]) for p in state.players}
        match = Match(players, house=HOUSE, layout=LAYOUT, state=state)
        result = match.play_shot(advice.shot)
        assert result.ruling == advice.preview.ruling
        assert advice.safe and advice.shooter not in result.ruling.out
        assert not [f for f in result.ruling.fouls if f.player == advice.shooter]


def test_the_coach_chooses_a_safe_shot_even_when_an_unsafe_one_scores_best(monkeypatch):
    """Every shot that puts Mercury out or fouls is made to score best: the coach still avoids them all."""
    real = planner_module.evaluate

    def tempting(shared, job):
        result = real(shared, job)
        return result if result.safe else replace(result, gain=result.gain + 100.0)

    monkeypatch.setattr(planner_module, "evaluate", tempting)
    state = new_game(["mercury", "venus"], LAYOUT, HOUSE)
    sit = situation_for(state, HOUSE, LAYOUT)
    with PlannerPool(0) as pool:
        ai_choice = plan(_inline(pool), sit, get_level("medium"), seed=1)
    assert not ai_choice.safe  # the trap is real: without the coach's care the unsafe shot wins
    advice = advise(state, HOUSE, LAYOUT, level="medium", seed=1)
    assert advice.safe and "mercury" not in advice.preview.ruling.out
    assert not [f for f in advice.preview.ruling.fouls if f.player == "mercury"]
    assert not advice.why.startswith(NO_SAFE_SHOT)


def _inline(pool: PlannerPool):
    import threading

    from game.ai.workers import PlanContext

    return PlanContext(pool, pool.new_plan_id(), threading.Event())


def test_with_no_safe_shot_the_coach_says_so():
    """Herschel's taw sits in a tight ring of his planet and four satellites: every shot strikes one (rule 15)."""
    home = LAYOUT.home_positions()
    taw = (0.0, -0.55)
    own = ["herschel", *satellite_ids("herschel", 4)]
    positions = {b: p for b, p in home.items() if b not in own}
    gap = 2 * LAYOUT.marble_radius + 0.0015
    for k, body in enumerate(own):
        a = 2 * math.pi * k / len(own)
        positions[body] = (taw[0] + gap * math.cos(a), taw[1] + gap * math.sin(a))
    positions[taw_id("herschel")] = taw
    positions[taw_id("mercury")] = LAYOUT.home_on_line("mercury", 250.0)
    state = new_game(["mercury", "herschel"], LAYOUT, HOUSE, positions=positions, sun_released=True,
                     first_shot_done=True)
    state = replace(state, turn=state.players.index("herschel"))
    advice = advise(state, HOUSE, LAYOUT, level="easy", seed=2)
    assert not advice.safe
    assert advice.why.startswith(NO_SAFE_SHOT)


def test_the_scenario_shot_of_a_hint_carries_its_spin():
    state = new_game(["mercury", "venus"], LAYOUT, HOUSE)
    advice = advise(state, HOUSE, LAYOUT, level="medium", seed=0)
    spun = replace(advice, shot=Shot(advice.shot.direction, advice.shot.speed, advice.shot.placement, spin=-0.75))
    assert shot_spec(spun).spin == -0.75
