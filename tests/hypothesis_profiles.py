"""Hypothesis profiles: derandomized for CI, more and fresh examples for long local runs.

``HYPOTHESIS_PROFILE`` picks one (default ``ci``); ``tests/conftest.py`` loads it.
Each property test states its CI example count through ``examples(n)``, which
the long profile multiplies.
"""

from __future__ import annotations

import os

from hypothesis import settings

LONG_FACTOR = 20

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("long", derandomize=False, deadline=None, print_blob=True)

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")


def examples(ci_count: int) -> int:
    """The number of examples a test runs under the active profile."""
    return ci_count * LONG_FACTOR if PROFILE == "long" else ci_count
