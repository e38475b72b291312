"""The verdict line thins over the play, but never while it warns: a warning is read before the shot."""

from __future__ import annotations

import pytest

from game.app.hud.clear_view import HIDES_PLAY
from game.app.hud.verdict_words import VERDICT_FADED, VerdictLine
from game.coach.verdict import Tone, Verdict

pytestmark = pytest.mark.gui

QUIET = Verdict("Your taw struck nothing, so nobody pays", Tone.QUIET, ())
OUT = Verdict("Your taw would stop in the inner ring: you would be out (rule 13)", Tone.OUT, (13,))
REPLY = "Mind the reply: this leaves your taw 22 cm from the inner ring: the Earth puts it in about 1 time in 3"


def _fades_to(line: VerdictLine) -> float:
    return float(line.root.getTag(HIDES_PLAY))


def test_a_quiet_verdict_thins_over_the_play_and_a_warning_or_the_replys_risk_does_not(offscreen_base):
    line = VerdictLine(offscreen_base)
    try:
        line.show(QUIET)
        assert _fades_to(line) == pytest.approx(VERDICT_FADED) and VERDICT_FADED < 1.0
        line.show(OUT)
        assert _fades_to(line) == 1.0
        line.show(QUIET, REPLY)
        assert _fades_to(line) == 1.0
        line.show(QUIET)  # the warning gone, the line thins again
        assert _fades_to(line) == pytest.approx(VERDICT_FADED)
    finally:
        line.destroy()
