"""A wrapped verdict or feed line never leaves "(rule" at a row's end with "9)" on the next."""

from panda3d.core import TextNode

from game.app.hud.ruling_feed import rule_numbers_unbroken
from game.app.hud.verdict_words import verdict_text
from game.coach.verdict import Tone, Verdict


def _rows(text: str, wrap: float) -> list[str]:
    node = TextNode("t")
    node.setWordwrap(wrap)
    node.setText(text)
    return node.getWordwrappedText().split("\n")


def test_rule_and_its_number_are_joined_and_nothing_else_changes():
    text = "Rules 4 and 8 pay (rule 9); a rule that moved 3 (rules 10)."
    assert rule_numbers_unbroken(text) == "Rules\u00a04 and 8 pay (rule\u00a09); a rule that moved 3 (rules\u00a010)."


def test_no_wrapped_verdict_row_ends_with_a_rule_lacking_its_number():
    verdict = Verdict("The Sun would go beyond Herschel's orbit: you win the game and take all the stakes "
                      "(rule 9)", Tone.WIN, (9,))
    text = verdict_text(verdict)
    plain = text.replace("\u00a0", " ")
    broken_before = any(row.rstrip().endswith("(rule") for w in range(8, 60) for row in _rows(plain, w / 2))
    assert broken_before, "the check must see the break it guards against in the plain text"
    for w in range(8, 60):
        assert not any(row.rstrip().endswith("(rule") for row in _rows(text, w / 2)), w
