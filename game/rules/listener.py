"""The referee at the table: ``ShotReferee`` listens to a physics ``EventBus`` and rules on each shot;
``judge_log`` judges a recorded game again."""

from __future__ import annotations

from typing import Callable, Iterable

from game.rules.events import AllAtRest, Event, EventBus, ShotStarted
from game.rules.house import HouseRules
from game.rules.layout import Layout, body_planet, is_taw
from game.rules.referee import judge
from game.rules.ruling import Ruling
from game.rules.state import RuleState


class ShotReferee:
    """Listens to a physics world's ``EventBus`` and rules when all is at rest.

    The shooter is the player whose taw ``ShotStarted`` names.  After each
    ruling ``state`` is the next rule state, ``last_ruling`` and
    ``last_events`` hold the ruling and the shot's log (for a replay), and
    ``on_ruling`` (if given) is called with the ruling.  The match may set
    ``state`` between shots (after a scenario set-up, for instance).
    """

    def __init__(
        self,
        state: RuleState,
        layout: Layout,
        house: HouseRules | None = None,
        on_ruling: Callable[[Ruling], None] | None = None,
    ) -> None:
        self.state = state
        self.layout = layout
        self.house = house or HouseRules()
        self.on_ruling = on_ruling
        self.last_ruling: Ruling | None = None
        self.last_events: tuple[Event, ...] = ()
        self._events: list[Event] = []
        self._shooter: str | None = None
        self._unsubscribe: Callable[[], None] | None = None

    def attach(self, bus: EventBus) -> None:
        self.detach()
        self._unsubscribe = bus.subscribe(self)

    def detach(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def __call__(self, event: Event) -> None:
        if isinstance(event, ShotStarted):
            self._events = [event]
            planet = body_planet(event.body) if is_taw(event.body) else None
            # A shot with anything but a live player's taw is judged as the next
            # shooter's (and called a foul under rule 17).
            self._shooter = planet if planet in self.state.active else self.state.next_shooter()
            return
        if self._shooter is None:
            return  # not inside a shot: a body placed by hand, say
        self._events.append(event)
        if isinstance(event, AllAtRest):
            events, shooter = tuple(self._events), self._shooter
            self._events, self._shooter = [], None
            ruling = judge(self.state, shooter, events, self.layout, self.house)
            self.state = ruling.state
            self.last_ruling, self.last_events = ruling, events
            if self.on_ruling is not None:
                self.on_ruling(ruling)


def judge_log(
    state: RuleState,
    shots: Iterable[tuple[str, Iterable[Event]]],
    layout: Layout,
    house: HouseRules | None = None,
) -> list[Ruling]:
    """Judge a recorded game again (perhaps under other house rules).

    A shot by a player who is out under these rules, or after the game has
    ended under them, is skipped.
    """
    rulings: list[Ruling] = []
    for shooter, events in shots:
        if state.finished or shooter not in state.active:
            continue
        ruling = judge(state, shooter, events, layout, house)
        rulings.append(ruling)
        state = ruling.state
    return rulings
