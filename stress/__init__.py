"""Proof under stress: soak, physics and file fuzzing, a GUI soak, determinism.

Not part of the game: these modules drive the layers below (match, AI,
physics, replay, app) with seeded random input for a long time and check the
invariants a player must be able to trust.  ``tools/*.py`` are their command
lines; ``tests/stress/`` runs short variants of each.  Every random choice
comes from one master seed, so any failure is reproduced by its seed alone.
"""
