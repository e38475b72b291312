"""``game.physics`` names its exports twice (the lazy table and ``__all__``, which mypy reads): they agree."""

from __future__ import annotations

import game.physics as physics


def test_the_package_exports_exactly_what_its_lazy_table_finds():
    assert physics.__all__ == sorted(physics._WHERE)
    for name in physics.__all__:
        assert getattr(physics, name) is not None
