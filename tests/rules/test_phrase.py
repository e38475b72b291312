"""A referee's sentence told to one of the players it names: "you", "your", "your own", verbs agreeing."""

import pytest

from game.rules.phrase import Phrase


def test_the_third_person_wording_is_the_referees_text():
    phrase = Phrase("{0} struck the Sun within Saturn's ring and {0:takes} up {1}'s planet", ("earth", "mars"))
    assert str(phrase) == "the Earth struck the Sun within Saturn's ring and takes up Mars's planet"
    assert phrase.told(you=None) == str(phrase)


def test_the_reader_is_told_in_the_second_person_and_only_he():
    phrase = Phrase("{0:Poss} taw struck a marble and fell into {0:own} orbit; {1} {1:wins}", ("venus", "mars"))
    assert phrase.told(you="venus") == "Your taw struck a marble and fell into your own orbit; Mars wins"
    assert phrase.told(you="mars") == "Venus's taw struck a marble and fell into his own orbit; you win"


def test_each_verb_the_templates_use_agrees_with_you():
    for third, second in [("takes", "take"), ("wins", "win"), ("must", "must"), ("has", "have"), ("is", "are")]:
        template = "{0} {0:%s}" % third  # noqa: UP031 (a template of braces)
        assert Phrase(template, ("mercury",)).told(you="mercury") == f"you {second}"


def test_the_stakes_take_the_plural_and_their():
    phrase = Phrase("{0} {0:has} no marble to put down, so {0:his} place stays empty", ("stakes",))
    assert str(phrase) == "the stakes have no marble to put down, so their place stays empty"


def test_an_unknown_form_is_refused_rather_than_printed():
    with pytest.raises(ValueError, match="no phrase form"):
        str(Phrase("{0:pays}", ("mercury",)))
