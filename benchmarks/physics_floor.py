"""What the physics pipeline would cost if its planner's looks cost nothing: the floor under the touch step.

``bench_physics.py --floor`` plays each heavy shot once with a planner that
records every answer it gives (each touch or solve substep, and what it
leaves set for the next look), then times, interleaved with the real
pipeline and bare Bullet, the same shot given those answers back in order
without computing them.  The shot is the same, bit for bit (its events and
rest are compared, and a replay that strays is refused), so the difference
is what the looks cost inside a shot, and what is left over bare Bullet is
the rest of the pipeline: the control tick, the substep callback, the calls
split at touches.  A replayed planner is a measuring device only.
"""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable, Iterator

from game.physics import Simulation
from game.physics.step_planner import StepPlanner
from game.rules.events import AllAtRest

CLOCK = time.process_time


class ReplayError(RuntimeError):
    """A replayed planner was asked more, or otherwise, than the run it recorded: not the same shot."""


# An answer (a touch, None, or a solve substep's length) and the planner's state it leaves:
# free_s, quiet_until, clear_until, awake.
Answer = tuple[Any, float, float, float, tuple[str, ...]]
# What a shot did: its events and its rest.
Did = tuple[tuple[object, ...], AllAtRest]


class RecordingPlanner(StepPlanner):
    """The real planner, keeping every answer it gives in ``tape``."""

    def __init__(self) -> None:
        super().__init__()
        self.tape: list[Answer] = []

    def _keep(self, answer: Any) -> Any:
        self.tape.append((answer, self.free_s, self.quiet_until, self.clear_until, self.awake))
        return answer

    def next_touch(self, *args: Any) -> Any:
        return self._keep(super().next_touch(*args))

    def solve_span(self, *args: Any) -> Any:
        return self._keep(super().solve_span(*args))


class ReplayingPlanner(StepPlanner):
    """A recorded run's answers given back in order, none computed."""

    def __init__(self, tape: list[Answer]) -> None:
        super().__init__()
        self._answers: Iterator[Answer] = iter(tape)
        self.left = len(tape)

    def _next(self) -> Any:
        try:
            answer, self.free_s, self.quiet_until, self.clear_until, self.awake = next(self._answers)
        except StopIteration:
            raise ReplayError("the replayed shot asked the planner more than the recorded one") from None
        self.left -= 1
        return answer

    def next_touch(self, *_args: Any) -> Any:
        return self._next()

    def solve_span(self, *_args: Any) -> Any:
        return self._next()


def play(make: Callable[[], Simulation], planner: StepPlanner, body: str,
         velocity: tuple[float, float]) -> tuple[float, Did]:
    """CPU seconds of one shot to rest in a fresh world planned by ``planner``, and what it did (events, rest)."""
    sim = make()
    sim._planner = planner
    events: list[object] = []
    sim.bus.subscribe(events.append)
    t0 = CLOCK()
    sim.shoot(body, velocity)
    rest = sim.run_to_rest()
    spent = CLOCK() - t0
    sim.close()
    return spent, (tuple(events), rest)


def replayed(make: Callable[[], Simulation], tape: list[Answer], body: str, velocity: tuple[float, float],
             want: Did) -> float:
    """CPU seconds of the shot with ``tape``'s answers given back; refused unless it is the recorded shot."""
    planner = ReplayingPlanner(tape)
    spent, did = play(make, planner, body, velocity)
    if did != want or planner.left:
        raise ReplayError("the replayed shot is not the recorded one")
    return spent


def floor_row(make: Callable[[], Simulation], body: str, velocity: tuple[float, float],
              bare: Callable[[float], float], repeats: int) -> dict[str, float]:
    """Medians of the real pipeline, the looks replayed, bare Bullet (``bare(seconds)``: the shot's simulated
    seconds) and their per-repeat ratios, interleaved; ``answers``, how many the planner gives a shot."""
    recorder = RecordingPlanner()
    _spent, want = play(make, recorder, body, velocity)
    seconds = want[1].t
    got: dict[str, list[float]] = {"full": [], "replayed": [], "bare": []}
    for _ in range(repeats):
        got["full"].append(play(make, StepPlanner(), body, velocity)[0])
        got["replayed"].append(replayed(make, recorder.tape, body, velocity, want))
        got["bare"].append(bare(seconds))
    out = {name: statistics.median(times) for name, times in got.items()}
    out["full/bare"] = statistics.median(f / b for f, b in zip(got["full"], got["bare"]))
    out["replayed/bare"] = statistics.median(r / b for r, b in zip(got["replayed"], got["bare"]))
    out["answers"] = float(len(recorder.tape))
    return out
