"""The ``novice``: the hard coach's advice shot with a person's hands, a benchmark player (issue 45)."""

from __future__ import annotations

from dataclasses import replace

from game.ai.levels import get_level
from game.ai.novice import NovicePlayer
from game.ai.player import make_player
from game.ai.reply_guard import Hands
from game.ai.tournament import tally
from game.ai.workers import PlannerPool
from game.app.session.game_setup import LEVELS as NEW_GAME_LEVELS
from game.match.match import Match
from game.match.players import ScriptedPlayer, Shot
from game.match.seating import OFFERED_LEVELS
from game.rules.house import HouseRules


def test_the_novice_has_a_persons_hands_and_follows_the_hard_coach():
    level = get_level("novice")
    assert (level.angle_noise_deg, level.speed_noise_frac) == (3.0, 0.10)
    assert level.coached_by == "hard"
    with PlannerPool(0) as pool:
        assert isinstance(make_player("novice", 1, pool), NovicePlayer)
        assert not isinstance(make_player("hard", 1, pool), NovicePlayer)


def test_the_novice_is_not_offered_on_the_new_game_screen():
    assert "novice" not in OFFERED_LEVELS and "novice" not in NEW_GAME_LEVELS


def test_the_novice_plans_as_the_coach_weighing_the_next_reply_at_the_seated_level():
    house = HouseRules()
    with PlannerPool(0) as pool:
        novice = make_player("novice", 3, pool)
        assert isinstance(novice, NovicePlayer)
        novice.seat_adversaries({"venus": "easy"})
        match = Match({"mercury": novice, "venus": ScriptedPlayer([Shot(0.0, 1.0)])}, house=house)
        match.lay_taws()
        novice.choose_shot(match.view())
    decision = novice.last_decision
    assert decision is not None and decision.stages.get("guard", 0) > 0
    assert decision.exposure.level in ("easy", "")  # "": its shot ended the game or left nobody to reply


def test_the_novice_tells_the_coach_of_its_own_hands(monkeypatch):
    from game.ai import novice as novice_module

    told: list[Hands] = []
    monkeypatch.setattr(novice_module, "plan", lambda ctx, sit, level, seed, safe_only, guard: told.append(guard.hands))
    steadier = replace(get_level("novice"), angle_noise_deg=1.5, speed_noise_frac=0.05)
    house = HouseRules()
    with PlannerPool(0) as pool:
        novice = NovicePlayer(steadier, 3, pool)
        novice.seat_adversaries({"venus": "easy"})
        match = Match({"mercury": novice, "venus": ScriptedPlayer([Shot(0.0, 1.0)])}, house=house)
        match.lay_taws()
        novice.plan_async(match.view()).result()
    assert told == [Hands(1.5, 0.05)]


def test_the_tally_counts_a_seat_put_out_before_its_third_turn_and_not_after():
    def shot(planet, out=()):
        return {"planet": planet, "transfers": [], "fouls": [], "out": list(out)}

    early = [shot("mercury"), shot("venus"), shot("mercury"), shot("venus", out=["mercury"])]
    late = early[:3] + [shot("venus"), shot("mercury"), shot("venus", out=["mercury"])]
    assert tally("mercury", early)["out_early"] == 1
    assert tally("mercury", late)["out_early"] == 0
