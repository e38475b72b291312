"""The planning pool: ordered, worker-count independent, cancellable, leaves nothing behind."""

import multiprocessing
import time

import pytest

from game.ai.workers import Cancelled, PlanHandle, PlannerPool


def slow_square(shared, item):
    time.sleep(shared)
    return item * item


@pytest.mark.slow
def test_results_are_ordered_and_independent_of_worker_count():
    items = list(range(23))
    results = {}
    for workers in (0, 1, 2):
        with PlannerPool(workers) as pool:
            handle = PlanHandle(pool, lambda ctx: ctx.map(slow_square, 0.0, items))
            results[workers] = handle.result(timeout=60)
    assert results[0] == [i * i for i in items]
    assert results[1] == results[0] == results[2]


def test_cancel_stops_a_long_plan_quickly_and_close_leaves_no_processes():
    pool = PlannerPool(2)
    try:
        # 1000 items x 0.05 s on 2 workers would take 25 s.
        handle = PlanHandle(pool, lambda ctx: ctx.map(slow_square, 0.05, list(range(1000))))
        time.sleep(0.5)
        assert not handle.done()
        handle.cancel()
        assert handle.wait(timeout=10.0), "a cancelled plan must return long before its work is done"
        with pytest.raises(Cancelled):
            handle.result()
        # The pool stays usable for the next plan.
        again = PlanHandle(pool, lambda ctx: ctx.map(slow_square, 0.0, [3, 4]))
        assert again.result(timeout=30) == [9, 16]
        workers = pool.processes()
        assert workers
    finally:
        pool.close()
    assert all(not p.is_alive() for p in workers)
    assert multiprocessing.active_children() == []


def test_warm_starts_every_worker_without_waiting_and_a_plan_runs_after_it():
    with PlannerPool(2) as pool:
        futures = pool.warm(("json",))
        assert len(futures) == 2
        assert [f.result(timeout=60) for f in futures] == [1, 1]
        assert len(pool.processes()) == 2
        assert PlanHandle(pool, lambda ctx: ctx.map(slow_square, 0.0, [5])).result(timeout=30) == [25]
    assert PlannerPool(0).warm(("json",)) == []
