import pytest

from game.app.input.sensitivity import HIGHEST, LOWEST, ONE_AT, position_of, sensitivity_at


def test_the_ends_of_the_slider_are_the_ends_of_the_range():
    assert sensitivity_at(0.0) == pytest.approx(LOWEST)
    assert sensitivity_at(1.0) == pytest.approx(HIGHEST)


def test_halving_and_doubling_sit_equally_far_from_one():
    assert ONE_AT - position_of(0.5) == pytest.approx(position_of(2.0) - ONE_AT)


def test_the_band_around_the_mark_snaps_to_exactly_one():
    assert sensitivity_at(ONE_AT) == 1.0
    assert sensitivity_at(ONE_AT + 0.015) == 1.0
    assert sensitivity_at(ONE_AT - 0.015) == 1.0
    assert sensitivity_at(ONE_AT + 0.05) > 1.0


@pytest.mark.parametrize("value", [0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 5.0])
def test_a_value_read_back_from_its_position_is_the_same_value(value):
    assert sensitivity_at(position_of(value)) == pytest.approx(value, rel=2e-3)
