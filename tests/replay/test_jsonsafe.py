"""The JSON check a replay runs on what it writes and reads: plain values pass, everything else is refused by name."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import numpy as np
import pytest

from game.replay.jsonsafe import JsonShapeError, check_plain, to_plain
from game.rules.house import HouseRules


def test_numpy_scalars_become_python_numbers():
    plain = to_plain({"x": np.float64(0.25), "n": np.int64(3)})
    assert plain == {"x": 0.25, "n": 3}
    assert type(plain["x"]) is float and type(plain["n"]) is int


def test_a_read_only_mapping_is_copied_as_an_object():
    assert to_plain(MappingProxyType({"a": (1, 2)})) == {"a": [1, 2]}


def test_a_value_with_to_dict_is_written_in_its_plain_form():
    assert to_plain(HouseRules()) == check_plain(HouseRules().to_dict(), "house")


def test_a_dataclass_becomes_its_fields():
    @dataclasses.dataclass
    class Spot:
        x: float
        y: float

    assert to_plain(Spot(1.0, 2.0)) == {"x": 1.0, "y": 2.0}


@pytest.mark.parametrize("value, words", [
    (object(), "holds a object"),
    (float("nan"), "not finite"),
    (np.float64("inf"), "not finite"),
    ({1: "a"}, "key that is not a string"),
    ({"s": {1, 2}}, "holds a set"),
    (2**70, "integer too large"),
])
def test_values_json_cannot_hold_are_refused_by_name(value, words):
    with pytest.raises(JsonShapeError, match=words):
        to_plain(value)


def test_nesting_beyond_the_limit_is_refused():
    deep: list = []
    for _ in range(40):
        deep = [deep]
    with pytest.raises(JsonShapeError, match="nested too deeply"):
        check_plain(deep, "value")
