"""Planning in worker processes, so the game never freezes while an AI thinks.

Bullet holds one global lock inside Panda3D, so threads cannot run rollouts in
parallel; processes can.  ``PlannerPool`` owns a ``spawn``-context process
pool.  A plan is a short coordinating function (run in a thread of the
calling process, which only waits) that hands lists of independent items to
``PlanContext.map``; the items are cut into chunks and evaluated in the
workers.  Every item's result depends only on the item (its own seed rides in
it), and results come back ordered by item index, so a plan's outcome does
not depend on the number of workers or on timing.

Cancelling a plan stops it at once from the caller's point of view: pending
chunks are dropped, and running chunks notice a shared cancel mark between
items and return early.  ``close()`` shuts the processes down and joins them.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import select
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Callable, Generic, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")

# Set in each worker process by ``_init_worker``: the highest cancelled plan id.
# A process-local handle on shared memory, never written by the parent's code
# paths, which is why it may live at module level.
_worker_cancel_mark: Any = None


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def capped_workers(requested: int) -> tuple[int, str | None]:
    """At most one worker process per usable core, and a note for the person when that cut the number.

    Each worker holds its own Python, Panda3D and Bullet (about 80 MB); more
    workers than cores only add memory and contention.
    """
    cores = usable_cores()
    if requested <= cores:
        return requested, None
    return cores, f"--workers {requested} is more than the {cores} cores here; using {cores}"


class Cancelled(Exception):
    """The plan was cancelled before it finished."""


# Chunks a map is cut into per worker: each carries the map's shared data once (a few kB of situations), and
# the last to finish idles the other workers; a plan's stages are short maps, each waited for, so small chunks.
CHUNKS_PER_WORKER = 8

PARENT_CHECK_SECONDS = 0.1   # where the system cannot tell us (no pidfd), how often a worker looks


def watch_parent(parent_pid: int) -> None:
    """Every worker process's initializer: leave Ctrl-C to the parent, and exit the moment the parent is gone.

    A worker waiting for work would otherwise wait forever once its parent
    is killed (kill -9 and SIGTERM give a pool no chance to close it), and
    keep multiprocessing's resource tracker alive with it.  Ctrl-C reaches
    the whole process group; the parent answers it and ends its workers
    (``stop_workers``), so a worker does not turn it into a failed task.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with_parent, args=(parent_pid,), daemon=True, name="parent-watch").start()


def _exit_with_parent(parent_pid: int) -> None:
    """Wait for the parent process to end, by any signal, then end this one.

    On Linux a pidfd of the parent becomes readable when it exits (the
    process, not the thread that started us, which is why this is not
    ``PR_SET_PDEATHSIG``); elsewhere the parent id is polled: a dead
    parent's children are handed to another process, so it changes.
    """
    try:
        pidfd = os.pidfd_open(parent_pid)
    except (AttributeError, OSError):
        pidfd = None
    if pidfd is not None and os.getppid() == parent_pid:   # opened while the parent still lived: it is the one
        select.select([pidfd], [], [])
        os._exit(0)
    while os.getppid() == parent_pid:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def stop_workers(executor: ProcessPoolExecutor) -> None:
    """End a pool's work now (Ctrl-C): pending tasks dropped, the worker processes killed, not awaited.

    Every child process this process started goes too, not only those in the
    pool's table: a worker that Ctrl-C caught while the pool was still
    starting it is in no table yet, ignores Ctrl-C once its initializer ran,
    and the interpreter's exit would wait for it forever.  Only a command
    that owns all its children (``taw tournament``) calls this.
    """
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes + multiprocessing.active_children():
        try:
            process.kill()
        except (OSError, ValueError, AttributeError):
            pass


def _init_worker(cancel_mark: Any, parent_pid: int) -> None:
    global _worker_cancel_mark
    _worker_cancel_mark = cancel_mark
    watch_parent(parent_pid)


def _warm(module_names: Sequence[str]) -> int:
    import importlib

    for name in module_names:
        importlib.import_module(name)
    return len(module_names)


def _run_chunk(fn: Callable[[Any, Any], Any], shared: Any, chunk: list[tuple[int, Any]],
               plan_id: int) -> list[tuple[int, Any]] | None:
    out = []
    for index, item in chunk:
        if _worker_cancel_mark is not None and _worker_cancel_mark.value >= plan_id:
            return None
        out.append((index, fn(shared, item)))
    return out


class PlannerPool:
    """A set of planning processes shared by every AI player of a match.

    ``workers=0`` evaluates inline in the calling thread: handy in tests and
    for comparing against the parallel path (the results are identical).
    """

    def __init__(self, workers: int = 1, warm_modules: Sequence[str] = ()) -> None:
        if workers < 0:
            raise ValueError("workers must be 0 or more")
        self.workers = workers
        self._next_plan_id = 1
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._cancel_mark: Any = None
        if workers > 0:
            context = multiprocessing.get_context("spawn")
            self._cancel_mark = context.Value("q", 0, lock=True)
            self._executor = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                                 initializer=_init_worker,
                                                 initargs=(self._cancel_mark, os.getpid()))
            if warm_modules:
                for future in self.warm(warm_modules):
                    future.result()

    def warm(self, module_names: Sequence[str]) -> list[Future]:
        """Start every worker process and import ``module_names`` in it; returns at once (wait on the futures
        to know they are done).

        A first plan otherwise pays for the processes' start and their imports
        (Panda3D, Bullet, the planner: about a second each on a quiet core);
        the app warms its coach's workers when a person's turn opens, not when
        H is pressed.  A plan asked meanwhile queues behind the warm-ups.
        """
        if self._executor is None:
            return []
        return [self._executor.submit(_warm, tuple(module_names)) for _ in range(self.workers)]

    def new_plan_id(self) -> int:
        with self._lock:
            plan_id = self._next_plan_id
            self._next_plan_id += 1
            return plan_id

    def mark_cancelled(self, plan_id: int) -> None:
        if self._cancel_mark is not None:
            with self._cancel_mark.get_lock():
                if self._cancel_mark.value < plan_id:
                    self._cancel_mark.value = plan_id

    def processes(self) -> list[Any]:
        """The live worker processes (for tests that check nothing is left behind)."""
        if self._executor is None:
            return []
        return [p for p in list(getattr(self._executor, "_processes", {}).values()) if p.is_alive()]

    def close(self) -> None:
        if self._executor is not None:
            self.mark_cancelled(self._next_plan_id + 1_000_000)
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    def __enter__(self) -> "PlannerPool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- used by plans -----------------------------------------------------

    def map_chunks(self, fn: Callable[[Any, T], R], shared: Any, items: Sequence[T], plan_id: int,
                   is_cancelled: Callable[[], bool], track: Callable[[Future], None]) -> list[R]:
        if not items:
            return []
        if self._executor is None:
            results = []
            for item in items:
                if is_cancelled():
                    raise Cancelled()
                results.append(fn(shared, item))
            return results
        # Several chunks per worker so a slow chunk does not idle the others at a stage's end.
        size = max(1, math.ceil(len(items) / (self.workers * CHUNKS_PER_WORKER)))
        indexed = list(enumerate(items))
        futures = [self._executor.submit(_run_chunk, fn, shared, indexed[i:i + size], plan_id)
                   for i in range(0, len(indexed), size)]
        for future in futures:
            track(future)
        merged: dict[int, R] = {}
        for future in futures:
            if is_cancelled():
                raise Cancelled()
            try:
                chunk = future.result()
            except BaseException:
                if is_cancelled():
                    raise Cancelled() from None
                raise
            if chunk is None:
                raise Cancelled()
            merged.update(chunk)
        return [merged[i] for i in range(len(items))]


class PlanContext:
    """What a plan function sees: a way to evaluate items, and whether to stop."""

    def __init__(self, pool: PlannerPool, plan_id: int, cancel_event: threading.Event) -> None:
        self.pool = pool
        self.plan_id = plan_id
        self._cancel_event = cancel_event
        self._futures: list[Future] = []
        self.items_evaluated = 0
        self.first: Any = None  # a first answer the plan published while it goes on (``publish``)

    def publish(self, first: Any) -> None:
        """Hand the caller a first answer before the plan is done (the coach's, before its lookahead)."""
        self.first = first

    def cancelled(self) -> bool:
        return self._cancel_event.is_set()

    def check(self) -> None:
        if self.cancelled():
            raise Cancelled()

    def map(self, fn: Callable[[Any, T], R], shared: Any, items: Sequence[T]) -> list[R]:
        self.check()
        results = self.pool.map_chunks(fn, shared, items, self.plan_id, self.cancelled, self._futures.append)
        self.items_evaluated += len(items)
        return results

    def cancel_pending(self) -> None:
        for future in self._futures:
            future.cancel()


class PlanHandle(Generic[R]):
    """A plan running in the background: poll ``done()`` each frame, then ``result()``."""

    def __init__(self, pool: PlannerPool, plan: Callable[[PlanContext], R]) -> None:
        self._event = threading.Event()
        self._context = PlanContext(pool, pool.new_plan_id(), self._event)
        self._pool = pool
        self._result: R | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(plan,), daemon=True, name="ai-plan")
        self._thread.start()

    def _run(self, plan: Callable[[PlanContext], R]) -> None:
        try:
            self._result = plan(self._context)
        except BaseException as err:  # handed to whoever asks for the result
            self._error = err

    def done(self) -> bool:
        return not self._thread.is_alive()

    def cancelled(self) -> bool:
        return self._event.is_set()

    def cancel(self) -> None:
        """Stop the plan; returns at once.  ``result()`` then raises ``Cancelled``."""
        self._event.set()
        self._pool.mark_cancelled(self._context.plan_id)
        self._context.cancel_pending()

    def wait(self, timeout: float | None = None) -> bool:
        self._thread.join(timeout)
        return self.done()

    def result(self, timeout: float | None = None) -> R:
        if not self.wait(timeout):
            raise TimeoutError("the plan is still running")
        if self._event.is_set():
            raise Cancelled()
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]  # set by the plan whenever it raised nothing

    @property
    def items_evaluated(self) -> int:
        return self._context.items_evaluated

    def first_answer(self) -> Any:
        """What the plan published before it was done (``PlanContext.publish``), or None."""
        return None if self._event.is_set() else self._context.first
