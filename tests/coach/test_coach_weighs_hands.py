"""The coach weighs the player's own hands (issue 45, item 1): a shot safe as aimed may not be safe as a person
plays it.

The position: Venus lays his taw on his line and shoots; Mercury's taw lies
out beyond, on Venus's side.  A strong shot at the Sun, as aimed, carries
Venus's taw far off; with a person's 3° and 10 % it sometimes runs off the
board and is put back where it was laid, 17 cm from the inner ring in
Mercury's line, and the Medium Mercury knocks it in (rule 13).  With plan
seed 7 the shot the medium coach's guard without the hands advises here
(from the line at 270°) is so answered 1 time in 3 by a person's hands; the
guard with them advises another, from 210°, that pays as much.  (With 10
of seeds 1–12, 1 among them, both advise the same shot, one a person's hands
leave safe; seed 3, which this test used before medium struck a Sun by the
inner ring with a stop shot, is now one of them.)
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai import reply_guard
from game.ai.reply_guard import AS_INTENDED, LIKELY, OWN_DRAWS, PERSON, Hands, OutKind, ReplyGuard
from game.ai.workers import PlannerPool
from game.coach.advice import advise
from game.coach.exposure_words import exposure_to_json, hands_words
from game.coach.preview_reply import start_exposure
from game.match.players import Shot, TawPlacement
from game.match.table import free_spot_on_line
from game.rules.house import HouseRules
from game.rules.state import new_game

HOUSE = HouseRules()
LAYOUT = HOUSE.layout()
# A strong shot at the Sun from Venus's line at 285°, safe as aimed.
AS_AIMED_SAFE = Shot(direction=107.32828177151274, speed=3.8, placement=TawPlacement("venus", 285.0))


def _state():
    state = new_game(["mercury", "venus"], LAYOUT, HOUSE)
    positions = dict(state.positions)
    positions["venus.taw"] = (0.126, 0.067)
    positions["mercury.taw"] = (0.33, 0.085)
    return replace(state, positions=positions, turn=state.players.index("venus"), sun_released=True)


def _exposure(shot: Shot, hands: Hands):
    state = _state()
    _, start = free_spot_on_line(LAYOUT, state.positions, "venus.taw", "venus", shot.placement.angle)
    with PlannerPool(0) as pool:
        return start_exposure(state, HOUSE, LAYOUT, shot, start, pool, ReplyGuard(hands=hands)).result()


def test_a_shot_safe_as_aimed_is_likely_answered_by_a_knock_out_with_a_persons_hands():
    steady = _exposure(AS_AIMED_SAFE, AS_INTENDED)
    assert steady.by == "mercury" and steady.chance == 0.0 and steady.draws == 1
    person = _exposure(AS_AIMED_SAFE, PERSON)
    assert person.by == "mercury" and person.likely and person.kind is OutKind.RING
    assert person.draws == OWN_DRAWS and person.hands == PERSON
    assert person.gap == pytest.approx(0.17, abs=0.01)  # the median draw: the taw put back on its line


def test_the_hands_check_fails_a_planted_fault_that_draws_the_shot_as_aimed(monkeypatch):
    honest = reply_guard._Reckoning._drawn
    monkeypatch.setattr(reply_guard._Reckoning, "_drawn", lambda self, draw: replace(honest(self, draw), noise=None))
    assert not _exposure(AS_AIMED_SAFE, PERSON).likely


def test_the_risk_carries_the_hands_it_was_reckoned_with():
    person = _exposure(AS_AIMED_SAFE, PERSON)
    risk = exposure_to_json(person)
    assert risk["hands"] == {"aim_deg": 3.0, "power_frac": 0.1} and risk["draws"] == OWN_DRAWS
    assert risk["likely"] and "Mercury puts it in" in risk["words"]
    assert hands_words(person) == f"your shot drawn {OWN_DRAWS} times with 3° of aim and 10 % of power"
    assert hands_words(_exposure(AS_AIMED_SAFE, AS_INTENDED)) == "your shot as aimed"


@pytest.mark.slow
def test_the_coach_advises_a_safer_shot_of_near_worth_where_the_old_guard_advised_the_exposed_one():
    state = _state()
    with PlannerPool(0) as pool:
        old = advise(state, HOUSE, LAYOUT, level="medium", seed=7, pool=pool, guard=ReplyGuard(hands=AS_INTENDED))
        new = advise(state, HOUSE, LAYOUT, level="medium", seed=7, pool=pool)
        old_by_hand = start_exposure(state, HOUSE, LAYOUT, old.shot, old.preview.start, pool, ReplyGuard()).result()
    # The old guard drew no hands: its shot was safe as aimed, and a person's hands expose it.
    assert old.exposure.chance == 0.0 and old_by_hand.likely and old_by_hand.kind is OutKind.RING
    # The new one weighs them: another shot, no likelier to be answered so, of near worth as aimed.
    assert new.shot != old.shot and new.exposure.hands == PERSON and new.exposure.chance < LIKELY
    assert new.safe and old.safe
    assert new.preview.ruling.paid("mercury", "venus") == old.preview.ruling.paid("mercury", "venus") == 7  # rule 8
