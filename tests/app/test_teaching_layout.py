"""The teaching words fit where they are drawn: the New game screen's goal in one line, the first tip in its
panel above its buttons, the verdict
between the coach's button and the purses, the coach's advice inside its panel, at 16:9 large and small."""

from __future__ import annotations

import pytest

from game.coach.verdict import Tone, Verdict
from tests.app.helpers_app import built_app, click, new_game_against_one, step
from tests.app.layout_kit import frame_box as _box, inside as _inside, words_box as _words

pytestmark = pytest.mark.gui

LONG_ADVICE = ("Coach: Strike the Sun beyond Mercury's orbit to rest in Venus's orbit: Venus pays you 1, one for "
               "each body in it (rule 4).\nIf you take it: Warning: Your taw would stop in the inner ring: you would be "
               "out (rule 13).\nH again: take this aim and power; G shoots at it.")
LONG_VERDICT = Verdict("The Sun to Venus's line: Venus pays you 2 (rule 4); every other shooter pays you one while it "
                       "stays (rule 6); Earth would be out", Tone.GAIN, (4, 6))


@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
def test_the_goal_is_one_line_and_the_tip_the_verdict_and_the_coach_stay_in_their_boxes(offscreen_pipe, tmp_path, size):
    with built_app(tmp_path, size=size) as app:
        step(app, 2)
        click(app, app.flow.current.buttons["new"])
        goal = app.flow.current.goal
        assert goal.component("text0").textNode.getNumRows() == 1
        click(app, app.flow.current.back_button)
        aim = new_game_against_one(app, keep_tip=True)
        assert aim.tip is not None and aim.tip.shown  # the first turn's tip
        tip, tip_words = _box(aim.tip.frame, app), _words(aim.tip.text, app)
        assert _inside(tip_words, tip), "the tip's words spill out of its panel"
        assert tip_words[2] > _box(aim.tip.ok_button, app)[3], "the tip's words run into its buttons"
        line = aim.shot_preview.verdict
        line.show(LONG_VERDICT)
        frame, text = _box(line.frame, app), _words(line.text, app)
        purses = _box(app.game.hud.purse_panel, app)
        assert frame[1] < purses[0], "the verdict's band runs under the purses"
        assert _inside(text, frame), "the verdict's words spill out of its band"
        aim.coach.panel.say(LONG_ADVICE)
        panel, words = _box(aim.coach.panel.panel, app), _words(aim.coach.panel.text, app)
        assert _inside(words, panel), "the coach's words spill out of its panel"
        assert panel[1] < purses[0]
