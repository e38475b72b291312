"""The look's arithmetic, made cheaper, gives the very bits of the whole-array numpy it replaced (plain data).

A shot's bits depend on every float the planner returns (when a substep
ends, how long the world steps before it looks again), so the cheaper look
must do the same operations in the same order.  The references below are
the look's former numpy expressions, kept here as the oracle.
"""

from __future__ import annotations

import math

import numpy as np

from game.physics import step_planner
from game.physics.step_planner import TOUCH_DEPTH, _dot, _meetings, _norm, _time_to_close

R = 8.0   # Bullet units (mm): a marble's radius


def _table(seed: int, movers: int = 3, bodies: int = 37) -> tuple[np.ndarray, np.ndarray]:
    """A planner's look on plain data: each mover's offset from every body and relative velocity, (6, m, n), and
    the pairs' reach, (m, n).  Bodies lie on the ground, some touching; each mover heads at a body, some fast."""
    rng = np.random.default_rng(seed)
    state = np.zeros((6, bodies))
    state[:2] = rng.uniform(-150.0, 150.0, size=(2, bodies))
    state[2] = R + rng.normal(scale=0.01, size=bodies)
    state[:2, 1] = state[:2, 0] + (2 * R - 0.01, 0.0)   # a pair touching
    a = np.arange(movers)
    for i in a:
        target = state[:3, rng.integers(movers, bodies)] - state[:3, i]
        speed = rng.uniform(1.0, 3800.0)
        state[3:, i] = target / np.linalg.norm(target) * speed + rng.normal(scale=50.0, size=3)
        state[5, i] = rng.normal(scale=20.0)
    radius = np.full(bodies, R)
    radius[-1] = 12.5   # the Sun
    reach = radius[:, None] + radius[None, :]
    np.fill_diagonal(reach, -1e9)
    return state[:, a, None] - state[:, None, :], reach[a]


def _numpy_meetings(half_qb, qa, qc, reach) -> list[tuple[int, int, float, float, float]]:
    """The look's former whole-array meetings."""
    qb = 2.0 * half_qb
    disc = qb * qb - 4.0 * qa * qc
    meets = (qb < 0.0) & (qc > 0.0) & (disc >= 0.0) & (qa > 0.0)
    rows, cols = np.nonzero(meets)
    A, B, C = qa[meets], qb[meets], qc[meets]
    t = (-B - np.sqrt(disc[meets])) / (2.0 * A)
    r = reach[rows, cols]
    d2 = B * B - 4.0 * A * (C + r * r - (r - TOUCH_DEPTH) ** 2)
    deep = np.where(d2 >= 0.0, (-B - np.sqrt(np.maximum(d2, 0.0))) / (2.0 * A), -B / (2.0 * A))
    closing = -(B + 2.0 * A * t) / (2.0 * r)
    return list(zip(rows.tolist(), cols.tolist(), t.tolist(), deep.tolist(), closing.tolist()))


def _reciprocal_meetings(half_qb, qa, qc, reach) -> list[tuple[int, int, float, float, float]]:
    """A planted fault: the plain-float meetings with one division made a product by the reciprocal."""
    out = []
    for m in _meetings(half_qb, qa, qc, reach):
        A, B, C = qa[m.row, m.col], 2.0 * half_qb[m.row, m.col], qc[m.row, m.col]
        t = (-B - math.sqrt(B * B - 4.0 * A * C)) * (0.5 / A)
        out.append((m.row, m.col, t, m.deep, m.closing))
    return out


def _parts(d: np.ndarray, reach: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    d2 = d * d
    return d2[3:].sum(axis=0), d2[:3].sum(axis=0) - reach * reach, (d[:3] * d[3:]).sum(axis=0)


def test_row_by_row_sums_give_the_bits_of_numpys_sum_over_the_first_axis():
    for seed in range(40):
        d, _reach = _table(seed)
        assert np.array_equal(_norm(d[:3] * d[:3]), np.sqrt((d[:3] * d[:3]).sum(axis=0)))
        assert np.array_equal(_dot(d), (d[:3] * d[3:]).sum(axis=0))


def test_rows_summed_in_another_order_do_not_give_those_bits():
    # the planted fault: (z² + y²) + x² rounds otherwise somewhere, so the test above can see an order changed
    differ = 0
    for seed in range(40):
        d, _reach = _table(seed)
        d2 = d[:3] * d[:3]
        differ += int(np.count_nonzero(np.sqrt(d2[2] + d2[1] + d2[0]) != _norm(d2)))
    assert differ > 0


def test_each_meeting_in_plain_floats_has_the_bits_of_the_whole_array_formula():
    found = 0
    for seed in range(60):
        d, reach = _table(seed)
        qa, qc, half_qb = _parts(d, reach)
        got = [tuple(m) for m in _meetings(half_qb, qa, qc, reach)]
        assert got == _numpy_meetings(half_qb, qa, qc, reach)
        found += len(got)
    assert found > 60   # the tables do meet


def test_a_meeting_divided_by_a_reciprocal_product_does_not_have_those_bits():
    differ = 0
    for seed in range(60):
        d, reach = _table(seed)
        qa, qc, half_qb = _parts(d, reach)
        differ += sum(a != b for a, b in zip(_reciprocal_meetings(half_qb, qa, qc, reach),
                                             _numpy_meetings(half_qb, qa, qc, reach)))
    assert differ > 0


def _numpy_clear(qa: np.ndarray, qc: np.ndarray, gap: np.ndarray) -> float:
    """The look's former bound: touching pairs' gaps set to infinity, then the whole array."""
    a = step_planner._ACCELERATION
    gap = gap.copy()
    gap[qc <= 0.0] = np.inf
    gap = np.maximum(gap, 0.0)
    gap *= 4.0 * a
    gap += qa
    return float((np.sqrt(gap) - np.sqrt(qa)).min()) / (2.0 * a)


def test_the_soonest_a_gap_closes_over_the_pairs_apart_has_the_bits_of_the_masked_array():
    for seed in range(40):
        d, reach = _table(seed)
        qa, qc, _half = _parts(d, reach)
        gap = np.sqrt((d[:3] * d[:3]).sum(axis=0)) - reach - 0.02
        assert _time_to_close(qa, gap.copy(), qc > 0.0) == _numpy_clear(qa, qc, gap)


def test_the_soonest_a_gap_closes_counting_touching_pairs_is_sooner():
    # the planted fault: the pairs touching now (Bullet's) left in: the first table's touching pair closes at once
    d, reach = _table(0)
    qa, qc, _half = _parts(d, reach)
    gap = np.sqrt((d[:3] * d[:3]).sum(axis=0)) - reach - 0.02
    assert _time_to_close(qa, gap.copy()) < _numpy_clear(qa, qc, gap)
