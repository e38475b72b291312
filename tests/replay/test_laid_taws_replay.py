"""The taws laid at the setup travel in a replay's header, so a simulated game is judged again as it was played."""

from game.ai.headless import play_game
from game.ai.workers import PlannerPool
from game.replay.rejudge import rejudge
from game.rules.house import HouseRules
from game.rules.layout import Layout


def test_a_simulated_game_keeps_its_laid_taws_and_is_judged_again_exactly():
    with PlannerPool(0) as pool:
        result = play_game(["random", "random"], seed=5, pool=pool, record=True, max_shots=4)
    replay = result.replay
    laid = replay.meta.extra["laid_taws"]
    assert set(laid) == set(result.planets)
    first = replay.shots[0]
    shooter = first.inputs.shooter
    # The first shot starts where its shooter's taw was laid, not at the default spot.
    assert list(first.events[0].position) == laid[shooter]
    assert rejudge(replay, HouseRules.from_mapping(dict(replay.meta.house_rules))).differing == ()
    # The AIs chose their spots: at least one differs from the default one, so the header is what is read.
    layout = Layout()
    assert any(tuple(laid[p]) != layout.home_on_line(p, layout.default_taw_angle(p)) for p in laid)
