"""An AI's shot chosen off the main thread: one ``ShotChoice`` the Thinking screen polls once a frame.

A planning AI (``PlansAhead``) plans in the AI layer's ``PlannerPool``
(worker processes, made when first needed and shared by every AI seat); any
other player's ``choose_shot`` runs on the session's worker thread.
Either way the screen sees the same thing: ``done()``, ``result()`` (a
``Shot``), ``cancel()``.
"""

from __future__ import annotations

from concurrent.futures import Executor
from typing import Any, Callable, Generic, Protocol, TypeVar, runtime_checkable

from game.ai.situation import Situation
from game.ai.workers import PlannerPool
from game.match.players import MatchView, Player, Shot
from game.rules.house import HouseRules
from game.rules.layout import Layout
from game.rules.state import RuleState

T = TypeVar("T", covariant=True)


class Pending(Protocol[T]):
    """Work running elsewhere: a ``concurrent.futures.Future`` or the AI layer's ``PlanHandle``."""

    def done(self) -> bool: ...

    def result(self) -> T: ...

    def cancel(self) -> Any: ...


@runtime_checkable
class PlansAhead(Protocol):
    """An AI that plans in the planner pool (``game.ai.player.AIPlayer``), then adds its level's aim noise."""

    def plan_situation(self, sit: Situation, key: tuple[int, int]) -> Pending[Any]: ...

    def executed(self, decision: Any, key: tuple[int, int], shooter: str, max_speed: float) -> Shot: ...


class ShotChoice(Generic[T]):
    """A shot being chosen: ``done()`` each frame, then ``result()``; ``cancel()`` to abandon it."""

    def __init__(self, pending: Pending[T], to_shot: Callable[[T], Shot] | None = None) -> None:
        self._pending = pending
        self._to_shot = to_shot

    def done(self) -> bool:
        return self._pending.done()

    def result(self) -> Shot:
        """The shot; raises whatever the choosing raised."""
        value = self._pending.result()
        return self._to_shot(value) if self._to_shot is not None else value  # type: ignore[return-value]  # no converter: it chose a Shot

    def cancel(self) -> None:
        self._pending.cancel()


class Thinking:
    """The AIs' shared planner pool and the choices made in it; ``close()`` stops the pool's processes."""

    def __init__(self, executor: Executor, workers: int = 1) -> None:
        self._executor = executor
        self._workers = workers
        self._pool: PlannerPool | None = None

    def pool(self) -> PlannerPool:
        if self._pool is None:
            self._pool = PlannerPool(workers=self._workers)
        return self._pool

    def choose(self, player: Player, view: MatchView, state: RuleState, layout: Layout,
               house: HouseRules) -> ShotChoice:
        """Start ``player`` choosing its shot for ``view``; returns at once."""
        if not isinstance(player, PlansAhead):
            return ShotChoice(self._executor.submit(player.choose_shot, view))
        shooter = view.shooter
        orbits = tuple(view.placements.orbits) if view.placements is not None else ()
        sit = Situation(layout=layout, house=house, state=state, shooter=shooter,
                        positions=dict(state.positions), placement_orbits=orbits, max_speed=view.max_speed)
        key = (view.round, view.turn)
        return ShotChoice(player.plan_situation(sit, key),
                          lambda decision: player.executed(decision, key, shooter, view.max_speed))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None
